import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { UNDO_MESSAGES, undoMessage } from '@mini-vagas/shared/domain/screening-apply'
import { HttpError } from '../../lib/http-error.ts'
import { createJobSlots } from '../../lib/job-slots.ts'
import { LegacyRefusal } from '../../legacy/errors.ts'
import { keepLease, ownerOf } from '../../lib/job-lease.ts'
import type { Caller, LegacyGateway } from '../../legacy/gateway.ts'
import type { AuditTrail } from '../../plugins/audit.ts'
import type { ListedCandidate } from '@mini-vagas/shared/schemas/candidates'
import type { ScreeningStore, StoredStep } from './store.ts'

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null)

/**
 * Undoing an apply: each status the apply wrote is restored — status and observation
 * as they were — where the record still holds exactly what the apply wrote (nobody changed it
 * since); a record changed since is kept, with the reason. Forwards stay: the legacy's contract has
 * no way to delete a candidate record. A background job under the run's apply lease (so an apply
 * and an undo never overlap, on any instance); each step's undo state is in the store, and a
 * restored record is recognised as restored, so a retried undo writes nothing twice.
 */
export function createScreeningUndo({
  store,
  legacy,
  log,
  audit,
  instanceId = randomUUID(),
  leaseMs = 30_000,
}: {
  store: ScreeningStore
  /** The legacy for a job holding its own token. */
  legacy: (caller: Caller) => LegacyGateway
  log: FastifyBaseLogger
  audit: Pick<AuditTrail, 'record'>
  instanceId?: string
  leaseMs?: number
}) {
  const active = createJobSlots()
  const lease = (runId: string) => `apply:${runId}`

  async function job(runId: string, token: string, requestId: string, actor: string, names: Map<number, string>) {
    const gateway = legacy({ token, requestId, priority: 'job' })
    // Renewed while the undo runs; each restore checks the record first, so the undo goes on whatever the renewal sees.
    const held = keepLease(store.takeLease, lease(runId), instanceId, leaseMs)
    let interrupted = false
    try {
      for (const step of (await store.steps(runId)).filter((s) => s.undo === 'pending')) {
        const name = names.get(step.candidateId) ?? `#${step.candidateId}`
        if (step.kind === 'forward' || !step.write) {
          await store.setUndo(runId, step, 'kept', UNDO_MESSAGES.forwardKept(name))
          continue
        }
        const state = await undoOne(step as StoredStep & { write: NonNullable<StoredStep['write']> }, name)
        if (state === 'session') {
          interrupted = true
          break
        }
      }
      active.ending(runId)
      const steps = await store.steps(runId)
      const count = (kind: StoredStep['kind'], state: StoredStep['undo']) => steps.filter((s) => s.kind === kind && s.undo === state).length
      const figures = { restored: count('status', 'done'), changed: count('status', 'kept'), forwards: count('forward', 'kept'), failed: count('status', 'failed') }
      if (interrupted) await store.finishUndo(runId, 'failed', UNDO_MESSAGES.interrupted)
      else {
        await store.finishUndo(runId, 'undone', undoMessage(figures))
        await audit.record({ actor, action: 'triagem_desfeita', subject: `triagem:${runId}`, detail: figures })
      }
    } catch (error) {
      active.ending(runId)
      log.warn({ err: { message: (error as Error).message }, runId }, 'undoing an apply failed')
      await store.finishUndo(runId, 'failed', UNDO_MESSAGES.failedStore).catch(() => {})
    } finally {
      held.stop()
      await store.releaseLease(lease(runId), instanceId).catch(() => {})
      active.free(runId)
    }

    async function undoOne(step: StoredStep & { write: NonNullable<StoredStep['write']> }, name: string): Promise<'done' | 'kept' | 'failed' | 'session'> {
      let record: Partial<ListedCandidate>
      try {
        record = (await gateway.candidates.get(step.candidateId)).record ?? {}
      } catch (error) {
        return refused(error)
      }
      const { write } = step
      // Already as it was (an earlier undo's write landed before a restart): nothing to send.
      if (same(record.status, write.prevStatus) && same(record.obs, write.prevObs)) return mark('done')
      // Anything but exactly what the apply wrote: someone changed it since, and it stays.
      if (!same(record.status, write.status) || !same(record.obs, write.obs)) return mark('kept', UNDO_MESSAGES.changed(name))
      try {
        await gateway.candidates.update(step.candidateId, { status: write.prevStatus, obs: write.prevObs })
      } catch (error) {
        return refused(error)
      }
      await audit.record({
        actor,
        action: 'status_alterado',
        subject: `candidato:${step.candidateId}`,
        detail: { from: write.status, to: write.prevStatus ?? '', via: 'desfazer', runId },
      })
      return mark('done')

      async function mark(state: 'done' | 'kept', message: string | null = null) {
        await store.setUndo(runId, step, state, message)
        return state
      }
      /** The legacy refused a call: a 401 ends the undo (the session is over), anything else fails this step. */
      async function refused(error: unknown) {
        if (!(error instanceof LegacyRefusal)) throw error
        return error.kind === 'session' ? ('session' as const) : fail(error.reason)
      }
      async function fail(message: string) {
        await store.setUndo(runId, step, 'failed', UNDO_MESSAGES.failed(name, message))
        return 'failed' as const
      }
    }
  }

  return {
    /** Starts undoing the run's applied writes (or carries a failed undo on). */
    async start(runId: string, token: string, requestId: string, actor: string) {
      const apply = await store.getApply(runId)
      if (!apply || apply.status !== 'applied') throw new HttpError(409, UNDO_MESSAGES.notApplied)
      // A second click on this instance while the undo runs changes nothing.
      if (!(await active.take(runId))) return
      try {
        // Not undone yet, failed, or left pending by an undo whose instance stopped: carried on from there.
        const steps = await store.steps(runId)
        if (!steps.some((s) => s.state === 'done' && s.undo !== 'done' && s.undo !== 'kept')) throw new HttpError(409, UNDO_MESSAGES.nothing)
        if (!(await store.takeLease(lease(runId), instanceId, leaseMs))) throw new HttpError(409, UNDO_MESSAGES.busy)
        await store.beginUndo(runId, actor)
      } catch (error) {
        active.free(runId)
        if (!(error instanceof HttpError)) await store.releaseLease(lease(runId), instanceId).catch(() => {})
        throw error
      }
      const names = new Map((await store.results(runId)).map((r) => [r.candidateId, String(r.candidate.full_name ?? `#${r.candidateId}`)]))
      void job(runId, token, requestId, actor, names)
    },
    /** The undo's progress, counted from the store. */
    async view(runId: string) {
      const read = await store.getUndo(runId)
      if (!read) return null
      // An undo whose instance stopped (no one holds the run) says so, and can be carried on.
      const { record: undo, ownerless: stalled } = await ownerOf(read, {
        running: (u) => u.status === 'undoing',
        ownedHere: () => active.has(runId),
        leaseHeld: () => store.leaseHeld(lease(runId)),
        readAgain: () => store.getUndo(runId),
      })
      const steps = (await store.steps(runId)).filter((s) => s.undo !== null)
      return {
        status: stalled ? ('failed' as const) : undo.status,
        message: stalled ? UNDO_MESSAGES.interrupted : undo.message,
        total: steps.length,
        processed: steps.filter((s) => s.undo !== 'pending').length,
        restored: steps.filter((s) => s.undo === 'done').length,
        kept: steps.filter((s) => s.undo === 'kept').map((s) => s.undoMessage ?? ''),
        failed: steps.filter((s) => s.undo === 'failed').map((s) => s.undoMessage ?? ''),
      }
    },
    activeCount: () => active.size,
    async idle() {
      while (active.size > 0) await new Promise((r) => setTimeout(r, 20))
    },
  }
}
