import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { readBffConfig } from '../../bff/src/plugins/config.ts'
import { buildApp } from '../../bff/src/app.ts'
import { ORIGIN, TEST_SECRET, UNSAFE_HEADERS, cookieFrom, startStack, type Stack } from '../support/stack.ts'
import { startScreening } from '../support/screening.ts'

// SECURITY.md items 1–21, one test each, against the BFF in front of the real legacy stand-in.
let stack: Stack
let admin: string
beforeAll(async () => {
  stack = await startStack()
  admin = await stack.login()
})
beforeEach(async () => {
  stack.resetClock()
  await stack.resetLegacyLog()
  await stack.fault({ mode: 'status', status: 500, count: 0 }).catch(() => {})
})
afterAll(() => stack.close())

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) => stack.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } })
const send = (method: 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, cookie: string | undefined, payload?: unknown, headers: Record<string, string> = UNSAFE_HEADERS) =>
  stack.app.inject({
    method,
    url,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  })

describe('session cookie', () => {
  it('1. login Set-Cookie is __Host-, Secure, HttpOnly, SameSite=Strict, Path=/, no Domain, under 4096 bytes (production config)', async () => {
    const config = readBffConfig({
      NODE_ENV: 'production',
      LEGACY_API_URL: stack.config.legacyApiUrl,
      PUBLIC_ORIGIN: 'https://vagas.example.com',
      SESSION_SECRET: TEST_SECRET,
      STATIC_DIR: '/nonexistent',
      LOG_LEVEL: 'silent',
    })
    const app = await buildApp(config, { logger: false })
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/bff/auth/login',
        headers: { ...UNSAFE_HEADERS, origin: 'https://vagas.example.com' },
        payload: { cnpj: '11.222.333/0001-81', password: 'demo-admin-2026' },
      })
      expect(response.statusCode).toBe(200)
      const header = String(response.headers['set-cookie'])
      expect(header).toMatch(/^__Host-mv_session=/)
      expect(header).toMatch(/; Secure/)
      expect(header).toMatch(/; HttpOnly/)
      expect(header).toMatch(/; SameSite=Strict/)
      expect(header).toMatch(/; Path=\//)
      expect(header).not.toMatch(/Domain=/i)
      expect(Buffer.byteLength(header)).toBeLessThan(4096)
    } finally {
      await app.close()
    }
  })

  it('2. the legacy token is in no body, no header but Set-Cookie, no page or asset, no log line; the cookie is sealed', async () => {
    const response = await send('POST', '/bff/auth/login', undefined, { cnpj: '11222333000181', password: 'demo-admin-2026' })
    const cookie = cookieFrom(response)
    const token = stack.open(cookie)!.token
    expect(token).toMatch(/^\d+\|/)
    const secretPart = token.split('|')[1]!
    expect(response.body).not.toContain(secretPart)
    for (const [name, value] of Object.entries(response.headers)) if (name !== 'set-cookie') expect(String(value)).not.toContain(secretPart)
    expect(cookie).not.toContain(secretPart)
    expect(Buffer.from(cookie.split('=')[1]!.slice(3), 'base64url').toString('latin1')).not.toContain(secretPart)
    const me = await get('/bff/auth/me', cookie)
    expect(me.body).not.toContain(secretPart)
    const page = await get('/api/candidatos?page=1', cookie)
    expect(page.statusCode).toBe(200)
    expect(JSON.stringify(page.headers)).not.toContain(secretPart)
    // The built SPA (npm test builds it first): its page and every script hold no token.
    const dist = new URL('../../web/dist/', import.meta.url)
    expect(existsSync(new URL('index.html', dist)), 'build the SPA first: npm run build').toBe(true)
    const files = ['index.html', ...readdirSync(new URL('assets/', dist)).map((f) => `assets/${f}`)]
    expect(files.some((f) => f.endsWith('.js'))).toBe(true)
    for (const file of files) expect(readFileSync(new URL(file, dist), 'utf8'), file).not.toContain(secretPart)
    expect(stack.logs.length).toBeGreaterThan(0)
    expect(stack.logs.join('\n')).not.toContain(secretPart)
    expect(stack.logs.join('\n')).not.toContain('demo-admin-2026')
  })

  it('3. a tampered, truncated, foreign or garbage cookie is no session (401), never a crash', async () => {
    const name = admin.split('=')[0]
    const value = admin.slice(name!.length + 1)
    const tampered = value.slice(0, 30) + (value[30] === 'a' ? 'b' : 'a') + value.slice(31)
    for (const bad of [tampered, value.slice(0, 40), value.slice(0, -3), 'v1.', 'garbage', 'v1.' + 'A'.repeat(5000), '%00%ff']) {
      const response = await get('/bff/auth/me', `${name}=${bad}`)
      expect(response.statusCode).toBe(401)
      expect(JSON.parse(response.body)).toEqual({ message: expect.any(String) })
    }
    expect((await get('/api/candidatos?page=1', `${name}=${tampered}`)).statusCode).toBe(401)
  })

  it('4. idle and absolute expiry work; a retired secret opens only while listed', async () => {
    const cookie = await stack.login()
    stack.advance(29 * 60_000)
    expect((await get('/bff/auth/me', cookie)).statusCode).toBe(200)
    stack.advance(31 * 60_000)
    expect((await get('/bff/auth/me', cookie)).statusCode).toBe(401)
    // Absolute: active every 20 minutes, still ends after 12 hours.
    let active = await stack.login()
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 20) {
      stack.advance(20 * 60_000)
      const response = await get('/bff/auth/me', active)
      if (elapsed + 20 < 12 * 60) {
        expect(response.statusCode).toBe(200)
        if (response.headers['set-cookie']) active = cookieFrom(response)
      } else {
        expect(response.statusCode).toBe(401)
      }
    }
    // Rotation: a cookie sealed with the old secret opens while it is listed second, not after.
    stack.resetClock()
    const oldSecretCookie = await stack.login()
    const rotated = await buildApp({ ...stack.config, sessionSecrets: ['new-secret-0123456789-0123456789-abcd', TEST_SECRET] }, { logger: false })
    const retired = await buildApp({ ...stack.config, sessionSecrets: ['new-secret-0123456789-0123456789-abcd'] }, { logger: false })
    try {
      expect((await rotated.inject({ method: 'GET', url: '/bff/auth/me', headers: { cookie: oldSecretCookie } })).statusCode).toBe(200)
      expect((await retired.inject({ method: 'GET', url: '/bff/auth/me', headers: { cookie: oldSecretCookie } })).statusCode).toBe(401)
    } finally {
      await rotated.close()
      await retired.close()
    }
  })

  it('5. logout (POST + CSRF) calls the legacy logout, clears the cookie, and a replayed cookie gets 401', async () => {
    const cookie = await stack.login()
    const token = stack.open(cookie)!.token
    await stack.resetLegacyLog()
    const out = await send('POST', '/bff/auth/logout', cookie, undefined, { 'x-csrf': '1', origin: ORIGIN })
    expect(out.statusCode).toBe(204)
    expect(String(out.headers['set-cookie'])).toMatch(/mv_session=;.*Expires=Thu, 01 Jan 1970/)
    const calls = await stack.legacyRequests()
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/auth/logout'])
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${token}`)
    expect((await get('/bff/auth/me', cookie)).statusCode).toBe(401)
    expect((await get('/api/candidatos?page=1', cookie)).statusCode).toBe(401)
    // The legacy token itself is dead too.
    const direct = await fetch(`${stack.legacy.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })
    expect(direct.status).toBe(401)
  })

  it('6. session-bearing responses carry Cache-Control: no-store', async () => {
    const login = await send('POST', '/bff/auth/login', undefined, { cnpj: '11222333000181', password: 'demo-admin-2026' })
    expect(login.headers['cache-control']).toBe('no-store')
    expect((await get('/bff/auth/me', admin)).headers['cache-control']).toBe('no-store')
    expect((await get('/api/candidatos?page=1', admin)).headers['cache-control']).toBe('no-store')
    expect((await get('/bff/public/vacancies', admin)).headers['cache-control']).toBe('no-store')
  })
})

