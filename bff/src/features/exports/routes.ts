import type { FastifyInstance } from 'fastify'
import { stringify } from 'csv-stringify/sync'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { matchesSearch, matchesStatus, sortCandidates, type ListedCandidate } from '@mini-vagas/shared/domain/candidate-list'
import { CANDIDATE_CSV_COLUMNS, candidateCsvRow, neutraliseFormula } from '@mini-vagas/shared/domain/candidate-csv'
import { todayDate } from '@mini-vagas/shared/domain/dates'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { ErrorBody } from '@mini-vagas/shared/schemas/common'
import { legacyGet, sessionOf, visibleVacancy } from '../../lib/access.ts'
import { readList } from '../../lib/legacy-readers.ts'
import type { HttpClient } from '../../plugins/legacy-client.ts'

/**
 * CSV exports (DESIGN.md §7): UTF-8 with BOM, ';' (Excel in Brazil), RFC 4180 quoting by
 * csv-stringify, formula-like cells neutralised, the spec §3.9 columns, the date in the file name.
 */
export function candidatesCsv(rows: readonly ListedCandidate[]): string {
  return stringify(
    rows.map((c) => candidateCsvRow(c).map(neutraliseFormula)),
    { header: true, columns: [...CANDIDATE_CSV_COLUMNS], delimiter: ';', bom: true, record_delimiter: 'windows', quoted_match: /[;"\r\n]/ },
  )
}

export async function exportRoutes(app: FastifyInstance, { legacy }: { legacy: HttpClient }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
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
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(candidatesCsv(rows))
    },
  )
}
