import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStack, type Stack } from '../support/stack.ts'

// The staff list endpoints against the real stand-in: server-side paging, counts, order, search.
let stack: Stack
let admin: string
beforeAll(async () => {
  stack = await startStack({}, { candidates: 2000 })
  admin = await stack.login()
})
afterAll(() => stack.close())

const get = async (url: string) => {
  const response = await stack.app.inject({ method: 'GET', url, headers: { cookie: admin } })
  return { status: response.statusCode, body: JSON.parse(response.body) }
}

describe('GET /bff/vacancies/:id/candidates', () => {
  it('sends one page of 20 with the counts of every status, never the whole list', async () => {
    const { body } = await get('/bff/vacancies/1/candidates')
    expect(body.vacancy.id).toBe(1)
    expect(body.items).toHaveLength(20)
    expect(body.total).toBe(body.counts.all)
    expect(body.total).toBeGreaterThan(60)
    expect(body.pageCount).toBe(Math.ceil(body.total / 20))
    const sum = Object.entries(body.counts)
      .filter(([k]) => k !== 'all')
      .reduce((n, [, v]) => n + (v as number), 0)
    expect(sum).toBe(body.counts.all)
  })
  it('orders by last action, newest first, by default, and by name on request', async () => {
    const { body } = await get('/bff/vacancies/1/candidates')
    const last = body.items.map((c: { updated_at: string; created_at: string }) => (c.updated_at > c.created_at ? c.updated_at : c.created_at))
    expect(last).toEqual([...last].sort().reverse())
    const byName = (await get('/bff/vacancies/1/candidates?order=name_asc')).body.items.map((c: { full_name: string }) => c.full_name)
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })))
  })
  it('filters by status (Sem Status included) and by search, counting within the search', async () => {
    const triado = (await get('/bff/vacancies/1/candidates?status=triado')).body
    expect(triado.items.every((c: { status: string }) => c.status === 'triado')).toBe(true)
    expect(triado.total).toBe(triado.counts.triado)
    const none = (await get('/bff/vacancies/1/candidates?status=')).body
    expect(none.items.every((c: { status: string | null }) => [null, '', 'pendente'].includes(c.status))).toBe(true)
    const first = (await get('/bff/vacancies/1/candidates')).body.items[0]
    const found = (await get(`/bff/vacancies/1/candidates?q=${encodeURIComponent(first.email)}`)).body
    expect(found.items.map((c: { id: number }) => c.id)).toEqual([first.id])
    expect(found.counts.all).toBe(1)
  })
  it('answers 404 for a missing vacancy and 400 for bad parameters', async () => {
    expect((await get('/bff/vacancies/999999/candidates')).status).toBe(404)
    expect((await get('/bff/vacancies/1/candidates?page=0')).status).toBe(400)
    expect((await get('/bff/vacancies/1/candidates?order=random')).status).toBe(400)
    expect((await get('/bff/vacancies/abc/candidates')).status).toBe(400)
  })
})

describe('GET /bff/vacancies/by-slug/:slug', () => {
  it('resolves any vacancy’s slug on the server, and 404 for an unknown one', async () => {
    const vacancies = JSON.parse((await stack.app.inject({ method: 'GET', url: '/api/processos_seletivos', headers: { cookie: admin } })).body).data
    for (const v of vacancies.slice(0, 5)) expect((await get(`/bff/vacancies/by-slug/${vacancySlug(v)}`)).body.vacancy.id).toBe(v.id)
    expect((await get('/bff/vacancies/by-slug/nao-existe-zz9')).status).toBe(404)
  })
})

describe('GET /bff/candidates (all candidates)', () => {
  it("loads nothing for 'Todos' without a search, but gives the counts", async () => {
    const { body } = await get('/bff/candidates')
    expect(body).toMatchObject({ idle: true, items: [], total: 0 })
    expect(body.counts.all).toBe(2000)
  })
  it('needs 4 characters to search', async () => {
    const res = await get('/bff/candidates?q=mar')
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'Digite pelo menos 4 caracteres para realizar a busca.' })
  })
  it('searches name, e-mail, WhatsApp and company, pages and filters the result', async () => {
    const { body } = await get('/bff/candidates?q=maria')
    expect(body.idle).toBe(false)
    expect(body.total).toBeGreaterThan(20)
    expect(body.items).toHaveLength(20)
    expect(body.items.every((c: { full_name: string; email: string }) => /maria/i.test(c.full_name + c.email))).toBe(true)
    const company = (await get('/bff/candidates?q=bom%20preco')).body
    expect(company.items.every((c: { company_name: string }) => c.company_name === 'Supermercado Bom Preço')).toBe(true)
    const hired = (await get('/bff/candidates?q=maria&status=contratado')).body
    expect(hired.items.every((c: { status: string }) => c.status === 'contratado')).toBe(true)
  })
  it('lists a status within dates, with counts for the same dates', async () => {
    const { body } = await get('/bff/candidates?status=contratado&start_date=2026-06-01&end_date=2026-11-30')
    expect(body.items.every((c: { status: string }) => c.status === 'contratado')).toBe(true)
    expect(body.total).toBe(body.counts.contratado)
    const all = (await get('/bff/candidates?start_date=2026-06-01&end_date=2026-11-30')).body
    expect(all.counts.all).toBeLessThan(2000)
  })
})

describe('fallback when the per-vacancy call fails', () => {
  it('reads GET /candidatos from the vacancy’s creation day and filters by vacancy', async () => {
    const direct = (await get('/bff/vacancies/1/candidates')).body
    await stack.fault({ mode: 'status', status: 500, count: 3, method: 'GET', path: '/api/processos_seletivos/1/candidatos' })
    const fallback = (await get('/bff/vacancies/1/candidates')).body
    await fetch(`${stack.legacy.url}/__control/faults`, { method: 'DELETE' })
    expect(fallback.partial).toBe(false)
    expect(fallback.total).toBe(direct.total)
    expect(fallback.counts).toEqual(direct.counts)
    expect(fallback.items.map((c: { id: number }) => c.id)).toEqual(direct.items.map((c: { id: number }) => c.id))
  })
  it('the vacancy’s CSV is the same list: same fallback, same filters and order, every row', async () => {
    const csv = async () => {
      const response = await stack.app.inject({ method: 'GET', url: '/bff/vacancies/1/candidates.csv?order=name_asc&status=triado', headers: { cookie: admin } })
      expect(response.statusCode).toBe(200)
      return response.body
        .slice(1)
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(';')[0]!.replace(/^"|"$/g, ''))
    }
    const listed = (await get('/bff/vacancies/1/candidates?order=name_asc&status=triado')).body
    const direct = await csv()
    expect(direct).toHaveLength(listed.total)
    expect(direct.slice(0, listed.items.length)).toEqual(listed.items.map((c: { full_name: string }) => c.full_name))
    await stack.fault({ mode: 'status', status: 500, count: 3, method: 'GET', path: '/api/processos_seletivos/1/candidatos' })
    const fallback = await csv()
    await fetch(`${stack.legacy.url}/__control/faults`, { method: 'DELETE' })
    expect(fallback).toEqual(direct)
  })
})
