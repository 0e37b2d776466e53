import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ErrorBody } from '@mini-vagas/shared/schemas/common'
import { sessionOf } from '../../lib/access.ts'
import type { Dashboard } from './service.ts'

const Counts = Type.Record(Type.String(), Type.Integer())
export const DashboardAnswer = Type.Object({
  month: Type.String(),
  generatedAt: Type.String(),
  stale: Type.Boolean(),
  vacancies: Type.Object({ vacanciesByState: Counts, openPositionsByState: Counts, openPositions: Type.Integer(), visibleVacancies: Type.Integer() }),
  filled: Type.Object({ filled: Type.Integer(), byState: Counts, byRecruiter: Counts }),
  statuses: Counts,
  origins: Counts,
})

/** GET /bff/dashboard?month=YYYY-MM (default: the current month in Fortaleza), admin only. */
export async function dashboardRoutes(app: FastifyInstance, { dashboard }: { dashboard: Dashboard }) {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/bff/dashboard',
    {
      schema: {
        tags: ['staff'],
        querystring: Type.Object({ month: Type.Optional(Type.String({ pattern: '^20\\d{2}-(0[1-9]|1[0-2])$' })) }),
        response: { 200: DashboardAnswer, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody, 502: ErrorBody, 504: ErrorBody },
      },
    },
    async (request) => dashboard.get(request.query.month ?? dashboard.currentMonth(), sessionOf(request, 'admin'), request),
  )
}
