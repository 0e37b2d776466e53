import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { matchesSearch, matchesStatus, sortCandidates, type ListedCandidate } from '@mini-vagas/shared/domain/candidate-list'
import { shiftDate, todayDate } from '@mini-vagas/shared/domain/dates'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { ErrorBody } from '@mini-vagas/shared/schemas/common'
import { legacyGet, sessionOf, visibleVacancy } from '../../lib/access.ts'
import { candidatesCsv, sendCsv } from '../../lib/csv.ts'
import { asSeenBy } from '../../lib/observation-view.ts'
import { EXPORT_MESSAGES, EXPORT_TYPES, limitProblem, reportRangeProblem, sheetNameProblem, type ExportType } from '@mini-vagas/shared/domain/export-rules'
import { HttpError } from '../../lib/http-error.ts'
import { renderExport } from '../../lib/render-export.ts'
import { readList } from '../../lib/legacy-readers.ts'
import { streamReport } from '../../lib/xlsx-report.ts'
import type { HttpClient } from '../../plugins/legacy-client.ts'

const WINDOW_DAYS = 7

/** Consecutive inclusive windows of `days` calendar days covering start..end. */
export function dateWindows(start: string, end: string, days: number): { start: string; end: string }[] {
  const out: { start: string; end: string }[] = []
  for (let from = start; from <= end; from = shiftDate(from, days)) {
    const to = shiftDate(from, days - 1)
    out.push({ start: from, end: to < end ? to : end })
  }
  return out
}
const DateParam = Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }))

const CellValue = Type.Union([Type.String({ maxLength: 40_000 }), Type.Number(), Type.Boolean(), Type.Null()])
const RenderBody = Type.Object(
  {
    rows: Type.Array(Type.Record(Type.String({ maxLength: 100 }), CellValue), { maxItems: 1_048_576 }),
    fields: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 200 }))),
    type: Type.Optional(Type.String({ maxLength: 10 })),
    fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 120, pattern: '^[^\\\\/:*?"<>|\\r\\n]+$' })),
    worksheetName: Type.Optional(Type.String({ maxLength: 100 })),
    header: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 20 })),
    footer: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 20 })),
    defaultValue: Type.Optional(Type.String({ maxLength: 100 })),
    rtl: Type.Optional(Type.Boolean()),
    quoteLongNumbers: Type.Optional(Type.Boolean()),
    numberFormats: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 60 }))),
    columnWidths: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.Number({ minimum: 1, maximum: 255 }))),
    escapeCsv: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)

export async function exportRoutes(app: FastifyInstance, { legacy }: { legacy: HttpClient }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  // POST /bff/exports/render: the export control's generic render (spec §2.14), any staff user.
  api.post(
    '/bff/exports/render',
    { bodyLimit: 25 * 1_048_576, schema: { tags: ['exports'], body: RenderBody, response: { 200: Type.String(), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody } } },
    async (request, reply) => {
      sessionOf(request)
      const b = request.body
      const type = (b.type ?? 'xls').toLowerCase()
      if (!(EXPORT_TYPES as readonly string[]).includes(type)) throw new HttpError(422, EXPORT_MESSAGES.unknownType)
      const worksheetName = b.worksheetName ?? 'Sheet1'
      const sheetProblem = sheetNameProblem(worksheetName)
      if (sheetProblem) throw new HttpError(422, sheetProblem, { errors: { worksheetName: [sheetProblem] } })
      if (b.rows.length === 0) throw new HttpError(422, EXPORT_MESSAGES.emptyWorkbook)
      const fields = b.fields && Object.keys(b.fields).length > 0 ? b.fields : Object.fromEntries(Object.keys(b.rows[0]!).map((k) => [k, k]))
      const longest = b.rows.reduce((max, row) => Math.max(max, ...Object.values(row).map((v) => (typeof v === 'string' ? v.length : 0))), 0)
      const limit = limitProblem(type as ExportType, b.rows.length, Object.keys(fields).length, longest)
      if (limit) throw new HttpError(422, limit)
      const { body, contentType } = await renderExport({
        rows: b.rows, fields, type: type as ExportType, worksheetName, header: b.header ?? [], footer: b.footer ?? [], defaultValue: b.defaultValue ?? '',
        rtl: b.rtl ?? false, quoteLongNumbers: b.quoteLongNumbers ?? true, numberFormats: b.numberFormats ?? {}, columnWidths: b.columnWidths ?? {}, escapeCsv: b.escapeCsv ?? true,
      })
      const fileName = b.fileName ?? 'data.xls'
      return reply.header('content-type', contentType).header('content-disposition', `attachment; filename="${fileName.replace(/"/g, '')}"`).send(body as never)
    },
  )

  // GET /bff/exports/relatorio.xlsx: the §3.8 report of candidates registered in the range, streamed.
  api.get(
    '/bff/exports/relatorio.xlsx',
    {
      schema: {
        tags: ['exports'],
        querystring: Type.Object({ start_date: DateParam, end_date: DateParam }),
        response: { 200: Type.String(), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody, 429: ErrorBody, 502: ErrorBody, 504: ErrorBody },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request, 'admin')
      const { start_date, end_date } = request.query
      // Impossible dates, a reversed or a far-away range are bad input (400), never a 500 or a
      // loop over millions of windows that stalls every user.
      const problem = reportRangeProblem(start_date, end_date)
      if (problem) throw new HttpError(400, problem)
      // The legacy's own report endpoint, read in windows of a few days: a bounded piece at a time
      // (memory stays flat) and about 50 requests a year instead of 5,000 pages of 20.
      const windows = dateWindows(start_date!, end_date!, WINDOW_DAYS)
      const read = (w: { start: string; end: string }) => legacyGet(legacy, '/excel_relatorio', session, request, { start_date: w.start, end_date: w.end })
      // The first window is read before answering, so a bad range or a down legacy is a JSON error.
      const first = readList<Record<string, unknown>>((await read(windows[0]!)).body)
      async function* pages() {
        yield first
        // One window ahead: fetching the next while the current one is written.
        let next = windows[1] ? read(windows[1]) : null
        for (let i = 1; i < windows.length; i++) {
          const response = await next!
          next = windows[i + 1] ? read(windows[i + 1]!) : null
          yield readList<Record<string, unknown>>(response.body)
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
  api.get(
    '/bff/vacancies/:id/candidates.csv',
    {
      schema: {
        tags: ['exports'],
        params: Type.Object({ id: Type.String({ pattern: '^[1-9]\\d{0,14}$' }) }),
        querystring: Type.Object({ status: Type.Optional(Type.String({ maxLength: 40, pattern: '^[a-z_]*$' })), q: Type.Optional(Type.String({ maxLength: 120 })) }),
        response: { 200: Type.String(), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody, 502: ErrorBody, 504: ErrorBody },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request)
      const vacancy = await visibleVacancy(legacy, request.params.id, session, request)
      const all = readList<ListedCandidate>((await legacyGet(legacy, `/processos_seletivos/${request.params.id}/candidatos`, session, request)).body)
      const rows = sortCandidates(all.filter((c) => matchesSearch(c, request.query.q ?? '') && matchesStatus(c, request.query.status))).map((c) => asSeenBy(session, c))
      const name = `candidatos-${vacancySlug({ id: Number(vacancy.id), description: String(vacancy.description ?? ''), company_name: String(vacancy.company_name ?? ''), city: String(vacancy.city ?? '') })}-${todayDate()}.csv`
      return sendCsv(reply, name, candidatesCsv(rows))
    },
  )
}
