import type { FastifyInstance } from 'fastify'
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
