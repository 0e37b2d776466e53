import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Gauge } from 'prom-client'
import { indexEntry, indexSearch } from '@mini-vagas/shared/domain/candidate-index'
import { foldText } from '@mini-vagas/shared/domain/text'
import { todayDate, type DateRange } from '@mini-vagas/shared/domain/dates'
import { createIndexBuilder, type IndexBuilder } from './builder.ts'
import {
  CANDIDATE_INDEX_MIGRATIONS,
  createCandidateIndexStore,
  listAnchors,
  type CandidateIndexStore,
  type IndexQuery,
  type IndexSelection,
  type ListAnchors,
  type StatusCounts,
} from './store.ts'

type IndexPage = Awaited<ReturnType<CandidateIndexStore['page']>>

/** What the index says of itself: whether it answers for the whole base, and as of when. */
export interface IndexState {
  /** Every window read at least once: a list may come from the index. */
  ready: boolean
  /** The oldest window's read (ms): nothing changed elsewhere before it is missing. Null before the first read. */
  asOf: number | null
  windows: number
  unread: number
}

/** The month's registrations per status and per origin, and its hires per vacancy, as the dashboard counts them. */
export interface IndexedMonth {
  statuses: Record<string, number>
  origins: Record<string, number>
  hiresByVacancy: ReadonlyMap<number | null, number>
  indexedAt: string
}

/** The door to the candidate index: the lists, the dashboard and the jobs ask it, never its tables. */
export interface CandidateIndex {
  state(): Promise<IndexState>
  /**
   * One page of a list — its rows, which of them share a contact with another record anywhere
   * ("possível duplicado"), whether another page follows, the instant it is current from and, when
   * they cost no more than the page (no search, or a search counted since the last change), the
   * selection's counts — while the index answers for the whole base; null before.
   */
  list(query: IndexQuery): Promise<(IndexPage & { counts: StatusCounts | null; indexedAt: string }) | null>
  /** The exact counts of a selection (a search's cost grows with what it matches), kept until the index changes; null before it answers. */
  counts(selection: IndexSelection): Promise<{ counts: StatusCounts; indexedAt: string } | null>
  count(): Promise<number>
  /** A month's figures for the dashboard (registrations on its days; hires whose last action is in it, registered in `hireWindow`); null before it answers. */
  month(days: DateRange, hires: { month: string; registered: DateRange }): Promise<IndexedMonth | null>
  /** The recruiting report's facts for some vacancies while the index answers for the whole base; null before. */
  reportFacts(vacancyIds: readonly number[]): Promise<(Awaited<ReturnType<CandidateIndexStore['reportFacts']>> & { indexedAt: string }) | null>
  /** The pool "sugerir do banco" judges for a vacancy (CandidateIndexStore.poolFor) while the index answers for the whole base; null before. */
  poolFor(vacancyId: number, cities: readonly string[], except: readonly string[], limit: number): Promise<Awaited<ReturnType<CandidateIndexStore['poolFor']>> | null>
  /** What needs attention in every vacancy (CandidateIndexStore.attention) while the index answers for the whole base; null before. */
  attention(options: Parameters<CandidateIndexStore['attention']>[0]): Promise<{ byVacancy: Awaited<ReturnType<CandidateIndexStore['attention']>>; indexedAt: string } | null>
  /** The records of one person's e-mail or WhatsApp (CandidateIndexStore.byContact) while the index answers for the whole base; null before. */
  byContact(kind: 'email' | 'phone', key: string, limit: number): Promise<Awaited<ReturnType<CandidateIndexStore['byContact']>> | null>
  /** The builder (tests wait for it). */
  builder: IndexBuilder
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when the operator turned it off (CANDIDATE_INDEX=false): lists read the legacy. */
    candidateIndex: CandidateIndex | null
  }
}

