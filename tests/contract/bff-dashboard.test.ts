import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { filledCounts } from '../../shared/src/domain/dashboard.ts'
import { RECRUITERS } from '../../infra/legacy-api/src/seed/reference-data.ts'
import { UNSAFE_HEADERS, startStack, type Stack } from '../support/stack.ts'

// GET /bff/dashboard against the real stand-in (seeded "today" is 2026-11-22).
let stack: Stack
let admin: string
let token: string
beforeAll(async () => {
  stack = await startStack({}, { candidates: 1500 })
  admin = await stack.login()
  token = stack.open(admin)!.token
})
afterAll(() => stack.close())

const dashboard = async (query = '?month=2026-11', cookie = admin) => {
  const response = await stack.app.inject({ method: 'GET', url: `/bff/dashboard${query}`, headers: { cookie } })
  return { status: response.statusCode, body: JSON.parse(response.body), bytes: response.rawPayload.length }
}
const legacy = async (path: string) => (await (await fetch(`${stack.legacy.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as any
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((n, v) => n + v, 0)

describe('GET /bff/dashboard', () => {
  it('answers every count in one small answer that agrees with the legacy data', async () => {
    const { status, body, bytes } = await dashboard()
    expect(status).toBe(200)
    expect(bytes).toBeLessThan(4000)
    const vacancies = (await legacy('/processos_seletivos')).data
    expect(body.vacancies.visibleVacancies).toBe(vacancies.filter((v: { obs: string }) => v.obs === 'mostrar').length)
    expect(sum(body.vacancies.vacanciesByState)).toBe(body.vacancies.visibleVacancies)
    const registered = await legacy('/excel_relatorio?start_date=2026-11-01&end_date=2026-11-30')
    expect(sum(body.origins)).toBe(registered.length)
    expect(Object.keys(body.origins)).toHaveLength(10)
    expect(sum(body.statuses)).toBe(registered.length)
    const hires = (await legacy('/candidatos/status/contratado')).data
    expect(body.filled.filled).toBeGreaterThan(0)
    expect(body.filled.filled).toBeLessThanOrEqual(hires.length)
    expect(sum(body.filled.byState)).toBe(body.filled.filled)
    expect(sum(body.filled.byRecruiter)).toBe(body.filled.filled)
    // All seven seeded recruiters are listed, those who hired nobody with 0.
    expect(Object.keys(body.filled.byRecruiter).sort()).toEqual([...RECRUITERS].sort())
    expect(body.month).toBe('2026-11')
    expect(body.stale).toBe(false)
  })
  it('reads a month’s hires for their window only, not every hire ever, and counts the same', async () => {
    await stack.resetLegacyLog()
    const { body } = await dashboard('?month=2026-10')
    const reads = (await stack.legacyRequests()).map((r) => r.url).filter((u) => u.includes('/candidatos/status/contratado'))
    expect(reads).toEqual(['/api/candidatos/status/contratado?start_date=2025-10-01&end_date=2026-10-31'])
    // Every hire ever, counted the same way: the window loses none of the seeded hires.
    const everyHire = (await legacy('/candidatos/status/contratado')).data
    const recruiters = Object.keys(body.filled.byRecruiter).filter((r) => r !== 'Sem recrutador')
    expect(body.filled).toEqual(filledCounts(everyHire, '2026-10', recruiters))
  })
  /** A write as the admin; answers its status. */
  const adminWrite = async (method: 'POST' | 'PUT', url: string, payload: object) =>
    (await stack.app.inject({ method, url, headers: { ...UNSAFE_HEADERS, cookie: admin }, payload: JSON.stringify(payload) })).statusCode
  it('serves a cached answer, stale while it recomputes, and drops it after a write through the BFF that changes a figure', async () => {
    const first = (await dashboard()).body
    const again = (await dashboard()).body
    expect(again.generatedAt).toBe(first.generatedAt)
    stack.advance(2 * 60_000)
    const stale = (await dashboard()).body
    expect(stale).toMatchObject({ stale: true, generatedAt: first.generatedAt })
    await new Promise((r) => setTimeout(r, 300))
    const refreshed = (await dashboard()).body
    expect(refreshed.stale).toBe(false)
    expect(refreshed.generatedAt).not.toBe(first.generatedAt)
    // A note changes no figure: the cached answer stays.
    expect(await adminWrite('POST', '/api/candidatos/5/observacao', { observacao: 'x' })).toBe(200)
    stack.advance(1000)
    expect((await dashboard()).body.generatedAt).toBe(refreshed.generatedAt)
    expect(await adminWrite('PUT', '/bff/candidates/5/status', { status: 'entrevista_online' })).toBe(200)
    stack.advance(1000)
    expect((await dashboard()).body.generatedAt).not.toBe(refreshed.generatedAt)
    stack.resetClock()
  })
  it('is for admins only and checks the month', async () => {
    expect((await dashboard('?month=2026-13')).status).toBe(400)
    expect((await dashboard('?month=novembro')).status).toBe(400)
    const company = await stack.login('empresa A')
    expect((await dashboard('', company)).status).toBe(403)
    expect((await stack.app.inject({ method: 'GET', url: '/bff/dashboard' })).statusCode).toBe(401)
  })
})
