import type { FastifyBaseLogger } from 'fastify'
import { reminderTooLate, type ReminderKind } from '@mini-vagas/shared/domain/interviews'
import type { Mailer, OutgoingMail } from '../../plugins/mailer.ts'
import type { Store } from '../../plugins/store.ts'
import { WhatsAppRefusal } from '../../plugins/whatsapp.ts'
import type { InterviewStore, StoredInterview } from './store.ts'

const LEASE = 'interview-reminders'

/**
 * How a reminder reaches its person: an e-mail, or a WhatsApp message through the Cloud API (its
 * `send` rejects with WhatsAppRefusal when Meta refuses it); null when the product has no way.
 */
export type ReminderRoute = { via: 'email'; mail: () => Promise<OutgoingMail> } | { via: 'whatsapp'; send: () => Promise<{ id: string }> }

/**
 * The reminders' scheduler (docs/decisions/interview-reminders.md): every instance looks every
 * `everyMs` for reminders that are due, and the one holding the store's lease sends them. Each is
 * marked taken in the store by a conditional update before the SMTP server may take it (the
 * mailer's `commit`), so a second instance, a lease that ran out, or a restart never sends one
 * twice; a restart loses none (the store keeps what is due, and the next look finds it).
 * A reminder whose interview is no longer confirmed or already started, that fell due too long ago
 * (an instance was down: "amanhã" on the day itself would mislead), or whose person asked not to be
 * contacted is skipped, never sent.
 */
export function createReminderScheduler({
  store,
  interviews,
  mailer,
  log,
  now,
  instanceId,
  everyMs,
  leaseMs,
  routeOf,
  optedOut,
  onSent,
}: {
  store: Pick<Store, 'takeLease' | 'releaseLease'>
  interviews: InterviewStore
  mailer: Mailer
  log: FastifyBaseLogger
  now: () => number
  instanceId: string
  everyMs: number
  /** How long a sender may go silent before another instance takes over (JOB_LEASE_SECONDS). */
  leaseMs: number
  /** How the reminder for an interview goes (the e-mail with its link and footer, or WhatsApp); null when it cannot. */
  routeOf: (interview: StoredInterview, kind: ReminderKind) => ReminderRoute | null
  optedOut: (interview: StoredInterview) => Promise<boolean>
  onSent: (interview: StoredInterview, kind: ReminderKind, via: ReminderRoute['via']) => Promise<void>
}) {
  let timer: ReturnType<typeof setInterval> | null = null
  let running: Promise<void> | null = null

  async function sendDue() {
    // Taken again before each reminder: a sender that died is replaced once it has been silent for
    // `leaseMs`. The lease only spares the work of two senders; the claim is what keeps one copy.
    const held = () => store.takeLease(LEASE, instanceId, leaseMs)
    if (!(await held())) return
    try {
      for (;;) {
        const due = await interviews.dueReminders(now(), 20)
        if (due.length === 0) return
        for (const reminder of due) {
          if (!(await held())) return
          const interview = await interviews.get(reminder.interviewId)
          const stale =
            !interview || interview.status !== 'confirmada' || interview.startsAt === null || interview.startsAt <= now() || reminderTooLate(reminder.kind, reminder.dueAt, now())
          const route = stale || !interview ? null : routeOf(interview, reminder.kind)
          if (!interview || !route || (await optedOut(interview))) {
            if (await interviews.claimReminder(reminder.interviewId, reminder.kind, route?.via ?? null))
              await interviews.reminderEnded(reminder.interviewId, reminder.kind, 'skipped')
            continue
          }
          if (route.via === 'whatsapp') {
            // Marked taken first, as for e-mail: a sender that dies before Meta's answer leaves it
            // taken ("sending"), never sent twice.
            if (!(await interviews.claimReminder(reminder.interviewId, reminder.kind, 'whatsapp'))) continue
            let sent: { id: string }
            try {
              sent = await route.send()
            } catch (error) {
              if (error instanceof WhatsAppRefusal) await interviews.reminderEnded(reminder.interviewId, reminder.kind, 'failed')
              log.warn({ err: { message: (error as Error).message }, interview: interview.id }, 'interview reminder: WhatsApp did not take it')
              continue
            }
            await interviews.reminderEnded(reminder.interviewId, reminder.kind, 'sent', sent.id)
            await onSent(interview, reminder.kind, 'whatsapp')
            continue
          }
          let claimed = false
          try {
            await mailer.send(await route.mail(), {
              commit: async () => {
                claimed = await interviews.claimReminder(reminder.interviewId, reminder.kind, 'email')
                // Another sender took it: this copy is abandoned before the server may take it.
                if (!claimed) throw new Error('taken by another sender')
              },
            })
          } catch (error) {
            if (claimed) {
              log.warn({ err: { message: (error as Error).message }, interview: interview.id }, 'interview reminder: the SMTP server did not confirm it')
              continue
            }
            // Refused for good (5xx: no such mailbox…): said, and not in the way of the others due.
            const code = (error as { responseCode?: number }).responseCode
            if (typeof code === 'number' && code >= 500) {
              if (await interviews.claimReminder(reminder.interviewId, reminder.kind, 'email')) await interviews.reminderEnded(reminder.interviewId, reminder.kind, 'failed')
              log.warn({ err: { message: (error as Error).message }, interview: interview.id }, 'interview reminder: the SMTP server refused it')
              continue
            }
            // Not taken (the server is down, or answered "try later"): still pending, tried on the next look.
            return
          }
          await interviews.reminderEnded(reminder.interviewId, reminder.kind, 'sent')
          await onSent(interview, reminder.kind, 'email')
        }
      }
    } finally {
      await store.releaseLease(LEASE, instanceId).catch(() => {})
    }
  }

  const scheduler = {
    /** One look now (the timer's, or a test's). */
    tick() {
      running ??= sendDue()
        .catch((error: unknown) => log.error({ err: { message: (error as Error).message } }, 'interview reminders failed'))
        .finally(() => (running = null))
      return running
    },
    start() {
      timer = setInterval(() => void scheduler.tick(), everyMs)
      timer.unref()
    },
    async stop() {
      if (timer) clearInterval(timer)
      await running
    },
  }
  return scheduler
}
