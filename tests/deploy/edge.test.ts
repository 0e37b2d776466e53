import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPostgres, type TestPostgres } from '../../bff/src/testing-postgres.ts'
import { startBff, startLegacy, type Bff, type Legacy } from '../faults/harness.ts'
import { startNginx, type Nginx } from '../support/nginx.ts'
import { freePort, ROOT, SHIPPED_BFF } from '../support/processes.ts'

// SECURITY.md 31 and 32, on the deployment as shipped: Debian's nginx with infra/deploy/nginx.conf
// in front of two production BFFs (the bundle) sharing PostgreSQL, next to the legacy stand-in.
// Every request below goes through the proxy, from the one address this machine has, so a forged
// X-Forwarded-For is the only way a client could look like someone else.
const LOGIN_LIMIT = 5
/** The proxy trust the shipped compose file gives each instance. */
const SHIPPED_TRUST_PROXY = String(
  (parse(readFileSync(join(ROOT, 'infra/deploy/compose.yaml'), 'utf8'), { merge: true }) as { services: Record<string, { environment?: Record<string, string> }> }).services[
    'bff-a'
  ]?.environment?.TRUST_PROXY,
)
let legacy: Legacy
let postgres: TestPostgres
const bffs: Bff[] = []
let proxy: Nginx
let metricsPorts: number[] = []

beforeAll(async () => {
  legacy = await startLegacy({}, 60)
  postgres = await startPostgres()
  const databaseUrl = await postgres.createDatabase()
  const proxyPort = await freePort()
  const origin = `http://127.0.0.1:${proxyPort}`
  metricsPorts = [await freePort(), await freePort()]
  // One instance first (it migrates), then the second, as a rolling start would.
  for (const metricsPort of metricsPorts) {
    bffs.push(
      await startBff(
        legacy,
        ':memory:',
        {
          NODE_ENV: 'production',
          COOKIE_SECURE: 'false',
          DATABASE_URL: databaseUrl,
          PUBLIC_ORIGIN: origin,
          TRUST_PROXY: SHIPPED_TRUST_PROXY,
          LOGIN_LIMIT_PER_IP: String(LOGIN_LIMIT),
          LOGIN_LIMIT_PER_CNPJ: '1000',
          METRICS_ADDRESS: `127.0.0.1:${metricsPort}`,
        },
        SHIPPED_BFF,
      ),
    )
  }
  proxy = await startNginx(
    bffs.map((b) => new URL(b.url).host.replace('localhost', '127.0.0.1')),
    proxyPort,
  )
}, 120_000)

afterAll(async () => {
  await proxy?.stop()
  await Promise.all(bffs.map((b) => b.stop()))
  await legacy?.stop()
  await postgres?.stop()
})

const unsafe = () => ({ 'x-csrf': '1', origin: proxy.url, 'content-type': 'application/json' })

describe('SECURITY.md 31: behind the shipped nginx, a forged X-Forwarded-For buys no new budget', () => {
  it('logins: the same client is stopped at the limit whatever address it claims, on either instance', async () => {
    const statuses: number[] = []
    for (let i = 0; i < LOGIN_LIMIT + 3; i++) {
      const response = await fetch(`${proxy.url}/bff/auth/login`, {
        method: 'POST',
        headers: { ...unsafe(), 'x-forwarded-for': `203.0.113.${i + 1}`, 'x-real-ip': `198.51.100.${i + 1}`, forwarded: `for=192.0.2.${i + 1}` },
        body: JSON.stringify({ cnpj: `1122233300${String(i).padStart(4, '0')}`, password: 'errada' }),
      })
      statuses.push(response.status)
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
        expect((await response.json()).message).toMatch(/^Muitas tentativas de login/)
      } else await response.body?.cancel()
    }
    expect(statuses).toEqual([...Array(LOGIN_LIMIT).fill(401), 429, 429, 429])
  })
  it('the privacy-request form: five an hour per client, whatever it claims', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) {
      const response = await fetch(`${proxy.url}/bff/public/privacy-requests`, {
        method: 'POST',
        headers: { ...unsafe(), 'x-forwarded-for': `203.0.113.${100 + i}` },
        body: JSON.stringify({ kind: 'acesso', name: 'Maria da Silva', email: `maria${i}@example.com`, whatsapp: '85988887777', details: 'Quero ver meus dados.' }),
      })
      statuses.push(response.status)
      await response.body?.cancel()
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429])
  })
})

describe('SECURITY.md 32: operational endpoints are not reachable through the proxy', () => {
  it('/metrics through nginx is 404 with or without a made-up token; the operator’s own listener serves it', async () => {
    for (const headers of [{}, { authorization: 'Bearer x' }, { 'x-forwarded-for': '127.0.0.1' }] as Record<string, string>[]) {
      const response = await fetch(`${proxy.url}/metrics`, { headers })
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ message: 'Não encontrado.' })
    }
    for (const port of metricsPorts) {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`)
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('bff_http_requests_total')
    }
  })
})

describe('the shipped proxy logs requests by path, never by what their query carries', () => {
  it('a one-click unsubscribe (its secret in the query) and a search leave their paths and statuses in the access log, not the secret or the words', async () => {
    const secret = 'c2VncmVkby1kZS11bS1jbGlxdWUtcXVlLW5hby1wb2RlLXZhemFy'
    const unsubscribe = await fetch(`${proxy.url}/descadastro/um-clique?t=${secret}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `${proxy.url}/vagas?busca=Maria+Souza` },
      body: 'List-Unsubscribe=One-Click',
    })
    await unsubscribe.body?.cancel()
    const search = await fetch(`${proxy.url}/vagas?busca=Maria+Souza`)
    await search.body?.cancel()
    // nginx writes its access log line once the answer is sent.
    await expect.poll(() => proxy.accessLog()).toMatch(/"GET \/vagas HTTP\/1\.1" 200 /)
    const log = proxy.accessLog()
    expect(log).toMatch(new RegExp(`"POST /descadastro/um-clique HTTP/1\\.1" ${unsubscribe.status} `))
    expect(log).not.toContain(secret)
    expect(log).not.toContain('Maria')
    expect(log).not.toContain('?')
  })
})
