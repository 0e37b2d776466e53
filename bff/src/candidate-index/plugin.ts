import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Gauge } from 'prom-client'
import { indexEntry } from '@mini-vagas/shared/domain/candidate-index'
import { todayDate, type DateRange } from '@mini-vagas/shared/domain/dates'
import { createIndexBuilder, isComplete, type IndexBuilder } from './builder.ts'
import { CANDIDATE_INDEX_MIGRATIONS, createCandidateIndexStore, type IndexQuery } from './store.ts'

type IndexPage = Awaited<ReturnType<ReturnType<typeof createCandidateIndexStore>['page']>>

/** What the index says of itself: whether it answers for the whole base, and as of when. */
export interface IndexState {
  /** Every window read at least once: a list may come from the index. */
  ready: boolean
  /** The oldest window's read (ms): nothing changed elsewhere before it is missing. Null before the first read. */
  asOf: number | null
  windows: number
  unread: number
}

/** The door to the candidate index: the lists, the dashboard and the jobs ask it, never its tables. */
export interface CandidateIndex {
  state(): Promise<IndexState>
  /**
   * One page of a list — its rows, the counts of its selection, which rows share a contact with
   * another record anywhere ("possível duplicado") and the instant it is current from — while the
   * index answers for the whole base; null before.
   */
  list(query: IndexQuery): Promise<(IndexPage & { possibleDuplicates: number[]; indexedAt: string }) | null>
  count(): Promise<number>
  /**
   * The records registered on `days` (with `status`, when given) while the index answers for the
   * whole base, and the instant it is current from; null before.
   */
  registeredIn(days: DateRange, status?: string): Promise<{ records: Record<string, unknown>[]; indexedAt: string } | null>
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
    const index = createCandidateIndexStore(app.store)
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

    app.onLegacyWrite(async (event) => {
      if (event.kind !== 'candidate') return
      const entry = event.answered && event.record ? indexEntry(event.record) : null
      if (entry) return index.put([entry], now())
      if (event.id !== null) await index.stale(event.id)
      else await index.staleDay(todayDate(new Date(now())))
      builder.nudge()
    })

    // Any staff request lends its token: the index is built and kept while staff use the product.
    app.addHook('preHandler', (request, _reply, done) => {
      const session = request.session
      if (session?.user.role === 'admin') builder.offer(session.token)
      done()
    })
    app.addHook('onClose', () => builder.stop())

    async function readState(): Promise<IndexState> {
      const windows = await index.windows()
      const read = windows.filter((w) => w.readAt > 0)
      return {
        ready: isComplete(windows),
        asOf: read.length ? Math.min(...read.map((w) => w.readAt)) : null,
        windows: windows.length,
        unread: windows.length - read.length,
      }
    }

    // What a click would otherwise compute again: the state and each selection's counts (a
    // 50,000-row vacancy's tabs), kept while the index's version — moved by every write and
    // window read, on any instance — stays the same. One row read per click instead.
    const MAX_COUNTS = 256
    let known = { version: -1, state: null as Promise<IndexState> | null, counts: new Map<string, Promise<Record<string, number>>>() }
    async function current() {
      const version = await index.version()
      if (version !== known.version) known = { version, state: null, counts: new Map() }
      return known
    }
    const stateOf = (k: Awaited<ReturnType<typeof current>>) => (k.state ??= readState().catch((error: unknown) => ((k.state = null), Promise.reject(error))))
    const state = async () => stateOf(await current())

    /** One page of a list while the index answers for the whole base; null before (the legacy answers). One version read per click. */
    async function list(query: IndexQuery) {
      const k = await current()
      const { ready, asOf } = await stateOf(k)
      if (!ready || asOf === null) return null
      const key = JSON.stringify([query.vacancyId, query.days?.start, query.days?.end, query.q?.trim().toLowerCase(), query.withCompany])
      let counts = k.counts.get(key)
      if (!counts) {
        if (k.counts.size >= MAX_COUNTS) k.counts.clear()
        counts = index.counts(query)
        k.counts.set(key, counts)
        counts.catch(() => k.counts.delete(key))
      }
      const found = await index.page(query, await counts)
      const possibleDuplicates = await index.duplicatesAmong(found.items.map((c) => Number(c.id)))
      return { ...found, possibleDuplicates, indexedAt: new Date(asOf).toISOString() }
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

    async function registeredIn(days: DateRange, status?: string) {
      const { ready, asOf } = await state()
      if (!ready || asOf === null) return null
      return { records: await index.registeredIn(days, status), indexedAt: new Date(asOf).toISOString() }
    }

    app.decorate('candidateIndex', {
      state,
      list,
      registeredIn,
      count: () => index.count(),
      builder,
    } satisfies CandidateIndex)
  },
  { name: 'candidate-index', dependencies: ['legacy'] },
)
