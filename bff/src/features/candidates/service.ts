import { optionalRangeProblem } from '@mini-vagas/shared/domain/export-rules'
import { CANDIDATES_PAGE_SIZE, SEARCH_MIN_CHARS } from '@mini-vagas/shared/constants/limits'
import { candidateListView, paginate, type CandidateListView } from '@mini-vagas/shared/domain/candidate-list'
import type { ListedCandidate, VacancyCandidatesQuery } from '@mini-vagas/shared/schemas/candidates'
import { normalizeCandidateStatus } from '@mini-vagas/shared/domain/candidate-status'
import { calendarDate } from '@mini-vagas/shared/domain/dates'
import { buildForwardPayload } from '@mini-vagas/shared/domain/candidate-payloads'
import type { CandidateUpdate } from '@mini-vagas/shared/schemas/candidate'
import { COMPANY_SIDE_STATUSES } from '@mini-vagas/shared/constants/candidate-statuses'
import { HttpError, MESSAGES } from '../../lib/http-error.ts'
import { asSeenBy, observationToStore } from '../../lib/observation-view.ts'
import { LegacyRefusal } from '../../legacy/errors.ts'
import type { LegacyGateway } from '../../legacy/gateway.ts'
import { refusedForGood } from '../../legacy/access.ts'
import { possibleDuplicates, recordsOf } from '@mini-vagas/shared/domain/candidate-identity'
import { UpstreamError } from '../../legacy/client.ts'
import type { SessionData } from '../../plugins/session-seal.ts'
import type { CandidateIndex } from '../../candidate-index/plugin.ts'
import type { IndexQuery } from '../../candidate-index/store.ts'
import type { TalentPool } from './talent-pool.ts'
import { ANY_CANDIDATE, ANY_VACANCY, vacancyKey, vacancyRecordKey, type ListCache } from './list-cache.ts'

type Obj = Record<string, unknown>
const FALLBACK_MAX_PAGES = 250
/** The page size of an export's "every row" from the index. */
const EVERYTHING = 1_000_000
const FALLBACK_CONCURRENCY = 4
/** Without the candidate index, a tag lists at most this many of its people, read one by one. */
const TAGGED_FALLBACK_MAX = 200
/**
 * How long a vacancy's record (the list's heading) is still answered past the list cache's minute
 * while it is read again behind the click: an edit through the BFF shows at once, one made in the
 * legacy directly on the click after its read; a click never waits on the legacy for it meanwhile.
 */
const VACANCY_STALE_MS = 10 * 60_000
type Row = ListedCandidate & Obj
/** Who asks: the session (what it may see and set) and the legacy on its behalf. */
export interface Asker {
  session: SessionData
  legacy: LegacyGateway
}

/** A list's query as the route validated it (shared schema), the page read as a number. */
export type ListQuery = Omit<VacancyCandidatesQuery, 'page'> & {
  page?: number
  /** Every row of the result on one page (the CSV), not 20. */
  everything?: boolean
}

/** One page of `rows` (or every row on one page), with the ids on it in `marked`: those sharing a contact with another row. */
const pageOf = (rows: Row[], query: ListQuery, marked: ReadonlySet<number>) => {
  const page = paginate(rows, query.everything ? 1 : (query.page ?? 1), query.everything ? Math.max(1, rows.length) : undefined)
  return { ...page, hasMore: page.page < page.pageCount, possibleDuplicates: page.items.map((c) => Number(c.id)).filter((id) => marked.has(id)) }
}

/**
 * The staff lists (docs/product.md, A vacancy's candidates; All candidates). The legacy answers a vacancy's candidates in one piece and
 * its searches unpaged, so the BFF filters, counts, orders and pages them here and the browser
 * receives 20 rows and the counts, never the whole list (5,000 on one vacancy).
 */
