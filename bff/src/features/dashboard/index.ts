import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Failures } from '@mini-vagas/shared/schemas/common'
import { DashboardAnswer, DashboardQuery } from '@mini-vagas/shared/schemas/dashboard'
import { changesCounts, createDashboard } from './service.ts'

/**
 * GET /bff/dashboard?month=YYYY-MM (default: the current month in Fortaleza), admin only. Staff see
 * their own changes: any write to the legacy that can change a figure, by anyone through this BFF,
 * drops the cached figures; a note does not.
 */
export async function dashboardFeature(app: FastifyInstance) {
  const dashboard = createDashboard({ now: app.now, index: app.candidateIndex })
  app.onLegacyWrite((event) => {
    if (changesCounts(event)) dashboard.invalidate(event)
  })
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/bff/dashboard',
    {
      config: { access: 'admin' },
      schema: { tags: ['staff'], querystring: DashboardQuery, response: { 200: DashboardAnswer, ...Failures } },
    },
    async (request) => dashboard.get(request.query.month ?? dashboard.currentMonth(), request.legacy, request.log),
  )
}
