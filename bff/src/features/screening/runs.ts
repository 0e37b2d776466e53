import { hasVisibleText } from '@mini-vagas/shared/domain/text'
import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import { MISSING_ANSWER } from '@mini-vagas/shared/domain/screening-text'
import { vacancyCriteria, withHardRules } from '@mini-vagas/shared/domain/screening-rules'
import { biasReport } from '@mini-vagas/shared/domain/screening-bias'
import { pathRecords } from '../../legacy/access.ts'
import type { AttemptLimiter } from '../../plugins/attempt-limiter.ts'
import { HttpError, tryAgainLater } from '../../lib/http-error.ts'
import type { Caller, LegacyGateway } from '../../legacy/gateway.ts'
import type { SessionData } from '../../plugins/session-seal.ts'
import { actorOf } from '../../plugins/audit.ts'
import type { AuditTrail } from '../../plugins/audit.ts'
import { ScreenedCandidate, ScreenedVacancy, type LoadBody, type Outcome, type OutcomeCounts } from '@mini-vagas/shared/schemas/screening'
import type { ScreeningStore } from './store.ts'
import type { ScreeningLoader } from './loader.ts'
import { ScreeningError, type ScreeningProvider } from './provider.ts'

const BATCH = 100
/** What a run keeps of a candidate and of its vacancy: the fields of the shared schemas, nothing else. */
const keep = <T>(schema: { properties: object }, row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.keys(schema.properties)
      .filter((k) => k in row)
      .map((k) => [k, row[k]]),
  ) as T

/**
 * Screening as server-side runs (docs/screening.md): candidates are loaded and kept in the store, then
 * screened in batches in the background; each batch's verdicts are saved as they come, so a BFF
 * restart resumes where it stopped and nothing is screened twice.
 */
