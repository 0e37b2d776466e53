import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../infra/legacy-api/src/testing.ts'
import { UNSAFE_HEADERS, startStack, type Stack } from '../support/stack.ts'

// POST /bff/screening/candidates against the real stand-in (seeded "today" 2026-11-22, 3,000 candidates).
let stack: Stack
let admin: string
beforeAll(async () => {
  stack = await startStack({}, { candidates: 3000 })
  admin = await stack.login()
})
afterAll(() => stack.close())

const load = async (body: Record<string, unknown>) => {
  const response = await stack.app.inject({ method: 'POST', url: '/bff/screening/candidates', headers: { ...UNSAFE_HEADERS, cookie: admin }, payload: JSON.stringify(body) })
  return { status: response.statusCode, headers: response.headers, body: JSON.parse(response.body) }
}

describe('screening candidate loading', () => {
  it('company mode: the vacancy’s candidates created in the range', async () => {
    const { status, body } = await load({ mode: 'empresa', vacancyId: 1, start_date: '2020-01-01', end_date: '2026-11-22' })
    expect(status).toBe(200)
    const all = (await call(stack.legacy.url, '/api/processos_seletivos/1/candidatos', { token: stack.open(admin)!.token })).body.data
    expect(body.total).toBe(all.length)
    const recent = await load({ mode: 'empresa', vacancyId: 1, start_date: '2026-10-22', end_date: '2026-11-22' })
    expect(recent.body.total).toBeLessThan(body.total)
    expect(recent.body.candidates.every((c: { created_at: string }) => c.created_at >= '2026-10-22T03:00')).toBe(true)
  })
  it('global mode: everyone in the range except aprovado, contratado and entrevista_presencial, read page by page', async () => {
    await stack.resetLegacyLog()
    const { status, body } = await load({ mode: 'global', start_date: '2026-11-01', end_date: '2026-11-22' })
    expect(status).toBe(200)
    expect(body.total).toBeGreaterThan(20)
    expect(body.candidates.some((c: { status: string }) => ['aprovado', 'contratado', 'entrevista_presencial'].includes(c.status))).toBe(false)
    const pages = (await stack.legacyRequests()).filter((r) => r.url.startsWith('/api/candidatos?'))
    expect(pages.length).toBeGreaterThan(1)
  })
  it('refuses a global range over 6 months with the spec’s message, and a missing vacancy in company mode', async () => {
    const long = await load({ mode: 'global', start_date: '2026-01-01', end_date: '2026-11-22' })
    expect(long.status).toBe(422)
    expect(long.body.message).toBe('Triagem global limitada a 6 meses. Ajustando datas automaticamente.')
    expect((await load({ mode: 'empresa', start_date: '2026-11-01', end_date: '2026-11-22' })).body.message).toBe('Selecione uma vaga para executar a triagem')
    expect((await load({ mode: 'empresa', vacancyId: 1, start_date: '2020-01-01', end_date: '2020-01-31' })).body.message).toBe('Nenhum candidato encontrado para triagem')
  })
  it('caps at 3,000 with the spec’s message', async () => {
    const { status, body } = await load({ mode: 'global', start_date: '2026-05-26', end_date: '2026-11-22' })
    if (body.total !== undefined) {
      expect(body.total).toBeLessThanOrEqual(3000)
    } else {
      expect(status).toBe(422)
      expect(body.message).toMatch(/^Muitos candidatos encontrados \(\d{1,3}(\.\d{3})*\)\. Reduza o período de datas para no máximo 3\.000 candidatos\.$/)
    }
  })
  it('keeps what was loaded when a later page fails, and says which page', async () => {
    const whole = await load({ mode: 'global', start_date: '2026-11-01', end_date: '2026-11-22' })
    await stack.fault({ mode: 'status', status: 500, count: 5, method: 'GET', path: '/api/candidatos?start_date=2026-11-01&end_date=2026-11-22&page=2' })
    const partial = await load({ mode: 'global', start_date: '2026-11-01', end_date: '2026-11-22' })
    await fetch(`${stack.legacy.url}/__control/faults`, { method: 'DELETE' })
    expect(partial.status).toBe(200)
    expect(partial.body.warnings).toContain('Erro ao carregar página 2. Continuando com os candidatos já carregados.')
    expect(partial.body.total).toBeLessThan(whole.body.total)
    expect(partial.body.total).toBeGreaterThan(0)
  })
  it('answers the spec’s server message when the first page fails', async () => {
    await stack.fault({ mode: 'status', status: 500, count: 5, method: 'GET', path: '/api/candidatos' })
    const first = await load({ mode: 'global', start_date: '2026-11-01', end_date: '2026-11-22' })
    await fetch(`${stack.legacy.url}/__control/faults`, { method: 'DELETE' })
    expect(first.status).toBe(502)
    expect(first.body.message).toBe('Erro no servidor. Tente reduzir o período de datas ou verificar a conexão.')
  })
  it('passes a 429 on the first page as 429 with the spec’s message', async () => {
    await stack.fault({ mode: 'status', status: 429, count: 4, retryAfter: '1', method: 'GET', path: '/api/candidatos' })
    const { status, body, headers } = await load({ mode: 'global', start_date: '2026-11-01', end_date: '2026-11-22' })
    await fetch(`${stack.legacy.url}/__control/faults`, { method: 'DELETE' })
    expect(status).toBe(429)
    expect(body.message).toBe('Muitas requisições. Aguarde alguns segundos e tente novamente.')
    expect(headers['retry-after']).toBe('1')
  }, 30_000)
  it('reports the connection test of the configured provider (rules here: no key)', async () => {
    const response = await stack.app.inject({ method: 'POST', url: '/bff/screening/test-connection', headers: { 'x-csrf': '1', cookie: admin } })
    expect(JSON.parse(response.body)).toEqual({ ok: true, provider: 'rules', message: 'Triagem por regras ativa (nenhuma chave de IA configurada).' })
  })
})
