import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Failures } from '@mini-vagas/shared/schemas/common'
import { DashboardAnswer, DashboardQuery } from '@mini-vagas/shared/schemas/dashboard'
import { sessionOf } from '../../lib/access.ts'
import { createDashboard } from './service.ts'

/**
 * GET /bff/dashboard?month=YYYY-MM (default: the current month in Fortaleza), admin only. Staff see
 * their own changes: any successful write to the legacy, by any feature, drops the cached figures.
 */
export async function dashboardFeature(app: FastifyInstance) {
  const dashboard = createDashboard({ legacy: app.legacy, now: app.now })
  app.onLegacyWrite(() => dashboard.invalidate())
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/bff/dashboard',
    {
      config: { access: 'admin' },
      schema: { tags: ['staff'], querystring: DashboardQuery, response: { 200: DashboardAnswer, ...Failures } },
    },
    async (request) => dashboard.get(request.query.month ?? dashboard.currentMonth(), sessionOf(request), request),
  )
}
