import nock from 'nock'
import { afterEach, describe, expect, it } from 'vitest'
import { CSRF_HEADERS, LEGACY, testApp, testConfig, signedIn } from '../testing.ts'

afterEach(() => nock.cleanAll())

const TOKEN = { METRICS_TOKEN: 'segredo-das-metricas' }
const BEARER = { authorization: 'Bearer segredo-das-metricas' }

describe('GET /metrics', () => {
  it('counts requests by route pattern and legacy calls by endpoint and status, 429s included, and passes the trace on', async () => {
    const app = await testApp(TOKEN)
    const traceparents: string[] = []
    nock(LEGACY).get('/api/vagas-publicas').reply(200, { data: [] })
    nock(LEGACY, { reqheaders: { traceparent: (value: string | null) => traceparents.push(String(value)) > 0 } })
      .post('/api/auth/login')
      .reply(429, { message: 'Too Many Attempts.' }, { 'retry-after': '3' })
    expect((await app.inject({ url: '/bff/public/vacancies' })).statusCode).toBe(200)
    const trace = '4bf92f3577b34da6a3ce929d0e0e4736'
    const login = await app.inject({
      method: 'POST',
      url: '/bff/auth/login',
      headers: { ...CSRF_HEADERS, traceparent: `00-${trace}-00f067aa0ba902b7-01` },
      payload: { cnpj: '11222333000181', password: 'x' },
    })
    // The request's trace goes on in the legacy call and is said in the answer.
    expect(login.headers['x-request-id']).toBe(trace)
    expect(traceparents[0]).toMatch(new RegExp(`^00-${trace}-[0-9a-f]{16}-01$`))
    const metrics = await app.inject({ url: '/metrics', headers: BEARER })
    expect(metrics.statusCode).toBe(200)
    expect(metrics.headers['content-type']).toContain('text/plain')
    const text = metrics.body
    expect(text).toContain('bff_http_requests_total{method="GET",route="/bff/public/vacancies",status="200"} 1')
    expect(text).toContain('bff_legacy_requests_total{method="GET",endpoint="/vagas-publicas",status="200"} 1')
    expect(text).toContain('bff_legacy_rate_limited_total{endpoint="/auth/login"} 1')
    expect(text).toMatch(/bff_legacy_request_duration_seconds_count\{method="POST",endpoint="\/auth\/login"\} 1/)
    expect(text).toMatch(/bff_store_connections\{state="idle"\} 1/)
    expect(text).toContain('bff_revoked_sessions 0')
    await app.close()
  })
  it('counts live sessions: a login adds one, a logout or the idle timeout takes it away', async () => {
    let clock = Date.parse('2026-11-23T12:00:00Z')
    const app = await testApp({ SESSION_IDLE_MINUTES: '30', ...TOKEN }, { now: () => clock })
    const live = async () => Number(/^bff_live_sessions (\d+)$/m.exec((await app.inject({ url: '/metrics', headers: BEARER })).body)?.[1])
    const user = { name: 'Ana', email: 'ana@x', role: 'admin', cnpj: '11222333000181' }
    const signIn = () => signedIn(app, user)
    expect(await live()).toBe(0)
    const first = await signIn()
    await signIn()
    expect(await live()).toBe(2)
    nock(LEGACY).post('/api/auth/logout').reply(204)
    expect((await app.inject({ method: 'POST', url: '/bff/auth/logout', headers: { 'x-csrf': '1', cookie: first } })).statusCode).toBe(204)
    expect(await live()).toBe(1)
    clock += 31 * 60_000
    expect(await live()).toBe(0)
    await app.close()
  })
  it('needs the token on the main listener, and without one is not served there even to loopback (a proxy on the host is loopback)', async () => {
    const open = await testApp()
    for (const remoteAddress of ['127.0.0.1', '::1', '10.1.2.3']) expect((await open.inject({ url: '/metrics', remoteAddress })).statusCode, remoteAddress).toBe(404)
    await open.close()
    const guarded = await testApp(TOKEN)
    expect((await guarded.inject({ url: '/metrics' })).statusCode).toBe(401)
    expect(JSON.parse((await guarded.inject({ url: '/metrics' })).body).message).toBe('Informe o token de métricas.')
    expect((await guarded.inject({ url: '/metrics', headers: BEARER })).statusCode).toBe(200)
    await guarded.close()
  })
  it('serves a listener of its own at METRICS_ADDRESS, and nothing else there', async () => {
    const app = await testApp({ METRICS_ADDRESS: '127.0.0.1:0' })
    await app.ready()
    const { port } = app.metricsAddress!() as { port: number }
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`)
    expect(metrics.status).toBe(200)
    expect(await metrics.text()).toContain('bff_http_requests_total')
    const other = await fetch(`http://127.0.0.1:${port}/bff/auth/me`)
    expect(other.status).toBe(404)
    expect(await other.json()).toEqual({ message: 'Não encontrado.' })
    // The main app still does not serve it without a token.
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404)
    await app.close()
  })
  it('refuses a production start that would serve metrics beyond the host without a token', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), LEGACY_API_URL: 'https://legacy.example/api' }
    expect(() => testConfig({ ...production, METRICS_ADDRESS: '0.0.0.0:9464' })).toThrow(
      /METRICS_ADDRESS=0\.0\.0\.0:9464 would serve \/metrics beyond this host without METRICS_TOKEN/,
    )
    expect(testConfig({ ...production, METRICS_ADDRESS: '127.0.0.1:9464' }).metricsAddress).toEqual({ host: '127.0.0.1', port: 9464 })
    expect(testConfig({ ...production, METRICS_ADDRESS: '0.0.0.0:9464', METRICS_TOKEN: 'segredo-das-metricas' }).metricsAddress?.host).toBe('0.0.0.0')
    expect(() => testConfig({ METRICS_ADDRESS: 'metrics' })).toThrow(/METRICS_ADDRESS must be host:port/)
  })
})
