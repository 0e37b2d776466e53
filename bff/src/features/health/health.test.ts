import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import nock from 'nock'
import { afterEach, describe, expect, it } from 'vitest'
import { LEGACY, testApp } from '../../testing.ts'

afterEach(() => nock.cleanAll())

describe('health', () => {
  it('/healthz answers while the process runs', async () => {
    const app = await testApp()
    expect(JSON.parse((await app.inject({ method: 'GET', url: '/healthz' })).body)).toEqual({ status: 'ok' })
    await app.close()
  })
  it('/readyz is 200 when the legacy answers and 503 when it does not', async () => {
    const app = await testApp()
    nock(LEGACY).get('/api/vagas-publicas').reply(200, []).get('/api/vagas-publicas').replyWithError('connect ECONNREFUSED')
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
    const down = await app.inject({ method: 'GET', url: '/readyz' })
    expect(down.statusCode).toBe(503)
    expect(JSON.parse(down.body)).toEqual({ status: 'not ready', checks: { store: 'ok', legacy: 'unreachable' } })
    await app.close()
  })
  it('/readyz says a stalled legacy is not ready by its own deadline, not the legacy client’s 10 s', async () => {
    // A real legacy that accepts the call and never answers.
    const stalledLegacy = createServer(() => {})
    await new Promise<void>((done) => stalledLegacy.listen(0, '127.0.0.1', done))
    const app = await testApp({ LEGACY_API_URL: `http://127.0.0.1:${(stalledLegacy.address() as AddressInfo).port}/api` })
    try {
      const started = Date.now()
      const stalled = await app.inject({ method: 'GET', url: '/readyz' })
      expect(stalled.statusCode).toBe(503)
      expect(JSON.parse(stalled.body)).toEqual({ status: 'not ready', checks: { store: 'ok', legacy: 'timeout' } })
      // Not a timing assertion on the machine's speed: the answer came from the 2 s deadline, long before the client's 10 s.
      expect(Date.now() - started).toBeLessThan(7000)
    } finally {
      await app.close()
      stalledLegacy.closeAllConnections()
      stalledLegacy.close()
    }
  })
  it('serves the OpenAPI description of the BFF’s own routes', async () => {
    const app = await testApp()
    const spec = JSON.parse((await app.inject({ method: 'GET', url: '/bff/openapi.json' })).body)
    expect(spec.openapi).toMatch(/^3\./)
    for (const path of ['/bff/auth/login', '/bff/public/vacancies', '/bff/public/applications', '/bff/cep/{cep}', '/healthz']) expect(spec.paths).toHaveProperty([path])
    await app.close()
  })
})
