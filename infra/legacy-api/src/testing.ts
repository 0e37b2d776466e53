import { buildLegacyApi } from './app.ts'
import { readLegacyConfig, type LegacyConfig } from './config.ts'
import { openDatabase } from './db.ts'
import { DEMO_ACCOUNTS } from './seed/demo-accounts.ts'
import { seedDatabase, type SeedSummary } from './seed/seed.ts'

/**
 * Starts a seeded stand-in on a free loopback port for tests (contract tests here, the BFF's
 * tests later): real HTTP, real SQLite (in memory), a controllable clock.
 */
export const TEST_NOW = new Date('2026-11-22T12:00:00-03:00')

export interface RunningLegacyApi {
  url: string
  summary: SeedSummary
  config: LegacyConfig
  app: ReturnType<typeof buildLegacyApi>
  /** Moves the stand-in's clock (token expiry) by `ms`. */
  advanceClock(ms: number): void
  /** Logs in a demo account ('admin', 'empresa A', 'empresa B') and returns its bearer token. */
  login(label?: string): Promise<string>
  close(): Promise<void>
}

export async function startLegacyApi(options: { candidates?: number; seed?: number; env?: Record<string, string> } = {}): Promise<RunningLegacyApi> {
  const db = openDatabase(':memory:')
  const summary = seedDatabase(db, { candidates: options.candidates ?? 300, seed: options.seed ?? 7, now: TEST_NOW })
  const config = { ...readLegacyConfig({ LEGACY_CONTROL: '1', ...options.env }), port: 0 }
  let offset = 0
  const now = () => new Date(Date.now() + offset)
  const app = buildLegacyApi({ db, config, now })
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  return {
    url: address,
    summary,
    config,
    app,
    advanceClock: (ms) => void (offset += ms),
    async login(label = 'admin') {
      const account = DEMO_ACCOUNTS.find((a) => a.label === label)
      if (!account) throw new Error(`No demo account ${label}`)
      const response = await fetch(`${address}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cnpj: account.cnpj.replace(/\D/g, ''), password: account.password }),
      })
      const body = (await response.json()) as { data: { token: string } }
      return body.data.token
    },
    async close() {
      await app.close()
      db.close()
    },
  }
}

export interface JsonResponse<T = any> {
  status: number
  headers: Headers
  body: T
}

/** One JSON request over real HTTP; the body is parsed when there is one. */
export async function call<T = any>(
  base: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.body !== undefined) headers['content-type'] ??= 'application/json'
  const response = await fetch(base + path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    signal: options.signal,
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null }
}
