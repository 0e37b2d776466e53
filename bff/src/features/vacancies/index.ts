import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { resolveVacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { Failures, IdParams } from '@mini-vagas/shared/schemas/common'
import { CompanyVacancyInput, CreatedVacancy, SlugParams, VacancyAnswer, VacancyInput, VacancyList, type ListedVacancy } from '@mini-vagas/shared/schemas/vacancy'
import { sessionOf, visibleVacancies } from '../../legacy/access.ts'
import { HttpError, MESSAGES } from '../../lib/http-error.ts'
import { NEW_VACANCY_VISIBILITY, vacancyRequiredErrors } from '@mini-vagas/shared/domain/vacancy-rules'
import { readOne } from '../../legacy/readers.ts'
import { isSuccess, upstreamFailure } from '../../legacy/errors.ts'
import type { UpstreamResponse } from '../../legacy/client.ts'

/**
 * Vacancies for the staff (docs/product.md, Applying; Vacancy form) and client companies: the lists the session
 * may see, one vacancy by id or slug, and the writes — each answering with the written vacancy.
 * A company creates only its own, hidden until staff publish it: its name and CNPJ come from the
 * session, never from the body.
 */
export async function vacanciesFeature(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['vacancies']

  /** The record a legacy write answered, or (when it answered none) the record read again. */
  async function written(response: UpstreamResponse, request: FastifyRequest): Promise<ListedVacancy> {
    const record = created(response)
    return record && record.id === Number((request.params as { id: string }).id) ? record : ((await request.owned.vacancy()) as ListedVacancy)
  }
  /** A created vacancy as the legacy answered it; null when its answer carries none (the legacy's known contract does not say). */
  function created(response: UpstreamResponse): ListedVacancy | null {
    if (!isSuccess(response)) throw upstreamFailure(response, { notFound: 'Vaga não encontrada.' })
    const record = readOne<ListedVacancy>(response.body)
    return record && Number.isSafeInteger(record.id) && record.id > 0 ? record : null
  }
  const write = (request: FastifyRequest, method: 'POST' | 'PUT', path: string, body: unknown) =>
    app.legacy.request({ method, path, body, token: sessionOf(request).token, requestId: request.id })

  api.get('/bff/vacancies', { config: { access: 'staff' }, schema: { tags, response: { 200: VacancyList, ...Failures } } }, async (request) => ({
    vacancies: (await visibleVacancies(app.legacy, sessionOf(request), request)) as ListedVacancy[],
  }))

  api.get('/bff/vacancies/:id', { config: { access: 'own-vacancy' }, schema: { tags, params: IdParams, response: { 200: VacancyAnswer, ...Failures } } }, async (request) => ({
    vacancy: (await request.owned.vacancy()) as ListedVacancy,
  }))

  api.get('/bff/vacancies/by-slug/:slug', { config: { access: 'staff' }, schema: { tags, params: SlugParams, response: { 200: VacancyAnswer, ...Failures } } }, async (request) => {
    const vacancy = resolveVacancySlug(request.params.slug, (await visibleVacancies(app.legacy, sessionOf(request), request)) as ListedVacancy[])
    if (!vacancy) throw new HttpError(404, 'Vaga não encontrada.')
    return { vacancy }
  })

  // A description and a company are required, and a new vacancy starts hidden unless staff say otherwise.
  const required = (input: VacancyInput, creating: boolean) => {
    const errors = vacancyRequiredErrors(input, creating)
    if (Object.keys(errors).length > 0) throw new HttpError(422, MESSAGES.badInput, { errors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])) })
  }

  api.post('/bff/vacancies', { config: { access: 'admin' }, schema: { tags, body: VacancyInput, response: { 201: CreatedVacancy, ...Failures } } }, async (request, reply) => {
    required(request.body, true)
    const body = { ...request.body, obs: request.body.obs || NEW_VACANCY_VISIBILITY }
    return reply.code(201).send({ vacancy: created(await write(request, 'POST', '/processos_seletivos', body)) })
  })

  api.put(
    '/bff/vacancies/:id',
    { config: { access: 'admin' }, schema: { tags, params: IdParams, body: VacancyInput, response: { 200: VacancyAnswer, ...Failures } } },
    async (request) => {
      required(request.body, false)
      return { vacancy: await written(await write(request, 'PUT', `/processos_seletivos/${request.params.id}`, request.body), request) }
    },
  )

  api.post(
    '/bff/company/vacancies',
    { config: { access: 'company' }, schema: { tags, body: CompanyVacancyInput, response: { 201: CreatedVacancy, ...Failures } } },
    async (request, reply) => {
      const { user } = sessionOf(request)
      const body = { ...request.body, company_name: user.name, cnpj: user.cnpj, obs: 'nao mostrar', status: 'aberta', vagas_preenchidas: 0 }
      return reply.code(201).send({ vacancy: created(await write(request, 'POST', '/processos_seletivos', body)) })
    },
  )
}
