import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { PublicApplication } from '@mini-vagas/shared/schemas/candidate'
import { Failures, IdParams } from '@mini-vagas/shared/schemas/common'
import { ApplicationAnswer, PublicVacancyAnswer, PublicVacancyList } from '@mini-vagas/shared/schemas/public'
import { HttpError } from '../../lib/http-error.ts'
import { CONSENT_MESSAGES, PRIVACY_NOTICE } from '@mini-vagas/shared/constants/privacy'
import { createConsents } from './consents.ts'
import { publicPages } from './pages.ts'
import { createPublicVacancies } from './service.ts'

export const DUPLICATE_APPLICATION = 'Você já se candidatou a esta vaga com este e-mail ou WhatsApp. Para corrigir algum dado, use a página Meus dados.'

export const APPLICATION_SUCCESS = 'Candidatura enviada com sucesso! Boa sorte, se você for um dos selecionados, entraremos em contato.'

/** GET /bff/public/vacancies[/:id], POST /bff/public/applications and the public pages: no session needed. */
export async function publicFeature(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const cacheSeconds = app.config.publicCacheSeconds
  const vacancies = createPublicVacancies({
    legacy: (requestId) => app.legacyFor({ requestId }),
    ttlMs: cacheSeconds * 1000,
    details: app.vacancyDetails,
  })
  const cacheHeader = cacheSeconds > 0 ? `public, max-age=${cacheSeconds}` : 'no-store'
  const consents = await createConsents(app.store, app.now)
  await publicPages(app, { vacancies, cacheHeader })

  api.get('/bff/public/vacancies', { config: { access: 'public' }, schema: { tags: ['public'], response: { 200: PublicVacancyList, ...Failures } } }, async (_request, reply) => {
    reply.header('cache-control', cacheHeader)
    return { vacancies: await vacancies.all() }
  })

  api.get(
    '/bff/public/vacancies/:id',
    { config: { access: 'public' }, schema: { tags: ['public'], params: IdParams, response: { 200: PublicVacancyAnswer, ...Failures } } },
    async (request, reply) => {
      const vacancy = await vacancies.one(Number(request.params.id))
      if (!vacancy) throw new HttpError(404, 'Vaga não encontrada.')
      reply.header('cache-control', cacheHeader)
      return { vacancy }
    },
  )

  api.post(
    '/bff/public/applications',
    { config: { access: 'public' }, schema: { tags: ['public'], body: PublicApplication, response: { 201: ApplicationAnswer, ...Failures } } },
    async (request, reply) => {
      // LGPD: no application without consent to the current privacy notice.
      const { consent, ...application } = request.body
      if (!consent?.accepted) throw new HttpError(422, CONSENT_MESSAGES.required, { errors: { consent: [CONSENT_MESSAGES.required] } })
      if (consent.version !== PRIVACY_NOTICE.version) throw new HttpError(422, CONSENT_MESSAGES.outdated, { errors: { consent: [CONSENT_MESSAGES.outdated] } })
      const consentId = await consents.given({ email: application.email, whatsapp: application.whatsapp, vacancyId: application.jobId, version: consent.version })
      if (!consentId) throw new HttpError(409, DUPLICATE_APPLICATION)
      const { id } = await vacancies.apply(application, request.id).catch(async (error: unknown) => {
        // Not created: the consent of this attempt must not block the next one.
        await consents.withdrawn(consentId).catch(() => {})
        throw error
      })
      if (id !== null)
        await consents.linked(consentId, id).catch((error: unknown) => request.log.warn({ err: { message: (error as Error).message } }, 'consent not linked to its application'))
      return reply.code(201).send({ message: APPLICATION_SUCCESS, id })
    },
  )
}
