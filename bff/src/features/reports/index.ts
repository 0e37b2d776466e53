import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Failures } from '@mini-vagas/shared/schemas/common'
import { RecruitingReport, RecruitingReportQuery } from '@mini-vagas/shared/schemas/reports'
import { sessionOf } from '../../legacy/access.ts'
import { createReports } from './service.ts'
import { reportWorkbook } from './xlsx.ts'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * The recruiting report (docs/product.md, Reports): GET /bff/reports/recruiting for the screen and
 * GET /bff/reports/recruiting.xlsx to download, for staff and for a company (its own vacancies).
 */
export async function reportsFeature(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const reports = createReports({ index: app.candidateIndex, now: app.now })
  const tags = ['reports']

  api.get(
    '/bff/reports/recruiting',
    { config: { access: 'staff' }, schema: { tags, querystring: RecruitingReportQuery, response: { 200: RecruitingReport, ...Failures } } },
    async (request) => reports.report(request.query, sessionOf(request), request.legacy),
  )

  api.get(
    '/bff/reports/recruiting.xlsx',
    { config: { access: 'staff' }, schema: { tags, querystring: RecruitingReportQuery, response: { 200: Type.String(), ...Failures } } },
    async (request, reply) => {
      const report = await reports.report(request.query, sessionOf(request), request.legacy)
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="relatorio-recrutamento-${report.from}-a-${report.to}.xlsx"`)
        .send(reportWorkbook(report) as never)
    },
  )
}
