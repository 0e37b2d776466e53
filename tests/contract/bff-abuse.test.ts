import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UNSAFE_HEADERS, startStack, type Stack } from '../support/stack.ts'

// SECURITY.md 22 (login rate limits) and 23 (fuzzed input on every BFF route), against the stand-in.
let stack: Stack
let admin: string
beforeAll(async () => {
  stack = await startStack({ LOGIN_LIMIT_PER_IP: '6', LOGIN_LIMIT_PER_CNPJ: '3' }, { candidates: 150 })
  // An admin of the team with their own account: the staff's every route, the team's and their own account's.
  admin = (await stack.person({ name: 'Ana Admin', email: 'ana.admin@agencia.com.br', role: 'admin' })).cookie
})
afterAll(() => stack.close())

const attempt = (cnpj: string, ip: string, headers: Record<string, string> = {}) =>
  stack.app.inject({ method: 'POST', url: '/bff/auth/login', remoteAddress: ip, headers: { ...UNSAFE_HEADERS, ...headers }, payload: JSON.stringify({ cnpj, password: 'errada' }) })

describe('22. login rate limits', () => {
  it('per CNPJ: failed attempts from any address lock that CNPJ, with Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('45723618000118', `10.0.0.${i + 1}`)).statusCode).toBe(401)
    const blocked = await attempt('45723618000118', '10.0.0.9')
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect(JSON.parse(blocked.body).message).toMatch(/^Muitas tentativas de login/)
    // Another CNPJ is not affected.
    expect((await attempt('07654012000189', '10.0.0.9')).statusCode).toBe(401)
  })
  it('per IP: many CNPJs from one address, and a spoofed X-Forwarded-For opens no new bucket', async () => {
    const ip = '10.1.1.1'
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) statuses.push((await attempt(`1122233300${String(i).padStart(4, '0')}`, ip, { 'x-forwarded-for': `203.0.113.${i}` })).statusCode)
    expect(statuses.slice(0, 6).every((s) => s === 401)).toBe(true)
    expect(statuses[6]).toBe(429)
  })
  it('with a trusted proxy configured, X-Forwarded-For names the client', async () => {
    const proxied = await startStack({ LOGIN_LIMIT_PER_IP: '2', LOGIN_LIMIT_PER_CNPJ: '50', TRUST_PROXY: '127.0.0.1' }, { candidates: 10 })
    try {
      const from = (xff: string, n: number) =>
        proxied.app.inject({
          method: 'POST',
          url: '/bff/auth/login',
          remoteAddress: '127.0.0.1',
          headers: { ...UNSAFE_HEADERS, 'x-forwarded-for': xff },
          payload: JSON.stringify({ cnpj: `999${n}`, password: 'x' }),
        })
      expect((await from('198.51.100.1', 1)).statusCode).toBe(401)
      expect((await from('198.51.100.1', 2)).statusCode).toBe(401)
      expect((await from('198.51.100.1', 3)).statusCode).toBe(429)
      expect((await from('198.51.100.2', 4)).statusCode).toBe(401)
      // Only the hop the operator named may name the client: a forged entry before it buys nothing.
      expect((await from('203.0.113.77, 198.51.100.1', 5)).statusCode).toBe(429)
    } finally {
      await proxied.close()
    }
  })
})

const FUZZ = [
  '',
  ' ',
  'a'.repeat(5000),
  '%00',
  '\u0000',
  '../../etc/passwd',
  '😀'.repeat(40),
  '-1',
  '0',
  '1e309',
  'null',
  '[]',
  '{}',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '\u202e\u200b',
  'ção',
  '99999999999999999999',
]
const BODIES: unknown[] = [
  null,
  [],
  'texto',
  123,
  true,
  {},
  { cnpj: 1, password: [] },
  { rows: 'x', type: 5 },
  { mode: 'global', start_date: '9999-99-99', end_date: null },
  { a: { b: { c: { d: { e: {} } } } } },
  { observacao: 'x'.repeat(200_000) },
  { status: { $ne: null } },
  { fullName: '\u0000', age: -1, jobId: 'um' },
]

