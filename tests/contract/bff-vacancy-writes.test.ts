import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vacancyPath } from '../../shared/src/domain/job-posting.ts'
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

describe('what job seekers look for (kept by the BFF)', () => {
  it('keeps description, salary, contract, work model and hours apart from the legacy, shows them to the public and in the JobPosting', async () => {
    await stack.resetLegacyLog()
    const details = { about: 'Atender clientes no balcão e repor a loja.', salary_min: 1800, salary_max: 2200, contract: 'clt', work_model: 'presencial', hours: '44h semanais' }
    const created = await send('POST', '/bff/vacancies', { description: 'Atendente de Padaria', company_name: 'Padaria Pão Quente', city: 'Fortaleza', obs: 'mostrar', details })
    expect(created.statusCode).toBe(201)
    const vacancy = created.json().vacancy as { id: number; details: unknown }
    expect(vacancy.details).toMatchObject(details)
    // The legacy never saw them.
    const posted = (await stack.legacyRequests()).filter((r) => r.method === 'POST')
    expect(posted).toHaveLength(1)
    expect(JSON.stringify((await stack.app.inject({ method: 'GET', url: `/api/processos_seletivos/${vacancy.id}`, headers: { cookie: admin } })).json())).not.toContain('balcão')
    // An update that sends only part keeps the rest.
    const updated = await send('PUT', `/bff/vacancies/${vacancy.id}`, { details: { salary_negotiable: true } })
    expect(updated.json().vacancy.details).toMatchObject({ salary_negotiable: true, contract: 'clt', hours: '44h semanais' })
    await send('PUT', `/bff/vacancies/${vacancy.id}`, { details: { salary_negotiable: false } })
    const page = await stack.app.inject({
      method: 'GET',
      url: vacancyPath({ id: vacancy.id, description: 'Atendente de Padaria', company_name: 'Padaria Pão Quente', city: 'Fortaleza' }),
    })
    const public_ = (await stack.app.inject({ method: 'GET', url: `/bff/public/vacancies/${vacancy.id}` })).json().vacancy
    expect(public_.details).toMatchObject({ contract: 'clt', salary_min: 1800 })
    expect(page.statusCode, page.body.slice(0, 200)).toBe(200)
    const posting = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.body)![1]!) as Record<string, unknown>
    expect(posting).toMatchObject({
      employmentType: 'FULL_TIME',
      baseSalary: { '@type': 'MonetaryAmount', currency: 'BRL', value: { minValue: 1800, maxValue: 2200, unitText: 'MONTH' } },
      workHours: '44h semanais',
    })
    expect(page.body).toContain('Sobre a vaga')
  })
  it('refuses a maximum salary below the minimum, in Portuguese, creating nothing', async () => {
    await stack.resetLegacyLog()
    const refused = await send('POST', '/bff/vacancies', { description: 'Caixa', company_name: 'Mercado', details: { salary_min: 3000, salary_max: 2000 } })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().errors).toEqual({ salary_max: ['O salário máximo não pode ser menor que o mínimo.'] })
    expect((await stack.legacyRequests()).filter((r) => r.method !== 'GET')).toEqual([])
    expect((await send('POST', '/bff/vacancies', { description: 'Caixa', company_name: 'Mercado', details: { contract: 'freela' } })).statusCode).toBe(422)
  })
})
