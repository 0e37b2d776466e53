import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailCatcher, type CaughtMessage, type MailCatcher } from '../../infra/mail-catcher/src/catcher.ts'
import { INTERVIEW_MESSAGES } from '../../shared/src/domain/interviews.ts'
import { anApplication } from '../support/applicant.ts'
import { UNSAFE_HEADERS, startStack, type Stack } from '../support/stack.ts'

// Interviews against the real stand-in and a real SMTP server: a proposal's checks, the invitation
// with its iCalendar (read back with ical.js), the candidate's link (and every link that must not
// open), the confirmed time with its calendar and the legacy status, the reminders when the clock
// reaches them — each once — and a company seeing only its own vacancies' interviews.
let stack: Stack
let catcher: MailCatcher
let admin = ''
const email = `joana.${Date.now()}@example.com`
let candidateId = 0
let vacancy: { id: number } = { id: 0 }
const DAY = 86_400_000

const post = (url: string, payload: unknown, cookie?: string) =>
  stack.app.inject({ method: 'POST', url, headers: { ...UNSAFE_HEADERS, ...(cookie ? { cookie } : {}) }, payload: JSON.stringify(payload) })
const mailTo = (to: string): CaughtMessage[] => catcher.messages.filter((m) => m.to.some((a) => a.toLowerCase() === to.toLowerCase()))
const tokenOf = (message: CaughtMessage) => /\/entrevista#([A-Za-z0-9_-]{43})/.exec(message.text)![1]!
const calendarOf = (message: CaughtMessage) => {
  const part = message.attachments.find((a) => a.contentType.startsWith('text/calendar'))
  expect(part, `a text/calendar part in "${message.subject}"`).toBeDefined()
  return new ICAL.Component(ICAL.parse(part!.content))
}
/** A date and time in Fortaleza (UTC−3), `days` from the app's now. */
const slot = (days: number, time: string) => ({ date: new Date(stack.app.now() + days * DAY - 3 * 3_600_000).toISOString().slice(0, 10), time })
const proposal = (extra: Record<string, unknown> = {}) => ({
  slots: [slot(3, '09:00'), slot(3, '14:30'), slot(4, '10:00')],
  durationMinutes: 45,
  mode: 'presencial',
  place: 'Av. Prudente de Morais, 100 — Natal',
  interviewer: 'Ana Souza',
  channel: 'email',
  ...extra,
})

beforeAll(async () => {
  catcher = await startMailCatcher()
  stack = await startStack({ SMTP_URL: `smtp://127.0.0.1:${catcher.smtpPort}`, REMINDER_SWEEP_SECONDS: '1' }, { candidates: 100 })
  admin = await stack.login('admin')
  // A public vacancy of company A: A sees its interviews, B does not.
  const ofA = ((await stack.app.inject({ method: 'GET', url: '/bff/vacancies', headers: { cookie: await stack.login('empresa A') } })).json().vacancies as { id: number }[]).map(
    (v) => v.id,
  )
  vacancy = ((await stack.app.inject({ method: 'GET', url: '/bff/public/vacancies' })).json().vacancies as { id: number }[]).find((v) => ofA.includes(v.id))!
  const applied = await post('/bff/public/applications', anApplication({ jobId: vacancy.id, fullName: 'Joana Batista', email, whatsapp: '(84) 97777-1234' }))
  expect(applied.statusCode).toBe(201)
  candidateId = Number(applied.json().id)
}, 120_000)
afterAll(async () => {
  await stack?.close()
  await catcher?.close()
})

