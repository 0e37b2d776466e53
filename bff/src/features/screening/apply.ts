import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { candidateStatusLabel, screeningMayChange } from '@mini-vagas/shared/domain/candidate-status'
import { formatDate } from '@mini-vagas/shared/domain/dates'
import { APPLY_MESSAGES, applyMessage, applySteps } from '@mini-vagas/shared/domain/screening-apply'
import { HttpError } from '../../lib/http-error.ts'
import { createJobSlots } from '../../lib/job-slots.ts'
import type { Caller, LegacyGateway } from '../../legacy/gateway.ts'
import type { AuditTrail } from '../../plugins/audit.ts'
import { createApplyLegacy, createStepPerformer } from './apply-step.ts'
import { SessionEnded } from '../../legacy/job-calls.ts'
import { keepLease, ownerOf } from '../../lib/job-lease.ts'
import type { RecordSnapshot } from '../../lib/record-snapshot.ts'
import type { ScreeningStore, StoredResult, StoredStep } from './store.ts'

const WORKERS = 4
/** How long an apply's owner may go silent before another instance may take the run over. */
const LEASE_MS = 30_000

/**
 * Applying a run's verdicts to the legacy (docs/product.md, AI screening; Texts; docs/screening.md) as a background job.
 *
 * Each write is a step in the store (pending → sending → done | failed), so nothing is written
 * twice: a done step is never sent again, and a step found 'sending' after a restart is first
 * checked against the legacy (the note's marker in the record) before anything is sent. A status
 * step always reads the record first, both to keep its current observation (the note is added,
 * never replacing what staff wrote) and to skip a write that already landed; records are read a
 * vacancy at a time (lib/record-snapshot.ts), so the legacy's budget goes to writes. The pace is the
 * token's budget's: what people using the same token leave of the legacy's limit, 429s waited out.
 *
 * The legacy token lives only in memory, with the job: it is never written to the store. A job
 * cut short by a restart is therefore marked 'interrupted' with where it stopped, and the next
 * 'Aplicar Resultados' carries on from there.
 *
 * One owner per run, across instances sharing the store: the job holds a lease in the store
 * (renewed while it runs); another instance refuses to start it until the lease is released or
 * has expired. A store failure (a full disk) fails the job cleanly — every worker stops first —
 * and never the process.
 *
 * Read in this order: `job` holds the lease (`holdLease`), runs the steps (`runSteps`; one step's
 * stages are in apply-step.ts) and writes the apply's last word (`finish`).
 */
