import { buildForwardPayload } from '@mini-vagas/shared/domain/candidate-payloads'
import { recordsOf } from '@mini-vagas/shared/domain/candidate-identity'
import { candidateStatusLabel, screeningMayChange } from '@mini-vagas/shared/domain/candidate-status'
import { APPLY_MESSAGES, applyMarker, markedCandidates, mergedObservation, screeningNote } from '@mini-vagas/shared/domain/screening-apply'
import type { ListedCandidate } from '@mini-vagas/shared/schemas/candidates'
import { UpstreamError } from '../../legacy/client.ts'
import { LegacyRefusal } from '../../legacy/errors.ts'
import { jobCalls, SessionEnded } from '../../legacy/job-calls.ts'
import type { LegacyGateway } from '../../legacy/gateway.ts'
import type { AuditTrail } from '../../plugins/audit.ts'
import { createRecordSnapshot } from '../../lib/record-snapshot.ts'
import type { ScreeningStore, StoredResult, StoredRun, StoredStep } from './store.ts'

type Obj = Record<string, unknown>
type CandidateNow = Partial<ListedCandidate>

/** What one refused call means for a person's step, in words a recruiter can act on. */
const refused = (name: string, refusal: LegacyRefusal) => (refusal.kind === 'busy' ? APPLY_MESSAGES.afterRetry(name) : APPLY_MESSAGES.failed(name, refusal.reason))

/**
 * What an apply knows of the legacy, and its one way of calling it: each call through the job's
 * gateway (a job's place in the token's budget), a 401 turned into SessionEnded, a waiting notice
 * cleared by any answer. Records come a vacancy at a time (lib/record-snapshot.ts); the screened vacancy's own
 * list is read once, for the forwards' checks.
 */
export function createApplyLegacy({
  gateway,
  runId,
  vacancyId,
  now,
  onAnswer,
}: {
  gateway: LegacyGateway
  runId: string
  vacancyId: number
  now: () => number
  onAnswer: () => void
}) {
  const sent = jobCalls(gateway, onAnswer)
  // Kept as the read itself, so workers asking while it is on its way wait for it. People this job sends are added as they land.
  let vacancyRows: Promise<Obj[]> | null = null
  const rowsOfVacancy = () => (vacancyRows ??= sent((legacy) => legacy.vacancies.candidates(vacancyId)))
  const records = createRecordSnapshot({
    read: (id) =>
      sent((legacy) => legacy.vacancies.candidates(id)).catch((error: unknown) => {
        // Refused (not a 401): each record is then read alone.
        if (error instanceof LegacyRefusal) return null
        throw error
      }),
    now,
  })
  return {
    sent,
    records,
    /** Who is in the screened vacancy now (for the forwards' checks). */
    rowsOfVacancy,
    /** The record this run already forwarded for `candidateId` (its marker in the vacancy), if any. */
    async forwarded(candidateId: number): Promise<number | null> {
      const row = (await rowsOfVacancy()).find((r) => markedCandidates(r.obs, runId).includes(candidateId))
      return row ? Number(row.id) : null
    },
    /**
     * The record as the legacy holds it: from its vacancy's list (one read for many steps), else —
     * a record its vacancy no longer lists, or a list that could not be read — read alone.
     */
    async current(result: StoredResult, candidateId: number): Promise<CandidateNow> {
      const known = await records.get(Number(result.candidate.job_posting_id) || null, candidateId)
      if (known) return known as CandidateNow
      return (await sent((legacy) => legacy.candidates.get(candidateId))).record ?? {}
    },
  }
}
export type ApplyLegacy = ReturnType<typeof createApplyLegacy>

/**
 * One step of an apply — a status to write on a record, or a person to forward into the screened
 * vacancy — in named stages: what the step will write (`noteOf`), whether it already landed or must
 * not be sent (`landedOrKept`), and its one write (`writeOnce`), with what it replaces kept first.
 * A step's state in the store says where it stands at every moment, so a crash never sends it twice.
 */
