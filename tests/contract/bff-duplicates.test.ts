import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../bff/src/app.ts'
import type { ScreeningProvider } from '../../bff/src/features/screening/provider.ts'
import { todayDate } from '../../shared/src/domain/dates.ts'
import type { RunView } from '../../shared/src/schemas/screening.ts'
import { anApplication } from '../support/applicant.ts'
import { startScreening } from '../support/screening.ts'
import { UNSAFE_HEADERS, startStack, type Stack } from '../support/stack.ts'

// A global apply never sends one person twice to the screened vacancy — not when they
// are already there, and not when the run holds two of their records.
let stack: Stack
beforeAll(async () => {
  stack = await startStack({}, { candidates: 100 })
})
afterAll(() => stack?.close())

/** Marks everyone triado: the hard rules still apply, so the people below live where the vacancy is. */
const everyoneTriado: ScreeningProvider = {
  name: 'rules',
  model: null,
  fieldsSent: [],
  screen: async (_vacancy, candidates) => new Map(candidates.map((c) => [c.id, { outcome: 'triado' as const, explanation: 'Atende.' }])),
  testConnection: async () => ({ ok: true, message: '' }),
}

describe('global apply and people already in the vacancy', () => {
  it('skips, and says so, a person already in the vacancy and the second record of a person the run holds twice', async () => {
    const app = await buildApp({ ...stack.config, storeFile: ':memory:' }, { logger: false, screening: everyoneTriado })
    try {
      const login = await app.inject({ method: 'POST', url: '/bff/auth/login', headers: UNSAFE_HEADERS, payload: { cnpj: '11222333000181', password: 'demo-admin-2026' } })
      const cookie = login.headers['set-cookie']!.toString().split(';')[0]!
      const publicVacancies = (await app.inject({ method: 'GET', url: '/bff/public/vacancies' })).json().vacancies as { id: number; city: string }[]
      const [target, a, b] = publicVacancies as [{ id: number; city: string }, { id: number }, { id: number }]
      const apply = async (who: Record<string, unknown>, jobId: number) => {
        const answer = await app.inject({
          method: 'POST',
          url: '/bff/public/applications',
          headers: UNSAFE_HEADERS,
          payload: anApplication({ ...who, jobId, address: { street: 'Rua D', neighborhood: 'Centro', city: target.city, state: 'CE', cep: '60000000' } }),
        })
        expect(answer.statusCode).toBe(201)
        return answer.json().id as number
      }
      // P is in A and already in the target; Q is in A and in B (two records of one person).
      const p = { fullName: 'Paula Já Está', email: 'paula.ja.esta@example.com', whatsapp: '85981110001' }
      const q = { fullName: 'Quitéria Duas Vezes', email: 'quiteria.duas@example.com', whatsapp: '85981110002' }
      await apply(p, a.id)
      await apply(p, target.id)
      await apply(q, a.id)
      await apply({ ...q, whatsapp: '85981110003' }, b.id)

      const start = await startScreening(app, cookie, { mode: 'global', vacancyId: target.id, start_date: todayDate(), end_date: todayDate() })
      expect(start.statusCode).toBe(202)
      const runId = start.json().run.id as string
      let view: RunView
      do {
        await new Promise((r) => setTimeout(r, 50))
        view = (await app.inject({ method: 'GET', url: `/bff/screening/runs/${runId}`, headers: { cookie } })).json()
      } while (view.run.status === 'screening')
      expect((await app.inject({ method: 'POST', url: `/bff/screening/runs/${runId}/apply`, headers: { ...UNSAFE_HEADERS, cookie }, payload: {} })).statusCode).toBe(202)
      do {
        await new Promise((r) => setTimeout(r, 50))
        view = (await app.inject({ method: 'GET', url: `/bff/screening/runs/${runId}`, headers: { cookie } })).json()
      } while (view.apply?.status === 'applying')
      expect(view.apply).toMatchObject({ status: 'applied', failed: 0 })
      expect(view.apply!.alreadyThere).toBeGreaterThanOrEqual(2)
      expect(view.apply!.message).toMatch(/já estavam na vaga \(mesmo e-mail ou WhatsApp\) e não foram enviados de novo\./)

      const inTarget = (
        await app.inject({ method: 'GET', url: `/bff/vacancies/${target.id}/candidates?page=1&q=${encodeURIComponent('@example.com')}`, headers: { cookie } })
      ).json().items as { email: string }[]
      const count = (email: string) => inTarget.filter((c) => c.email === email).length
      expect(count(p.email)).toBe(1)
      expect(count(q.email)).toBe(1)
      // Staff see Q's records marked as a possible duplicate wherever they are listed together.
      const search = (await app.inject({ method: 'GET', url: `/bff/candidates?q=${encodeURIComponent('quiteria.duas')}`, headers: { cookie } })).json() as {
        items: { id: number }[]
        possibleDuplicates: number[]
      }
      expect(search.items.length).toBe(3)
      expect([...search.possibleDuplicates].sort()).toEqual(search.items.map((c) => c.id).sort())
    } finally {
      await app.close()
    }
  }, 60_000)
})
