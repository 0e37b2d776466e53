import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { buildForwardPayload } from '@mini-vagas/shared/domain/candidate-payloads'
import { emailKey, looksLikeEmail, phoneKey, recordsOf } from '@mini-vagas/shared/domain/candidate-identity'
import { messagePurposeLabel, recordValues, renderMessage, whatsappNumber, type MessagePurpose, type MessageValues } from '@mini-vagas/shared/domain/messages'
import { candidateStatusLabel, normalizeCandidateStatus } from '@mini-vagas/shared/domain/candidate-status'
import { BULK_MESSAGES, bulkSummary, bulkUndoSummary, type BulkAction } from '@mini-vagas/shared/domain/pipeline'
import type { BulkJob } from '@mini-vagas/shared/schemas/pipeline'
import { HttpError } from '../../lib/http-error.ts'
import { createJobSlots } from '../../lib/job-slots.ts'
import { createRecordSnapshot, type RecordSnapshot } from '../../lib/record-snapshot.ts'
import { LegacyRefusal } from '../../legacy/errors.ts'
import { jobCalls, SessionEnded } from '../../legacy/job-calls.ts'
import { keepLease, ownerOf, type HeldLease } from '../../lib/job-lease.ts'
import type { Caller, LegacyGateway } from '../../legacy/gateway.ts'
import type { AuditTrail } from '../../plugins/audit.ts'
import type { Contact } from '../../plugins/contact.ts'
import type { Mailer } from '../../plugins/mailer.ts'
import { whatsappCallbackData, WhatsAppRefusal, type WhatsAppCloud, type WhatsAppLedger } from '../../plugins/whatsapp.ts'
import type { BulkStore, StoredBulkJob, StoredBulkStep } from './store.ts'

type Obj = Record<string, unknown>

/** What a bulk message job keeps: the template's words when it started, what the sender filled in, and how it goes. */
interface BulkMessage {
  purpose: MessagePurpose
  channel: 'email' | 'whatsapp_api'
  subject: string
  body: string
  values: MessageValues
}
const bulkMessageOf = (job: StoredBulkJob): BulkMessage => {
  const kept = JSON.parse(job.target) as Omit<BulkMessage, 'channel'> & { channel?: BulkMessage['channel'] }
  // Jobs from before WhatsApp went in bulk hold no channel: they were e-mail.
  return { ...kept, channel: kept.channel ?? 'email' }
}
const channelOf = (job: StoredBulkJob) => (job.action === 'message' ? bulkMessageOf(job).channel : null)

/** A bulk e-mail's step the store would not mark sent: why, so the message is abandoned. */
class NotClaimed extends Error {
  readonly claim: 'taken' | 'same-contact'
  constructor(claim: 'taken' | 'same-contact') {
    super(`not claimed: ${claim}`)
    this.claim = claim
  }
}

/** Writes in flight at once for a status change; a forward goes one at a time (two records of one person must not both pass its check). */
const STATUS_WORKERS = 4
const FAILURES_SHOWN = 50

/** Who started (or carries on) a job: the token lives only in memory, with the job. */
export interface BulkCaller {
  token: string
  requestId: string
  actor: string
  actorName: string
}

/** What a job is asked to do, already checked: its people and, for each, the vacancy whose list holds them. */
export interface BulkPlan {
  action: BulkAction
  vacancyId: number
  target: string
  targetLabel: string
  people: readonly { candidateId: number; vacancyId: number | null; name: string }[]
  /** The vacancy's records as the legacy answered them a moment ago (the request's own read), so the job does not read them again. */
  read?: { vacancyId: number; rows: Obj[] } | undefined
}

const same = (a: unknown, b: unknown) => normalizeCandidateStatus(a as string | null) === normalizeCandidateStatus(b as string | null)

