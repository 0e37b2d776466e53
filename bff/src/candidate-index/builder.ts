import type { FastifyBaseLogger } from 'fastify'
import { halves, indexEntry, monthWindows, type IndexEntry } from '@mini-vagas/shared/domain/candidate-index'
import { calendarDate, todayDate, type DateRange } from '@mini-vagas/shared/domain/dates'
import { LegacyRefusal } from '../legacy/errors.ts'
import type { LegacyGateway } from '../legacy/gateway.ts'
import type { Store } from '../plugins/store.ts'
import type { CandidateIndexStore, IndexWindow } from './store.ts'

/** Most records one window may hold before it is split: the legacy answers a status list unpaged, so this bounds one answer. */
export const MAX_WINDOW_RECORDS = 10_000
const LEASE = 'candidate-index'
/** The longest the builder waits without looking at the windows again. */
const RECHECK_MS = 15_000

export interface IndexBuilderOptions {
  index: CandidateIndexStore
  store: Pick<Store, 'takeLease' | 'releaseLease'>
  /** The legacy for the builder, on the token a staff member lent it: upkeep in that token's budget, after people and jobs. */
  legacyFor: (token: string) => LegacyGateway
  log: FastifyBaseLogger
  instanceId: string
  /** How old a window may grow before it is read again (what other clients of the legacy change shows within this, plus a pass). */
  refreshMs: number
  leaseMs: number
  /** Wait after a failed read (the legacy down or busy) before the next. */
  backoffMs?: number
  maxWindowRecords?: number
  now?: () => number
  /** Ends the loop when it would wait instead of waiting (tests drive it offer by offer). */
  untilIdle?: boolean
}

/**
 * Builds the candidate index and keeps it current (docs/decisions/candidate-index.md). The legacy
 * holds no change feed, so the index reads it in windows of creation days — a status's list per
 * stored status, the only unpaged reads that carry whole records — newest window first, then
 * again, oldest read first, whenever a window is older than `refreshMs`. Writes through the BFF
 * reach the index at once (the feature's listener); a window's read replaces its days, so what
 * another client changed or deleted shows within a refresh.
 *
 * It runs on a token lent by a staff member's request (the BFF keeps no token of its own), as a
 * job in that token's budget: that person's clicks go first. A refused token stops it until the
 * next staff request. One instance builds at a time (a lease in the shared store); another takes
 * over where it stopped, since each window's read is one transaction.
 */
