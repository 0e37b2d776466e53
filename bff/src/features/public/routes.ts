import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { PublicApplication } from '@mini-vagas/shared/schemas/candidate'
import { ErrorBody } from '@mini-vagas/shared/schemas/common'
import { PublicVacancy } from '@mini-vagas/shared/schemas/vacancy'
import { HttpError } from '../../lib/http-error.ts'
import type { PublicVacancies } from './service.ts'

const failures = { 400: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody, 502: ErrorBody, 504: ErrorBody }
export const APPLICATION_SUCCESS = 'Candidatura enviada com sucesso! Boa sorte, se você for um dos selecionados, entraremos em contato.'

/** GET /bff/public/vacancies[/:id] and POST /bff/public/applications: no session needed. */
export async function publicRoutes(app: FastifyInstance, { vacancies, cacheSeconds }: { vacancies: PublicVacancies; cacheSeconds: number }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const cacheHeader = cacheSeconds > 0 ? `public, max-age=${cacheSeconds}` : 'no-store'

  api.get('/bff/public/vacancies', { schema: { tags: ['public'], response: { 200: Type.Object({ vacancies: Type.Array(PublicVacancy) }), ...failures } } }, async (_request, reply) => {
    reply.header('cache-control', cacheHeader)
    return { vacancies: await vacancies.all() }
  })

  api.get(
    '/bff/public/vacancies/:id',
    { schema: { tags: ['public'], params: Type.Object({ id: Type.String({ pattern: '^[1-9]\\d{0,14}$' }) }), response: { 200: Type.Object({ vacancy: PublicVacancy }), ...failures } } },
    async (request, reply) => {
      const vacancy = await vacancies.one(Number(request.params.id))
      if (!vacancy) throw new HttpError(404, 'Vaga não encontrada.')
      reply.header('cache-control', cacheHeader)
      return { vacancy }
    },
  )

  api.post(
    '/bff/public/applications',
    { schema: { tags: ['public'], body: PublicApplication, response: { 201: Type.Object({ message: Type.String(), id: Type.Union([Type.Integer(), Type.Null()]) }), 403: ErrorBody, 413: ErrorBody, 415: ErrorBody, ...failures } } },
    async (request, reply) => {
      const { id } = await vacancies.apply(request.body, request.id)
      return reply.code(201).send({ message: APPLICATION_SUCCESS, id })
    },
  )
}