/**
 * The candidate index (docs/decisions/candidate-index.md): a copy of the legacy's candidates in the
 * BFF's store that lists, searches and counts read one page of, whatever the base's size.
 * - Filled and refreshed by the builder, on a token each staff request lends it.
 * - Every candidate write through the BFF lands in it before the writer's answer; a write whose
 *   answer carried no record marks its window to be read again.
 * - Losing it loses nothing: it is read again from the legacy, which stays the record.
 */
export const candidateIndexPlugin = fp(
  async function candidateIndex(app: FastifyInstance) {
    const { config, now } = app
    if (!config.candidateIndex) {
      app.decorate('candidateIndex', null)
      return
    }
    await app.store.migrate('candidate-index', CANDIDATE_INDEX_MIGRATIONS)
    const index = createCandidateIndexStore(app.store, { now })
    const builder = createIndexBuilder({
      index,
      store: app.store,
      legacyFor: (token) => app.legacyFor({ token, priority: 'idle' }),
      log: app.log,
      instanceId: randomUUID(),
      refreshMs: config.candidateIndexRefreshSeconds * 1000,
      leaseMs: config.jobLeaseSeconds * 1000,
      now,
    })

    // A store indexed before the digits table: its records' keys, in the background (SQLite).
    index.fillDigits().catch((error: unknown) => app.log.warn({ err: { message: (error as Error).message } }, 'candidate index: digits not filled'))

    app.onLegacyWrite(async (event) => {
      if (event.kind !== 'candidate') return
      const entry = event.answered && event.record ? indexEntry(event.record) : null
      if (entry) return void (await index.put([entry], now()))
      if (event.id !== null) await index.stale(event.id)
      else await index.staleDay(todayDate(new Date(now())))
      builder.nudge()
    })

    // Any staff request lends its token: the index is built and kept while staff use the product.
    app.sessions.lendStaffTokens((token) => builder.offer(token))
    app.addHook('onClose', () => builder.stop())

    async function readState(): Promise<IndexState> {
      const { windows, unread, oldestRead } = await index.windowsState()
      // It answers for the whole base once every window was read at least once.
      return { ready: windows > 0 && unread === 0, asOf: oldestRead, windows, unread }
    }

    // What a click would otherwise compute again — the state, each selection's counts — kept while
    // the index's version (moved by every change, on any instance) stays the same; one row read per
    // click instead. A window read that changed nothing moves no version: the state's instant is
    // read again after STATE_MS all the same.
    // Each list's anchors (rows whose places its pages found) are kept the same way: a change moves
    // rows between places. A page read while a change lands may place rows as of either side of it,
    // as its counts may be: the next version starts afresh.
    const STATE_MS = 5000
    const MAX_COUNTS = 256
    const MAX_ANCHORED_LISTS = 256
    const fresh = (version: number) => ({
      version,
      state: null as { at: number; value: Promise<IndexState> } | null,
      counts: new Map<string, Promise<StatusCounts>>(),
      anchors: new Map<string, ListAnchors>(),
    })
    let known = fresh(-1)
    async function current() {
      const version = await index.version()
      if (version !== known.version) known = fresh(version)
      return known
    }
    const stateOf = (k: Awaited<ReturnType<typeof current>>) => {
      if (!k.state || now() - k.state.at >= STATE_MS) {
        const value = readState()
        const held = { at: now(), value }
        k.state = held
        value.catch(() => {
          if (k.state === held) k.state = null
        })
      }
      return k.state.value
    }
    const state = async () => stateOf(await current())

    const selectionKey = (s: IndexSelection) =>
      JSON.stringify([s.vacancyId ?? null, s.days?.start ?? null, s.days?.end ?? null, foldText(s.q ?? ''), s.withCompany ?? false, s.among ?? null])
    /** The selection's counts, computed once per version (the first caller's promise is shared). */
    const countsIn = (k: Awaited<ReturnType<typeof current>>, selection: IndexSelection) => {
      const key = selectionKey(selection)
      let counts = k.counts.get(key)
      if (!counts) {
        if (k.counts.size >= MAX_COUNTS) k.counts.clear()
        counts = index.counts(selection)
        k.counts.set(key, counts)
        counts.catch(() => k.counts.delete(key))
      }
      return counts
    }
    const settled = new WeakSet<Promise<StatusCounts>>()
    /** A list's anchors at this version (a list without a search: a search's pages are found otherwise). */
    const anchorsIn = (k: Awaited<ReturnType<typeof current>>, query: IndexQuery) => {
      const key = JSON.stringify([selectionKey(query), query.status ?? null, query.order ?? null])
      let anchors = k.anchors.get(key)
      if (!anchors) {
        if (k.anchors.size >= MAX_ANCHORED_LISTS) k.anchors.clear()
        k.anchors.set(key, (anchors = listAnchors()))
      }
      return anchors
    }

    async function list(query: IndexQuery) {
      const k = await current()
      const { ready, asOf } = await stateOf(k)
      if (!ready || asOf === null) return null
      // Without a search the counts come from the tallies, as cheap as the page; a search's come
      // with it only once counted (GET …/counts counts them, in proportion to what it matches).
      const pending = indexSearch(query.q) ? k.counts.get(selectionKey(query)) : undefined
      const counts = !indexSearch(query.q) ? await countsIn(k, query) : pending && settled.has(pending) ? await pending : null
      // A search's page needs the list's size without it (a walk through fewer rows saw them all):
      // kept per version like any counts, not summed from the tallies on every click.
      const unsearched = indexSearch(query.q) ? countsIn(k, { ...query, q: undefined }) : undefined
      const found = await index.page(query, counts, { unsearched, anchors: indexSearch(query.q) ? undefined : anchorsIn(k, query), version: k.version })
      return { ...found, counts, indexedAt: new Date(asOf).toISOString() }
    }

    async function counts(selection: IndexSelection) {
      const k = await current()
      const { ready, asOf } = await stateOf(k)
      if (!ready || asOf === null) return null
      const promise = countsIn(k, selection)
      const value = await promise
      settled.add(promise)
      return { counts: value, indexedAt: new Date(asOf).toISOString() }
    }

    new Gauge({
      name: 'bff_candidate_index_age_seconds',
      help: 'Age of the candidate index’s oldest window (what another client changed in the legacy is missing for at most this long); -1 before it is complete',
      registers: [app.metrics],
      async collect() {
        const s = await state()
        this.set(s.ready && s.asOf !== null ? Math.round((now() - s.asOf) / 1000) : -1)
      },
    })
    new Gauge({
      name: 'bff_candidate_index_records',
      help: 'Candidate records the index holds',
      registers: [app.metrics],
      async collect() {
        this.set(await index.count())
      },
    })

    async function month(days: DateRange, hires: { month: string; registered: DateRange }): Promise<IndexedMonth | null> {
      const { ready, asOf } = await state()
      if (!ready || asOf === null) return null
      const [registered, hiresByVacancy] = await Promise.all([index.registered(days), index.hiresByVacancy(hires.month, hires.registered)])
      return { ...registered, hiresByVacancy, indexedAt: new Date(asOf).toISOString() }
    }

    app.decorate('candidateIndex', {
      state,
      list,
      counts,
      month,
      count: () => index.count(),
      async poolFor(vacancyId, cities, except, limit) {
        const { ready } = await state()
        return ready ? index.poolFor(vacancyId, cities, except, limit) : null
      },
      async reportFacts(vacancyIds) {
        const { ready, asOf } = await state()
        if (!ready || asOf === null) return null
        return { ...(await index.reportFacts(vacancyIds)), indexedAt: new Date(asOf).toISOString() }
      },
      async attention(options) {
        const { ready, asOf } = await state()
        if (!ready || asOf === null) return null
        return { byVacancy: await index.attention(options), indexedAt: new Date(asOf).toISOString() }
      },
      async byContact(kind, key, limit) {
        const { ready } = await state()
        return ready ? index.byContact(kind, key, limit) : null
      },
      builder,
    } satisfies CandidateIndex)
  },
  { name: 'candidate-index', dependencies: ['legacy', 'session'] },
)
