import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { matchesSearch, matchesStatus, sortCandidates, type ListedCandidate } from '@mini-vagas/shared/domain/candidate-list'
import { todayDate } from '@mini-vagas/shared/domain/dates'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { ErrorBody } from '@mini-vagas/shared/schemas/common'
import { legacyGet, sessionOf, visibleVacancy } from '../../lib/access.ts'
import { candidatesCsv, sendCsv } from '../../lib/csv.ts'
import { HttpError } from '../../lib/http-error.ts'
import { readList, readPage } from '../../lib/legacy-readers.ts'
import { streamReport } from '../../lib/xlsx-report.ts'
import type { HttpClient } from '../../plugins/legacy-client.ts'

const PAGE_CONCURRENCY = 6
const DateParam = Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }))

export async function exportRoutes(app: FastifyInstance, { legacy }: { legacy: HttpClient }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  // GET /bff/exports/relatorio.xlsx: the §3.8 report of candidates registered in the range,
  // streamed; legacy pages are read a few at a time and written in order.
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
      if (!start_date || !end_date) throw new HttpError(400, 'Por favor, selecione as datas inicial e final.')
      if (end_date < start_date) throw new HttpError(400, 'A data final deve ser igual ou posterior à data inicial.')
      const dates = { start_date, end_date }
      // The first page is read before answering, so a bad range or a down legacy is a JSON error.
      const first = readPage<Record<string, unknown>>((await legacyGet(legacy, '/candidatos', session, request, { page: '1', ...dates })).body)
      const lastPage = first.pagination.last_page
      async function* pages() {
        yield first.items
        for (let page = 2; page <= lastPage; page += PAGE_CONCURRENCY) {
          const batch = Array.from({ length: Math.min(PAGE_CONCURRENCY, lastPage - page + 1) }, (_, i) =>
            legacyGet(legacy, '/candidatos', session, request, { page: String(page + i), ...dates }),
          )
          for (const response of await Promise.all(batch)) yield readPage<Record<string, unknown>>(response.body).items
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
      const rows = sortCandidates(all.filter((c) => matchesSearch(c, request.query.q ?? '') && matchesStatus(c, request.query.status)))
      const name = `candidatos-${vacancySlug({ id: Number(vacancy.id), description: String(vacancy.description ?? ''), company_name: String(vacancy.company_name ?? ''), city: String(vacancy.city ?? '') })}-${todayDate()}.csv`
      return sendCsv(reply, name, candidatesCsv(rows))
    },
  )
}
