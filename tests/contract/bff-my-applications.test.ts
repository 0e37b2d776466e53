import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailCatcher, type CaughtMessage, type MailCatcher } from '../../infra/mail-catcher/src/catcher.ts'
import { APPLICANT_LINK_GONE } from '../../shared/src/domain/my-applications.ts'
import { todayDate } from '../../shared/src/domain/dates.ts'
import { anApplication, legacyAdminToken } from '../support/applicant.ts'
import { startScreening } from '../support/screening.ts'
import { UNSAFE_HEADERS, startStack, type Stack } from '../support/stack.ts'

// "Minhas candidaturas" against the real stand-in (its candidate index) and a real SMTP server:
// asking never tells whether an address applied, the link arrives by e-mail, opens only for its
// purpose and its time, lists the person's applications in plain words, lets them withdraw (written
// to the legacy on a staff member's token) and explains a screening that took part in a decision.
let stack: Stack
let catcher: MailCatcher
let admin = ''
const email = `maria.${Date.now()}@example.com`
const applied: number[] = []
let open: { id: number }[] = []

const post = (url: string, payload: unknown, cookie?: string) =>
  stack.app.inject({ method: 'POST', url, headers: { ...UNSAFE_HEADERS, ...(cookie ? { cookie } : {}) }, payload: JSON.stringify(payload) })
const mailTo = (to: string): CaughtMessage[] => catcher.messages.filter((m) => m.to.some((a) => a.toLowerCase() === to.toLowerCase()))
const tokenOf = (message: CaughtMessage) => /\/minhas-candidaturas#([A-Za-z0-9_-]{43})/.exec(message.text)![1]!
async function linkFor(to: string): Promise<string> {
  // Each test asks afresh: the limits (3 an hour per address, 10 per client) have their own test.
  await stack.app.store.run("DELETE FROM attempts WHERE bucket LIKE 'my-applications-%'")
  const before = mailTo(to).length
  expect((await post('/bff/public/my-applications/link', { email: to })).statusCode).toBe(202)
  await expect.poll(() => mailTo(to).length).toBe(before + 1)
  return tokenOf(mailTo(to).at(-1)!)
}

beforeAll(async () => {
  catcher = await startMailCatcher()
  stack = await startStack({ CANDIDATE_INDEX: 'true', SMTP_URL: `smtp://127.0.0.1:${catcher.smtpPort}` }, { candidates: 300 })
  admin = await stack.login('admin')
  await stack.app.inject({ method: 'GET', url: '/bff/auth/me', headers: { cookie: admin } })
  const started = Date.now()
  while (!(await stack.app.candidateIndex!.state()).ready) {
    if (Date.now() - started > 60_000) throw new Error('the index did not get ready')
    await new Promise((r) => setTimeout(r, 100))
  }
  open = ((await stack.app.inject({ method: 'GET', url: '/bff/public/vacancies' })).json().vacancies as { id: number }[]).slice(0, 2)
  for (const vacancy of open) {
    const answer = await post('/bff/public/applications', anApplication({ jobId: vacancy.id, fullName: 'Maria Aparecida Lima', email, whatsapp: '(84) 98888-1234' }))
    expect(answer.statusCode).toBe(201)
    applied.push(Number(answer.json().id))
  }
}, 120_000)
afterAll(async () => {
  await stack?.close()
  await catcher?.close()
})

