import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../bff/src/app.ts'
import { startStack, UNSAFE_HEADERS, type Stack } from '../support/stack.ts'

// The staff lists read the legacy once and serve page clicks from that read until a
// candidate is written — through this instance or another one sharing the store.
let stack: Stack
let other: FastifyInstance
let admin: string
const dir = mkdtempSync(join(tmpdir(), 'bff-list-cache-'))
beforeAll(async () => {
  stack = await startStack({ STORE_FILE: join(dir, 'bff.db') }, { candidates: 1500 })
  // A second instance on the same legacy and the same store (as behind a load balancer).
  other = await buildApp(stack.config, { logger: false })
  admin = await stack.login()
})
afterAll(async () => {
  await other.close()
  await stack.close()
  rmSync(dir, { recursive: true, force: true })
})
beforeEach(() => stack.resetLegacyLog())

const get = async (url: string, app: FastifyInstance = stack.app) => {
  const response = await app.inject({ method: 'GET', url, headers: { cookie: admin } })
  expect(response.statusCode, response.body).toBe(200)
  return JSON.parse(response.body)
}
/** The legacy calls made since the last reset, as `METHOD path` without the query. */
const legacyCalls = async () => (await stack.legacyRequests()).map((r) => `${r.method} ${r.url.split('?')[0]}`)

describe('staff lists read only what changed', () => {
  it("reads a vacancy's candidates once for its page clicks, sorts, filters and searches", async () => {
    const first = await get('/bff/vacancies/1/candidates')
    expect(first.pageCount).toBeGreaterThan(2)
    await get('/bff/vacancies/1/candidates?page=2')
    await get('/bff/vacancies/1/candidates?page=3&order=name_asc')
    await get('/bff/vacancies/1/candidates?status=contratado')
    await get('/bff/vacancies/1/candidates?q=maria')
    expect(await legacyCalls()).toEqual(['GET /api/processos_seletivos/1', 'GET /api/processos_seletivos/1/candidatos'])
  })

  it("patches the cached row with a write's own answer: the next click reads nothing and shows it", async () => {
    const page = await get('/bff/vacancies/1/candidates?order=name_asc')
    const target = page.items[0] as { id: number; status: string | null }
    const next = target.status === 'entrevista_online' ? 'aprovado' : 'entrevista_online'
    await stack.resetLegacyLog()
    const changed = await stack.app.inject({ method: 'PUT', url: `/bff/candidates/${target.id}/status`, headers: { ...UNSAFE_HEADERS, cookie: admin }, payload: { status: next } })
    expect(changed.statusCode, changed.body).toBe(200)
    const writes = await legacyCalls()
    await stack.resetLegacyLog()
    const after = await get('/bff/vacancies/1/candidates?order=name_asc')
    expect(after.items.find((c: { id: number }) => c.id === target.id)?.status).toBe(next)
    expect(await legacyCalls()).toEqual([])
    expect(writes).toEqual([`PUT /api/candidatos/${target.id}`])
  })

  it('reads again after a write through another instance sharing the store, and only then', async () => {
    await get('/bff/vacancies/1/candidates', other) // the other instance has its own copy now
    const page = await get('/bff/vacancies/1/candidates')
    const target = page.items[1] as { id: number }
    await stack.resetLegacyLog()
    // A note through the other instance's pass-through.
    const note = await other.inject({
      method: 'POST',
      url: `/api/candidatos/${target.id}/observacao`,
      headers: { ...UNSAFE_HEADERS, cookie: admin },
      payload: { observacao: 'Ligar na segunda-feira' },
    })
    expect(note.statusCode, note.body).toBe(200)
    await stack.resetLegacyLog()
    const after = await get('/bff/vacancies/1/candidates')
    expect(after.items.find((c: { id: number }) => c.id === target.id)?.obs).toBe('Ligar na segunda-feira')
    expect(await legacyCalls()).toEqual(['GET /api/processos_seletivos/1/candidatos'])
    await stack.resetLegacyLog()
    await get('/bff/vacancies/1/candidates?page=2')
    expect(await legacyCalls()).toEqual([])
  })

  it("answers a vacancy's heading past its minute without waiting on the legacy, and reads it again behind the click", async () => {
    await get('/bff/vacancies/1/candidates')
    stack.advance(61_000)
    try {
      // The heading's read never answers: the click must not wait for it (it would end in 504).
      await stack.fault({ mode: 'stall', path: '/api/processos_seletivos/1', method: 'GET', count: 1 })
      await stack.resetLegacyLog()
      const page = await get('/bff/vacancies/1/candidates?page=2')
      expect(page.vacancy.id).toBe(1)
      expect(await legacyCalls()).toEqual(['GET /api/processos_seletivos/1', 'GET /api/processos_seletivos/1/candidatos'])
      // Past ten minutes nothing is served unread: the click waits for the heading (here, in vain).
      stack.advance(10 * 60_000)
      await stack.fault({ mode: 'stall', path: '/api/processos_seletivos/1', method: 'GET', count: 1 })
      const waited = await stack.app.inject({ method: 'GET', url: '/bff/vacancies/1/candidates', headers: { cookie: admin } })
      expect(waited.statusCode, waited.body).toBe(504)
    } finally {
      stack.resetClock()
    }
  })

  it("stops answering a vacancy's held heading once the legacy says it is gone", async () => {
    await get('/bff/vacancies/1/candidates')
    stack.advance(61_000)
    try {
      await stack.fault({ mode: 'status', status: 404, path: '/api/processos_seletivos/1', method: 'GET', count: 2 })
      // The first click is answered from what was held; the read behind it hears 404 and drops it,
      // so a click that follows reads again and says the vacancy is gone.
      const answers: number[] = []
      for (let i = 0; i < 30 && !answers.includes(404); i++) {
        answers.push((await stack.app.inject({ method: 'GET', url: '/bff/vacancies/1/candidates', headers: { cookie: admin } })).statusCode)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(answers[0]).toBe(200)
      expect(answers.at(-1)).toBe(404)
    } finally {
      await fetch(`${stack.legacy.url}/__control/faults`, { method: 'DELETE' })
      stack.resetClock()
    }
  })

  it("reads an all-candidates search and its counts once for the search's pages", async () => {
    const first = await get('/bff/candidates?q=silva')
    expect(first.pageCount).toBeGreaterThan(1)
    await get('/bff/candidates?q=silva&page=2')
    await get('/bff/candidates?q=silva&order=name_asc')
    expect(await legacyCalls()).toEqual(['GET /api/candidatos/status-quantidades', 'GET /api/candidatos/busca-avancada'])
  })
})
