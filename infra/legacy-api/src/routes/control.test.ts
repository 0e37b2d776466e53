import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { call, startLegacyApi, type RunningLegacyApi } from '../testing.ts'

let api: RunningLegacyApi
let token: string
beforeAll(async () => {
  api = await startLegacyApi({ candidates: 40 })
  token = await api.login()
})
afterEach(async () => {
  await call(api.url, '/__control/faults', { method: 'DELETE' })
  await call(api.url, '/__control/settings', { method: 'PUT', body: { latencyMs: 0, latencyJitterMs: 0, rateLimitPerMinute: 0 } })
})
afterAll(() => api.close())

const fault = (body: Record<string, unknown>) => call(api.url, '/__control/faults', { method: 'POST', body })

describe('rate limit (per token, Laravel-style headers)', () => {
  it('answers 429 with Retry-After once the limit is used, and reports what remains', async () => {
    await call(api.url, '/__control/settings', { method: 'PUT', body: { rateLimitPerMinute: 3 } })
    const statuses: number[] = []
    let last
    for (let i = 0; i < 4; i++) {
      last = await call(api.url, '/api/auth/me', { token })
      statuses.push(last.status)
      if (i === 0) {
        expect(last.headers.get('x-ratelimit-limit')).toBe('3')
        expect(last.headers.get('x-ratelimit-remaining')).toBe('2')
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429])
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(Number(last!.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect(last!.body).toEqual({ message: 'Too Many Attempts.' })
    // Another token has its own bucket.
    const other = await api.login('empresa A')
    expect((await call(api.url, '/api/auth/me', { token: other })).status).toBe(200)
  })
  it('is off by default (no headers)', async () => {
    const res = await call(api.url, '/api/auth/me', { token })
    expect(res.headers.get('x-ratelimit-limit')).toBeNull()
  })
})

describe('fault injection', () => {
  it('fails the next N requests with a status, then recovers', async () => {
    await fault({ mode: 'status', status: 503, count: 2 })
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await call(api.url, '/api/vagas-publicas')).status)
    expect(statuses).toEqual([503, 503, 200])
  })
  it('targets a method and path when asked', async () => {
    await fault({ mode: 'status', status: 500, count: 1, method: 'PUT', path: '/api/candidatos/' })
    expect((await call(api.url, '/api/candidatos/3', { token })).status).toBe(200)
    const put = await call(api.url, '/api/candidatos/3', { method: 'PUT', token, body: { status: 'triado' } })
    expect(put.status).toBe(500)
    expect(put.body).toEqual({ message: 'Server Error' })
    expect((await call(api.url, '/api/candidatos/3', { token })).body.data.status).not.toBe('triado')
  })
  it('sends 429 with the given Retry-After', async () => {
    await fault({ mode: 'status', status: 429, retryAfter: 'Wed, 21 Oct 2026 07:28:00 GMT' })
    const res = await call(api.url, '/api/vagas-publicas')
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('Wed, 21 Oct 2026 07:28:00 GMT')
  })
  it('resets the connection', async () => {
    await fault({ mode: 'reset' })
    await expect(call(api.url, '/api/vagas-publicas')).rejects.toThrow()
    expect((await call(api.url, '/api/vagas-publicas')).status).toBe(200)
  })
  it('stalls for a while, or until the client gives up', async () => {
    await fault({ mode: 'stall', ms: 200 })
    const started = Date.now()
    expect((await call(api.url, '/api/vagas-publicas')).status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(190)
    await fault({ mode: 'stall' })
    await expect(call(api.url, '/api/vagas-publicas', { signal: AbortSignal.timeout(300) })).rejects.toThrow()
  })
  it('answers late: the write is done at once, its answer waits', async () => {
    const id = 3
    await fault({ mode: 'late', ms: 3000, method: 'PUT', path: `/api/candidatos/${id}` })
    const answered = call(api.url, `/api/candidatos/${id}`, { method: 'PUT', token, body: { status: 'reprovado' } })
    let heard = false
    void answered.then(() => (heard = true))
    await expect.poll(async () => (await call(api.url, `/api/candidatos/${id}`, { token })).body.data.status, { interval: 20, timeout: 2500 }).toBe('reprovado')
    expect(heard).toBe(false)
    expect((await answered).status).toBe(200)
  })
  it('refuses a malformed fault', async () => {
    expect((await fault({ mode: 'explode' })).status).toBe(422)
    expect((await fault({ mode: 'status', status: 200 })).status).toBe(422)
  })
})

describe('latency and the request log', () => {
  it('adds the configured latency', async () => {
    await call(api.url, '/__control/settings', { method: 'PUT', body: { latencyMs: 150 } })
    const started = Date.now()
    await call(api.url, '/api/vagas-publicas')
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
  })
  it('records what reached the API, headers included', async () => {
    await call(api.url, '/__control/requests', { method: 'DELETE' })
    await call(api.url, '/api/processos_seletivos/1', { token, headers: { 'x-probe': 'yes' } })
    const log = await call(api.url, '/__control/requests')
    expect(log.body.total).toBe(1)
    expect(log.body.requests[0]).toMatchObject({ method: 'GET', url: '/api/processos_seletivos/1' })
    expect(log.body.requests[0].headers).toMatchObject({ authorization: `Bearer ${token}`, 'x-probe': 'yes' })
  })
})

describe('control endpoints are off unless enabled', () => {
  it('answers 404 without LEGACY_CONTROL', async () => {
    const plain = await startLegacyApi({ candidates: 5, env: { LEGACY_CONTROL: '0' } })
    try {
      expect((await call(plain.url, '/__control/faults', { method: 'POST', body: { mode: 'reset' } })).status).toBe(404)
      expect((await call(plain.url, '/__control/requests')).status).toBe(404)
    } finally {
      await plain.close()
    }
  })
})

describe('fault filters with a query', () => {
  it('match the full URL when the filter holds a ?', async () => {
    const api = await startLegacyApi({ candidates: 30 })
    try {
      const token = await api.login()
      await call(api.url, '/__control/faults', { method: 'POST', body: { mode: 'status', status: 500, count: 1, path: '/api/candidatos?page=2' } })
      expect((await call(api.url, '/api/candidatos?page=1', { token })).status).toBe(200)
      expect((await call(api.url, '/api/candidatos?page=2', { token })).status).toBe(500)
    } finally {
      await api.close()
    }
  })
})
