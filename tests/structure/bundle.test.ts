import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildBff } from '../../bff/build.ts'
import { startPostgres, type TestPostgres } from '../../bff/src/testing-postgres.ts'
import { freePort, startService, type Service } from '../support/processes.ts'

/**
 * The BFF ships as a bundle (bff/build.ts). Built here into a directory outside the
 * repository, so no node_modules can stand in for what the bundle left out, and run as its own
 * process on both stores: it signs in, streams an xlsx (exceljs, a chunk loaded on first use) and
 * renders a CSV.
 */
let dir: string
let entry: string
let legacy: Service
let legacyUrl: string
let postgres: TestPostgres
const running: Service[] = []
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mv-bundle-'))
  entry = await buildBff(join(dir, 'dist'))
  const port = await freePort()
  legacyUrl = `http://127.0.0.1:${port}`
  legacy = await startService('tests/support/bulky-legacy.ts', { PORT: String(port), ROWS_PER_WINDOW: '20' }, `${legacyUrl}/__reads`)
  postgres = await startPostgres()
}, 180_000)
afterAll(async () => {
  for (const service of running) await service.stop()
  await legacy?.stop()
  await postgres?.stop()
  rmSync(dir, { recursive: true, force: true })
})

async function startBundle(env: Record<string, string>): Promise<string> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const service = await startService(
    entry,
    {
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
      PORT: String(port),
      PUBLIC_ORIGIN: url,
      LEGACY_API_URL: `${legacyUrl}/api`,
      SESSION_SECRET: 'bundle-test-secret-0123456789-abcdefghij',
      STATIC_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      ...env,
    },
    `${url}/healthz`,
  )
  running.push(service)
  return url
}

describe('the shipped bundle', () => {
  for (const store of ['SQLite', 'PostgreSQL'] as const) {
    it(`runs on ${store} with no node_modules: sign-in, a streamed xlsx, a rendered CSV`, async () => {
      const url = await startBundle(store === 'SQLite' ? { STORE_FILE: join(dir, 'bff.sqlite') } : { STORE_FILE: ':memory:', DATABASE_URL: await postgres.createDatabase() })
      const unsafe = { 'content-type': 'application/json', 'x-csrf': '1', origin: url }
      const login = await fetch(`${url}/bff/auth/login`, { method: 'POST', headers: unsafe, body: JSON.stringify({ cnpj: '11222333000181', password: 'x' }) })
      expect(login.status).toBe(200)
      const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!
      expect((await fetch(`${url}/readyz`)).status).toBe(200)
      const report = await fetch(`${url}/bff/exports/relatorio.xlsx?start_date=2026-01-01&end_date=2026-01-14`, { headers: { cookie } })
      expect(report.status).toBe(200)
      const zip = Buffer.from(await report.arrayBuffer())
      expect(zip.subarray(0, 2).toString()).toBe('PK')
      const csv = await fetch(`${url}/bff/exports/render`, { method: 'POST', headers: { ...unsafe, cookie }, body: JSON.stringify({ rows: [{ nome: 'Conceição' }], type: 'csv' }) })
      expect(csv.status).toBe(200)
      // The bytes, BOM included (a text() read would drop it).
      expect(Buffer.from(await csv.arrayBuffer()).toString('utf8')).toBe('\ufeffnome\r\nConceição\r\n')
    })
  }
})
