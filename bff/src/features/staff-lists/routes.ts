import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { CANDIDATE_ORDERS } from '@mini-vagas/shared/domain/candidate-list'
import { Candidate } from '@mini-vagas/shared/schemas/candidate'
import { ErrorBody } from '@mini-vagas/shared/schemas/common'
import { Vacancy } from '@mini-vagas/shared/schemas/vacancy'
import { todayDate } from '@mini-vagas/shared/domain/dates'
import { sessionOf } from '../../lib/access.ts'
import { candidatesCsv, sendCsv } from '../../lib/csv.ts'
import type { StaffLists } from './service.ts'

// Partial: the legacy may omit fields; unknown ones are stripped by the schema.
const ListedVacancy = Type.Partial(Vacancy)
const ListedCandidate = Type.Partial(Candidate)
const Counts = Type.Record(Type.String(), Type.Integer())
const PageFields = { items: Type.Array(ListedCandidate), page: Type.Integer(), pageCount: Type.Integer(), total: Type.Integer(), pageSize: Type.Integer(), counts: Counts }
const Order = Type.Union(CANDIDATE_ORDERS.map((o) => Type.Literal(o)))
const ListQuery = {
  // Query strings stay strings (no type coercion anywhere): the service reads the number.
  page: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,5}$' })),
  status: Type.Optional(Type.String({ maxLength: 40, pattern: '^[a-z_]*$' })),
  q: Type.Optional(Type.String({ maxLength: 120 })),
  order: Type.Optional(Order),
}
const DateParam = Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }))
const failures = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody, 502: ErrorBody, 504: ErrorBody }

/** Staff list endpoints: slug resolution, one vacancy's candidates, the all-candidates search. */
export async function staffListRoutes(app: FastifyInstance, { lists }: { lists: StaffLists }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  const Id = Type.Object({ id: Type.String({ pattern: '^[1-9]\\d{0,14}$' }) })

  api.get('/bff/vacancies', { schema: { tags: ['staff'], response: { 200: Type.Object({ vacancies: Type.Array(ListedVacancy) }), ...failures } } }, async (request) => ({
    vacancies: await lists.vacancies(sessionOf(request), request),
  }))

  api.get('/bff/vacancies/:id', { schema: { tags: ['staff'], params: Id, response: { 200: Type.Object({ vacancy: ListedVacancy }), ...failures } } }, async (request) => ({
    vacancy: await lists.vacancy(Number(request.params.id), sessionOf(request), request),
  }))

  api.get('/bff/candidates/:id', { schema: { tags: ['staff'], params: Id, response: { 200: Type.Object({ candidate: ListedCandidate }), ...failures } } }, async (request) => ({
    candidate: await lists.candidate(Number(request.params.id), sessionOf(request), request),
  }))

  api.get(
    '/bff/vacancies/by-slug/:slug',
    { schema: { tags: ['staff'], params: Type.Object({ slug: Type.String({ minLength: 1, maxLength: 300 }) }), response: { 200: Type.Object({ vacancy: ListedVacancy }), ...failures } } },
    async (request) => ({ vacancy: await lists.bySlug(request.params.slug, sessionOf(request), request) }),
  )

  api.get(
    '/bff/vacancies/:id/candidates',
    {
      schema: {
        tags: ['staff'],
        params: Type.Object({ id: Type.String({ pattern: '^[1-9]\\d{0,14}$' }) }),
        querystring: Type.Object(ListQuery),
        response: { 200: Type.Object({ vacancy: ListedVacancy, partial: Type.Boolean(), ...PageFields }), ...failures },
      },
    },
    async (request) => lists.vacancyCandidates(Number(request.params.id), { ...request.query, page: Number(request.query.page ?? 1) }, sessionOf(request), request),
  )

  api.get(
    '/bff/candidates',
    {
      schema: {
        tags: ['staff'],
        querystring: Type.Object({ ...ListQuery, start_date: DateParam, end_date: DateParam }),
        response: { 200: Type.Object({ idle: Type.Boolean(), ...PageFields }), ...failures },
      },
    },
    async (request) => lists.allCandidates({ ...request.query, page: Number(request.query.page ?? 1) }, sessionOf(request, 'admin'), request),
  )

  api.get(
    '/bff/candidates.csv',
    {
      schema: {
        tags: ['exports'],
        querystring: Type.Object({ status: ListQuery.status, q: ListQuery.q, order: ListQuery.order, start_date: DateParam, end_date: DateParam }),
        response: { 200: Type.String(), ...failures },
      },
    },
    async (request, reply) => {
      const result = await lists.allCandidates({ ...request.query, everything: true }, sessionOf(request, 'admin'), request)
      return sendCsv(reply, `candidatos-${todayDate()}.csv`, candidatesCsv(result.items))
    },
  )
}
