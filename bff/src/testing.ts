import type { FastifyInstance, InjectOptions } from 'fastify'
import { expect } from 'vitest'
import fc from 'fast-check'
import nock from 'nock'
import { buildApp, type AppDependencies } from './app.ts'
import { readBffConfig, type BffConfig } from './plugins/config.ts'

/** Route tests: the real app over nock'd upstreams at these addresses. */
export const LEGACY = 'http://legacy.test'
export const CEP = 'http://cep.test'
export const CSRF_HEADERS = { 'x-csrf': '1', origin: 'http://localhost:3000', 'content-type': 'application/json' }

export function testConfig(env: Record<string, string> = {}): BffConfig {
  return readBffConfig({
    LEGACY_API_URL: `${LEGACY}/api`,
    CEP_API_URL: `${CEP}/ws`,
    SESSION_SECRET: 'unit-test-secret-0123456789-0123456789',
    LEGACY_TIMEOUT_MS: '1000',
    LEGACY_RETRIES: '0',
    STATIC_DIR: '/nonexistent',
    STORE_FILE: ':memory:',
    // The index reads the legacy in the background on any staff request: off where the legacy is nock'd call by call.
    CANDIDATE_INDEX: 'false',
    ...env,
  })
}

export function testApp(env: Record<string, string> = {}, deps: AppDependencies = {}): Promise<FastifyInstance> {
  return buildApp(testConfig(env), { logger: false, ...deps })
}

export interface TestUser {
  name: string
  email: string
  role: string
  cnpj: string
}
export const TEST_ADMIN: TestUser = { name: 'Ana', email: 'ana@example.com', role: 'admin', cnpj: '11222333000181' }

/** Signs `user` in through POST /bff/auth/login over a nock'd legacy login; answers the session cookie. */
export async function signedIn(app: FastifyInstance, user: TestUser = TEST_ADMIN, token = '1|abc'): Promise<string> {
  nock(LEGACY).post('/api/auth/login').reply(200, { data: { token, user } })
  const answer = await app.inject({ method: 'POST', url: '/bff/auth/login', headers: CSRF_HEADERS, payload: { cnpj: user.cnpj, password: 'x' } })
  return String(answer.headers['set-cookie']).split(';')[0]!
}

/**
 * Any text shaped like a date, over the whole four-digit space: real days and impossible ones
 * (0000-00-00, 2026-02-30), for property tests of routes that take date ranges.
 */
const anyDateText = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`)

const FIRST_DAY_MS = Date.UTC(100, 0, 1)
const LAST_DAY_MS = Date.UTC(9999, 11, 31)
const realDay = fc.integer({ min: 0, max: (LAST_DAY_MS - FIRST_DAY_MS) / 86_400_000 })
const dayText = (day: number) => new Date(FIRST_DAY_MS + day * 86_400_000).toISOString().slice(0, 10)

/**
 * A range of dates as a user could type it: real days a few days to a few years apart (either
 * order), the last days there are, or two texts each of which may not be a date at all.
 */
export const anyDateRange: fc.Arbitrary<{ start: string; end: string }> = fc.oneof(
  fc
    .tuple(realDay, fc.integer({ min: -40, max: 1200 }))
    .map(([day, length]) => ({ start: dayText(day), end: dayText(Math.max(0, Math.min(day + length, (LAST_DAY_MS - FIRST_DAY_MS) / 86_400_000))) })),
  fc.integer({ min: 0, max: 800 }).map((back) => ({ start: dayText((LAST_DAY_MS - FIRST_DAY_MS) / 86_400_000 - back), end: '9999-12-31' })),
  fc.record({ start: anyDateText, end: anyDateText }),
)

/**
 * The property every route that takes a date range keeps: whatever range is asked, the answer is
 * a 2xx or a 4xx with a message, never a 5xx.
 */
export async function assertEveryDateRangeAnswered(app: FastifyInstance, request: (range: { start: string; end: string }) => InjectOptions, numRuns = 120): Promise<void> {
  await fc.assert(
    fc.asyncProperty(anyDateRange, async (range) => {
      const answer = await app.inject(request(range))
      const shown = `${range.start}..${range.end}: ${answer.statusCode} ${answer.body.slice(0, 200)}`
      expect(answer.statusCode < 500, shown).toBe(true)
      if (answer.statusCode >= 400) expect(JSON.parse(answer.body).message, shown).toMatch(/[a-zà-ú]/i)
    }),
    { numRuns, examples: [[{ start: '9999-12-01', end: '9999-12-31' }], [{ start: '0100-01-01', end: '9999-12-31' }], [{ start: '0000-00-00', end: '2026-02-30' }]] },
  )
}
