import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UNSAFE_HEADERS, startStack, type Stack } from '../support/stack.ts'

// A vacancy's positions against the real stand-in: filled never outnumber opened, whether both
// are sent or an update sends one and the other is the stored one; nothing reaches the legacy.
let stack: Stack
let admin = ''
beforeAll(async () => {
  stack = await startStack({}, { candidates: 50 })
  admin = await stack.login()
})
afterAll(() => stack.close())

const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
  stack.app.inject({ method, url, headers: { ...UNSAFE_HEADERS, cookie: admin }, payload: JSON.stringify(payload) })

describe('vacancy positions', () => {
  it('refuses more filled than opened on creation, in Portuguese, creating nothing', async () => {
    await stack.resetLegacyLog()
    const refused = await send('POST', '/bff/vacancies', { description: 'Repositor', company_name: 'Mercado', vagas_abertas: 3, vagas_preenchidas: 5 })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().errors).toEqual({ vagas_preenchidas: ['As vagas preenchidas (5) não podem passar das vagas abertas (3).'] })
    expect((await stack.legacyRequests()).filter((r) => r.method !== 'GET')).toEqual([])
  })
  it('checks an update against the stored positions it does not send', async () => {
    const created = (await send('POST', '/bff/vacancies', { description: 'Repositor', company_name: 'Mercado', vagas_abertas: 2, vagas_preenchidas: 0 })).json().vacancy
    const refused = await send('PUT', `/bff/vacancies/${created.id}`, { vagas_preenchidas: 3 })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().errors.vagas_preenchidas[0]).toBe('As vagas preenchidas (3) não podem passar das vagas abertas (2).')
    expect((await send('PUT', `/bff/vacancies/${created.id}`, { vagas_preenchidas: 2 })).statusCode).toBe(200)
  })
})

describe('vacancies a company asked for', () => {
  it('are flagged to the staff as waiting for publication while hidden, and no longer once published', async () => {
    const company = await stack.login('empresa A')
    const created = await stack.app.inject({
      method: 'POST',
      url: '/bff/company/vacancies',
      headers: { ...UNSAFE_HEADERS, cookie: company },
      payload: JSON.stringify({ description: 'Fiscal de loja', city: 'Natal' }),
    })
    expect(created.statusCode).toBe(201)
    const id = created.json().vacancy.id as number
    const staffView = async () =>
      ((await stack.app.inject({ method: 'GET', url: '/bff/vacancies', headers: { cookie: admin } })).json().vacancies as { id: number; awaitingPublication?: boolean }[]).find(
        (v) => v.id === id,
      )
    expect((await staffView())?.awaitingPublication).toBe(true)
    // The company's own list says nothing of the kind (it has its own words for it).
    const own = (await stack.app.inject({ method: 'GET', url: '/bff/vacancies', headers: { cookie: company } })).json().vacancies.find((v: { id: number }) => v.id === id)
    expect(own.awaitingPublication).toBeUndefined()
    expect((await send('PUT', `/bff/vacancies/${id}`, { obs: 'mostrar' })).statusCode).toBe(200)
    expect((await staffView())?.awaitingPublication).toBeUndefined()
  })
})