describe('asking for the link', () => {
  it('answers every address alike and mails only one that applied, with a link that opens their applications', async () => {
    const stranger = `ninguem.${Date.now()}@example.com`
    const unknown = await post('/bff/public/my-applications/link', { email: stranger })
    const known = await post('/bff/public/my-applications/link', { email: email.toUpperCase() })
    expect(known.statusCode).toBe(202)
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.body).toBe(known.body)
    expect(known.json().message).toMatch(/^Se houver candidaturas com este e-mail/)
    await expect.poll(() => mailTo(email.toUpperCase()).length).toBe(1)
    const message = mailTo(email.toUpperCase())[0]!
    expect(message.subject).toBe('Suas candidaturas no Mini Vagas')
    expect(message.text).toContain('Olá, Maria!')
    expect(message.text).toMatch(/vale por 24 horas/)
    expect(message.text).toContain('http://localhost:3000/minhas-candidaturas#')
    expect(mailTo(stranger)).toEqual([])

    const page = await post('/bff/public/my-applications', { token: tokenOf(message) })
    expect(page.statusCode).toBe(200)
    const answer = page.json()
    expect(answer.email).toBe(email)
    expect(answer.name).toBe('Maria Aparecida Lima')
    expect(answer.applications.map((a: { id: number }) => a.id).sort()).toEqual([...applied].sort())
    for (const application of answer.applications) {
      expect(application.stage.label).toBe('Em análise')
      expect(application.canWithdraw).toBe(true)
      expect(application.vacancy).not.toBe('')
    }
  })

  it('refuses a malformed address in Portuguese, and more than 3 asks an hour for one address', async () => {
    const bad = await post('/bff/public/my-applications/link', { email: 'maria@' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.email).toEqual(['Informe o e-mail que você usou na candidatura.'])
    const someone = `limite.${Date.now()}@example.com`
    for (let i = 0; i < 3; i++) expect((await post('/bff/public/my-applications/link', { email: someone })).statusCode).toBe(202)
    const fourth = await post('/bff/public/my-applications/link', { email: someone })
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json().message).toMatch(/^Muitos pedidos\. Tente novamente em \d+ minuto/)
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('SECURITY.md 36: the links sent to applicants', () => {
  it('refuses a tampered, guessed, malformed or expired link with one Portuguese answer that tells nothing', async () => {
    const token = await linkFor(email)
    const flipped = token.slice(0, 10) + (token[10] === 'A' ? 'B' : 'A') + token.slice(11)
    const attempts = [flipped, randomBytes(32).toString('base64url'), token.slice(0, 42), `${token}x`, 'abc', '../../etc/passwd', token.toLowerCase()]
    const answers = await Promise.all(attempts.map((t) => post('/bff/public/my-applications', { token: t })))
    for (const answer of answers) {
      expect(answer.statusCode).toBe(410)
      expect(answer.json()).toEqual({ message: APPLICANT_LINK_GONE })
    }
    // The link still works, until it expires.
    expect((await post('/bff/public/my-applications', { token })).statusCode).toBe(200)
    stack.advance(24 * 3_600_000 + 1000)
    try {
      const expired = await post('/bff/public/my-applications', { token })
      expect(expired.statusCode).toBe(410)
      expect(expired.body).toBe(answers[0]!.body)
      expect((await post('/bff/public/my-applications/screening', { token })).body).toBe(answers[0]!.body)
      expect((await post('/bff/public/my-applications/withdraw', { token, id: applied[0] })).body).toBe(answers[0]!.body)
    } finally {
      stack.resetClock()
    }
  })

  it('is single-purpose: an applicant’s link sets no team password, and a team link opens no applications', async () => {
    const token = await linkFor(email)
    const asTeamLink = await post('/bff/auth/people/link', { token })
    expect(asTeamLink.statusCode).toBe(410)
    const invited = await post('/bff/team/bindings', { label: 'Agência', cnpj: '11222333000181', password: 'demo-admin-2026' }, admin)
    const bindingId = invited.json().binding.id as string
    const person = await post('/bff/team/people', { name: 'Rui', email: `rui.${Date.now()}@agencia.com.br`, role: 'recruiter', bindingId }, admin)
    const teamToken = (person.json().link as string).split('#')[1]!
    const asApplicantLink = await post('/bff/public/my-applications', { token: teamToken })
    expect(asApplicantLink.statusCode).toBe(410)
    expect(asApplicantLink.json()).toEqual({ message: APPLICANT_LINK_GONE })
  })

  it('keeps the secret out of the logs and the store: only its digest is kept', async () => {
    const token = await linkFor(email)
    await post('/bff/public/my-applications', { token })
    expect(stack.logs.join('\n')).not.toContain(token)
    const rows = await stack.app.store.all<{ digest: string }>('SELECT digest FROM applicant_links')
    expect(rows.some((r) => r.digest.includes(token))).toBe(false)
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.digest))).toBe(true)
  })
})

