import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, runScript, startService, type Service } from '../support/processes.ts'

// The stand-in as operators and the demo run it: the seed CLI, then server.ts as its own process,
// configured only through environment variables.
const dir = mkdtempSync(join(tmpdir(), 'mini-vagas-legacy-'))
const db = join(dir, 'legacy.sqlite')
let service: Service
let base: string

beforeAll(async () => {
  const seed = await runScript('infra/legacy-api/src/seed-cli.ts', ['--candidates', '250', '--seed', '42', '--db', db, '--now', '2026-11-22'])
  expect(seed.code).toBe(0)
  expect(seed.output).toMatch(/250 candidates/)
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  service = await startService(
    'infra/legacy-api/src/server.ts',
    { LEGACY_PORT: String(port), LEGACY_DB: db, LEGACY_PAGE_SIZE: '50', LEGACY_RATE_LIMIT: '500' },
    `${base}/api/vagas-publicas`,
  )
})
afterAll(async () => {
  await service?.stop()
  rmSync(dir, { recursive: true, force: true })
})

async function login() {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cnpj: '11222333000181', password: 'demo-admin-2026' }),
  })
  return ((await res.json()) as { data: { token: string } }).data.token
}

describe('legacy API stand-in as a process', () => {
  it('logs the admin in and pages candidates with the configured page size', async () => {
    const token = await login()
    const res = await fetch(`${base}/api/candidatos?page=2`, { headers: { authorization: `Bearer ${token}` } })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { pagination: unknown; data: unknown[] }
    expect(body.pagination).toEqual({ current_page: 2, last_page: 5, per_page: 50, total: 250 })
    expect(res.headers.get('x-ratelimit-limit')).toBe('500')
  })
  it('answers 401 without a token and 422 for a malformed application', async () => {
    expect((await fetch(`${base}/api/candidatos?page=2`)).status).toBe(401)
    const res = await fetch(`${base}/api/candidatos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"fullName":""}' })
    expect(res.status).toBe(422)
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors.fullName).toEqual(['O campo nome completo é obrigatório.'])
  })
  it('keeps control endpoints off by default', async () => {
    expect((await fetch(`${base}/__control/requests`)).status).toBe(404)
  })
  it('refuses to start on invalid configuration, naming the variable', async () => {
    const result = await runScript('infra/legacy-api/src/server.ts', [], { LEGACY_PORT: 'oitenta', LEGACY_DB: db })
    expect(result.code).toBe(2)
    expect(result.output).toMatch(/LEGACY_PORT must be a whole number/)
  })
  it('refuses to start without a database, saying how to make one', async () => {
    const result = await runScript('infra/legacy-api/src/server.ts', [], { LEGACY_PORT: '0', LEGACY_DB: join(dir, 'missing.sqlite') })
    expect(result.code).toBe(2)
    expect(result.output).toMatch(/npm run seed/)
  })
  it('refuses bad seed options', async () => {
    const result = await runScript('infra/legacy-api/src/seed-cli.ts', ['--candidates', 'muitos', '--db', join(dir, 'x.sqlite')])
    expect(result.code).toBe(2)
    expect(result.output).toMatch(/--candidates/)
    const unknown = await runScript('infra/legacy-api/src/seed-cli.ts', ['--candidatos', '10'])
    expect(unknown.code).toBe(2)
    expect(unknown.output).toMatch(/Usage: npm run seed/)
  })
  it('stops cleanly on SIGTERM', async () => {
    expect(await service.stop()).toBe(0)
  })
})
