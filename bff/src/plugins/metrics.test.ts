import nock from 'nock'
import { afterEach, describe, expect, it } from 'vitest'
import { CSRF_HEADERS, LEGACY, testApp, signedIn } from '../testing.ts'
import { endpointOf } from './metrics.ts'

afterEach(() => nock.cleanAll())

describe('GET /metrics (issue 13)', () => {
  it('counts requests by route pattern and legacy calls by endpoint and status, 429s included, and passes the trace on', async () => {
    const app = await testApp()
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
    const metrics = await app.inject({ url: '/metrics' })
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
    const app = await testApp({ SESSION_IDLE_MINUTES: '30' }, { now: () => clock })
    const live = async () => Number(/^bff_live_sessions (\d+)$/m.exec((await app.inject({ url: '/metrics' })).body)?.[1])
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
  it('needs the token when one is configured, and answers only on loopback otherwise', async () => {
    const open = await testApp()
    expect((await open.inject({ url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(404)
    await open.close()
    const guarded = await testApp({ METRICS_TOKEN: 'segredo-das-metricas' })
    expect((await guarded.inject({ url: '/metrics' })).statusCode).toBe(401)
    expect((await guarded.inject({ url: '/metrics', headers: { authorization: 'Bearer segredo-das-metricas' } })).statusCode).toBe(200)
    await guarded.close()
  })
  it('labels legacy paths by endpoint, never by id', () => {
    expect(endpointOf('/candidatos/123/observacao')).toBe('/candidatos/:id/observacao')
    expect(endpointOf('/processos_seletivos/7/candidatos')).toBe('/processos_seletivos/:id/candidatos')
    expect(endpointOf('/candidatos/status/entrevista_presencial')).toBe('/candidatos/status/:status')
    expect(endpointOf('/candidatos?page=2')).toBe('/candidatos')
  })
})