describe('what the page lets the applicant do', () => {
  it('withdraws one application at once, and writes "desistente" to the legacy when staff lend a token', async () => {
    const token = await linkFor(email)
    const someoneElse = applied[0]! - 1
    expect((await post('/bff/public/my-applications/withdraw', { token, id: someoneElse })).statusCode).toBe(404)
    const withdrawn = await post('/bff/public/my-applications/withdraw', { token, id: applied[0] })
    expect(withdrawn.statusCode).toBe(200)
    const mine = withdrawn.json().applications.find((a: { id: number }) => a.id === applied[0])
    expect(mine.stage.label).toBe('Você desistiu')
    expect(mine.canWithdraw).toBe(false)
    const again = await post('/bff/public/my-applications/withdraw', { token, id: applied[0] })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('Esta seleção já terminou para você: não há do que desistir.')

    // A staff request lends its token; the legacy then holds the withdrawal.
    const legacyToken = await legacyAdminToken(stack.legacy.url)
    const statusOf = async () =>
      ((await (await fetch(`${stack.legacy.url}/api/candidatos/${applied[0]}`, { headers: { authorization: `Bearer ${legacyToken}` } })).json()) as { data: { status: string } })
        .data.status
    await expect
      .poll(async () => {
        await stack.app.inject({ method: 'GET', url: '/bff/auth/me', headers: { cookie: admin } })
        return statusOf()
      })
      .toBe('desistente')
    const timeline = (await stack.app.inject({ method: 'GET', url: `/bff/candidates/${applied[0]}/timeline`, headers: { cookie: admin } })).json()
    expect(JSON.stringify(timeline)).toContain('Maria Aparecida Lima')
  })

  it('explains a screening a person reviewed: criteria, how each was judged, that a person decided, how to ask for a review', async () => {
    const token = await linkFor(email)
    expect((await post('/bff/public/my-applications/screening', { token })).json()).toEqual({ explanations: [] })
    const today = todayDate()
    const started = await startScreening(stack.app, admin, { mode: 'empresa', vacancyId: open[1]!.id, start_date: today, end_date: today })
    expect(started.statusCode).toBe(202)
    const runId = started.json().run.id as string
    await expect.poll(async () => (await stack.app.inject({ method: 'GET', url: `/bff/screening/runs/${runId}`, headers: { cookie: admin } })).json().run.status).toBe('done')
    const review = await stack.app.inject({
      method: 'PUT',
      url: `/bff/screening/runs/${runId}/results/${applied[1]}/review`,
      headers: { ...UNSAFE_HEADERS, cookie: admin },
      payload: JSON.stringify({ decision: 'triado', reason: 'Experiência confirmada por telefone.' }),
    })
    expect(review.statusCode).toBe(200)
    const answer = (await post('/bff/public/my-applications/screening', { token })).json()
    expect(answer.explanations).toHaveLength(1)
    const explanation = answer.explanations[0]
    expect(explanation.id).toBe(applied[1])
    expect(explanation.method).toMatch(/^Regras automáticas definidas pela agência/)
    expect(explanation.criteria.length).toBeGreaterThan(0)
    for (const line of explanation.criteria) expect(line).toMatch(/ — (atende|não atende|não foi possível avaliar)/)
    expect(explanation.decision).toMatch(/^Uma pessoa da equipe revisou este resultado em/)
    expect(explanation.review).toMatch(/Revisão por uma pessoa de uma decisão automatizada/)
    // Nothing of the agency's own notes: the reviewer's reason stays with the agency.
    expect(JSON.stringify(answer)).not.toContain('telefone')
  })
})
