import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HomeAnswer } from '../../shared/src/schemas/home.ts'
import { anApplication } from '../support/applicant.ts'
import { UNSAFE_HEADERS, startStack, type Stack } from '../support/stack.ts'

// The staff's home page against the real stand-in with the candidate index: counts per stage that
// add up to the vacancy's candidates, "novos" since the person's visit before, kept through one
// visit, and a newcomer counted at once; a company is kept out.
let stack: Stack
let ana = ''
beforeAll(async () => {
  stack = await startStack({ CANDIDATE_INDEX: 'true' }, { candidates: 600 })
  ana = (await stack.person({ name: 'Ana Souza', email: 'ana@agencia.com.br', role: 'recruiter' })).cookie
  await get('/bff/auth/me', ana)
  const started = Date.now()
  while (!(await stack.app.candidateIndex!.state()).ready) {
    if (Date.now() - started > 60_000) throw new Error('the index did not get ready')
    await new Promise((r) => setTimeout(r, 100))
  }
}, 90_000)
afterAll(() => stack.close())

const get = (url: string, cookie: string) => stack.app.inject({ method: 'GET', url, headers: { cookie } })
const home = async () => (await get('/bff/home', ana)).json() as HomeAnswer

describe('the staff’s home page', () => {
  it('counts each vacancy’s candidates per stage, adding up to the vacancy’s count', async () => {
    const answer = await home()
    expect(answer.firstVisit).toBe(true)
    expect(answer.indexedAt).not.toBeNull()
    const vacancies = (await get('/bff/vacancies', ana)).json().vacancies as { id: number; candidates_count: number }[]
    const busy = vacancies.filter((v) => v.candidates_count > 0)
    expect(busy.length).toBeGreaterThan(3)
    for (const v of busy) {
      const counts = answer.vacancies[String(v.id)]!
      expect(counts.total).toBe(v.candidates_count)
      expect(Object.values(counts.stages).reduce((a, b) => a + b, 0)).toBe(v.candidates_count)
      expect(counts.waiting).toBeLessThanOrEqual(counts.total)
    }
  })

  it('counts "novos" from the visit before: a new applicant shows as new on the next visit', async () => {
    const vacancies = (await get('/bff/vacancies', ana)).json().vacancies as { id: number; obs: string }[]
    const open = vacancies.find((v) => v.obs === 'mostrar')!
    const first = await home()
    // A visit ends after 30 minutes away (this one is moved back that far); then someone applies.
    await stack.app.store.run('UPDATE staff_visits SET current = current - ?', [31 * 60_000])
    const applied = await stack.app.inject({
      method: 'POST',
      url: '/bff/public/applications',
      headers: UNSAFE_HEADERS,
      payload: anApplication({ jobId: open.id, fullName: 'Pessoa Nova da Silva', email: `nova${Date.now()}@example.com`, whatsapp: '85988887777' }),
    })
    expect(applied.statusCode).toBe(201)
    const next = await home()
    expect(next.firstVisit).toBe(false)
    // "Novos" now count from the visit before (half an hour ago), not from a week: the newcomer is among them.
    expect(Date.parse(next.since)).toBeGreaterThan(Date.parse(first.since))
    expect(next.vacancies[String(open.id)]!.fresh).toBeGreaterThanOrEqual(1)
    const person = (await get(`/bff/vacancies/${open.id}/candidates?q=${encodeURIComponent('Pessoa Nova da Silva')}`, ana)).json().items as { status: string | null }[]
    expect(person.map((p) => p.status ?? '')).toContain('')
  })

  it('is the agency’s: a company gets 403', async () => {
    const company = await stack.login('empresa A')
    expect((await get('/bff/home', company)).statusCode).toBe(403)
  })
})
