import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { resolveVacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { Failures, IdParams } from '@mini-vagas/shared/schemas/common'
import { CompanyVacancyInput, CreatedVacancy, SlugParams, VacancyAnswer, VacancyInput, VacancyList, type ListedVacancy } from '@mini-vagas/shared/schemas/vacancy'
import { sessionOf, visibleVacancies } from '../../legacy/access.ts'
import { HttpError, refuseFieldErrors } from '../../lib/http-error.ts'
import { NEW_VACANCY_VISIBILITY, positionsError, vacancyRequiredErrors } from '@mini-vagas/shared/domain/vacancy-rules'
import { vacancyDetailsErrors } from '@mini-vagas/shared/domain/vacancy-details'
import { actorOf } from '../../plugins/audit.ts'

/**
 * Vacancies for the staff (docs/product.md, Applying; Vacancy form) and client companies: the lists the session
 * may see, one vacancy by id or slug, and the writes — each answering with the written vacancy.
 * A company creates only its own, hidden until staff publish it: its name and CNPJ come from the
 * session, never from the body.
 */
export async function vacanciesFeature(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['vacancies']
  // Which vacancies a client company asked for (the legacy cannot tell them from the agency's):
  // while hidden, the staff's list flags them as waiting for publication.
  await app.store.migrate('vacancies', ['CREATE TABLE IF NOT EXISTS company_vacancy_requests (vacancy_id BIGINT PRIMARY KEY, cnpj TEXT NOT NULL, requested_at TEXT NOT NULL);'])
  const requested = async (): Promise<Set<number>> =>
    new Set((await app.store.all<{ vacancy_id: number }>('SELECT vacancy_id FROM company_vacancy_requests')).map((r) => Number(r.vacancy_id)))

  const details = app.vacancyDetails
  /** One vacancy with its details (kept here: the legacy has no field for them). */
  const withDetails = async (vacancy: ListedVacancy) => (await details.attach([vacancy]))[0]!
  /** The form's details, kept after the legacy took the vacancy; the legacy never sees them. */
  const keepDetails = async (request: FastifyRequest, vacancy: ListedVacancy | null, sent: VacancyInput['details']) => {
    if (!vacancy) return null
    if (sent) await details.save(vacancy.id, sent, actorOf(sessionOf(request)).actor, new Date(app.now()).toISOString())
    return withDetails(vacancy)
  }

  /** The vacancy as written: the legacy's answer, or (when it answered none) the record read again. */
  const written = async (answered: ListedVacancy | null, request: FastifyRequest) => answered ?? ((await request.owned.vacancy()) as ListedVacancy)

  api.get('/bff/vacancies', { config: { access: 'staff' }, schema: { tags, response: { 200: VacancyList, ...Failures } } }, async (request) => {
    const session = sessionOf(request)
    const vacancies = (await visibleVacancies(request.legacy, session)) as ListedVacancy[]
    if (session.user.role !== 'admin') return { vacancies: await details.attach(vacancies) }
    const asked = await requested()
    return { vacancies: await details.attach(vacancies.map((v) => (asked.has(v.id) && v.obs !== 'mostrar' ? { ...v, awaitingPublication: true } : v))) }
  })

  api.get('/bff/vacancies/:id', { config: { access: 'own-vacancy' }, schema: { tags, params: IdParams, response: { 200: VacancyAnswer, ...Failures } } }, async (request) => ({
    vacancy: await withDetails((await request.owned.vacancy()) as ListedVacancy),
  }))

  api.get('/bff/vacancies/by-slug/:slug', { config: { access: 'staff' }, schema: { tags, params: SlugParams, response: { 200: VacancyAnswer, ...Failures } } }, async (request) => {
    const vacancy = resolveVacancySlug(request.params.slug, (await visibleVacancies(request.legacy, sessionOf(request))) as ListedVacancy[])
    if (!vacancy) throw new HttpError(404, 'Vaga não encontrada.')
    return { vacancy: await withDetails(vacancy) }
  })

  // A description and a company are required, and a new vacancy starts hidden unless staff say otherwise.
  // Filled positions never outnumber those opened (the stored ones count for a field not sent).
  const required = (input: VacancyInput, creating: boolean, stored: { vagas_abertas?: number | null; vagas_preenchidas?: number | null } = {}) => {
    const errors: Record<string, string> = { ...vacancyRequiredErrors(input, creating), ...(input.details ? vacancyDetailsErrors(input.details) : {}) }
    const positions = positionsError(input, stored)
    if (positions) errors.vagas_preenchidas = positions
    refuseFieldErrors(errors)
  }

  api.post('/bff/vacancies', { config: { access: 'admin' }, schema: { tags, body: VacancyInput, response: { 201: CreatedVacancy, ...Failures } } }, async (request, reply) => {
    required(request.body, true)
    const { details: sent, ...fields } = request.body
    const body = { ...fields, obs: fields.obs || NEW_VACANCY_VISIBILITY }
    return reply.code(201).send({ vacancy: await keepDetails(request, await request.legacy.vacancies.create(body), sent) })
  })

  api.put(
    '/bff/vacancies/:id',
    { config: { access: 'admin' }, schema: { tags, params: IdParams, body: VacancyInput, response: { 200: VacancyAnswer, ...Failures } } },
    async (request) => {
      const sendsPositions = request.body.vagas_abertas !== undefined || request.body.vagas_preenchidas !== undefined
      required(request.body, false, sendsPositions ? ((await request.owned.vacancy()) as { vagas_abertas?: number | null; vagas_preenchidas?: number | null }) : {})
      const { details: sent, ...fields } = request.body
      const vacancy = await written(await request.legacy.vacancies.update(Number(request.params.id), fields), request)
      return { vacancy: (await keepDetails(request, vacancy, sent))! }
    },
  )

  api.post(
    '/bff/company/vacancies',
    { config: { access: 'company' }, schema: { tags, body: CompanyVacancyInput, response: { 201: CreatedVacancy, ...Failures } } },
    async (request, reply) => {
      const { user } = sessionOf(request)
      const body = { ...request.body, company_name: user.name, cnpj: user.cnpj, obs: 'nao mostrar', status: 'aberta', vagas_preenchidas: 0 }
      const vacancy = await request.legacy.vacancies.create(body)
      // Noted for the staff's list; a store that refuses it loses a flag, not the vacancy.
      if (vacancy)
        await app.store
          .run('INSERT INTO company_vacancy_requests (vacancy_id, cnpj, requested_at) VALUES (?, ?, ?) ON CONFLICT (vacancy_id) DO NOTHING', [
            vacancy.id,
            user.cnpj,
            new Date(app.now()).toISOString(),
          ])
          .catch((error: unknown) => request.log.warn({ err: { message: (error as Error).message } }, 'a company vacancy was not noted as waiting for publication'))
      return reply.code(201).send({ vacancy })
    },
  )
}
