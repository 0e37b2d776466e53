import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AUDIT_CSV_COLUMNS, auditCsvRow } from '@mini-vagas/shared/domain/audit'
import { AuditQuery } from '@mini-vagas/shared/schemas/audit'
import { reportRangeProblem } from '@mini-vagas/shared/domain/export-rules'
import { Failures } from '@mini-vagas/shared/schemas/common'
import { sendCsv, tableCsv } from '../../lib/csv.ts'
import { HttpError } from '../../lib/http-error.ts'

/** The audit trail's export: GET /bff/audit.csv?start_date&end_date, admins only. */
export async function auditFeature(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  api.get(
    '/bff/audit.csv',
    { config: { access: 'agency-admin' }, schema: { tags: ['audit'], querystring: AuditQuery, response: { 200: Type.String(), ...Failures } } },
    async (request, reply) => {
      const { start_date: start, end_date: end } = request.query
      // The report's own rule (real dates, in order, at most two years) bounds what one export reads.
      const problem = reportRangeProblem(start, end)
      if (problem) throw new HttpError(422, problem, { errors: { start_date: [problem] } })
      // The days are Brazil's (UTC-3, no summer time since 2019).
      const events = await app.audit.between(new Date(`${start}T00:00:00.000-03:00`).toISOString(), new Date(`${end}T23:59:59.999-03:00`).toISOString())
      return sendCsv(reply, `auditoria-${start}-a-${end}.csv`, tableCsv([[...AUDIT_CSV_COLUMNS], ...events.map(auditCsvRow)]))
    },
  )
}