describe('proposing an interview', () => {
  it('refuses a proposal without times, with a past one, or online without a link, in Portuguese, field by field', async () => {
    const none = await post(`/bff/candidates/${candidateId}/interviews`, proposal({ slots: [] }), admin)
    expect(none.statusCode).toBe(422)
    expect(none.json().errors.slots).toEqual([INTERVIEW_MESSAGES.slotsNeeded])
    const past = await post(`/bff/candidates/${candidateId}/interviews`, proposal({ slots: [slot(-1, '10:00'), { date: '31/12/2026', time: '10:00' }] }), admin)
    expect(past.json().errors).toMatchObject({ 'slots.0': [INTERVIEW_MESSAGES.slotPast], 'slots.1': [INTERVIEW_MESSAGES.slotDate] })
    const online = await post(`/bff/candidates/${candidateId}/interviews`, proposal({ mode: 'online', place: 'meet' }), admin)
    expect(online.json().errors.place).toEqual([INTERVIEW_MESSAGES.link])
    expect(mailTo(email)).toEqual([])
  })

  it('is for staff only: a company and a visitor are refused', async () => {
    expect((await post(`/bff/candidates/${candidateId}/interviews`, proposal(), await stack.login('empresa A'))).statusCode).toBe(403)
    expect((await post(`/bff/candidates/${candidateId}/interviews`, proposal())).statusCode).toBe(401)
  })
})

describe('an interview from invitation to reminders', () => {
  let token = ''
  it('mails the invitation with the three times as an iCalendar the candidate’s calendar reads', async () => {
    const created = await post(`/bff/candidates/${candidateId}/interviews`, proposal(), admin)
    expect(created.statusCode).toBe(201)
    expect(created.json().interview).toMatchObject({ status: 'proposta', candidateName: 'Joana Batista', durationMinutes: 45 })
    await expect.poll(() => mailTo(email).length).toBe(1)
    const invitation = mailTo(email)[0]!
    expect(invitation.subject).toMatch(/^Convite para entrevista: /)
    expect(invitation.text).toContain('Horários propostos (escolha um):')
    const calendar = calendarOf(invitation)
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
    expect(events).toHaveLength(3)
    const slots = (created.json().interview.slots as { startsAt: string }[]).map((s) => s.startsAt)
    expect(events.map((e) => e.startDate.toJSDate().toISOString())).toEqual(slots)
    expect(events.map((e) => (e.endDate.toJSDate().getTime() - e.startDate.toJSDate().getTime()) / 60_000)).toEqual([45, 45, 45])
    expect(events[0]!.location).toBe('Av. Prudente de Morais, 100 — Natal')
    token = tokenOf(invitation)
  })

  it('opens the candidate’s page by the link, and refuses a tampered link or one for another purpose alike', async () => {
    const page = await post('/bff/public/interview', { token })
    expect(page.statusCode).toBe(200)
    expect(page.json()).toMatchObject({ name: 'Joana', status: 'proposta', mode: 'presencial' })
    expect(page.json().slots).toHaveLength(3)
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    const otherPurpose = await stack.app.applicantLinks.issue({ purpose: 'candidaturas', email, subject: '', ttlMs: DAY })
    const guessed = 'A'.repeat(43)
    for (const wrong of [tampered, otherPurpose, guessed, 'x', token.slice(0, 20)]) {
      const refused = await post('/bff/public/interview', { token: wrong })
      expect(refused.statusCode).toBe(410)
      expect(refused.json().message).toBe(INTERVIEW_MESSAGES.linkGone)
      // Nor does it answer anything: no choice through a link that does not open.
      expect((await post('/bff/public/interview/answer', { token: wrong, action: 'cancelar' })).statusCode).toBe(410)
    }
    // Expired (two days after the last proposed time), it is refused alike; and a "Minhas candidaturas" link does not open it.
    stack.advance(7 * DAY)
    expect((await post('/bff/public/interview', { token })).json()).toEqual({ message: INTERVIEW_MESSAGES.linkGone })
    stack.resetClock()
    expect((await post('/bff/public/my-applications', { token })).statusCode).toBe(410)
  })

  it('confirms the chosen time, mails it as a calendar request, and the legacy status follows on a staff token', async () => {
    const page = (await post('/bff/public/interview', { token })).json()
    const chosen = page.slots[1] as { id: number; startsAt: string }
    const answered = await post('/bff/public/interview/answer', { token, action: 'escolher', slotId: chosen.id })
    expect(answered.statusCode).toBe(200)
    expect(answered.json()).toMatchObject({ status: 'confirmada', startsAt: chosen.startsAt, message: INTERVIEW_MESSAGES.chosen })
    await expect.poll(() => mailTo(email).length).toBe(2)
    const confirmation = mailTo(email)[1]!
    expect(confirmation.subject).toMatch(/^Entrevista confirmada: /)
    const calendar = calendarOf(confirmation)
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST')
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!)
    expect(event.startDate.toJSDate().toISOString()).toBe(chosen.startsAt)
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('status')).toBe('CONFIRMED')
    // A staff request lends its token: the record moves to Entrevista Presencial.
    await stack.app.inject({ method: 'GET', url: '/bff/auth/me', headers: { cookie: admin } })
    await expect
      .poll(async () => (await stack.app.inject({ method: 'GET', url: `/api/candidatos/${candidateId}`, headers: { cookie: admin } })).json().data.status, { timeout: 10_000 })
      .toBe('entrevista_presencial')
    // The timeline tells it.
    const timeline = (await stack.app.inject({ method: 'GET', url: `/bff/candidates/${candidateId}/timeline`, headers: { cookie: admin } })).json()
    expect(timeline.entries.map((e: { text: string }) => e.text).join('\n')).toMatch(/Confirmou a entrevista para/)
  })

  it('sends each reminder once when the clock reaches it: the day before and one hour before', async () => {
    const interview = (await stack.app.inject({ method: 'GET', url: `/bff/candidates/${candidateId}/interviews`, headers: { cookie: admin } })).json().interviews[0]
    const startsAt = Date.parse(interview.startsAt)
    const before = mailTo(email).length
    stack.advance(startsAt - 24 * 3_600_000 - stack.app.now() + 1000)
    await expect.poll(() => mailTo(email).filter((m) => /^Lembrete: entrevista amanhã/.test(m.subject)).length, { timeout: 10_000 }).toBe(1)
    stack.advance(23 * 3_600_000)
    await expect.poll(() => mailTo(email).filter((m) => /^Lembrete: entrevista em uma hora/.test(m.subject)).length, { timeout: 10_000 }).toBe(1)
    // Several more looks change nothing.
    await new Promise((r) => setTimeout(r, 2500))
    expect(mailTo(email).length).toBe(before + 2)
  })

  afterAll(() => stack.resetClock())
})