export function createStepPerformer({
  runId,
  run,
  date,
  actor,
  store,
  audit,
  legacy,
}: {
  runId: string
  run: StoredRun
  date: string
  actor: string
  store: ScreeningStore
  audit: Pick<AuditTrail, 'record'>
  legacy: ApplyLegacy
}) {
  const vacancy = run.vacancy as Obj & { id: number }
  // One forward decided at a time: two records of one person (a global run may hold both) never both pass the check.
  let forwardTurn: Promise<unknown> = Promise.resolve()
  async function inTurn<T>(decide: () => Promise<T>): Promise<T> {
    let release: () => void = () => {}
    const turn = forwardTurn
    forwardTurn = new Promise<void>((r) => (release = r))
    await turn
    try {
      return await decide()
    } finally {
      release()
    }
  }

  /** The verdict to write and the note that explains it (with the run's marker, its proof of landing). */
  function noteOf(step: StoredStep, result: StoredResult) {
    const outcome = (result.review?.decision ?? result.outcome) as 'triado' | 'revisao'
    const note = screeningNote({
      runId,
      candidateId: step.candidateId,
      outcome: step.kind === 'forward' ? 'triado' : outcome,
      explanation: result.review ? `Revisado por ${result.review.by}: ${result.review.reason}. Indicação da triagem: ${result.explanation ?? ''}` : (result.explanation ?? ''),
      vacancy,
      provider: run.provider,
      date,
      evidence: result.evidence,
    })
    return { outcome, note, marker: applyMarker(runId, step.candidateId) }
  }

  return async function perform(step: StoredStep, result: StoredResult) {
    const name = String(result.candidate.full_name ?? `#${step.candidateId}`)
    const { outcome, note, marker } = noteOf(step, result)
    // Whether a write of this step may have reached the legacy unseen: true for a step left
    // 'sending' by an earlier job until the legacy shows it did not land, and while our own
    // write is in flight. Such a step is never marked 'failed' (a failed step is sent again
    // without that check); it stays 'sending', with the reason.
    let uncertain = step.state === 'sending'
    const fail = (message: string) => store.setStep(runId, step, uncertain ? 'sending' : 'failed', { message })

    /** The step's one write, with what it replaces kept first; true when the legacy took it. */
    async function writeOnce(record: CandidateNow): Promise<boolean> {
      uncertain = true
      const obs = mergedObservation(record.obs, note, marker)
      // What this write replaces, kept before it is sent: an undo restores it where nobody changed the record since.
      if (step.kind === 'status') await store.recordWrite(runId, step.candidateId, { prevStatus: record.status ?? null, prevObs: record.obs ?? null, status: outcome, obs })
      await store.setStep(runId, step, 'sending')
      let legacyId: number | null = null
      try {
        if (step.kind === 'status') await legacy.sent((gateway) => gateway.candidates.setStatus(step.candidateId, outcome, obs))
        else legacyId = Number((await legacy.sent((gateway) => gateway.candidates.create(buildForwardPayload(record, vacancy.id, { status: 'triado', obs: note }))))?.id) || null
      } catch (error) {
        if (!(error instanceof LegacyRefusal)) throw error
        // The legacy answered and refused it: nothing was written, so a later apply may send it again.
        uncertain = false
        await fail(refused(name, error))
        return false
      }
      // Every write the BFF made, in the audit trail, before the step is marked done.
      await audit.record(
        step.kind === 'status'
          ? { actor, action: 'status_alterado', subject: `candidato:${step.candidateId}`, detail: { from: record.status ?? '', to: outcome, via: 'triagem', runId } }
          : { actor, action: 'candidato_enviado', subject: `candidato:${step.candidateId}`, detail: { vacancyId: vacancy.id, newRecord: legacyId, status: 'triado', runId } },
      )
      await store.setStep(runId, step, 'done', { legacyId })
      return true
    }

    /** A forward: done when this run's marker is in the vacancy; skipped when the person is already there; else sent. */
    async function forward() {
      const id = await legacy.forwarded(step.candidateId)
      if (id !== null) return store.setStep(runId, step, 'done', { legacyId: id })
      const record = await legacy.current(result, step.candidateId)
      return inTurn(async () => {
        const rows = await legacy.rowsOfVacancy()
        if (recordsOf(record, rows).length > 0) return store.setStep(runId, step, 'skipped', { message: APPLY_MESSAGES.alreadyThere(name) })
        // Sent, the person is in the vacancy for the checks that follow.
        if (await writeOnce(record)) rows.push({ email: record.email, whatsapp: record.whatsapp })
      })
    }

    /** A status: done when the record carries this run's marker; kept when a person moved it past triage; else written. */
    async function status() {
      const record = await legacy.current(result, step.candidateId)
      // The marker travels in the same write as the status: present, that write landed (before a restart, say), whatever a person has set since.
      if (markedCandidates(record.obs, runId).includes(step.candidateId)) return store.setStep(runId, step, 'done')
      // Never backwards: someone a person moved past triage keeps that status.
      if (!screeningMayChange(record.status ?? null))
        return store.setStep(runId, step, 'skipped', { message: APPLY_MESSAGES.kept(name, candidateStatusLabel(record.status ?? null)) })
      await writeOnce(record)
    }

    try {
      await (step.kind === 'forward' ? forward() : status())
    } catch (error) {
      if (error instanceof SessionEnded) {
        // A 401 is an answer: nothing of this step was written.
        await store.setStep(runId, step, uncertain && step.state === 'sending' ? 'sending' : 'pending')
        throw error
      }
      if (error instanceof LegacyRefusal) return await fail(refused(name, error))
      const reason = error instanceof UpstreamError ? (error.kind === 'timeout' ? 'o sistema não respondeu a tempo' : 'o sistema está fora do ar') : 'erro inesperado'
      await fail(APPLY_MESSAGES.failed(name, reason))
    }
  }
}
