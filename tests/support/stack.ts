import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { buildApp, loggerOptions } from '../../bff/src/app.ts'
import { readBffConfig, type BffConfig } from '../../bff/src/plugins/config.ts'
import { createSealer, type SessionData } from '../../bff/src/plugins/session-seal.ts'
import { call, startLegacyApi, type RunningLegacyApi } from '../../infra/legacy-api/src/testing.ts'
import { DEMO_ACCOUNTS } from '../../infra/legacy-api/src/seed/demo-accounts.ts'

/**
 * The BFF in front of a real, seeded legacy stand-in (real HTTP between them), with a movable
 * clock and captured log lines, for the contract and security tests.
 */
export const TEST_SECRET = 'test-session-secret-0123456789-abcdefghij'
export const ORIGIN = 'http://localhost:3000'
export const UNSAFE_HEADERS = { 'x-csrf': '1', origin: ORIGIN, 'content-type': 'application/json' }

export interface Stack {
  legacy: RunningLegacyApi
  app: FastifyInstance
  config: BffConfig
  logs: string[]
  advance(ms: number): void
  resetClock(): void
  /** Logs a demo account in through the BFF; returns the Cookie header value. */
  login(label?: string): Promise<string>
  /**
   * A person of the agency's team with their own account, as the product makes one: the agency's
   * login binds itself (once), invites them, they set their password by the link and sign in.
   * Returns their cookie and account id.
   */
  person(person: { name: string; email: string; role: 'admin' | 'recruiter' }): Promise<{ cookie: string; id: string; password: string }>
  /** The session a cookie holds (tests only: they know the secret). */
  open(cookie: string): SessionData | null
  legacyRequests(): Promise<{ method: string; url: string; headers: Record<string, string> }[]>
  resetLegacyLog(): Promise<void>
  fault(body: Record<string, unknown>): Promise<void>
  close(): Promise<void>
}

export function cookieFrom(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie']
  const first = Array.isArray(header) ? header[0] : header
  if (!first) throw new Error(`no Set-Cookie (status ${response.statusCode}: ${response.body})`)
  return first.split(';')[0]!
}

export async function startStack(env: Record<string, string> = {}, options: { candidates?: number } = {}): Promise<Stack> {
  const legacy = await startLegacyApi({ candidates: options.candidates ?? 200 })
  const config = readBffConfig({
    LEGACY_API_URL: `${legacy.url}/api`,
    CEP_API_URL: `${legacy.url}/ws`,
    PUBLIC_ORIGIN: ORIGIN,
    SESSION_SECRET: TEST_SECRET,
    LEGACY_TIMEOUT_MS: '1500',
    LEGACY_RETRIES: '1',
    STATIC_DIR: '/nonexistent',
    STORE_FILE: ':memory:',
    LOG_LEVEL: 'info',
    // Off unless a test is about it: the index reads the legacy in the background, which would move
    // the legacy's request log and rate window under the tests that count them.
    CANDIDATE_INDEX: 'false',
    ...env,
  })
  let offset = 0
  const logs: string[] = []
  const app = await buildApp(config, {
    now: () => Date.now() + offset,
    logger: loggerOptions('info', { write: (line: string) => void logs.push(line) }),
  })
  const sealer = createSealer(config.sessionSecrets)
  let bindingId: string | undefined
  const stack: Stack = {
    legacy,
    app,
    config,
    logs,
    advance: (ms) => void (offset += ms),
    resetClock: () => void (offset = 0),
    async login(label = 'admin') {
      const account = DEMO_ACCOUNTS.find((a) => a.label === label)!
      const response = await app.inject({ method: 'POST', url: '/bff/auth/login', headers: UNSAFE_HEADERS, payload: { cnpj: account.cnpj, password: account.password } })
      return cookieFrom(response)
    },
    async person(person) {
      const admin = await stack.login('admin')
      const agency = DEMO_ACCOUNTS.find((a) => a.label === 'admin')!
      const post = (url: string, payload: unknown, cookie?: string) =>
        app.inject({ method: 'POST', url, headers: { ...UNSAFE_HEADERS, ...(cookie ? { cookie } : {}) }, payload: JSON.stringify(payload) })
      bindingId ??= (await post('/bff/team/bindings', { label: 'Administração', cnpj: agency.cnpj, password: agency.password }, admin)).json().binding.id as string
      const invited = await post('/bff/team/people', { ...person, bindingId }, admin)
      if (invited.statusCode !== 201) throw new Error(`invitation refused: ${invited.body}`)
      const { link, person: made } = invited.json() as { link: string; person: { id: string } }
      const password = `senha-de-${made.id.slice(0, 8)}-1`
      await post('/bff/auth/people/password', { token: link.split('#')[1], password, confirmation: password })
      return { cookie: cookieFrom(await post('/bff/auth/people/login', { email: person.email, password })), id: made.id, password }
    },
    open: (cookie) => sealer.open(cookie.split('=').slice(1).join('=')),
    async legacyRequests() {
      return (await call(legacy.url, '/__control/requests')).body.requests
    },
    async resetLegacyLog() {
      await call(legacy.url, '/__control/requests', { method: 'DELETE' })
    },
    async fault(body) {
      await call(legacy.url, '/__control/faults', { method: 'POST', body })
    },
    async close() {
      await app.close()
      await legacy.close()
    },
  }
  return stack
}