describe('proposing again', () => {
  it('replaces the candidate’s proposal still waiting for an answer: its link then says it was cancelled', async () => {
    const first = (await post(`/bff/candidates/${candidateId}/interviews`, proposal({ channel: 'whatsapp' }), admin)).json()
    const second = (await post(`/bff/candidates/${candidateId}/interviews`, proposal({ channel: 'whatsapp' }), admin)).json()
    const listed = (await stack.app.inject({ method: 'GET', url: `/bff/candidates/${candidateId}/interviews`, headers: { cookie: admin } })).json().interviews as {
      id: string
      status: string
    }[]
    expect(listed.find((i) => i.id === first.interview.id)!.status).toBe('cancelada')
    expect(listed.find((i) => i.id === second.interview.id)!.status).toBe('proposta')
    // The confirmed interview from before is kept: a new proposal does not cancel it.
    expect(listed.filter((i) => i.status === 'confirmada')).toHaveLength(1)
    const token = /\/entrevista#([A-Za-z0-9_-]{43})/.exec(decodeURIComponent(first.whatsappUrl as string))![1]!
    expect((await post('/bff/public/interview', { token })).json()).toMatchObject({ status: 'cancelada' })
  })
})

describe('what a company sees', () => {
  it('lists the interviews of its own vacancies only', async () => {
    const from = new Date(stack.app.now() - DAY).toISOString()
    const to = new Date(stack.app.now() + 30 * DAY).toISOString()
    const range = `/bff/interviews?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`
    const seen = async (label: string) =>
      (await stack.app.inject({ method: 'GET', url: range, headers: { cookie: await stack.login(label) } })).json().interviews as { vacancyId: number; candidateName: string }[]
    expect((await seen('admin')).map((i) => i.candidateName)).toContain('Joana Batista')
    const ofA = await seen('empresa A')
    expect(ofA.length).toBeGreaterThan(0)
    expect(new Set(ofA.map((i) => i.vacancyId))).toEqual(new Set([vacancy.id]))
    expect(await seen('empresa B')).toEqual([])
  })
})
