import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { remindersFor } from '@mini-vagas/shared/domain/interviews'
import type { Mailer, OutgoingMail } from '../../plugins/mailer.ts'
import { createSqliteStore } from '../../plugins/store.ts'
import { createReminderScheduler } from './reminders.ts'
import { createInterviewStore, INTERVIEW_MIGRATIONS } from './store.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * The reminders' sweep against a real store, with an SMTP server that refuses one mailbox for good
 * (550) and a candidate who has no e-mail: neither may hold back the reminders due after them.
 */
async function bed() {
  const store = await createSqliteStore(':memory:')
  await store.migrate('interviews', INTERVIEW_MIGRATIONS)
  let clock = Date.parse('2026-12-01T12:00:00Z')
  const interviews = createInterviewStore(store, () => clock)
  const delivered: string[] = []
  const mailer: Mailer = {
    configured: true,
    async send(mail, options) {
      if (mail.to === 'nao.existe@example.com') throw Object.assign(new Error('550 5.1.1 mailbox unavailable'), { responseCode: 550 })
      await options?.commit?.()
      delivered.push(mail.to)
      return { messageId: '<x@y>' }
    },
    close() {},
  }
  /** A confirmed interview tomorrow at noon for `email` (or none). */
  async function confirmed(email: string) {
    const startsAt = clock + DAY + HOUR
    const i = await interviews.create(
      {
        candidateId: 1,
        vacancyId: 1,
        companyCnpj: '',
        candidateName: 'Pessoa',
        email,
        phone: '',
        vacancy: 'Vaga',
        company: 'Empresa',
        mode: 'presencial',
        place: 'Rua A',
        interviewer: 'Ana',
        durationMinutes: 30,
        channel: 'email',
        createdBy: 'ana',
        createdByName: 'Ana',
      },
      [startsAt],
    )
    await interviews.move(i.id, ['proposta'], 'confirmada', { startsAt, reminders: remindersFor(startsAt, clock) })
    return i.id
  }
  const scheduler = createReminderScheduler({
    store,
    interviews,
    mailer,
    log: pino({ level: 'silent' }),
    now: () => clock,
    instanceId: 'a',
    everyMs: 1000,
    leaseMs: 30_000,
    routeOf: (i) => (i.email ? { via: 'email', mail: async (): Promise<OutgoingMail> => ({ to: i.email, subject: 'Lembrete', text: '…' }) } : null),
    optedOut: async () => false,
    onSent: async () => {},
  })
  return { interviews, delivered, confirmed, scheduler, advance: (ms: number) => void (clock += ms) }
}

describe('interview reminders', () => {
  it('a mailbox the server refuses for good, or a person without e-mail, does not hold back the others', async () => {
    const b = await bed()
    const refused = await b.confirmed('nao.existe@example.com')
    const none = await b.confirmed('')
    const fine = await b.confirmed('rita@example.com')
    b.advance(2 * HOUR + 1000)
    await b.scheduler.tick()
    expect(b.delivered).toEqual(['rita@example.com'])
    expect((await b.interviews.reminders(refused)).map((r) => `${r.kind} ${r.state}`)).toEqual(['vespera failed', 'uma_hora pending'])
    expect((await b.interviews.reminders(none)).map((r) => `${r.kind} ${r.state}`)).toEqual(['vespera skipped', 'uma_hora pending'])
    expect((await b.interviews.reminders(fine)).map((r) => `${r.kind} ${r.state}`)).toEqual(['vespera sent', 'uma_hora pending'])
    // Looking again sends nothing twice.
    await b.scheduler.tick()
    expect(b.delivered).toEqual(['rita@example.com'])
  })
})
