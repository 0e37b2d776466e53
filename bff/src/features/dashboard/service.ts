import type { FastifyBaseLogger } from 'fastify'
import { monthRange, todayDate } from '@mini-vagas/shared/domain/dates'
import { knownRecruiters } from '@mini-vagas/shared/domain/vacancy-rules'
import {
  filledCounts,
  filledCountsByVacancy,
  hireWindow,
  NOT_INFORMED_ORIGIN,
  originCounts,
  statusCounts,
  vacancyCounts,
  vacancyFigures,
  type DashboardHire,
  type FilledCounts,
  type VacancyFigures,
} from '@mini-vagas/shared/domain/dashboard'
import type { LegacyGateway } from '../../legacy/gateway.ts'
import type { LegacyEvent } from '../../legacy/writes.ts'
import type { CandidateIndex, IndexedMonth } from '../../candidate-index/plugin.ts'

const FRESH_MS = 60_000
const MAX_STALE_MS = 10 * 60_000

/** Whether a write can change a dashboard figure: a note cannot; anything else may. */
export const changesCounts = (event: LegacyEvent): boolean => !(event.kind === 'candidate' && event.change === 'note')

type Vacancies = Awaited<ReturnType<LegacyGateway['vacancies']['list']>>

/** The legacy's four reads of a month (the path before the candidate index answers, or without it). */
async function fromLegacy(legacy: LegacyGateway, month: string, vacancies: Vacancies) {
  const { start, end } = monthRange(month)
  const hired = hireWindow(month)
  const dates = { start_date: start, end_date: end }
  const [hires, statuses, registrations] = await Promise.all([
    legacy.candidates.withStatus('contratado', { start_date: hired.start, end_date: hired.end }),
    legacy.candidates.statusCounts(dates),
    legacy.candidates.report(dates),
  ])
  return {
    month,
    vacancies: vacancyCounts(vacancies),
    filled: filledCounts(hires as unknown as DashboardHire[], month, knownRecruiters(vacancies)),
    statuses: statusCounts(statuses),
    origins: originCounts(registrations as { veiopor?: string | null }[]),
    indexedAt: undefined as string | undefined,
  }
}
type Counts = Awaited<ReturnType<typeof fromLegacy>>

/**
 * The dashboard in one answer, computed on the server (docs/product.md, Dashboard; Limits).
 * - While the candidate index answers for the whole base, a month's registrations (per status and
 *   origin) and hires come from its tallies, kept by every write in the same transaction: each
 *   answer is a few store queries, current for every write through the BFF, never cold.
 * - Otherwise four legacy reads, cached per month: fresh for a minute; up to ten minutes a stale
 *   answer is served at once while a new one is computed; any write through the BFF drops them.
 * The vacancies (a few hundred) are read from the legacy either way, kept a minute and dropped by
 * any vacancy write through the BFF.
 */
export function createDashboard({ now = Date.now, index = null }: { now?: () => number; index?: CandidateIndex | null } = {}) {
  const cache = new Map<string, { at: number; counts: Counts }>()
  const computing = new Map<string, Promise<Counts>>()
  let vacancies: { at: number; list: Promise<Vacancies> } | null = null
  /** The list's part of the figures, worked out once per list read (the index's answer is asked after every write). */
  const figuresOf = new WeakMap<Vacancies, VacancyFigures>()
  const listFigures = (list: Vacancies) => figuresOf.get(list) ?? figuresOf.set(list, vacancyFigures(list as Parameters<typeof vacancyFigures>[0])).get(list)!
  /** The hire figures, worked out once per answer of the index's hires (it answers the same one until hires change) and list. */
  const filledOf = new WeakMap<IndexedMonth['hiresByVacancy'], { figures: VacancyFigures; filled: FilledCounts }>()
  const filled = (hires: IndexedMonth['hiresByVacancy'], figures: VacancyFigures) => {
    const known = filledOf.get(hires)
    if (known?.figures === figures) return known.filled
    const counts = filledCountsByVacancy(hires, figures)
    filledOf.set(hires, { figures, filled: counts })
    return counts
  }

  function vacancyList(legacy: LegacyGateway): Promise<Vacancies> {
    if (vacancies && now() - vacancies.at < FRESH_MS) return vacancies.list
    const held = { at: now(), list: legacy.vacancies.list() }
    vacancies = held
    held.list.catch(() => {
      if (vacancies === held) vacancies = null
    })
    return held.list
  }

  async function fromIndex(legacy: LegacyGateway, month: string) {
    if (!index) return null
    const days = monthRange(month)
    const [figures, list] = await Promise.all([index.month(days, { month, registered: hireWindow(month) }), vacancyList(legacy)])
    if (!figures) return null
    const origins = originCounts([])
    for (const [origin, n] of Object.entries(figures.origins)) origins[origin in origins ? origin : NOT_INFORMED_ORIGIN]! += n
    return {
      month,
      vacancies: listFigures(list).counts,
      filled: filled(figures.hiresByVacancy, listFigures(list)),
      statuses: figures.statuses,
      origins,
      indexedAt: figures.indexedAt,
      generatedAt: new Date(now()).toISOString(),
      stale: false,
    }
  }

  function refresh(month: string, legacy: LegacyGateway): Promise<Counts> {
    const running = computing.get(month)
    if (running) return running
    const promise = vacancyList(legacy)
      .then((list) => fromLegacy(legacy, month, list))
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
      const indexed = await fromIndex(legacy, month)
      if (indexed) return indexed
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
    /** A write that may change a figure: the legacy path's months are read again; a vacancy's, the vacancies too. */
    invalidate(event?: LegacyEvent) {
      cache.clear()
      if (!event || event.kind === 'vacancy') vacancies = null
    },
  }
}
export type Dashboard = ReturnType<typeof createDashboard>