/**
 * Bulk actions on a vacancy's candidates as background jobs (docs/product.md, Bulk actions;
 * docs/decisions/bulk-actions-are-leased-jobs.md): a status change or a forward for many people
 * at once, paced by the legacy's budget as background work (people using the product go first),
 * exactly once, resumable and — for status changes — undoable.
 *
 * Each person is a step in the store (pending → sending → done | skipped | failed). Records are
 * read a vacancy at a time (one call for thousands of people), so the budget goes to writes. A
 * step found 'sending' after a restart may have landed: the record is read again and a status
 * already there (or a person already in the target vacancy) is taken as landed, never sent again.
 * One owner per job across instances: a lease in the store, renewed while it runs.
 */
export function createBulkJobs({
  store,
  legacy,
  log,
  audit,
  now = Date.now,
  instanceId = randomUUID(),
  leaseMs = 30_000,
  contact,
  mail,
  whatsapp,
  deliveries,
}: {
  store: BulkStore
  legacy: (caller: Caller) => LegacyGateway
  log: FastifyBaseLogger
  audit: Pick<AuditTrail, 'around' | 'record'>
  now?: () => number
  instanceId?: string
  leaseMs?: number
  /** Who may be written to (a request not to be contacted), and the link to stop messages that ends an e-mail: what a bulk message needs on any channel. */
  contact?: Pick<Contact, 'optOut' | 'signOff'>
  /** What a bulk e-mail needs: the SMTP server's door and its pace. */
  mail?: { mailer: Mailer; perMinute: number }
  /** What a bulk message through the WhatsApp Business Cloud API needs (when the operator configured it). */
  whatsapp?: { cloud: WhatsAppCloud; perMinute: number } | undefined
  /** Where messages sent through the Cloud API stand (Meta's statuses), for a WhatsApp job's report. */
  deliveries?: WhatsAppLedger['deliveries']
}) {
  const active = createJobSlots()
  const lease = (id: string) => `bulk:${id}`
  const notices = new Map<string, string>()
  const snapshots = new Set<RecordSnapshot>()
  let stopping = false

  /** The job's legacy: its place in the token's budget, a 401 turned into SessionEnded, a pause said while it lasts. */
  function legacyOf(id: string, caller: BulkCaller, fresh?: BulkPlan['read']) {
    const gateway = legacy({ token: caller.token, requestId: caller.requestId, priority: 'job', onWait: (seconds) => notices.set(id, BULK_MESSAGES.waiting(seconds)) })
    const sent = jobCalls(gateway, () => notices.delete(id))
    const records = createRecordSnapshot({
      // A list the legacy refuses (not a 401) is read record by record instead.
      read: (vacancyId) => {
        if (fresh && fresh.vacancyId === vacancyId) {
          const { rows } = fresh
          fresh = undefined
          return Promise.resolve(rows)
        }
        return sent((g) => g.vacancies.candidates(vacancyId)).catch((error: unknown) => (error instanceof LegacyRefusal ? null : Promise.reject(error)))
      },
      // Read again every two minutes (lib/record-snapshot.ts), as the screening's apply does: a
      // vacancy's list is one call, but at 60 calls a minute each is a write not made.
      now,
    })
    return {
      sent,
      records,
      /** The record as the legacy holds it now (its vacancy's list, else alone). */
      async current(step: StoredBulkStep): Promise<Obj> {
        return (await records.get(step.vacancyId, step.candidateId)) ?? (await sent((g) => g.candidates.get(step.candidateId))).record ?? {}
      },
    }
  }

  /** Runs `perform` over the steps not settled yet, `workers` at once, until done or told to stop. */
  async function runSteps(steps: StoredBulkStep[], workers: number, perform: (step: StoredBulkStep) => Promise<void>, held: HeldLease['state']) {
    let next = 0
    let sessionEnded = false
    let broken: unknown = null
    const worker = async () => {
      while (next < steps.length && !stopping && !sessionEnded && broken === null && !held.lost && held.broken === null) {
        const step = steps[next++]!
        try {
          await perform(step)
        } catch (error) {
          if (error instanceof SessionEnded) sessionEnded = true
          else broken = error
        }
      }
    }
    await Promise.all(Array.from({ length: workers }, worker))
    if (broken !== null) throw broken
    return { sessionEnded }
  }

  /** Why one call did not go through, in words a recruiter can act on. */
  const reasonOf = (error: unknown) => (error instanceof LegacyRefusal ? error.reason : error instanceof HttpError ? error.message : 'erro inesperado')

  /** The job's steps: each person's write, checked against the legacy first. */
  function performer(job: StoredBulkJob, caller: BulkCaller, known: ReturnType<typeof legacyOf>) {
    const who = { actor: caller.actor, actorName: caller.actorName }
    /** One write of a step, its audit line written first; false when it did not go through (the step says why). */
    async function write(step: StoredBulkStep, send: () => Promise<unknown>, event: { action: string; detail: Obj }): Promise<boolean> {
      try {
        await audit.around({ ...who, action: event.action, subject: `candidato:${step.candidateId}`, detail: { ...event.detail, job: job.id } }, send)
        return true
      } catch (error) {
        if (error instanceof SessionEnded) throw error
        // The legacy answered and refused: nothing was written.
        if (error instanceof LegacyRefusal) await store.setStep(job.id, step.candidateId, 'failed', { message: BULK_MESSAGES.failed(step.name, reasonOf(error)) })
        // No answer (a timeout, a cut; the audit trail's around says so as a 502/504): it may have landed.
        else if (error instanceof HttpError) await store.setStep(job.id, step.candidateId, 'sending', { message: BULK_MESSAGES.unconfirmed(step.name) })
        else throw error
        return false
      }
    }

    if (job.action === 'status') {
      const target = normalizeCandidateStatus(job.target)
      return async (step: StoredBulkStep) => {
        const record = await known.current(step)
        if (same(record.status, target)) {
          // Left 'sending' by an earlier run: that write landed. Otherwise the person was already there.
          if (step.state === 'sending') return void (await store.setStep(job.id, step.candidateId, 'done'))
          return void (await store.setStep(job.id, step.candidateId, 'skipped', { message: BULK_MESSAGES.already(step.name, candidateStatusLabel(target)) }))
        }
        // What the write replaces, kept first (an undo restores it); the step may have landed from here on.
        // Kept as the legacy held it ('pendente' stays 'pendente'), so an undo puts back exactly that.
        const prevStatus = step.state === 'sending' && step.prevStatus !== null ? step.prevStatus : String(record.status ?? '')
        await store.setStep(job.id, step.candidateId, 'sending', { prevStatus })
        if (
          await write(step, () => known.sent((g) => g.candidates.setStatus(step.candidateId, target)), {
            action: 'status_alterado',
            detail: { from: prevStatus, to: target, via: 'em-massa' },
          })
        )
          await store.setStep(job.id, step.candidateId, 'done')
      }
    }

    if (job.action === 'message') return messenger(job, who, known)

    const vacancyId = Number(job.target)
    let rows: Promise<Obj[]> | null = null
    const inTarget = () => (rows ??= known.sent((g) => g.vacancies.candidates(vacancyId)))
    return async (step: StoredBulkStep) => {
      const record = await known.current(step)
      const there = await inTarget()
      if (recordsOf(record, there).length > 0) {
        if (step.state === 'sending') return void (await store.setStep(job.id, step.candidateId, 'done'))
        return void (await store.setStep(job.id, step.candidateId, 'skipped', { message: BULK_MESSAGES.alreadyThere(step.name) }))
      }
      await store.setStep(job.id, step.candidateId, 'sending')
      if (
        await write(step, () => known.sent((g) => g.candidates.create(buildForwardPayload(record, vacancyId))), {
          action: 'candidato_enviado',
          detail: { vacancyId, via: 'em-massa' },
        })
      ) {
        // In the target now, for the checks that follow (the same person twice in a selection).
        there.push({ email: record.email, whatsapp: record.whatsapp })
        await store.setStep(job.id, step.candidateId, 'done')
      }
    }
  }

  /**
   * A bulk e-mail's steps: each person's message from the template the job kept, paced, skipped
   * for whoever asked not to be contacted (checked at the send) or has no e-mail. Exactly once:
   * the SMTP server takes a message only after the step is marked sent in the store
   * (`claimSent`, the mailer's `commit`), so a crash before leaves it a cut message it discards and
   * the step to do, a crash after leaves the step done, and of two runs of the job only one marks it.
   */
  function messenger(job: StoredBulkJob, who: { actor: string; actorName: string }, known: ReturnType<typeof legacyOf>) {
    const message = bulkMessageOf(job)
    if (!contact) throw new Error('a bulk message without who may be written to')
    if (message.channel === 'whatsapp_api') return whatsappMessenger(job, who, known, message, contact)
    if (!mail) throw new Error('bulk e-mail without a mailer')
    const { mailer, perMinute } = mail
    const paced = pace(perMinute)
    const said = (step: StoredBulkStep, state: string) =>
      audit.record({ ...who, action: 'mensagem_enviada', subject: `candidato:${step.candidateId}`, detail: { channel: 'email', purpose: message.purpose, state, job: job.id } })
    return async (step: StoredBulkStep) => {
      const record = await known.current(step)
      const email = String(record.email ?? '').trim()
      if (!looksLikeEmail(email)) return void (await store.setStep(job.id, step.candidateId, 'skipped', { message: BULK_MESSAGES.noEmail(step.name) }))
      if (await contact.optOut(record)) return void (await store.setStep(job.id, step.candidateId, 'skipped', { message: BULK_MESSAGES.optedOut(step.name) }))
      await paced()
      const { subject, text } = renderMessage(message, { ...recordValues(record), ...message.values })
      const end = await contact.signOff(email)
      let committed = false
      try {
        await mailer.send(
          { to: email, subject, text: text + end.text, headers: end.headers, messageId: `<${job.id}.${step.candidateId}@mini-vagas>` },
          {
            commit: async () => {
              const claim = await store.claimSent(job.id, step.candidateId, emailKey(email))
              if (claim !== 'claimed') throw new NotClaimed(claim)
              committed = true
            },
          },
        )
        await store.confirmSent(job.id, step.candidateId)
        await said(step, 'enviada')
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode
        // The server answered and refused: nothing was delivered, the step may be tried again.
        if (typeof code === 'number' && code >= 400) {
          await store.setStep(job.id, step.candidateId, 'failed', { message: BULK_MESSAGES.mailRefused(step.name, (error as Error).message.slice(0, 200)) })
          return void (await said(step, 'falhou'))
        }
        // Marked sent, then no answer (a cut, a timeout): it may have been delivered, and is never sent again.
        if (committed) return void (await said(step, 'enviada'))
        // Not marked: the server discards a message without its end; another run sent it, or the
        // same address already got it through another of this person's records.
        if (error instanceof NotClaimed) {
          if (error.claim === 'same-contact') await store.setStep(job.id, step.candidateId, 'skipped', { message: BULK_MESSAGES.sameContact(step.name) })
          return
        }
        await store.setStep(job.id, step.candidateId, 'failed', { message: BULK_MESSAGES.mailRefused(step.name, (error as Error).message.slice(0, 200)) })
      }
    }
  }

  /**
   * A bulk message through the WhatsApp Business Cloud API: each person's Meta-approved template
   * for the purpose, filled from their record and what the sender typed; paced, skipped for
   * whoever asked not to be contacted or has no number. At most once, as for e-mail: the step is
   * marked sent (`claimSent`, by number) before the message leaves, so of two runs only one sends
   * it, and a run that dies in between leaves it marked, never sent again; the message carries
   * its person and purpose (Meta's callback data), so its delivery reaches the timeline even when
   * the run died before hearing its id.
   */
  function whatsappMessenger(
    job: StoredBulkJob,
    who: { actor: string; actorName: string },
    known: ReturnType<typeof legacyOf>,
    message: BulkMessage,
    contact: Pick<Contact, 'optOut'>,
  ) {
    if (!whatsapp) throw new Error('bulk WhatsApp without the Cloud API')
    const { cloud } = whatsapp
    const paced = pace(whatsapp.perMinute)
    const said = (step: StoredBulkStep, state: string) =>
      audit.record({
        ...who,
        action: 'mensagem_enviada',
        subject: `candidato:${step.candidateId}`,
        detail: { channel: 'whatsapp_api', purpose: message.purpose, state, job: job.id },
      })
    return async (step: StoredBulkStep) => {
      const record = await known.current(step)
      const number = whatsappNumber(record.whatsapp)
      if (!number) return void (await store.setStep(job.id, step.candidateId, 'skipped', { message: BULK_MESSAGES.noPhone(step.name) }))
      if (await contact.optOut(record)) return void (await store.setStep(job.id, step.candidateId, 'skipped', { message: BULK_MESSAGES.optedOut(step.name) }))
      const approved = cloud.templateFor(message.purpose, { ...recordValues(record), ...message.values })
      if (!approved) return void (await store.setStep(job.id, step.candidateId, 'failed', { message: BULK_MESSAGES.noWhatsAppTemplate(messagePurposeLabel(message.purpose)) }))
      await paced()
      const claim = await store.claimSent(job.id, step.candidateId, `phone:${phoneKey(record.whatsapp)}`)
      if (claim === 'same-contact') return void (await store.setStep(job.id, step.candidateId, 'skipped', { message: BULK_MESSAGES.sameNumber(step.name) }))
      if (claim === 'taken') return
      try {
        await cloud.sendTemplate(number, approved.template, approved.params, { callbackData: whatsappCallbackData(step.candidateId, message.purpose) })
      } catch (error) {
        // Meta answered and refused: nothing left, the step may be tried again.
        if (error instanceof WhatsAppRefusal) {
          await store.setStep(job.id, step.candidateId, 'failed', { message: BULK_MESSAGES.whatsappRefused(step.name, error.message.slice(0, 200)) })
          return void (await said(step, 'falhou'))
        }
        // No answer (a timeout, a cut): it may have left; marked sent, never sent again.
        log.warn({ err: { message: (error as Error).message }, job: job.id }, 'a bulk WhatsApp message was not confirmed')
        return void (await said(step, 'enviada'))
      }
      await store.confirmSent(job.id, step.candidateId)
      await said(step, 'enviada')
    }
  }

  /** A WhatsApp job's messages by Meta's statuses, the undelivered named. */
  async function deliveryOf(job: StoredBulkJob): Promise<BulkJob['delivery']> {
    if (!deliveries) return null
    const sent = await store.doneSteps(job.id)
    const d = await deliveries(bulkMessageOf(job).purpose, job.createdAt, new Set(sent.keys()))
    return {
      sent: d.sent,
      delivered: d.delivered,
      read: d.read,
      failed: d.failed.length,
      failures: d.failed
        .slice(0, FAILURES_SHOWN)
        .map((f) => ({ candidateId: f.candidateId, message: BULK_MESSAGES.notDelivered(sent.get(f.candidateId) ?? `#${f.candidateId}`, f.error) })),
    }
  }

  /** A wait before each message so that a job keeps to `perMinute`. */
  function pace(perMinute: number) {
    const gapMs = 60_000 / perMinute
    let nextAt = 0
    return async () => {
      const wait = nextAt - now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      nextAt = Math.max(now(), nextAt) + gapMs
    }
  }

  async function counted(id: string) {
    const counts = await store.counts(id)
    const sum = (match: (c: (typeof counts)[number]) => boolean) => counts.filter(match).reduce((n, c) => n + c.n, 0)
    return {
      total: sum(() => true),
      done: sum((c) => c.state === 'done'),
      skipped: sum((c) => c.state === 'skipped'),
      failed: sum((c) => c.state === 'failed' || c.state === 'sending'),
      pending: sum((c) => c.state === 'pending'),
      undoTotal: sum((c) => c.undo !== null),
      undoPending: sum((c) => c.undo === 'pending'),
      restored: sum((c) => c.undo === 'done'),
      kept: sum((c) => c.undo === 'kept'),
      undoFailed: sum((c) => c.undo === 'failed'),
    }
  }

  /** Holds the job's lease around `work`; every store call inside, and its end, never throw out of the job. */
  async function leased(id: string, work: (held: HeldLease['state']) => Promise<void>, onBroken: (error: unknown) => Promise<unknown>) {
    const held = keepLease(store.takeLease, lease(id), instanceId, leaseMs)
    try {
      await work(held.state)
    } catch (error) {
      log.warn({ err: { message: (error as Error).message }, job: id }, 'a bulk action failed')
      await onBroken(error).catch(() => {})
    } finally {
      active.ending(id)
      held.stop()
      notices.delete(id)
      await store.releaseLease(lease(id), instanceId).catch(() => {})
      active.free(id)
    }
  }

  async function run(job: StoredBulkJob, caller: BulkCaller, fresh?: BulkPlan['read']) {
    const known = legacyOf(job.id, caller, fresh)
    snapshots.add(known.records)
    await leased(
      job.id,
      async (held) => {
        // E-mails an earlier run marked sent without hearing the server take them: said, never sent again.
        if (job.action === 'message')
          await store.markUnconfirmed(job.id, bulkMessageOf(job).channel === 'whatsapp_api' ? BULK_MESSAGES.whatsappUnconfirmed : BULK_MESSAGES.mailUnconfirmed)
        const todo = (await store.steps(job.id)).filter((s) => s.state === 'pending' || s.state === 'sending' || s.state === 'failed')
        // A vacancy's people together: its list is read once for all of them.
        todo.sort((a, b) => (a.vacancyId ?? 0) - (b.vacancyId ?? 0))
        const { sessionEnded } = await runSteps(todo, job.action === 'status' ? STATUS_WORKERS : 1, performer(job, caller, known), held)
        // Another instance may own the job now (or the store would not renew the lease): its last word is not ours to write.
        if (held.lost || held.broken !== null) return
        const c = await counted(job.id)
        if (sessionEnded) await store.finish(job.id, 'interrupted', BULK_MESSAGES.sessionEnded)
        else if (stopping) await store.finish(job.id, 'interrupted', BULK_MESSAGES.interrupted(c.done + c.skipped, c.total))
        else await store.finish(job.id, 'done', bulkSummary(job.action, job.targetLabel, c, channelOf(job) ?? 'email'))
      },
      () => store.finish(job.id, 'failed', BULK_MESSAGES.failedStore),
    )
    snapshots.delete(known.records)
  }

  async function undoJob(job: StoredBulkJob, caller: BulkCaller) {
    const known = legacyOf(job.id, caller)
    snapshots.add(known.records)
    await leased(
      job.id,
      async (held) => {
        const todo = (await store.steps(job.id)).filter((s) => s.undo === 'pending')
        todo.sort((a, b) => (a.vacancyId ?? 0) - (b.vacancyId ?? 0))
        const target = normalizeCandidateStatus(job.target)
        const { sessionEnded } = await runSteps(
          todo,
          STATUS_WORKERS,
          async (step) => {
            const record = await known.current(step)
            const prev = step.prevStatus ?? ''
            // Already back (an earlier undo landed before a restart): nothing to send.
            if (same(record.status, prev)) return void (await store.setUndo(job.id, step.candidateId, 'done'))
            // Someone moved the person since: their choice stays.
            if (!same(record.status, target)) return void (await store.setUndo(job.id, step.candidateId, 'kept', BULK_MESSAGES.changedSince(step.name)))
            try {
              await audit.around(
                {
                  actor: caller.actor,
                  actorName: caller.actorName,
                  action: 'status_alterado',
                  subject: `candidato:${step.candidateId}`,
                  detail: { from: target, to: prev, via: 'desfazer', job: job.id },
                },
                () => known.sent((g) => g.candidates.setStatus(step.candidateId, prev)),
              )
              await store.setUndo(job.id, step.candidateId, 'done')
            } catch (error) {
              if (error instanceof SessionEnded) throw error
              if (!(error instanceof LegacyRefusal || error instanceof HttpError)) throw error
              // Left to do: a later "Desfazer" checks the record first, so nothing lands twice.
              await store.setUndo(job.id, step.candidateId, 'failed', BULK_MESSAGES.failed(step.name, reasonOf(error)))
            }
          },
          held,
        )
        // Another instance may own the job now (or the store would not renew the lease): its last word is not ours to write.
        if (held.lost || held.broken !== null) return
        const c = await counted(job.id)
        if (sessionEnded || stopping)
          await store.finishUndo(job.id, 'failed', sessionEnded ? BULK_MESSAGES.sessionEnded : BULK_MESSAGES.interrupted(c.restored + c.kept, c.undoTotal))
        else await store.finishUndo(job.id, 'done', bulkUndoSummary({ restored: c.restored, kept: c.kept, failed: c.undoFailed }))
      },
      () => store.finishUndo(job.id, 'failed', BULK_MESSAGES.failedStore),
    )
    snapshots.delete(known.records)
  }

  /** Takes the job for this instance (its slot, then its lease); refusals as HttpErrors. */
  async function take(id: string, busy: string) {
    if (!(await active.take(id))) throw new HttpError(409, busy)
    try {
      if (!(await store.takeLease(lease(id), instanceId, leaseMs))) throw new HttpError(409, busy)
    } catch (error) {
      active.free(id)
      throw error
    }
  }

  return {
    /** Records the job and starts it; answers its id at once (the work goes on in the background). */
    async start(plan: BulkPlan, caller: BulkCaller): Promise<string> {
      const id = randomUUID()
      await take(id, BULK_MESSAGES.running)
      try {
        await store.create(
          {
            id,
            action: plan.action,
            vacancyId: plan.vacancyId,
            target: plan.target,
            targetLabel: plan.targetLabel,
            actor: caller.actor,
            actorName: caller.actorName,
            createdAt: new Date(now()).toISOString(),
          },
          plan.people,
        )
        await audit.record({
          actor: caller.actor,
          actorName: caller.actorName,
          action: 'acao_em_massa',
          subject: `vaga:${plan.vacancyId}`,
          detail: { job: id, action: plan.action, target: plan.target, count: plan.people.length },
        })
      } catch (error) {
        active.free(id)
        await store.releaseLease(lease(id), instanceId).catch(() => {})
        throw error
      }
      const job = (await store.job(id))!
      void run(job, caller, plan.read)
      return id
    },
    /** Carries an interrupted (or failed) job on from where it stopped. */
    async resume(id: string, caller: BulkCaller) {
      const read = await store.job(id)
      if (!read) throw new HttpError(404, BULK_MESSAGES.notFound)
      const { record: job, ownerless: stalled } = await ownerOf(read, {
        running: (j) => j.status === 'running',
        ownedHere: () => active.has(id),
        leaseHeld: () => store.leaseHeld(lease(id)),
        readAgain: () => store.job(id),
      })
      if (job.status !== 'interrupted' && job.status !== 'failed' && !stalled)
        throw new HttpError(409, job.status === 'running' ? BULK_MESSAGES.running : BULK_MESSAGES.notResumable)
      await take(id, BULK_MESSAGES.running)
      try {
        await store.resume(id)
      } catch (error) {
        active.free(id)
        await store.releaseLease(lease(id), instanceId).catch(() => {})
        throw error
      }
      void run({ ...job, status: 'running' }, caller)
    },
    /** Puts back, where nobody changed them since, the statuses a finished status change wrote. */
    async undo(id: string, caller: BulkCaller) {
      const job = await store.job(id)
      if (!job) throw new HttpError(404, BULK_MESSAGES.notFound)
      if (job.action !== 'status') throw new HttpError(409, job.action === 'message' ? BULK_MESSAGES.messagesKept : BULK_MESSAGES.forwardKept)
      if (job.status !== 'done') throw new HttpError(409, BULK_MESSAGES.notUndoable)
      await take(id, BULK_MESSAGES.undoBusy)
      try {
        if ((await store.beginUndo(id)) === 0 && !(await store.steps(id)).some((s) => s.undo === 'pending')) {
          await store.finishUndo(id, job.undoStatus === 'done' ? 'done' : 'failed', job.undoMessage)
          throw new HttpError(409, BULK_MESSAGES.nothingToUndo)
        }
      } catch (error) {
        active.free(id)
        await store.releaseLease(lease(id), instanceId).catch(() => {})
        throw error
      }
      void undoJob(job, caller)
    },
    /** Where a job stands, counted from the store; null when there is none. */
    async view(id: string): Promise<BulkJob | null> {
      const job = await store.job(id)
      if (!job) return null
      return this.viewOf(job)
    },
    async viewOf(read: StoredBulkJob): Promise<BulkJob> {
      // Running (or undoing) with nobody holding it (its instance died): said as interrupted, to be carried on.
      const { record: job, ownerless } = await ownerOf(read, {
        running: (j) => j.status === 'running' || j.undoStatus === 'running',
        ownedHere: () => active.has(read.id),
        leaseHeld: () => store.leaseHeld(lease(read.id)),
        readAgain: () => store.job(read.id),
      })
      const c = await counted(job.id)
      const status = ownerless && job.status === 'running' ? 'interrupted' : job.status
      const undoStatus = ownerless && job.undoStatus === 'running' ? 'failed' : job.undoStatus
      return {
        id: job.id,
        action: job.action,
        vacancyId: job.vacancyId,
        target: job.targetLabel,
        channel: channelOf(job),
        by: job.actorName || job.actor,
        createdAt: job.createdAt,
        status,
        message: status === 'interrupted' && job.status === 'running' ? BULK_MESSAGES.interrupted(c.done + c.skipped, c.total) : job.message,
        notice: notices.get(job.id) ?? null,
        total: c.total,
        processed: c.total - c.pending,
        done: c.done,
        skipped: c.skipped,
        failed: c.failed,
        failures: status === 'running' ? [] : await store.failures(job.id, FAILURES_SHOWN),
        // Once the send ends (Meta's statuses mostly come after; the panel keeps asking while open).
        delivery: channelOf(job) === 'whatsapp_api' && status !== 'running' ? await deliveryOf(job) : null,
        undoable: job.action === 'status' && status === 'done' && c.done > c.restored + c.kept && undoStatus !== 'running',
        undo: undoStatus
          ? {
              status: undoStatus,
              message: undoStatus === 'failed' && job.undoStatus === 'running' ? BULK_MESSAGES.interrupted(c.restored + c.kept, c.undoTotal) : job.undoMessage,
              total: c.undoTotal,
              processed: c.undoTotal - c.undoPending,
              restored: c.restored,
              kept: c.kept,
            }
          : null,
      }
    },
    /** A record this BFF just wrote (someone's click, another job): running jobs see it. */
    heard(record: Obj) {
      for (const snapshot of snapshots) snapshot.heard(record)
    },
    activeCount: () => active.size,
    /** At start: jobs left running by a stopped instance, and no one holding them, say so. */
    async interruptUnfinished() {
      for (const listed of await store.unfinished()) {
        const { record: job, ownerless } = await ownerOf(listed, {
          running: (j) => j.status === 'running' || j.undoStatus === 'running',
          ownedHere: () => active.has(listed.id),
          leaseHeld: () => store.leaseHeld(lease(listed.id)),
          readAgain: () => store.job(listed.id),
        })
        if (!ownerless) continue
        const c = await counted(job.id)
        if (job.status === 'running') await store.finish(job.id, 'interrupted', BULK_MESSAGES.interrupted(c.done + c.skipped, c.total))
        if (job.undoStatus === 'running') await store.finishUndo(job.id, 'failed', BULK_MESSAGES.interrupted(c.restored + c.kept, c.undoTotal))
      }
    },
    /** Graceful shutdown: no new step starts; those in flight get `graceMs`; leases are given up so another instance may carry on. */
    async stop(graceMs = 5000) {
      stopping = true
      const deadline = Date.now() + graceMs
      while (active.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    },
    async idle() {
      while (active.size > 0) await new Promise((r) => setTimeout(r, 20))
    },
  }
}
export type BulkJobs = ReturnType<typeof createBulkJobs>