describe('CSRF and origin', () => {
  it('7. an unsafe request without X-CSRF gets 403 and the legacy API records zero calls', async () => {
    for (const [method, url] of [
      ['POST', '/api/candidatos/1/observacao'],
      ['PUT', '/api/candidatos/1'],
      ['POST', '/bff/auth/logout'],
      ['DELETE', '/api/candidatos/1'],
      ['PATCH', '/api/candidatos/1'],
      ['POST', '/bff/public/applications'],
    ] as const) {
      const response = await send(method, url, admin, { observacao: 'x' }, { origin: ORIGIN, 'content-type': 'application/json' })
      expect(response.statusCode, `${method} ${url}`).toBe(403)
    }
    expect(await stack.legacyRequests()).toEqual([])
  })

  it('8. Sec-Fetch-Site: cross-site or a foreign Origin gets 403', async () => {
    const body = { observacao: 'x' }
    expect((await send('POST', '/api/candidatos/1/observacao', admin, body, { ...UNSAFE_HEADERS, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403)
    expect((await send('POST', '/api/candidatos/1/observacao', admin, body, { ...UNSAFE_HEADERS, origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await send('POST', '/api/candidatos/1/observacao', admin, body, { ...UNSAFE_HEADERS, origin: 'null' })).statusCode).toBe(403)
    expect(await stack.legacyRequests()).toEqual([])
    expect((await send('POST', '/api/candidatos/1/observacao', admin, body, { ...UNSAFE_HEADERS, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200)
  })

  it('9. text/plain, form-urlencoded and multipart bodies get 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await send('POST', '/api/candidatos/1/observacao', admin, 'observacao=x', { 'x-csrf': '1', origin: ORIGIN, 'content-type': type })
      expect(response.statusCode, type).toBe(415)
    }
    expect(await stack.legacyRequests()).toEqual([])
  })

  it('10. no Access-Control-Allow-Origin: *, and an unknown origin’s preflight gets no grant', async () => {
    const preflight = await stack.app.inject({
      method: 'OPTIONS',
      url: '/api/candidatos/1',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'x-csrf' },
    })
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined()
    const normal = await get('/bff/public/vacancies', undefined, { origin: 'https://evil.example' })
    expect(normal.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('pass-through', () => {
  it('11. the upstream request carries no browser Cookie and the session’s token even if the browser sent its own', async () => {
    const token = stack.open(admin)!.token
    await get('/api/candidatos/1', `${admin}; other=1`, { authorization: 'Bearer 999|forged-token-forged-token-forged-token' })
    const [call] = await stack.legacyRequests()
    expect(call!.url).toBe('/api/candidatos/1')
    expect(call!.headers.cookie).toBeUndefined()
    expect(call!.headers.authorization).toBe(`Bearer ${token}`)
  })

  it('12. browser-sent X-Forwarded-*, Forwarded and identity headers never reach the upstream as sent', async () => {
    await get('/api/candidatos/1', admin, {
      'x-forwarded-for': '6.6.6.6',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
      forwarded: 'for=6.6.6.6;host=evil.example',
      'x-real-ip': '6.6.6.6',
      'x-user-id': '1',
      'x-original-url': '/api/auth/register',
    })
    const [call] = await stack.legacyRequests()
    const sent = JSON.stringify(call!.headers)
    expect(sent).not.toContain('6.6.6.6')
    expect(sent).not.toContain('evil.example')
    expect(Object.keys(call!.headers).filter((h) => /forwarded|real-ip|x-user|x-original/.test(h))).toEqual([])
  })

  it('13. only allow-listed pairs pass; traversal, encodings, doubled slashes, absolute URLs, unlisted methods and /api/auth/* reach nothing', async () => {
    const attempts: [string, string][] = [
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/login'],
      ['GET', '/api/candidatos/../auth/me'],
      ['GET', '/api/candidatos/%2e%2e/auth/me'],
      ['GET', '/api/candidatos/%2E%2E/%2E%2E/api/auth/me'],
      ['GET', '/api//candidatos'],
      ['GET', '/api/candidatos/1/'],
      ['GET', '/api/candidatos/1%2F..'],
      ['GET', '/api/http://evil.example/api/candidatos'],
      ['GET', '/api/processos_seletivos/1;drop'],
      ['DELETE', '/api/candidatos/1'],
      ['PATCH', '/api/processos_seletivos/1'],
      ['GET', '/api/nao-existe'],
    ]
    for (const [method, url] of attempts) {
      const response = await stack.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie: admin, ...(method === 'GET' ? {} : UNSAFE_HEADERS) },
        ...(method === 'GET' ? {} : { payload: '{}' }),
      })
      expect([400, 404], `${method} ${url}`).toContain(response.statusCode)
    }
    // An absolute-form request target, as a raw HTTP client could send it.
    const address = await stack.app.listen({ port: 0, host: '127.0.0.1' })
    const { request } = await import('node:http')
    const status = await new Promise<number>((done, fail) => {
      const req = request(
        { host: '127.0.0.1', port: Number(new URL(address).port), method: 'GET', path: 'http://evil.example/api/candidatos?page=1', headers: { cookie: admin } },
        (res) => {
          res.resume()
          done(res.statusCode ?? 0)
        },
      )
      req.on('error', fail)
      req.end()
    })
    expect([400, 404]).toContain(status)
    expect(await stack.legacyRequests()).toEqual([])
  })

  it('15. an over-size body gets 413 and is not forwarded', async () => {
    const huge = JSON.stringify({ observacao: 'x'.repeat(stack.config.bodyLimitBytes + 10) })
    const response = await send('POST', '/api/candidatos/1/observacao', admin, huge)
    expect(response.statusCode).toBe(413)
    expect(JSON.parse(response.body)).toEqual({ message: expect.any(String) })
    expect(await stack.legacyRequests()).toEqual([])
  })
})

describe('upstream faults', () => {
  it('16. an upstream that never answers gives 504 within the configured timeout (+ small tolerance)', async () => {
    await stack.fault({ mode: 'stall', count: 5 })
    const started = Date.now()
    const response = await get('/api/candidatos/1', admin)
    const elapsed = Date.now() - started
    expect(response.statusCode).toBe(504)
    expect(JSON.parse(response.body)).toEqual({ message: expect.stringMatching(/demorou/) })
    expect(elapsed).toBeGreaterThanOrEqual(stack.config.legacyTimeoutMs - 50)
    expect(elapsed).toBeLessThan(stack.config.legacyTimeoutMs + 1500)
    await stack.fault({ mode: 'status', status: 500, count: 0 }).catch(() => {})
    await fetch(`${stack.legacy.url}/__control/faults`, { method: 'DELETE' })
  })

  it('17. refused or reset connections give 502/503 {message}, and the process survives 200 of them', async () => {
    await stack.fault({ mode: 'reset', count: 400 })
    for (let i = 0; i < 200; i++) {
      const response = await get('/api/candidatos/1', admin)
      expect([502, 503]).toContain(response.statusCode)
      expect(Object.keys(JSON.parse(response.body))).toEqual(['message'])
    }
    await fetch(`${stack.legacy.url}/__control/faults`, { method: 'DELETE' })
    // Refused: nothing listens on the port.
    const refused = await buildApp({ ...stack.config, legacyApiUrl: 'http://127.0.0.1:9/api' }, { logger: false })
    try {
      const response = await refused.inject({ method: 'GET', url: '/api/candidatos/1', headers: { cookie: admin } })
      expect([502, 503]).toContain(response.statusCode)
    } finally {
      await refused.close()
    }
    expect((await get('/api/candidatos/1', admin)).statusCode).toBe(200)
  })

  it('18. unsafe methods are never retried; safe reads retry a bounded number of times', async () => {
    await stack.fault({ mode: 'status', status: 503, count: 1, method: 'PUT' })
    const put = await send('PUT', '/api/candidatos/3', admin, { obs: 'x' })
    expect(put.statusCode).toBe(502)
    expect((await stack.legacyRequests()).filter((c) => c.method === 'PUT')).toHaveLength(1)
    await stack.resetLegacyLog()
    await stack.fault({ mode: 'status', status: 503, count: 1, method: 'GET' })
    expect((await get('/api/candidatos/3', admin)).statusCode).toBe(200)
    expect(await stack.legacyRequests()).toHaveLength(2)
    await stack.resetLegacyLog()
    await stack.fault({ mode: 'status', status: 503, count: 10, method: 'GET' })
    expect((await get('/api/candidatos/3', admin)).statusCode).toBe(502)
    expect(await stack.legacyRequests()).toHaveLength(1 + stack.config.legacyRetries)
    await fetch(`${stack.legacy.url}/__control/faults`, { method: 'DELETE' })
  })

  it('19. an upstream 429 reaches the browser as 429 with Retry-After, in seconds and HTTP-date forms', async () => {
    await stack.fault({ mode: 'status', status: 429, retryAfter: '17' })
    const seconds = await get('/api/candidatos/3', admin)
    expect(seconds.statusCode).toBe(429)
    expect(seconds.headers['retry-after']).toBe('17')
    await stack.fault({ mode: 'status', status: 429, retryAfter: 'Wed, 21 Oct 2026 07:28:00 GMT' })
    const date = await get('/api/candidatos/3', admin)
    expect(date.statusCode).toBe(429)
    expect(date.headers['retry-after']).toBe('Wed, 21 Oct 2026 07:28:00 GMT')
  })

  it('20. error bodies never hold stack traces, upstream URLs, tokens or upstream bodies', async () => {
    const token = stack.open(admin)!.token
    const bodies: string[] = []
    bodies.push((await get('/api/candidatos/999999', admin)).body)
    await stack.fault({ mode: 'status', status: 500 })
    bodies.push((await send('PUT', '/api/candidatos/3', admin, { obs: 'x' })).body)
    await stack.fault({ mode: 'stall', count: 5 })
    bodies.push((await get('/api/candidatos/3', admin)).body)
    await fetch(`${stack.legacy.url}/__control/faults`, { method: 'DELETE' })
    bodies.push((await get('/api/candidatos/abc', admin)).body)
    for (const body of bodies) {
      expect(Object.keys(JSON.parse(body))).toEqual(['message'])
      for (const leak of ['App\\\\Models', 'No query results', 'Server Error', stack.legacy.url, '127.0.0.1', token, 'Bearer', ' at ', '.ts:']) {
        expect(body, leak).not.toContain(leak)
      }
    }
  })
})

describe('headers', () => {
  it('21. CSP with script-src self, object-src none, base-uri none, frame-ancestors none; HSTS in production; nosniff, Referrer-Policy, COOP; no X-Powered-By', async () => {
    const response = await get('/bff/public/vacancies')
    const csp = String(response.headers['content-security-policy'])
    for (const directive of ["script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(directive)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(response.headers['x-powered-by']).toBeUndefined()
    expect(response.headers['strict-transport-security']).toBeUndefined()
    const production = await buildApp(
      readBffConfig({
        NODE_ENV: 'production',
        LEGACY_API_URL: stack.config.legacyApiUrl,
        PUBLIC_ORIGIN: 'https://vagas.example.com',
        SESSION_SECRET: TEST_SECRET,
        STATIC_DIR: '/nonexistent',
      }),
      { logger: false },
    )
    try {
      const secure = await production.inject({ method: 'GET', url: '/healthz' })
      expect(secure.headers['strict-transport-security']).toMatch(/max-age=31536000/)
      expect(secure.headers['content-security-policy']).toContain("script-src 'self'")
    } finally {
      await production.close()
    }
  })
})

describe('screening', () => {
  it('27. runs are rate-limited per user: one at a time, and a bounded number an hour (429 with Retry-After)', async () => {
    // A provider that never answers keeps the first run screening; the limit here is 2 an hour.
    const stuck = { name: 'rules' as const, model: null, fieldsSent: [], screen: () => new Promise<never>(() => {}), testConnection: async () => ({ ok: true, message: '' }) }
    const fast = {
      name: 'rules' as const,
      model: null,
      fieldsSent: [],
      screen: async (_v: unknown, c: readonly { id: number }[]) => new Map(c.map((x) => [x.id, { outcome: 'revisao' as const, explanation: 'x' }])),
      testConnection: async () => ({ ok: true, message: '' }),
    }
    const body = JSON.stringify({ mode: 'empresa', vacancyId: 1, start_date: '2020-01-01', end_date: '2026-11-22' })
    const login = async (app: Awaited<ReturnType<typeof buildApp>>) =>
      cookieFrom(
        await app.inject({ method: 'POST', url: '/bff/auth/login', headers: UNSAFE_HEADERS, payload: JSON.stringify({ cnpj: '11222333000181', password: 'demo-admin-2026' }) }),
      )

    const busy = await buildApp({ ...stack.config, storeFile: ':memory:' }, { logger: false, screening: stuck })
    try {
      const cookie = await login(busy)
      expect((await startScreening(busy, cookie, body)).statusCode).toBe(202)
      const second = await startScreening(busy, cookie, body)
      expect(second.statusCode).toBe(429)
      expect(JSON.parse(second.body).message).toBe('Já existe uma triagem sua em andamento. Aguarde o fim para iniciar outra.')
      expect(second.headers['retry-after']).toBeDefined()
    } finally {
      await Promise.race([busy.close(), new Promise((r) => setTimeout(r, 6000))])
    }

    const limited = await buildApp({ ...stack.config, storeFile: ':memory:', screeningRunsPerHour: 2 }, { logger: false, screening: fast })
    try {
      const cookie = await login(limited)
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) {
        const answer = await startScreening(limited, cookie, body)
        statuses.push(answer.statusCode)
        if (answer.statusCode === 429) {
          expect(JSON.parse(answer.body).message).toMatch(/^Limite de triagens por hora atingido\. Tente novamente em \d+ minuto\(s\)\.$/)
          expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
        }
        await new Promise((r) => setTimeout(r, 200)) // the fast run ends before the next start
      }
      expect(statuses).toEqual([202, 202, 429])
    } finally {
      await limited.close()
    }
  }, 30_000)
})
