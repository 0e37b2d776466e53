import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { todayDate } from '../../shared/src/domain/dates.ts'
import { instantAt } from '../../shared/src/domain/interviews.ts'
import type { Interview } from '../../shared/src/schemas/interviews.ts'
import { fakeClock } from '../support/fake-clock.ts'
import { login, messagingFaults, until, type Bff } from './harness.ts'

// Interview reminders under real faults: two instances on one store (SQLite file, PostgreSQL),
// their clocks moved for real to the day before many interviews, so every "amanhã" reminder falls
// due at once; the instances are SIGKILLed as the SMTP server takes the reminders and started
// again; then the real SMTP server's mailbox is counted: never a reminder twice, and every one
// either received or, if an instance died between marking it and the server's answer, shown as
// unconfirmed on the interview (at most one per kill: docs/decisions/interview-reminders.md).
const faults = messagingFaults({ candidates: 2_000, env: { LEGACY_LATENCY_MS: '2' } })
const { bed } = faults
const PEOPLE = 60
const DAY = 86_400_000

const headers = (bff: Bff, cookie: string) => ({ 'x-csrf': '1', origin: bff.url, 'content-type': 'application/json', cookie })
const post = async (bff: Bff, cookie: string, path: string, body: unknown) => {
  const response = await fetch(`${bff.url}${path}`, { method: 'POST', headers: headers(bff, cookie), body: JSON.stringify(body) })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return response.json() as Promise<Record<string, unknown>>
}

/** People of one vacancy with distinct, valid e-mails, as the stand-in's database holds them. */
function people(count: number): { id: number; email: string }[] {
  const db = new DatabaseSync(faults.legacy.db, { readOnly: true })
  try {
    const rows = db.prepare("SELECT id, lower(trim(email)) AS email FROM candidates WHERE email LIKE '%@%.%' ORDER BY id").all() as { id: number; email: string }[]
    const seen = new Set<string>()
    return rows.filter((r) => !seen.has(r.email) && seen.add(r.email)).slice(0, count)
  } finally {
    db.close()
  }
}

describe('interview reminders under real faults', () => {
  it.each(['sqlite', 'postgres'] as const)(
    'two instances (%s), SIGKILLed as the reminders go out and started again: never a reminder twice, none lost unreported',
    async (engine) => {
      faults.catcher.messages.length = 0
      const clock = fakeClock()
      const env = { ...clock.env, SMTP_URL: `smtp://127.0.0.1:${faults.catcher.smtpPort}`, REMINDER_SWEEP_SECONDS: '1' }
      try {
        const instanceOn = await bed.stores[engine]()
        const a = await instanceOn(env)
        const cookie = await login(a)
        // Each person one interview, three days ahead, a minute apart; each confirmed through its link.
        const day = todayDate(new Date(Date.now() + 3 * DAY))
        const chosen = people(PEOPLE)
        expect(chosen).toHaveLength(PEOPLE)
        for (const [i, person] of chosen.entries()) {
          const time = `${String(9 + Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`
          await post(a, cookie, `/bff/candidates/${person.id}/interviews`, {
            slots: [{ date: day, time }],
            durationMinutes: 30,
            mode: 'online',
            place: 'https://meet.example.com/entrevista',
            interviewer: 'Ana Souza',
            channel: 'email',
          })
        }
        await until('every invitation', async () => faults.catcher.messages.filter((m) => m.subject.startsWith('Convite')).length === PEOPLE)
        for (const person of chosen) {
          const invitation = faults.catcher.messages.find((m) => m.subject.startsWith('Convite') && m.to.includes(person.email))!
          const token = /\/entrevista#([A-Za-z0-9_-]{43})/.exec(invitation.text)![1]!
          await post(a, cookie, '/bff/public/interview/answer', { token, action: 'escolher', slotId: 0 })
        }
        const b = await instanceOn(env)
        faults.catcher.messages.length = 0

        // Both instances' clocks move to the day before, half an hour past the last reminder's time.
        const lives: Bff[] = [a, b]
        const kills: number[] = []
        faults.catcher.onMessage = () => {
          const count = faults.catcher.messages.length
          // The instance that took the message dies the moment the server takes it, twice.
          if ((count === 10 || count === 35) && !kills.includes(count)) {
            kills.push(count)
            for (const instance of lives.splice(0)) void instance.kill()
          }
        }
        clock.moveTo(instantAt(day, '10:30').getTime() - DAY)
        for (let round = 0; round < 2; round++) {
          await until('an instance to be killed', async () => kills.length > round, 60_000)
          lives.push(await instanceOn(env), await instanceOn(env))
        }
        // Everything due is settled: sent, or taken and unconfirmed.
        const fresh = await login(lives[0]!)
        const states = async () =>
          (
            await Promise.all(
              chosen.map(
                async (p) =>
                  ((await (await fetch(`${lives[0]!.url}/bff/candidates/${p.id}/interviews`, { headers: { cookie: fresh } })).json()) as { interviews: Interview[] })
                    .interviews[0]!,
              ),
            )
          ).map((i) => i.reminders!.find((r) => r.kind === 'vespera')!.state)
        await until('every reminder settled', async () => (await states()).every((s) => s === 'sent' || s === 'sending'), 60_000, 500)
        faults.catcher.onMessage = null
        const received = new Map<string, number>()
        for (const m of faults.catcher.messages.filter((m) => m.subject.startsWith('Lembrete: entrevista amanhã')))
          for (const to of m.to) received.set(to, (received.get(to) ?? 0) + 1)
        const final = await states()
        const unconfirmed = final.filter((s) => s === 'sending').length
        console.log(`${engine}: kills at messages ${kills.join(', ')}; received ${received.size} of ${PEOPLE}; unconfirmed ${unconfirmed}`)
        // Never twice; every one received or reported; no more unconfirmed than kills.
        expect([...received].filter(([, n]) => n > 1)).toEqual([])
        const missing = chosen.filter((p) => !received.has(p.email))
        expect(missing.length).toBeLessThanOrEqual(unconfirmed)
        expect(unconfirmed).toBeLessThanOrEqual(kills.length)
        expect(received.size + unconfirmed).toBeGreaterThanOrEqual(PEOPLE)
      } finally {
        faults.catcher.onMessage = null
        clock.remove()
      }
    },
    240_000,
  )
})