function checkAnswer(status: number, body: string, what: string) {
  expect(status, what).toBeLessThan(500)
  if (status >= 400) {
    const parsed = JSON.parse(body)
    expect(typeof parsed.message, what).toBe('string')
  }
}

describe('23. fuzzed bodies, queries and paths never give a 5xx', () => {
  const getRoutes = [
    (f: string) => `/bff/public/vacancies?x=${f}`,
    (f: string) => `/bff/public/vacancies/${f}`,
    (f: string) => `/bff/cep/${f}`,
    (f: string) => `/bff/vacancies/${f}`,
    (f: string) => `/bff/vacancies/by-slug/${f}`,
    (f: string) => `/bff/vacancies/${f}/candidates`,
    (f: string) => `/bff/vacancies/1/candidates?page=${f}&status=${f}&q=${f}&order=${f}`,
    (f: string) => `/bff/candidates?q=${f}&start_date=${f}&status=${f}`,
    (f: string) => `/bff/candidates/${f}`,
    (f: string) => `/bff/dashboard?month=${f}`,
    (f: string) => `/bff/exports/relatorio.xlsx?start_date=${f}&end_date=${f}`,
    (f: string) => `/bff/candidates.csv?q=${f}`,
    (f: string) => `/bff/vacancies/1/candidates.csv?q=${f}`,
    (f: string) => `/api/candidatos?page=${f}&start_date=${f}`,
    (f: string) => `/api/candidatos/${f}`,
    (f: string) => `/api/${f}`,
    (f: string) => `/bff/screening/runs/${f}`,
    (f: string) => `/bff/screening/runs/${f}/events`,
    (f: string) => `/bff/screening/runs/${f}/bias.csv`,
    (f: string) => `/bff/audit.csv?start_date=${f}&end_date=${f}`,
    (f: string) => `/bff/candidates/counts?q=${f}&start_date=${f}&tag=${f}`,
    (f: string) => `/bff/candidates?tag=${f}`,
    (f: string) => `/bff/vacancies/1/candidates/counts?q=${f}`,
    (f: string) => `/bff/vacancies/${f}/suggestions`,
    (f: string) => `/bff/reports/recruiting?from=${f}&to=${f}&cnpj=${f}`,
    (f: string) => `/bff/reports/recruiting.xlsx?from=${f}`,
    (f: string) => `/bff/candidates/${f}/timeline`,
    (f: string) => `/bff/screening/fit?mode=${f}&kind=${f}&vacancyId=${f}`,
  ]
  it('GET routes with fuzzed paths and queries', async () => {
    for (const route of getRoutes) {
      for (const f of FUZZ) {
        const url = route(encodeURIComponent(f))
        const response = await stack.app.inject({ method: 'GET', url, headers: { cookie: admin } })
        checkAnswer(response.statusCode, response.body, `GET ${url.slice(0, 80)}`)
      }
    }
  }, 120_000)
  it('unsafe routes with fuzzed bodies', async () => {
    const targets: [string, string][] = [
      ['POST', '/bff/auth/login'],
      ['POST', '/bff/public/applications'],
      ['POST', '/bff/exports/render'],
      ['POST', '/bff/screening/candidates'],
      ['POST', '/bff/screening/test-connection'],
      ['PUT', '/api/candidatos/1'],
      ['POST', '/api/processos_seletivos'],
      ['PUT', '/api/processos_seletivos/1'],
      ['POST', '/api/candidatos/1/observacao'],
      ['POST', '/api/candidatos'],
      ['POST', '/bff/auth/logout'],
      ['POST', '/bff/screening/runs'],
      ['POST', '/bff/screening/runs/00000000-0000-0000-0000-000000000000/apply'],
      ['PUT', '/bff/screening/runs/00000000-0000-0000-0000-000000000000/results/1/review'],
      ['POST', '/bff/screening/runs/00000000-0000-0000-0000-000000000000/undo'],
      ['POST', '/bff/public/privacy-requests'],
      ['PUT', '/bff/privacy-requests/00000000-0000-0000-0000-000000000000/answer'],
      ['POST', '/bff/privacy-requests/00000000-0000-0000-0000-000000000000/anonymise'],
      ['POST', '/bff/users'],
      ['POST', '/bff/company/vacancies'],
      ['POST', '/bff/vacancies'],
      ['PUT', '/bff/vacancies/1'],
      ['PUT', '/bff/candidates/1'],
      ['PUT', '/bff/candidates/1/status'],
      ['PUT', '/bff/candidates/1/note'],
      ['POST', '/bff/candidates/1/forwards'],
      ['PUT', '/bff/candidates/1/tags'],
      ['POST', '/bff/saved-searches'],
      ['DELETE', '/bff/saved-searches/00000000-0000-0000-0000-000000000000'],
      ['POST', '/bff/auth/people/login'],
      ['POST', '/bff/auth/people/link'],
      ['POST', '/bff/auth/people/password'],
      ['PUT', '/bff/account/password'],
      ['POST', '/bff/account/totp'],
      ['PUT', '/bff/account/totp'],
      ['POST', '/bff/account/totp/off'],
      ['POST', '/bff/team/people'],
      ['PATCH', '/bff/team/people/00000000-0000-0000-0000-000000000000'],
      ['POST', '/bff/team/people/00000000-0000-0000-0000-000000000000/link'],
      ['POST', '/bff/team/bindings'],
      ['POST', '/bff/candidates/1/notes'],
      ['POST', '/bff/bulk'],
      ['POST', '/bff/bulk/00000000-0000-0000-0000-000000000000/resume'],
      ['POST', '/bff/bulk/00000000-0000-0000-0000-000000000000/undo'],
      ['POST', '/bff/vacancies/1/candidates/selection.csv'],
      ['POST', '/bff/public/my-applications/link'],
      ['POST', '/bff/public/my-applications'],
      ['POST', '/bff/public/my-applications/withdraw'],
      ['POST', '/bff/public/my-applications/screening'],
      ['POST', '/bff/public/my-applications/interview'],
      ['PUT', '/bff/messages/templates/livre'],
      ['DELETE', '/bff/messages/templates/livre'],
      ['PUT', '/bff/candidates/1/contact'],
      ['POST', '/bff/candidates/1/messages'],
      ['POST', '/bff/public/unsubscribe'],
      ['POST', '/bff/candidates/1/interviews'],
      ['POST', '/bff/interviews/00000000-0000-0000-0000-000000000000/no-show'],
      ['POST', '/bff/interviews/00000000-0000-0000-0000-000000000000/cancel'],
      ['POST', '/bff/public/interview'],
      ['POST', '/bff/public/interview/answer'],
    ]
    // Every unsafe /bff route the BFF declares is fuzzed here (a new one must join the list).
    const declared = [...stack.app.routeAccess.keys()].filter((r) => !r.startsWith('GET ') && r.includes(' /bff/'))
    const fuzzed = new Set(
      targets.map(
        ([method, url]) =>
          `${method} ${url
            .replace(/\/1(?=\/|$)/g, '/:id')
            .replace(/00000000-0000-0000-0000-000000000000/, ':id')
            .replace('/results/:id/', '/results/:candidateId/')
            .replace('/people/:id', '/people/:person')
            .replace('/templates/livre', '/templates/:purpose')}`,
      ),
    )
    expect(declared.filter((r) => !fuzzed.has(r))).toEqual([])
    for (const [method, url] of targets) {
      for (const body of BODIES) {
        const response = await stack.app.inject({ method: method as 'POST', url, headers: { ...UNSAFE_HEADERS, cookie: admin }, payload: JSON.stringify(body) })
        checkAnswer(response.statusCode, response.body, `${method} ${url} ${JSON.stringify(body).slice(0, 60)}`)
      }
      const broken = await stack.app.inject({ method: method as 'POST', url, headers: { ...UNSAFE_HEADERS, cookie: admin }, payload: '{"a": ' })
      checkAnswer(broken.statusCode, broken.body, `${method} ${url} broken JSON`)
    }
    // Still alive and serving.
    expect((await stack.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
  }, 120_000)
})