export function createScreeningRuns({
  store,
  loader,
  provider,
  legacy,
  log,
  starts,
  audit,
  instanceId = randomUUID(),
  leaseMs = 30_000,
}: {
  store: ScreeningStore
  loader: ScreeningLoader
  provider: ScreeningProvider
  /** The legacy for a caller: a person's bulk read (the load's pages). */
  legacy: (caller: Caller) => LegacyGateway
  log: FastifyBaseLogger
  starts: AttemptLimiter
  audit: Pick<AuditTrail, 'record'>
  instanceId?: string
  leaseMs?: number
}) {
  const active = new Set<string>()
  const lease = (runId: string) => `run:${runId}`
  const heartbeats = new Map<string, NodeJS.Timeout>()

  /**
   * Screens a run's pending candidates, batch after batch. One instance at a time: the run's lease
   * in the store is renewed between batches, so when this instance dies another one (at its start,
   * or its next sweep) takes the run over from its first pending candidate.
   */
  async function process(runId: string): Promise<void> {
    if (active.has(runId)) return
    active.add(runId)
    let leased = false
    // Renewed while the provider works (an AI batch may outlast the lease), so a live instance
    // never loses its run to a sweep; the check before saving still guards a stalled one.
    try {
      if (!(leased = await store.takeLease(lease(runId), instanceId, leaseMs))) return
      const heartbeat = setInterval(() => void store.takeLease(lease(runId), instanceId, leaseMs).catch(() => {}), Math.max(50, Math.floor(leaseMs / 3)))
      heartbeat.unref()
      heartbeats.set(runId, heartbeat)
      const run = await store.getRun(runId)
      if (!run || run.status !== 'screening') return
      for (let batch = await store.pending(runId, BATCH); batch.length > 0; batch = await store.pending(runId, BATCH)) {
        const options = { mode: run.mode }
        const verdicts = await provider.screen(
          run.vacancy,
          batch.map((b) => b.candidate),
          options,
        )
        if (!(await store.takeLease(lease(runId), instanceId, leaseMs))) return
        // The hard rules over whatever the provider said: no model passes a rule to triado.
        await store.saveVerdicts(
          runId,
          batch.map((b) => ({
            candidateId: b.candidateId,
            ...withHardRules(run.vacancy, b.candidate, verdicts.get(b.candidateId) ?? { outcome: 'nao_triado', explanation: MISSING_ANSWER }, options),
          })),
        )
      }
      const screened = (await store.outcomeCounts(runId)).get('triado') ?? 0
      await store.finish(runId, 'done', `Triagem concluída! ${screened} candidatos triados.`)
    } catch (error) {
      log.warn({ err: { message: (error as Error).message }, runId }, 'screening run failed')
      await store
        .finish(runId, 'failed', error instanceof ScreeningError ? error.message : `Erro na triagem: ${(error as Error).message}`)
        .catch((stored: unknown) => log.error({ err: { message: (stored as Error).message }, runId }, 'the store refused a write'))
    } finally {
      clearInterval(heartbeats.get(runId))
      heartbeats.delete(runId)
      if (leased) await store.releaseLease(lease(runId), instanceId).catch(() => {})
      active.delete(runId)
    }
  }

  return {
    /**
     * Loads the candidates of a range and keeps them as the user's draft (replacing any earlier
     * one): the screen shows them, and starting screens exactly this set.
     */
    async draft(input: LoadBody, session: SessionData, request: FastifyRequest) {
      const loaded = await loader.load(input, request.legacy, legacy({ token: session.token, requestId: request.id, priority: 'bulk' }))
      const id = randomUUID()
      await store.dropDrafts(session.user.email)
      await store.createRun(
        {
          id,
          status: 'draft',
          createdBy: session.user.email,
          mode: input.mode,
          vacancy: input.vacancyId ? { id: input.vacancyId } : {},
          provider: provider.name,
          total: loaded.candidates.length,
          warning: loaded.partial,
        },
        loaded.candidates.map((c) => keep<ScreenedCandidate>(ScreenedCandidate, c)),
      )
      return { draftId: id, total: loaded.total, warnings: loaded.warnings, candidates: loaded.candidates }
    },

    /** Starts screening the user's draft for the vacancy it was loaded with. */
    async start(draftId: string, session: SessionData, request: FastifyRequest) {
      // Runs cost AI calls: one at a time per user, and a bounded number an hour.
      const user = session.user.email
      if ((await store.unfinishedRuns()).some((r) => r.createdBy === user)) {
        throw new HttpError(429, 'Já existe uma triagem sua em andamento. Aguarde o fim para iniciar outra.', { headers: { 'retry-after': '10' } })
      }
      const wait = await starts.blockedFor(user)
      if (wait > 0) throw tryAgainLater('Limite de triagens por hora atingido.', wait)
      const draft = await store.getRun(draftId)
      if (!draft || draft.status !== 'draft' || draft.createdBy !== user) throw new HttpError(409, 'Busque os candidatos antes de executar a triagem.')
      const vacancyId = Number(draft.vacancy.id)
      if (!vacancyId) throw new HttpError(422, 'Selecione uma vaga para executar a triagem', { errors: { vacancyId: ['Selecione uma vaga para executar a triagem'] } })
      const vacancy = await pathRecords(request, 'vacancy', String(vacancyId)).vacancy()
      if (
        !(await store.startDraft(draftId, user, {
          vacancy: keep<ScreenedVacancy>(ScreenedVacancy, vacancy),
          provider: provider.name,
          model: provider.model,
          fieldsSent: provider.fieldsSent,
        }))
      )
        throw new HttpError(409, 'Busque os candidatos antes de executar a triagem.')
      await starts.record(user)
      await audit.record({
        actor: user,
        action: 'triagem_iniciada',
        subject: `triagem:${draftId}`,
        detail: {
          vacancyId,
          mode: draft.mode,
          provider: provider.name,
          model: provider.model,
          criteria: vacancyCriteria(vacancy, { mode: draft.mode }).map((c) => c.label),
          candidates: draft.total,
          fieldsSent: provider.fieldsSent,
        },
      })
      void process(draftId)
      return draftId
    },
    /** The run without its results: what the progress stream sends every half second. */
    async progress(id: string) {
      const run = await store.getRun(id)
      if (!run || run.status === 'draft') return null
      const counts: OutcomeCounts = { triado: 0, revisao: 0, nao_triado: 0, pendente: 0 }
      for (const [outcome, n] of await store.outcomeCounts(id)) counts[outcome ?? 'pendente'] += n
      return {
        run: {
          id: run.id,
          mode: run.mode,
          provider: run.provider,
          status: run.status,
          total: run.total,
          done: run.done,
          message: run.message,
          warning: run.warning,
          createdAt: run.createdAt,
          updatedAt: run.updatedAt,
          vacancy: run.vacancy,
          model: run.model,
          fieldsSent: run.fieldsSent,
        },
        counts,
      }
    },
    async view(id: string) {
      const progress = await this.progress(id)
      if (!progress) return null
      const results = await store.results(id)
      return {
        ...progress,
        results: results.map((r) => ({
          candidateId: r.candidateId,
          name: String(r.candidate.full_name ?? ''),
          outcome: r.outcome,
          explanation: r.explanation,
          evidence: r.evidence,
          review: r.review,
        })),
        // Computed from fields the model never saw (unless an operator turned them on).
        bias: progress.run.status === 'done' ? biasReport(results) : null,
      }
    },
    /**
     * A person's review of one verdict: their decision and reason are kept and shown,
     * applying writes their decision, and the audit trail keeps every review.
     */
    async review(runId: string, candidateId: number, body: { decision: Outcome; reason: string }, session: SessionData) {
      const run = await store.getRun(runId)
      if (!run || run.status === 'draft') throw new HttpError(404, 'Triagem não encontrada.')
      if (run.status === 'screening') throw new HttpError(409, 'A triagem ainda não terminou. Aguarde o fim para revisar.')
      const reason = body.reason.replace(/\s+/g, ' ').trim()
      // A reason is read by people: three characters at least, and something visible among them.
      if (reason.length < 3 || !hasVisibleText(reason)) throw new HttpError(422, 'Informe o motivo da revisão.', { errors: { reason: ['Informe o motivo da revisão.'] } })
      const review = { by: session.user.name || session.user.email, decision: body.decision, reason, at: new Date().toISOString() }
      if (!(await store.saveReview(runId, candidateId, { ...review, byEmail: session.user.email }))) throw new HttpError(404, 'Candidato não encontrado nesta triagem.')
      const result = (await store.results(runId)).find((r) => r.candidateId === candidateId)!
      await audit.record({
        ...actorOf(session),
        action: 'veredito_revisado',
        subject: `candidato:${candidateId}`,
        detail: { runId, verdict: result.outcome, decision: body.decision, reason },
      })
      return {
        candidateId,
        name: String(result.candidate.full_name ?? ''),
        outcome: result.outcome,
        explanation: result.explanation,
        evidence: result.evidence,
        review: result.review,
      }
    },
    /** Called when the BFF starts: unfinished runs carry on from their first pending candidate. */
    async resume() {
      for (const run of await store.unfinishedRuns()) void process(run.id)
    },
    /** How many runs this instance is screening now. */
    activeCount: () => active.size,
    /** Resolves when no run is being processed (tests and graceful shutdown). */
    async idle() {
      while (active.size > 0) await new Promise((r) => setTimeout(r, 20))
    },
    /**
     * Graceful shutdown, after the grace period: the runs still being screened here give up their
     * leases, so another instance carries them on at once (a batch answered later is not saved:
     * its lease check fails).
     */
    async release() {
      for (const runId of active) {
        clearInterval(heartbeats.get(runId))
        await store.releaseLease(lease(runId), instanceId).catch(() => {})
      }
    },
  }
}
export type ScreeningRuns = ReturnType<typeof createScreeningRuns>
