import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { dateWindows } from '@mini-vagas/shared/domain/dates'
import { Failures } from '@mini-vagas/shared/schemas/common'
import { RenderBody, ReportQuery } from '@mini-vagas/shared/schemas/exports'
import { sessionOf } from '../../legacy/access.ts'
import {
  EXPORT_MESSAGES,
  EXPORT_TYPES,
  MAX_RENDER_BODY_BYTES,
  limitProblem,
  longestText,
  reportRangeProblem,
  sheetNameProblem,
  type ExportType,
} from '@mini-vagas/shared/domain/export-rules'
import { HttpError } from '../../lib/http-error.ts'
import { renderExport } from './render-export.ts'
import { streamReport } from './xlsx-report.ts'

const WINDOW_DAYS = 7

/** The spreadsheet exports (docs/product.md, Spreadsheet export; Report row): the export control's render and the candidates report. */
export async function exportsFeature(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  // POST /bff/exports/render: the export control's generic render (docs/product.md, Spreadsheet export). Admins only: only the admin's dashboard has the control; company screens export nothing, and the BFF
  // cannot tell a company's own rows from rows it typed, so no company renders. The body is capped
  // by MAX_RENDER_BODY_BYTES (checked by the control too) and the file leaves as it is rendered.
  api.post(
    '/bff/exports/render',
    {
      config: { access: 'admin', tooLargeMessage: EXPORT_MESSAGES.tooLarge },
      bodyLimit: MAX_RENDER_BODY_BYTES,
      // Parsing an 8 MiB body and checking it against the schema each hold the event loop ~20 ms;
      // a turn of the loop between them lets other users' requests in (/healthz p99).
      preValidation: (_request, _reply, done) => void setImmediate(done),
      schema: { tags: ['exports'], body: RenderBody, response: { 200: Type.String(), ...Failures } },
    },
    async (request, reply) => {
      const b = request.body
      const type = (b.type ?? 'xls').toLowerCase()
      if (!(EXPORT_TYPES as readonly string[]).includes(type)) throw new HttpError(422, EXPORT_MESSAGES.unknownType)
      const worksheetName = b.worksheetName ?? 'Sheet1'
      const sheetProblem = sheetNameProblem(worksheetName)
      if (sheetProblem) throw new HttpError(422, sheetProblem, { errors: { worksheetName: [sheetProblem] } })
      if (b.rows.length === 0) throw new HttpError(422, EXPORT_MESSAGES.emptyWorkbook)
      const fields = b.fields && Object.keys(b.fields).length > 0 ? b.fields : Object.fromEntries(Object.keys(b.rows[0]!).map((k) => [k, k]))
      const limit = limitProblem(type as ExportType, b.rows.length, Object.keys(fields).length, longestText(b.rows))
      if (limit) throw new HttpError(422, limit)
      const { stream, contentType } = renderExport({
        rows: b.rows,
        fields,
        type: type as ExportType,
        worksheetName,
        header: b.header ?? [],
        footer: b.footer ?? [],
        defaultValue: b.defaultValue ?? '',
        rtl: b.rtl ?? false,
        quoteLongNumbers: b.quoteLongNumbers ?? true,
        numberFormats: b.numberFormats ?? {},
        columnWidths: b.columnWidths ?? {},
        escapeCsv: b.escapeCsv ?? true,
      })
      stream.on('error', (error) => request.log.error({ err: { message: error.message } }, 'render stream failed'))
      const fileName = b.fileName ?? 'data.xls'
      return reply
        .header('content-type', contentType)
        .header('content-disposition', `attachment; filename="${fileName.replace(/"/g, '')}"`)
        .send(stream as never)
    },
  )

  // GET /bff/exports/relatorio.xlsx: the report (docs/product.md, Report row) of candidates registered in the range, streamed.
  api.get(
    '/bff/exports/relatorio.xlsx',
    {
      config: { access: 'admin' },
      schema: { tags: ['exports'], querystring: ReportQuery, response: { 200: Type.String(), ...Failures } },
    },
    async (request, reply) => {
      const session = sessionOf(request)
      const { start_date, end_date } = request.query
      // Impossible dates, a reversed or a far-away range are bad input (400), never a 500 or a
      // loop over millions of windows that stalls every user.
      const problem = reportRangeProblem(start_date, end_date)
      if (problem) throw new HttpError(400, problem)
      // The legacy's own report endpoint, read in windows of a few days: a bounded piece at a time
      // (memory stays flat) and about 50 requests a year instead of 5,000 pages of 20.
      const windows = dateWindows(start_date!, end_date!, WINDOW_DAYS)
      // A bulk read: paced behind people's clicks on the same token, but not spread over the window (its person waits for it).
      const legacy = app.legacyFor({ token: session.token, requestId: request.id, priority: 'bulk' })
      const read = (w: { start: string; end: string }) => legacy.candidates.report({ start_date: w.start, end_date: w.end })
      // The first window is read before answering, so a bad range or a down legacy is a JSON error.
      const first = await read(windows[0]!)
      async function* pages() {
        yield first
        // One window ahead: fetching the next while the current one is written.
        let next = windows[1] ? read(windows[1]) : null
        try {
          for (let i = 1; i < windows.length; i++) {
            const rows = await next!
            next = windows[i + 1] ? read(windows[i + 1]!) : null
            yield rows
          }
        } finally {
          // A reader that left stops the writer mid-range: the read ahead is no longer wanted, and
          // its failure must not surface as an unhandled rejection.
          next?.catch(() => {})
        }
      }
      const stream = streamReport(pages())
      stream.on('error', (error) => request.log.error({ err: { message: error.message } }, 'report stream failed'))
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="relatorio.xlsx"')
        .send(stream as never)
    },
  )
}
