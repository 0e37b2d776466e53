import type { FastifyRequest } from 'fastify'
import { SEARCH_MIN_CHARS } from '@mini-vagas/shared/constants/limits'
import { countByStatus, matchesSearch, matchesStatus, paginate, sortCandidates, type CandidateOrder, type ListedCandidate } from '@mini-vagas/shared/domain/candidate-list'
import { normalizeCandidateStatus } from '@mini-vagas/shared/domain/candidate-status'
import { calendarDate } from '@mini-vagas/shared/domain/dates'
import { resolveVacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { legacyGet, visibleVacancies, visibleVacancy } from '../../lib/access.ts'
import { HttpError, MESSAGES } from '../../lib/http-error.ts'
import { asSeenBy } from '../../lib/observation-view.ts'
import { readList, readOne, readPage, readStatusCounts } from '../../lib/legacy-readers.ts'
import { UpstreamError, type HttpClient } from '../../plugins/legacy-client.ts'
import type { SessionData } from '../../plugins/session-seal.ts'

type Obj = Record<string, unknown>
const FALLBACK_MAX_PAGES = 250
const FALLBACK_CONCURRENCY = 4
type Row = ListedCandidate & Obj

export interface ListQuery {
  page?: number
  status?: string
  q?: string
  order?: CandidateOrder
}

/**
 * The staff lists (spec §2.10, §2.11). The legacy answers a vacancy's candidates in one piece and
 * its searches unpaged, so the BFF filters, counts, orders and pages them here and the browser
 * receives 20 rows and the counts, never the whole list (issue 4: 5,000 on one vacancy).
 */
export function createStaffLists({ legacy }: { legacy: HttpClient }) {
  /**
   * The fallback read: pages of GET /candidatos from the day the vacancy was created (nobody applies
   * before), four at a time, at most FALLBACK_MAX_PAGES pages; `partial` says when it stopped early.
   */
  async function candidatesOfVacancyByPages(id: number, createdAt: string, session: SessionData, request: FastifyRequest) {
    const start_date = createdAt ? calendarDate(createdAt) : undefined
    const query = (page: number) => ({ page: String(page), ...(start_date ? { start_date } : {}) })
    const first = readPage<Row>((await legacyGet(legacy, '/candidatos', session, request, query(1))).body)
    const last = Math.min(first.pagination.last_page, FALLBACK_MAX_PAGES)
    const rows = [...first.items]
    for (let page = 2; page <= last; page += FALLBACK_CONCURRENCY) {
      const batch = Array.from({ length: Math.min(FALLBACK_CONCURRENCY, last - page + 1) }, (_, i) => legacyGet(legacy, '/candidatos', session, request, query(page + i)))
      for (const response of await Promise.all(batch)) rows.push(...readPage<Row>(response.body).items)
    }
    return { rows: rows.filter((c) => Number(c.job_posting_id) === id), partial: first.pagination.last_page > FALLBACK_MAX_PAGES }
  }

  return {
    vacancies: (session: SessionData, request: FastifyRequest) => visibleVacancies(legacy, session, request),
    vacancy: (id: number, session: SessionData, request: FastifyRequest) => visibleVacancy(legacy, id, session, request),

    /** One candidate, if the session may see its vacancy. */
    async candidate(id: number, session: SessionData, request: FastifyRequest) {
      const candidate = readOne<Row>((await legacyGet(legacy, `/candidatos/${id}`, session, request)).body)
      if (!candidate) throw new HttpError(404, 'Candidato não encontrado.')
      if (session.user.role !== 'admin') {
        const vacancyId = Number(candidate.job_posting_id)
        if (!Number.isSafeInteger(vacancyId) || vacancyId <= 0) throw new HttpError(403, MESSAGES.forbidden)
        await visibleVacancy(legacy, vacancyId, session, request)
      }
      return asSeenBy(session, candidate)
    },

    async bySlug(slug: string, session: SessionData, request: FastifyRequest) {
      const vacancy = resolveVacancySlug(slug, (await visibleVacancies(legacy, session, request)) as (Obj & { id: number })[])
      if (!vacancy) throw new HttpError(404, 'Vaga não encontrada.')
      return vacancy
    },

    async vacancyCandidates(id: number, query: ListQuery, session: SessionData, request: FastifyRequest) {
      const vacancy = await visibleVacancy(legacy, id, session, request)
      let all: Row[]
      let partial = false
      try {
        all = readList<Row>((await legacyGet(legacy, `/processos_seletivos/${id}/candidatos`, session, request)).body)
      } catch (error) {
        // Spec §2.10: when the per-vacancy call fails, read GET /candidatos filtered by vacancy.
        if (!(error instanceof UpstreamError) && !(error instanceof HttpError && (error.statusCode >= 500 || error.statusCode === 404))) throw error
        ;({ rows: all, partial } = await candidatesOfVacancyByPages(id, String(vacancy.created_at ?? ''), session, request))
      }
      const searched = all.filter((c) => matchesSearch(c, query.q ?? ''))
      const page = paginate(sortCandidates(searched.filter((c) => matchesStatus(c, query.status)), query.order), query.page ?? 1)
      return { vacancy, counts: countByStatus(searched), partial, ...page, items: page.items.map((c) => asSeenBy(session, c)) }
    },

    /**
     * All candidates: a search of 4+ characters uses the legacy's advanced search; otherwise a
     * status uses its status lists; 'Todos' with no search loads nothing (spec §5). Counts come from
     * status-quantidades for the same dates.
     */
    async allCandidates(query: ListQuery & { start_date?: string; end_date?: string; everything?: boolean }, session: SessionData, request: FastifyRequest) {
      const dates = { start_date: query.start_date, end_date: query.end_date }
      const q = (query.q ?? '').trim()
      if (q && q.length < SEARCH_MIN_CHARS) throw new HttpError(400, 'Digite pelo menos 4 caracteres para realizar a busca.')
      const countsResponse = await legacyGet(legacy, '/candidatos/status-quantidades', session, request, dates)
      const counts: Record<string, number> = { all: 0 }
      for (const { status, total } of readStatusCounts(countsResponse.body)) {
        const key = normalizeCandidateStatus(status)
        counts[key] = (counts[key] ?? 0) + total
        counts.all! += total
      }
      const status = query.status === undefined || query.status === 'all' ? undefined : query.status
      let rows: Row[]
      if (q) {
        rows = readList<Row>((await legacyGet(legacy, '/candidatos/busca-avancada', session, request, { nome: q, ...dates })).body).filter((c) => matchesStatus(c, status))
      } else if (status !== undefined) {
        const path = normalizeCandidateStatus(status) === '' ? '/candidatos/sem-status' : `/candidatos/status/${encodeURIComponent(normalizeCandidateStatus(status))}`
        rows = readList<Row>((await legacyGet(legacy, path, session, request, dates)).body)
      } else {
        return { idle: true, counts, items: [], page: 1, pageCount: 1, total: 0, pageSize: 20 }
      }
      const sorted = sortCandidates(rows, query.order).map((c) => asSeenBy(session, c))
      // The export takes every row of the result; the screen takes one page.
      return { idle: false, counts, ...paginate(sorted, query.everything ? 1 : (query.page ?? 1), query.everything ? Math.max(1, sorted.length) : undefined) }
    },
  }
}
export type StaffLists = ReturnType<typeof createStaffLists>
