import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { ScreeningOutcome } from '@mini-vagas/shared/constants/candidate-statuses'
import type { ScreeningMode } from '@mini-vagas/shared/domain/dates'
import { MISSING_ANSWER } from '@mini-vagas/shared/domain/screening-text'
import { visibleVacancy } from '../../lib/access.ts'
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts'
import { HttpError } from '../../lib/http-error.ts'
import type { HttpClient } from '../../plugins/legacy-client.ts'
import type { SessionData } from '../../plugins/session-seal.ts'
import type { Store } from '../../plugins/store.ts'
import type { ScreeningLoader } from './loader.ts'
import { ScreeningError, type ScreeningProvider } from './provider.ts'

const BATCH = 100
/** What a run keeps of each candidate: what screening reads and what the screen shows. */
const KEEP = ['id', 'full_name', 'age', 'genero', 'is_pcd', 'address_street', 'address_neighborhood', 'address_city', 'address_state', 'education', 'curso', 'experience_1', 'experience_2', 'experience_3', 'status', 'created_at', 'job_posting_id'] as const
const VACANCY_KEEP = ['id', 'description', 'company_name', 'city', 'bairro', 'recrutador', 'requirements', 'criterios'] as const
const pick = (row: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.filter((k) => k in row).map((k) => [k, row[k]]))

/**
 * Screening as server-side runs (DESIGN.md §6): candidates are loaded and kept in the store, then
 * screened in batches in the background; each batch's verdicts are saved as they come, so a BFF
 * restart resumes where it stopped and nothing is screened twice.
 */
export function createScreeningRuns({ store, loader, provider, legacy, log, starts }: { store: Store; loader: ScreeningLoader; provider: ScreeningProvider; legacy: HttpClient; log: FastifyBaseLogger; starts: AttemptLimiter }) {
  const active = new Set<string>()

  async function process(runId: string): Promise<void> {
    if (active.has(runId)) return
    active.add(runId)
    try {
      const run = store.getRun(runId)
      if (!run) return
      for (let batch = store.pending(runId, BATCH); batch.length > 0; batch = store.pending(runId, BATCH)) {
        const verdicts = await provider.screen(run.vacancy, batch.map((b) => b.candidate as never))
        store.saveVerdicts(runId, batch.map((b) => ({ candidateId: b.candidateId, ...(verdicts.get(b.candidateId) ?? { outcome: 'nao_triado', explanation: MISSING_ANSWER }) })))
      }
      const screened = store.results(runId).filter((r) => r.outcome === 'triado').length
      store.finish(runId, 'done', `Triagem concluída! ${screened} candidatos triados.`)
    } catch (error) {
      log.warn({ err: { message: (error as Error).message }, runId }, 'screening run failed')
      store.finish(runId, 'failed', error instanceof ScreeningError ? error.message : `Erro na triagem: ${(error as Error).message}`)
    } finally {
      active.delete(runId)
    }
  }

  return {
    async start(input: { mode: ScreeningMode; vacancyId: number; start_date: string; end_date: string }, session: SessionData, request: FastifyRequest) {
      // Runs cost AI calls: one at a time per user, and a bounded number an hour (SECURITY.md 27).
      const user = session.user.email
      if (store.unfinishedRuns().some((r) => r.createdBy === user)) {
        throw new HttpError(429, 'Já existe uma triagem sua em andamento. Aguarde o fim para iniciar outra.', { headers: { 'retry-after': '10' } })
      }
      const wait = starts.blockedFor(user)
      if (wait > 0) throw new HttpError(429, `Limite de triagens por hora atingido. Tente novamente em ${Math.ceil(wait / 60)} minuto(s).`, { headers: { 'retry-after': String(wait) } })
      const vacancy = await visibleVacancy(legacy, input.vacancyId, session, request)
      // A partial load is never silent: the run carries the warning (how many of how many).
      const { candidates, partial } = await loader.load(input, session, request)
      starts.record(user)
      const id = randomUUID()
      store.createRun(
        { id, createdBy: session.user.email, mode: input.mode, vacancy: pick(vacancy, VACANCY_KEEP), provider: provider.name, total: candidates.length, warning: partial },
        candidates.map((c) => pick(c, KEEP)),
      )
      void process(id)
      return id
    },
    /** The run without its results: what the progress stream sends every half second. */
    progress(id: string) {
      const run = store.getRun(id)
      if (!run) return null
      const counts = { triado: 0, revisao: 0, nao_triado: 0, pendente: 0 }
      for (const [outcome, n] of store.outcomeCounts(id)) counts[(outcome ?? 'pendente') as keyof typeof counts] += n
      return { run: { id: run.id, mode: run.mode, provider: run.provider, status: run.status, total: run.total, done: run.done, message: run.message, warning: run.warning, createdAt: run.createdAt, updatedAt: run.updatedAt, vacancy: run.vacancy }, counts }
    },
    view(id: string) {
      const progress = this.progress(id)
      if (!progress) return null
      const results = store.results(id)
      return {
        ...progress,
        results: results.map((r) => ({ candidateId: r.candidateId, name: String(r.candidate.full_name ?? ''), outcome: r.outcome as ScreeningOutcome | null, explanation: r.explanation })),
      }
    },
    /** Called when the BFF starts: unfinished runs carry on from their first pending candidate. */
    resume() {
      for (const run of store.unfinishedRuns()) void process(run.id)
    },
    /** Resolves when no run is being processed (tests and graceful shutdown). */
    async idle() {
      while (active.size > 0) await new Promise((r) => setTimeout(r, 20))
    },
  }
}
export type ScreeningRuns = ReturnType<typeof createScreeningRuns>
