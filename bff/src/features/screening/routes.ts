import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Candidate } from '@mini-vagas/shared/schemas/candidate'
import { ErrorBody } from '@mini-vagas/shared/schemas/common'
import { sessionOf } from '../../lib/access.ts'
import type { ScreeningLoader } from './loader.ts'
import type { ScreeningProvider } from './provider.ts'

const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const failures = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 415: ErrorBody, 422: ErrorBody, 429: ErrorBody, 502: ErrorBody, 504: ErrorBody }

/** Screening endpoints built so far: candidate loading and the AI connection test (admin only). */
export async function screeningRoutes(app: FastifyInstance, { loader, provider }: { loader: ScreeningLoader; provider: ScreeningProvider }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.post(
    '/bff/screening/candidates',
    {
      schema: {
        tags: ['screening'],
        body: Type.Object({ mode: Type.Union([Type.Literal('empresa'), Type.Literal('global')]), vacancyId: Type.Optional(Type.Integer({ minimum: 1 })), start_date: DateString, end_date: DateString }, { additionalProperties: false }),
        response: { 200: Type.Object({ total: Type.Integer(), warnings: Type.Array(Type.String()), candidates: Type.Array(Type.Partial(Candidate)) }), ...failures },
      },
    },
    async (request) => loader.load(request.body, sessionOf(request, 'admin'), request),
  )

  api.post(
    '/bff/screening/test-connection',
    { schema: { tags: ['screening'], response: { 200: Type.Object({ ok: Type.Boolean(), provider: Type.String(), message: Type.String() }), ...failures } } },
    async (request) => {
      sessionOf(request, 'admin')
      return { provider: provider.name, ...(await provider.testConnection()) }
    },
  )
}
