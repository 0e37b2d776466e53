import type { FastifyBaseLogger } from 'fastify'
import { monthRange, todayDate } from '@mini-vagas/shared/domain/dates'
import { knownRecruiters } from '@mini-vagas/shared/domain/vacancy-rules'
import { filledCounts, hireWindow, originCounts, statusCounts, vacancyCounts, type DashboardHire } from '@mini-vagas/shared/domain/dashboard'
import type { LegacyGateway } from '../../legacy/gateway.ts'
import type { LegacyEvent } from '../../legacy/writes.ts'
import type { CandidateIndex } from '../../candidate-index/plugin.ts'

const FRESH_MS = 60_000
const MAX_STALE_MS = 10 * 60_000

/** Whether a write can change a dashboard figure: a note cannot; anything else may. */
export const changesCounts = (event: LegacyEvent): boolean => !(event.kind === 'candidate' && event.change === 'note')

/**
 * The month's figures. From the candidate index while it answers for the whole base: the month's
 * registrations and the hire window's hires are rows of the BFF's store, current for every write
 * through the BFF, and only the vacancies (a few hundred) are read from the legacy. Otherwise four
 * independent legacy reads, in parallel. Hires are read for their window, not every hire ever:
 * the legacy filters by registration date only (see hireWindow).
 */
async function compute(legacy: LegacyGateway, month: string, index: CandidateIndex | null) {
  const { start, end } = monthRange(month)
  const hired = hireWindow(month)
  const [vacancies, registered, hiresIndexed] = await Promise.all([
    legacy.vacancies.list(),
    index ? index.registeredIn({ start, end }) : null,
    index ? index.registeredIn(hired, 'contratado') : null,
  ])
  const recruiters = knownRecruiters(vacancies)
  if (registered && hiresIndexed)
    return {
      month,
      vacancies: vacancyCounts(vacancies),
      filled: filledCounts(hiresIndexed.records as DashboardHire[], month, recruiters),
      statuses: statusCounts(registered.records.map((r) => ({ status: (r.status as string | null) ?? null, total: 1 }))),
      origins: originCounts(registered.records as { veiopor?: string | null }[]),
      indexedAt: registered.indexedAt < hiresIndexed.indexedAt ? registered.indexedAt : hiresIndexed.indexedAt,
    }
  const dates = { start_date: start, end_date: end }
  const [hires, statuses, registrations] = await Promise.all([
    legacy.candidates.withStatus('contratado', { start_date: hired.start, end_date: hired.end }),
    legacy.candidates.statusCounts(dates),
    legacy.candidates.report(dates),
  ])
  return {
    month,
    vacancies: vacancyCounts(vacancies),
    filled: filledCounts(hires as unknown as DashboardHire[], month, recruiters),
    statuses: statusCounts(statuses),
    origins: originCounts(registrations as { veiopor?: string | null }[]),
    indexedAt: undefined as string | undefined,
  }
}
type Counts = Awaited<ReturnType<typeof compute>>

/**
 * The dashboard in one answer, computed on the server (docs/product.md, Dashboard; Limits). Cached per month: fresh for
 * a minute; up to ten minutes a stale answer is served at once while a new one is computed; any
 * write through the BFF drops the cache so staff see their own changes. From the candidate index
 * that next answer is rows of the store, not four legacy reads.
 */
export function createDashboard({ now = Date.now, index = null }: { now?: () => number; index?: CandidateIndex | null } = {}) {
  const cache = new Map<string, { at: number; counts: Counts }>()
  const computing = new Map<string, Promise<Counts>>()

  function refresh(month: string, legacy: LegacyGateway): Promise<Counts> {
    const running = computing.get(month)
    if (running) return running
    const promise = compute(legacy, month, index)
      .then((counts) => {
        cache.set(month, { at: now(), counts })
        return counts
      })
      .finally(() => computing.delete(month))
    computing.set(month, promise)
    return promise
  }

  return {
    currentMonth: () => todayDate(new Date(now())).slice(0, 7),
    async get(month: string, legacy: LegacyGateway, log: FastifyBaseLogger) {
      const hit = cache.get(month)
      const age = hit ? now() - hit.at : Infinity
      if (hit && age < FRESH_MS) return { ...hit.counts, generatedAt: new Date(hit.at).toISOString(), stale: false }
      if (hit && age < MAX_STALE_MS) {
        refresh(month, legacy).catch((error: unknown) => log.warn({ err: { message: (error as Error).message } }, 'dashboard refresh failed'))
        return { ...hit.counts, generatedAt: new Date(hit.at).toISOString(), stale: true }
      }
      const counts = await refresh(month, legacy)
      return { ...counts, generatedAt: new Date(cache.get(month)?.at ?? now()).toISOString(), stale: false }
    },
    invalidate: () => cache.clear(),
  }
}
export type Dashboard = ReturnType<typeof createDashboard>