export function createScreeningApplier({
  store,
  legacy,
  log,
  audit,
  now = Date.now,
  instanceId = randomUUID(),
  leaseMs = LEASE_MS,
}: {
  store: ScreeningStore
  /** The legacy for a job holding its own token. */
  legacy: (caller: Caller) => LegacyGateway
  log: FastifyBaseLogger
  audit: Pick<AuditTrail, 'record'>
  now?: () => number
  instanceId?: string
  leaseMs?: number
}) {
  const active = createJobSlots()
  let stopping = false
  const notices = new Map<string, string>()
  const lease = (runId: string) => `apply:${runId}`
  /** Runs whose failure the store could not record (a full disk): still told to the recruiter. */
  const unrecordedFailures = new Set<string>()
  const heartbeats = new Map<string, () => void>()
  /** What each running job knows of the records it writes; every write this BFF hears of updates them. */
  const snapshots = new Set<RecordSnapshot>()

  /** The run's lease for as long as the job runs (lib/job-lease.ts); `stop` also forgets its heartbeat here. */
  function holdLease(runId: string) {
    const held = keepLease(store.takeLease, lease(runId), instanceId, leaseMs)
    heartbeats.set(runId, held.stop)
    return {
      state: held.state,
      stop() {
        held.stop()
        heartbeats.delete(runId)
      },
    }
  }

  /**
   * Every step not yet done, by WORKERS at once, a vacancy's steps together (its records are read
   * once for all of them). Each worker stops taking steps once the session has ended, the store or
   * the lease failed, or the BFF is stopping; this answers only when every worker has stopped, so
   * no write outlives the job's status.
   */
  async function runSteps(
    runId: string,
    results: Map<number, StoredResult>,
    perform: (step: StoredStep, result: StoredResult) => Promise<unknown>,
    held: ReturnType<typeof holdLease>,
  ) {
    const vacancyOf = (candidateId: number) => Number(results.get(candidateId)!.candidate.job_posting_id) || 0
    const todo = (await store.steps(runId)).filter((s) => s.state !== 'done' && s.state !== 'skipped').sort((a, b) => vacancyOf(a.candidateId) - vacancyOf(b.candidateId))
    let next = 0
    let sessionEnded = false
    const worker = async () => {
      while (next < todo.length && !stopping && !sessionEnded && !held.state.broken && !held.state.lost) {
        const step = todo[next++]!
        try {
          await perform(step, results.get(step.candidateId)!)
        } catch (error) {
          if (error instanceof SessionEnded) sessionEnded = true
          else held.state.broken ??= error
        }
      }
    }
    await Promise.all(Array.from({ length: WORKERS }, worker))
    if (held.state.broken) throw held.state.broken
    return { sessionEnded, leaseLost: held.state.lost }
  }

  /** The apply's last word in the store: applied (with what happened), or interrupted and why. */
  async function finish(runId: string, { sessionEnded }: { sessionEnded: boolean }) {
    const { updated, sent, total } = await counted(runId)
    if (sessionEnded) return store.finishApply(runId, 'interrupted', APPLY_MESSAGES.sessionEnded)
    if (stopping) return store.finishApply(runId, 'interrupted', APPLY_MESSAGES.interrupted(updated + sent, total))
    const counts = await store.stepCounts(runId)
    const steps = (kind: string, state?: string) => counts.filter((c) => c.kind === kind && (!state || c.state === state)).reduce((n, c) => n + c.count, 0)
    const kept = steps('status', 'skipped')
    const alreadyThere = steps('forward', 'skipped')
    return store.finishApply(
      runId,
      'applied',
      applyMessage({ updated, sent, skipped: kept, alreadyThere, failedUpdates: steps('status') - updated - kept, failedSends: steps('forward') - sent - alreadyThere }),
    )
  }

  /** The job, given the run and results `start` already read, so it reads nothing before its try. */
  async function job(runId: string, token: string, requestId: string, actor: string, { run, results }: Pick<Awaited<ReturnType<typeof planned>>, 'run' | 'results'>) {
    // A job's calls: people using the same token go first (legacy/budget.ts).
    const gateway = legacy({ token, requestId, priority: 'job', onWait: (seconds) => notices.set(runId, APPLY_MESSAGES.waiting(seconds)) })
    const known = createApplyLegacy({ gateway, runId, vacancyId: Number(run.vacancy.id), now, onAnswer: () => notices.delete(runId) })
    snapshots.add(known.records)
    const perform = createStepPerformer({ runId, run, date: formatDate(new Date(now())), actor, store, audit, legacy: known })
    const held = holdLease(runId)
    try {
      const { sessionEnded, leaseLost } = await runSteps(runId, results, perform, held)
      active.ending(runId)
      // Another instance holds the run now (this one went silent past the lease): it says the last word.
      if (leaseLost) log.warn({ runId }, 'applying stopped: the run’s lease went to another instance')
      else await finish(runId, { sessionEnded })
    } catch (error) {
      active.ending(runId)
      log.warn({ err: { message: (error as Error).message }, runId }, 'applying screening results failed')
      // The store may be what failed (a full disk): saying so may fail too, and must not throw.
      if (!(await attempt(() => store.finishApply(runId, 'failed', APPLY_MESSAGES.failedStore), runId))) unrecordedFailures.add(runId)
    } finally {
      snapshots.delete(known.records)
      held.stop()
      await attempt(() => store.releaseLease(lease(runId), instanceId), runId)
      active.free(runId)
      notices.delete(runId)
    }
  }

  /** A store write whose failure is logged, never thrown (the job's last words); true when it was written. */
  async function attempt(write: () => Promise<unknown>, runId: string): Promise<boolean> {
    try {
      await write()
      return true
    } catch (error) {
      log.error({ err: { message: (error as Error).message }, runId }, 'the store refused a write')
      return false
    }
  }

  /** An apply's steps counted from the store (no step is read). */
  async function counted(runId: string) {
    const counts = await store.stepCounts(runId)
    const sum = (match: (c: (typeof counts)[number]) => boolean, field: 'count' | 'reported' = 'count') => counts.filter(match).reduce((n, c) => n + c[field], 0)
    return {
      total: sum(() => true),
      processed: sum((c) => c.state === 'done' || c.state === 'failed' || c.state === 'skipped'),
      updated: sum((c) => c.kind === 'status' && c.state === 'done'),
      skipped: sum((c) => c.kind === 'status' && c.state === 'skipped'),
      alreadyThere: sum((c) => c.kind === 'forward' && c.state === 'skipped'),
      sent: sum((c) => c.kind === 'forward' && c.state === 'done'),
      failed: sum(() => true, 'reported'),
    }
  }

  /** The writes a finished run leads to, with its results by candidate; the refusals (docs/product.md, Texts) otherwise. */
  async function planned(runId: string) {
    const run = await store.getRun(runId)
    if (!run || run.status === 'draft') throw new HttpError(404, 'Triagem não encontrada.')
    if (run.status === 'screening') throw new HttpError(409, APPLY_MESSAGES.notFinished)
    const results = (await store.results(runId)).filter((r) => r.outcome !== null)
    if (results.length === 0) throw new HttpError(422, APPLY_MESSAGES.noResults)
    const steps = applySteps(
      run.mode === 'global' ? 'global' : 'empresa',
      Number(run.vacancy.id),
      // A person's reviewed decision is what gets written.
      results.map((r) => ({ candidateId: r.candidateId, outcome: r.review?.decision ?? r.outcome!, jobPostingId: Number(r.candidate.job_posting_id) || null })),
    )
    if (steps.length === 0) throw new HttpError(422, APPLY_MESSAGES.noTargets)
    return { run, steps, results: new Map(results.map((r) => [r.candidateId, r])) }
  }

  return {
    /** Starts applying (or carries on after an interruption); a second call while it runs changes nothing. */
    async start(runId: string, token: string, requestId: string, actor: string) {
      const plan = await planned(runId)
      // A second click on this instance while the job runs changes nothing.
      if (!(await active.take(runId))) return
      unrecordedFailures.delete(runId)
      try {
        // Atomic in the store: of two instances asked at once, one gets the run.
        if (!(await store.takeLease(lease(runId), instanceId, leaseMs))) {
          active.free(runId)
          throw new HttpError(409, APPLY_MESSAGES.alreadyApplying)
        }
        await store.beginApply(runId, plan.steps)
        await audit.record({ actor, action: 'triagem_aplicada', subject: `triagem:${runId}`, detail: { steps: plan.steps.length } })
      } catch (error) {
        if (!(error instanceof HttpError)) {
          active.free(runId)
          await attempt(() => store.releaseLease(lease(runId), instanceId), runId)
        }
        throw error
      }
      // Every store access of the job is inside its try; its catch and finally never throw.
      void job(runId, token, requestId, actor, plan)
    },
    /**
     * What 'Aplicar Resultados' will do, for the recruiter to confirm: statuses that will change,
     * people kept because a person moved them past triage (by status), forwards. Read from the
     * statuses the run loaded; the job checks each record again before writing it.
     */
    async preview(runId: string) {
      const { steps, results } = await planned(runId)
      const finished = new Set((await store.steps(runId)).filter((s) => s.state === 'done' || s.state === 'skipped').map((s) => `${s.kind}:${s.candidateId}`))
      const kept = new Map<string, number>()
      let changes = 0
      let forwards = 0
      for (const step of steps) {
        if (finished.has(`${step.kind}:${step.candidateId}`)) continue
        if (step.kind === 'forward') forwards++
        else {
          const status = results.get(step.candidateId)!.candidate.status as string | null
          if (screeningMayChange(status)) changes++
          else kept.set(candidateStatusLabel(status), (kept.get(candidateStatusLabel(status)) ?? 0) + 1)
        }
      }
      return { changes, forwards, kept: [...kept].map(([status, count]) => ({ status, count })).sort((a, b) => b.count - a.count) }
    },
    /** The apply's progress from counts alone (the progress stream's half-second read). */
    async summary(runId: string) {
      const read = await store.getApply(runId)
      if (!read) return null
      // No owner (its instance died and the lease ran out): an interrupted apply the recruiter can
      // carry on — not a button locked on "Aplicando..." forever.
      const { record: applied, ownerless } = await ownerOf(read, {
        // This instance failed it but the store could not say so: its own answer below, not an owner's.
        running: (a) => a.status === 'applying' && !unrecordedFailures.has(runId),
        ownedHere: () => active.has(runId),
        leaseHeld: () => store.leaseHeld(lease(runId)),
        readAgain: () => store.getApply(runId),
      })
      const counts = await counted(runId)
      // This instance failed it but the store could not say so: told at once, even while the job's
      // last store call (releasing its lease) still waits on the store that failed.
      if (applied.status === 'applying' && unrecordedFailures.has(runId)) return { status: 'failed' as const, message: APPLY_MESSAGES.failedStore, notice: null, ...counts }
      if (ownerless) return { status: 'interrupted' as const, message: APPLY_MESSAGES.ownerLost(counts.updated + counts.sent, counts.total), notice: null, ...counts }
      return { status: applied.status, message: applied.message, notice: notices.get(runId) ?? null, ...counts }
    },
    /** The summary and, by name (from the run's view, already read), every candidate not written. */
    async view(runId: string, names: ReadonlyMap<number, string>) {
      const summary = await this.summary(runId)
      if (!summary) return null
      // A step left 'sending' may have landed (its answer was never recorded): it is to be checked, not
      // failed, and the next apply checks the legacy before writing it again.
      const failures = (await store.steps(runId)).filter((s) => (s.state === 'sending' && !active.has(runId)) || (s.state !== 'done' && s.state !== 'skipped' && s.message))
      return {
        ...summary,
        failures: failures.map((s) => {
          const name = names.get(s.candidateId) ?? ''
          return { candidateId: s.candidateId, name, kind: s.kind, message: s.state === 'sending' ? APPLY_MESSAGES.unconfirmed(name, s.kind) : s.message! }
        }),
      }
    },
    /** A candidate record this BFF just wrote (a person's status change, say): running jobs see it. */
    heard(record: Record<string, unknown>) {
      for (const snapshot of snapshots) snapshot.heard(record)
    },
    /** How many applies this instance is running now. */
    activeCount: () => active.size,
    /** Called when the BFF starts: applies cut short say where they stopped (the token did not survive). */
    async interruptUnfinished() {
      for (const listed of await store.unfinishedApplies()) {
        // Another instance may be applying it right now (its lease says so), or have just finished it.
        const { ownerless } = await ownerOf(listed, {
          running: (a) => a.status === 'applying',
          ownedHere: () => active.has(listed.runId),
          leaseHeld: () => store.leaseHeld(lease(listed.runId)),
          readAgain: () => store.getApply(listed.runId),
        })
        if (!ownerless) continue
        const { updated, sent, total } = await counted(listed.runId)
        await store.finishApply(listed.runId, 'interrupted', APPLY_MESSAGES.interrupted(updated + sent, total))
      }
    },
    /**
     * Graceful shutdown: no new write starts and those in flight get `graceMs` to land. A job still
     * waiting then gives up its lease, so another instance can carry the run on (checking any
     * write left uncertain against the legacy first) instead of waiting for the lease to expire.
     */
    async stop(graceMs = 5000) {
      stopping = true
      const deadline = Date.now() + graceMs
      while (active.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
      for (const runId of active.keys()) {
        heartbeats.get(runId)?.()
        await attempt(() => store.releaseLease(lease(runId), instanceId), runId)
      }
    },
  }
}
export type ScreeningApplier = ReturnType<typeof createScreeningApplier>