export function createIndexBuilder(options: IndexBuilderOptions) {
  const { index, store, legacyFor, log, instanceId, refreshMs, leaseMs, backoffMs = 30_000, maxWindowRecords = MAX_WINDOW_RECORDS, now = Date.now } = options
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref())
  let token: string | null = null
  let running: Promise<void> | null = null
  let stopping = false
  /** When the loop may try the lease again after another instance held it. */
  let retryLeaseAt = 0
  /** A window was marked to be read again here: the wait ends. */
  let nudged = false

  /** The first day the legacy holds a candidate: the oldest record is on the last page of GET /candidatos (newest first). */
  async function firstDay(legacy: LegacyGateway): Promise<string | null> {
    const head = await legacy.candidates.page(1)
    if (head.pagination.total === 0) return null
    const last = head.pagination.last_page > 1 ? await legacy.candidates.page(head.pagination.last_page) : head
    const days = last.items
      .map((r) => String(r.created_at ?? ''))
      .filter(Boolean)
      .map(calendarDate)
    return days.length ? days.sort()[0]! : todayDate(new Date(now()))
  }

  /** Windows up to today: the first plan from the legacy's first day, then each new day added to the last window (a new month, a new window). */
  async function plan(legacy: LegacyGateway, windows: readonly IndexWindow[]) {
    const today = todayDate(new Date(now()))
    if (windows.length === 0) {
      const first = (await firstDay(legacy)) ?? today
      await index.planWindows(monthWindows(first, today))
      return true
    }
    const last = windows.at(-1)!
    if (last.end >= today) return false
    // The last window grows to the end of its month; later months get windows of their own.
    const [grown, ...more] = monthWindows(last.start, today)
    await index.planWindows([{ start: last.start, end: grown!.end }, ...more])
    return true
  }

  /** Every record created in the window, one call per stored status (the counts name them, odd spellings included). */
  async function readWindow(legacy: LegacyGateway, window: DateRange): Promise<IndexEntry[] | 'split'> {
    const dates = { start_date: window.start, end_date: window.end }
    const counts = await legacy.candidates.statusCounts(dates)
    const total = counts.reduce((n, c) => n + c.total, 0)
    if (total > maxWindowRecords && halves(window)) return 'split'
    // The legacy's "sem status" list answers null, '' and 'pendente' together.
    const lists = new Set(counts.filter((c) => c.total > 0).map((c) => (c.status === null || c.status === '' || c.status === 'pendente' ? '' : c.status)))
    const entries = new Map<number, IndexEntry>()
    // Together: the budget decides how many go at once, and what is left after people and jobs.
    const read = await Promise.all([...lists].map((status) => legacy.candidates.withStatus(status, dates)))
    for (const row of read.flat()) {
      const entry = indexEntry(row)
      if (entry) entries.set(entry.id, entry)
    }
    return [...entries.values()]
  }

  /** The next window to read: one never read (newest first), else the one read longest ago once it is due; null when none is due. */
  function nextWindow(windows: readonly IndexWindow[]): IndexWindow | null {
    const unread = windows.filter((w) => w.readAt === 0)
    if (unread.length) return unread.at(-1)!
    const oldest = [...windows].sort((a, b) => a.readAt - b.readAt)[0]
    return oldest && now() - oldest.readAt >= refreshMs ? oldest : null
  }

  /** One step: plan, or read one window. Answers how long to wait before the next. */
  async function step(legacy: LegacyGateway): Promise<number> {
    const windows = await index.windows()
    if (await plan(legacy, windows)) return 0
    const window = nextWindow(windows)
    // The tallies' log, added into the tallies by the one instance that builds (its lease).
    await index.foldTallies()
    if (!window) {
      // Looked at again within RECHECK_MS at the latest: another instance may mark a window to be read again.
      const oldest = Math.min(...windows.map((w) => w.readAt))
      return Math.min(RECHECK_MS, Math.max(1000, oldest + refreshMs - now()))
    }
    const readAt = now()
    const read = await readWindow(legacy, window)
    if (read === 'split') await index.planWindows(halves(window)!, window)
    else {
      await index.replaceWindow(window, read, readAt)
      // The last window of a first build: the engine's statistics, so its planner knows the tables it is given.
      if (window.readAt === 0 && windows.filter((w) => w.readAt === 0).length === 1) await index.settle()
    }
    return 0
  }

  async function loop() {
    if (!(await store.takeLease(LEASE, instanceId, leaseMs))) {
      // Another instance builds; this one tries again when that lease could have lapsed.
      retryLeaseAt = now() + leaseMs
      running = null
      return
    }
    // The lease is renewed while this instance builds; lost (a stall past its expiry), it stops.
    let leaseLost = false
    const heartbeat = setInterval(
      () => {
        store.takeLease(LEASE, instanceId, leaseMs).then(
          (held) => void (leaseLost ||= !held),
          () => {},
        )
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    )
    heartbeat.unref()
    try {
      while (token && !stopping && !leaseLost) {
        let wait: number
        // A nudge from here on (even during this step) ends the wait that follows.
        nudged = false
        try {
          wait = await step(legacyFor(token))
        } catch (error) {
          if (error instanceof LegacyRefusal && error.kind === 'session') {
            // The token lent is no longer good: wait for the next staff request's.
            token = null
            return
          }
          log.warn({ err: { message: (error as Error).message } }, 'candidate index: a read failed; trying again later')
          wait = backoffMs
        }
        if (wait > 0 && options.untilIdle) return
        // Long waits in short steps, so a stop is seen (and a clock moved on, in tests).
        const wakeAt = now() + wait
        while (now() < wakeAt && token && !stopping && !leaseLost && !nudged) await sleep(Math.min(1000, wakeAt - now()))
      }
    } finally {
      clearInterval(heartbeat)
      running = null
      await store.releaseLease(LEASE, instanceId).catch(() => {})
    }
  }

  return {
    /** A staff member's request lends its token; the builder starts if it is not running (here or, by its lease, elsewhere). */
    offer(lent: string) {
      token = lent
      if (running || stopping || now() < retryLeaseAt) return
      running = loop().catch((error: unknown) => log.error({ err: { message: (error as Error).message } }, 'candidate index: the builder stopped'))
    },
    /** A window was marked to be read again (a write whose answer carried no record): read it now, not at the next look. */
    nudge() {
      nudged = true
    },
    /** Ends the loop (the app closes); the window being read is either written whole or not at all. */
    async stop() {
      stopping = true
      await running
    },
    /** Waits for the loop to end (tests). */
    idle: () => running ?? Promise.resolve(),
  }
}
export type IndexBuilder = ReturnType<typeof createIndexBuilder>