export function createCandidateLists({
  cache,
  index,
  pool,
  optedOutAmong,
}: {
  cache: ListCache
  index: CandidateIndex | null
  pool?: TalentPool | undefined
  /** Which of the rows' people asked not to be contacted (plugins/contact.ts). */
  optedOutAmong?: ((rows: readonly Row[]) => Promise<number[]>) | undefined
}) {
  /** The page with the agency's marks on its people — tags, who asked not to be contacted — for staff (a company never sees them). */
  async function withTags<P extends { items: Row[] }>(page: P, session: SessionData): Promise<P & { tags?: Record<string, string[]>; optedOut?: number[] }> {
    if (session.user.role !== 'admin' || page.items.length === 0) return page
    const [tags, optedOut] = await Promise.all([pool?.tagsOf(page.items.map((c) => Number(c.id))), optedOutAmong?.(page.items)])
    return { ...page, ...(tags ? { tags } : {}), ...(optedOut ? { optedOut } : {}) }
  }

  /** One page from the candidate index — a few rows read by SQL, whatever the base's size — or null while it does not answer for the whole base. */
  async function fromIndex(query: Omit<IndexQuery, 'page' | 'pageSize'>, list: ListQuery, session: SessionData) {
    const found = await index?.list({ ...query, page: list.everything ? 1 : (list.page ?? 1), pageSize: list.everything ? EVERYTHING : CANDIDATES_PAGE_SIZE })
    return found ? { ...found, items: found.items.map((c) => asSeenBy(session, c as Row)) } : null
  }

  /** Days that do not exist, or an end before the start, are the user's to fix, not the legacy's; a search needs 4 characters. */
  function checkAllCandidates(query: { q?: string | undefined; start_date?: string | undefined; end_date?: string | undefined }) {
    const datesProblem = optionalRangeProblem(query.start_date, query.end_date)
    if (datesProblem) throw new HttpError(400, datesProblem, { errors: { start_date: [datesProblem] } })
    const q = (query.q ?? '').trim()
    if (q && q.length < SEARCH_MIN_CHARS) throw new HttpError(400, 'Digite pelo menos 4 caracteres para realizar a busca.')
    return q
  }

  /**
   * Each cached list's view (its orders, statuses, search text and duplicates, computed once): a
   * click walks it instead of sorting and scanning 5,000 rows again. Keyed by the rows
   * array, which is never changed in place, so a patched or reloaded list gets a new view.
   */
  const views = new WeakMap<readonly Row[], CandidateListView<Row>>()
  const viewOf = (rows: readonly Row[]) => {
    let view = views.get(rows)
    if (!view) views.set(rows, (view = candidateListView(rows)))
    return view
  }

  /**
   * The fallback read: pages of GET /candidatos from the day the vacancy was created (nobody applies
   * before), four at a time, at most FALLBACK_MAX_PAGES pages; `partial` says when it stopped early.
   */
  async function candidatesOfVacancyByPages(id: number, createdAt: string, legacy: LegacyGateway) {
    const start_date = createdAt ? calendarDate(createdAt) : undefined
    const dates = start_date ? { start_date } : {}
    const first = await legacy.candidates.page(1, dates)
    const last = Math.min(first.pagination.last_page, FALLBACK_MAX_PAGES)
    const rows = [...first.items]
    for (let page = 2; page <= last; page += FALLBACK_CONCURRENCY) {
      const batch = Array.from({ length: Math.min(FALLBACK_CONCURRENCY, last - page + 1) }, (_, i) => legacy.candidates.page(page + i, dates))
      for (const read of await Promise.all(batch)) rows.push(...read.items)
    }
    return { rows: rows.filter((c) => Number(c.job_posting_id) === id), partial: first.pagination.last_page > FALLBACK_MAX_PAGES }
  }

  /** The record as written: the legacy's answer, or (when it answered none) the record read again. */
  async function written(answered: Row | null, id: number, legacy: LegacyGateway): Promise<Row> {
    const row = answered ?? (await legacy.candidates.get(id)).record
    if (!row) throw new HttpError(404, 'Candidato não encontrado.')
    return row
  }

  const lists = {
    /** One candidate as the session may read it (the route's access rule already checked the vacancy). */
    candidate: (candidate: Row, session: SessionData) => asSeenBy(session, candidate),

    /**
     * A status change (docs/product.md, Statuses): one legacy write; the answer is the changed row, so the list
     * updates it in place. A company may set only the statuses of its side.
     */
    async changeStatus(id: number, status: string, { session, legacy }: Asker) {
      if (session.user.role === 'company' && !(COMPANY_SIDE_STATUSES as readonly string[]).includes(status)) {
        throw new HttpError(422, MESSAGES.badInput, { errors: { status: ['Status não permitido para empresas.'] } })
      }
      return asSeenBy(session, await written(await legacy.candidates.setStatus(id, status), id, legacy))
    },

    /** A note saved as the writer saw it: what was hidden from them (screening notes, markers) is kept. */
    async saveNote(stored: Row, obs: string | null, { session, legacy }: Asker) {
      const observacao = obs === null ? null : observationToStore(session, obs, stored.obs)
      return asSeenBy(session, await written(await legacy.candidates.saveNote(stored.id, observacao), stored.id, legacy))
    },

    /** The edit screen's fields (docs/product.md, Candidate edit), admin only. */
    async update(stored: Row, fields: CandidateUpdate, { session, legacy }: Asker) {
      const body = typeof fields.obs === 'string' ? { ...fields, obs: observationToStore(session, fields.obs, stored.obs) } : fields
      return asSeenBy(session, await written(await legacy.candidates.update(stored.id, body), stored.id, legacy))
    },

    /** Sends the candidate to another vacancy as a new record (docs/product.md, A vacancy's candidates; Application); the new record is the answer. */
    async forward(stored: Row, vacancyId: number, { session, legacy }: Asker) {
      // Never a silent duplicate: someone already in the target vacancy is not sent again.
      const present = recordsOf(stored, await legacy.vacancies.candidates(vacancyId))
      if (present.length > 0) throw new HttpError(409, `${String(stored.full_name ?? 'Este candidato').trim()} já está nesta vaga (mesmo e-mail ou WhatsApp); nada foi enviado.`)
      // The legacy's known contract gives no answer here: the new record when it says, else null.
      const record = await legacy.candidates.create(buildForwardPayload(stored, vacancyId))
      return record ? asSeenBy(session, record) : null
    },

    /** One vacancy's candidates, filtered, counted, ordered and paged (the screen, and with `everything` its CSV). */
    async vacancyCandidates(id: number, readVacancy: () => Promise<Obj>, query: ListQuery, { session, legacy }: Asker) {
      // The vacancy's record too (a company's ownership was already checked on a fresh read), asked
      // beside the page: each begins with a store read of its own version, and on PostgreSQL a
      // click would otherwise wait for one round trip after the other.
      const [vacancy, indexed] = await Promise.all([
        cache.read(`vacancy:${id}`, [vacancyRecordKey(id)], readVacancy, { staleMs: VACANCY_STALE_MS, dropOn: refusedForGood }),
        fromIndex({ vacancyId: id, q: query.q, status: query.status, order: query.order }, query, session),
      ])
      if (indexed) return withTags({ vacancy: vacancy as Obj & { id: number }, partial: false, ...indexed }, session)
      // Page clicks, sorts, filters and searches within the vacancy reuse one read.
      const { rows: all, partial } = await cache.read(`rows:${id}`, [vacancyKey(id), ANY_VACANCY], async () => {
        try {
          return { rows: await legacy.vacancies.candidates(id), partial: false }
        } catch (error) {
          // docs/product.md, A vacancy's candidates: when the per-vacancy call fails, read GET /candidatos filtered by vacancy.
          if (!(error instanceof UpstreamError) && !(error instanceof LegacyRefusal && (error.kind === 'down' || error.kind === 'missing'))) throw error
          return candidatesOfVacancyByPages(id, String(vacancy.created_at ?? ''), legacy)
        }
      })
      const view = viewOf(all)
      const { rows, counts } = view.select(query)
      const page = pageOf(rows, query, view.duplicates())
      return withTags({ vacancy: vacancy as Obj & { id: number }, counts, partial, ...page, items: page.items.map((c) => asSeenBy(session, c)) }, session)
    },

    /**
     * All candidates: a search of 4+ characters uses the legacy's advanced search; otherwise a
     * status uses its status lists; 'Todos' with no search loads nothing (docs/product.md, Validation). Counts come from
     * status-quantidades for the same dates.
     */
    async allCandidates(query: ListQuery & { start_date?: string | undefined; end_date?: string | undefined; tag?: string | undefined }, { session, legacy }: Asker) {
      const dates = { start_date: query.start_date, end_date: query.end_date }
      const q = checkAllCandidates(query)
      // A search's pages, and its counts, reuse one read until a candidate is written.
      const datesKey = `${dates.start_date ?? ''}|${dates.end_date ?? ''}`
      const cached = <T>(key: string, load: () => Promise<T>) => cache.read(`${key}|${datesKey}`, [ANY_CANDIDATE], load)
      // From the index, dates alone (or nothing) list too: a click costs one page, not the whole base.
      const days = { start: dates.start_date, end: dates.end_date }
      // A tag (the talent pool) narrows the list to the people who have it.
      const among = query.tag?.trim() && pool ? await pool.tagged(query.tag) : undefined
      const indexed = await fromIndex({ days, q, withCompany: true, status: query.status, order: query.order, among }, query, session)
      if (indexed) return withTags({ idle: false, ...indexed }, session)
      const statusCounts = await cached('counts', () => legacy.candidates.statusCounts(dates))
      const counts: Record<string, number> = { all: 0 }
      for (const { status, total } of statusCounts) {
        const key = normalizeCandidateStatus(status)
        counts[key] = (counts[key] ?? 0) + total
        counts.all! += total
      }
      const status = query.status === undefined || query.status === 'all' ? undefined : query.status
      let read: Row[]
      if (q) {
        read = await cached(`search:${q.toLowerCase()}`, () => legacy.candidates.search(q, dates))
      } else if (among && status === undefined) {
        // The tagged, read one by one (the legacy has no read of some ids): a tag holds a handful of people.
        read = (await Promise.all(among.slice(0, TAGGED_FALLBACK_MAX).map(async (id) => (await legacy.candidates.get(id)).record))).filter((r): r is Row => r !== null)
      } else if (status !== undefined) {
        const wanted = normalizeCandidateStatus(status)
        read = await cached(`status:${wanted}`, () => legacy.candidates.withStatus(wanted, dates))
      } else {
        return { idle: true, counts, items: [], page: 1, pageCount: 1, total: 0, pageSize: 20, hasMore: false, possibleDuplicates: [] }
      }
      if (among) {
        const tagged = new Set(among)
        read = read.filter((r) => tagged.has(Number(r.id)))
      }
      // The search's own text was the legacy's to match; here the result is filtered by status and ordered.
      const view = viewOf(read)
      const { rows } = view.select({ status, order: query.order })
      // Possible duplicates among the rows listed, as the screen shows them.
      const page = pageOf(rows, query, rows.length === read.length ? view.duplicates() : possibleDuplicates(rows))
      // The export takes every row of the result; the screen takes one page.
      return withTags({ idle: false, counts, ...page, items: page.items.map((c) => asSeenBy(session, c)) }, session)
    },

    /** A vacancy's counts per status for a search (what its page leaves out when the index answers it); from the list itself otherwise. */
    async vacancyCounts(id: number, readVacancy: () => Promise<Obj>, q: string | undefined, asker: Asker) {
      const indexed = await index?.counts({ vacancyId: id, q })
      if (indexed) return indexed
      const { counts } = await lists.vacancyCandidates(id, readVacancy, { q }, asker)
      return { counts: counts ?? { all: 0 } }
    },

    /** The all-candidates list's counts per status for a search and dates; from the list itself when the index does not answer. */
    async allCounts(query: { q?: string | undefined; start_date?: string | undefined; end_date?: string | undefined; tag?: string | undefined }, asker: Asker) {
      const q = checkAllCandidates(query)
      const among = query.tag?.trim() && pool ? await pool.tagged(query.tag) : undefined
      const indexed = await index?.counts({ days: { start: query.start_date, end: query.end_date }, q, withCompany: true, among })
      if (indexed) return indexed
      const { counts } = await lists.allCandidates({ ...query, q }, asker)
      return { counts: counts ?? { all: 0 } }
    },
  }
  return lists
}
export type CandidateLists = ReturnType<typeof createCandidateLists>
