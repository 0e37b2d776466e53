import type { FastifyRequest } from 'fastify'
import { monthRange, todayDate } from '@mini-vagas/shared/domain/dates'
import { knownRecruiters } from '@mini-vagas/shared/domain/vacancy-rules'
import { filledCounts, hireWindow, originCounts, statusCounts, vacancyCounts, type DashboardHire } from '@mini-vagas/shared/domain/dashboard'
import { legacyGet } from '../../legacy/access.ts'
import { readList, readStatusCounts } from '../../legacy/readers.ts'
import type { HttpClient } from '../../legacy/client.ts'
import type { SessionData } from '../../plugins/session-seal.ts'

const FRESH_MS = 60_000
const MAX_STALE_MS = 10 * 60_000

/**
 * Whether a successful legacy write can change a dashboard figure: a note (the observation route,
 * or an edit that sends only `obs`) cannot, nor can a login or logout; anything else may.
 */
export function changesCounts(write: { method: string; path: string; body: unknown }): boolean {
  if (write.path.startsWith('/auth/') || write.path.endsWith('/observacao')) return false
  const fields = write.body && typeof write.body === 'object' ? Object.keys(write.body) : []
  return !(write.method === 'PUT' && /^\/candidatos\/\d+$/.test(write.path) && fields.length > 0 && fields.every((f) => f === 'obs'))
}

async function compute(legacy: HttpClient, month: string, session: SessionData, request: FastifyRequest) {
  const { start, end } = monthRange(month)
  const dates = { start_date: start, end_date: end }
  // Four independent legacy reads, in parallel. Hires are read for their window, not
  // every hire ever: the legacy filters by registration date only (see hireWindow).
  const hired = hireWindow(month)
  const [vacancies, hires, statuses, registrations] = await Promise.all([
    legacyGet(legacy, '/processos_seletivos', session, request),
    legacyGet(legacy, '/candidatos/status/contratado', session, request, { start_date: hired.start, end_date: hired.end }),
    legacyGet(legacy, '/candidatos/status-quantidades', session, request, dates),
    legacyGet(legacy, '/excel_relatorio', session, request, dates),
  ])
  return {
    month,
    vacancies: vacancyCounts(readList(vacancies.body)),
    filled: filledCounts(readList<DashboardHire>(hires.body), month, knownRecruiters(readList(vacancies.body))),
    statuses: statusCounts(readStatusCounts(statuses.body)),
    origins: originCounts(readList<{ veiopor?: string | null }>(registrations.body)),
  }
}
type Counts = Awaited<ReturnType<typeof compute>>

/**
 * The dashboard in one answer, computed on the server (docs/product.md, Dashboard; Limits). Cached per month: fresh for
 * a minute; up to ten minutes a stale answer is served at once while a new one is computed; any
 * write through the BFF drops the cache so staff see their own changes.
 */
export function createDashboard({ legacy, now = Date.now }: { legacy: HttpClient; now?: () => number }) {
  const cache = new Map<string, { at: number; counts: Counts }>()
  const computing = new Map<string, Promise<Counts>>()

  function refresh(month: string, session: SessionData, request: FastifyRequest): Promise<Counts> {
    const running = computing.get(month)
    if (running) return running
    const promise = compute(legacy, month, session, request)
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
    async get(month: string, session: SessionData, request: FastifyRequest) {
      const hit = cache.get(month)
      const age = hit ? now() - hit.at : Infinity
      if (hit && age < FRESH_MS) return { ...hit.counts, generatedAt: new Date(hit.at).toISOString(), stale: false }
      if (hit && age < MAX_STALE_MS) {
        refresh(month, session, request).catch((error: unknown) => request.log.warn({ err: { message: (error as Error).message } }, 'dashboard refresh failed'))
        return { ...hit.counts, generatedAt: new Date(hit.at).toISOString(), stale: true }
      }
      const counts = await refresh(month, session, request)
      return { ...counts, generatedAt: new Date(cache.get(month)?.at ?? now()).toISOString(), stale: false }
    },
    invalidate: () => cache.clear(),
  }
}
export type Dashboard = ReturnType<typeof createDashboard>
