import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { matchesSearch, matchesStatus, sortCandidates, type ListedCandidate } from '@mini-vagas/shared/domain/candidate-list'
import { todayDate } from '@mini-vagas/shared/domain/dates'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { ErrorBody } from '@mini-vagas/shared/schemas/common'
import { legacyGet, sessionOf, visibleVacancy } from '../../lib/access.ts'
import { candidatesCsv, sendCsv } from '../../lib/csv.ts'
import { readList } from '../../lib/legacy-readers.ts'
import type { HttpClient } from '../../plugins/legacy-client.ts'

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
      return sendCsv(reply, name, candidatesCsv(rows))
    },
  )
}
