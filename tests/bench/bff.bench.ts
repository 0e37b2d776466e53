import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { freePort, ROOT, runScript, SHIPPED_BFF, startService } from '../support/processes.ts'
import { startProduct } from '../support/product.ts'
import { WITHOUT_INDEX_ENV, row, type Benchmark, type BenchRow } from './harness.ts'

/** One load run: throughput, and latency percentiles in µs from autocannon's per-response timings (its own histogram keeps whole ms). */
async function load(url: string, headers: Record<string, string>, seconds: number, connections = 10) {
  const timings: number[] = []
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers }, (error, answer) => (error ? reject(error) : resolve(answer)))
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) timings.push(ms * 1000)
    })
  })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  timings.sort((a, b) => a - b)
  const at = (p: number) => timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))] ?? NaN
  return { rps: result.requests.average, p50: at(50), p99: at(99) }
}

type Target = { url: string; headers: Record<string, string> }
type Targets = { direct: Target; 'http-proxy': Target; BFF: Target }
interface SideBySideTargets {
  /** At 100 connections, BFF ÷ http-proxy and BFF ÷ direct throughput. */
  proxyRatio?: number
  directRatio?: number
  /** At 10 connections, the BFF's added p50 over direct, in µs. */
  addedP50Us?: number
  /** At 10 connections, BFF ÷ direct throughput (the pass-through's target against the stand-in). */
  directRatioAt10?: number
}

/**
 * The same GET direct, through a bare `@fastify/http-proxy` and through the BFF (with a session),
 * at 10 and 100 connections, alternating the three within each round so they share the machine's
 * noise. Latency is in µs.
 */
async function sideBySide(name: string, targets: Targets, goals: SideBySideTargets, { quick, log }: { quick: boolean; log: (line: string) => void }) {
  const seconds = quick ? 2 : 5
  const rows: BenchRow[] = []
  const names = Object.keys(targets) as (keyof Targets)[]
  for (const connections of [10, 100]) {
    const runs: Record<keyof Targets, { rps: number; p50: number; p99: number }[]> = { direct: [], 'http-proxy': [], BFF: [] }
    for (const n of names) await load(targets[n].url, targets[n].headers, 1, connections).catch((e: unknown) => log(`warm-up ${n}: ${(e as Error).message}`))
    for (let i = 0; i < (quick ? 1 : 3); i++) {
      for (const n of names) runs[n].push(await load(targets[n].url, targets[n].headers, seconds, connections))
      log(`${connections} connections, run ${i + 1}: ` + names.map((n) => `${n} ${runs[n].at(-1)!.rps.toFixed(0)} req/s p50 ${runs[n].at(-1)!.p50.toFixed(0)} µs`).join(' · '))
    }
    const at = `${connections} conn`
    /** One row per target (direct, http-proxy, BFF) of one measure. */
    const each = (label: string, field: 'rps' | 'p50' | 'p99', unit: string) =>
      names.map((n) =>
        row(
          name,
          `${at}: ${n} ${label}`,
          runs[n].map((x) => x[field]),
          unit,
        ),
      )
    rows.push(...each('throughput', 'rps', 'req/s'))
    rows.push(
      row(
        name,
        `${at}: BFF / http-proxy throughput`,
        runs.BFF.map((x, i) => x.rps / runs['http-proxy'][i]!.rps),
        'ratio',
        connections === 100 && goals.proxyRatio ? { min: goals.proxyRatio } : undefined,
      ),
      row(
        name,
        `${at}: BFF / direct throughput`,
        runs.BFF.map((x, i) => x.rps / runs.direct[i]!.rps),
        'ratio',
        connections === 100 && goals.directRatio ? { min: goals.directRatio } : connections === 10 && goals.directRatioAt10 ? { min: goals.directRatioAt10 } : undefined,
      ),
    )
    rows.push(...each('latency p50', 'p50', 'µs'))
    rows.push(
      row(
        name,
        `${at}: BFF added latency p50`,
        runs.BFF.map((x, i) => x.p50 - runs.direct[i]!.p50),
        'µs',
        connections === 10 && goals.addedP50Us ? { max: goals.addedP50Us } : undefined,
      ),
      row(
        name,
        `${at}: http-proxy added latency p50`,
        runs['http-proxy'].map((x, i) => x.p50 - runs.direct[i]!.p50),
        'µs',
      ),
    )
    rows.push(...each('latency p99', 'p99', 'µs'))
  }
  return rows
}

/** Signs in through the BFF's own login and answers the session cookie. */
export async function bffCookie(bffUrl: string, origin: string, cnpj: string, password: string) {
  const login = await fetch(`${bffUrl}/bff/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1', origin },
    body: JSON.stringify({ cnpj, password }),
  })
  if (!login.ok) throw new Error(`BFF login: ${login.status}`)
  return (login.headers.get('set-cookie') ?? '').split(';')[0]!
}

const startHttpProxy = async (upstream: string) => {
  const port = await freePort()
  const service = await startService('tests/bench/fixtures/http-proxy.ts', { PORT: String(port), UPSTREAM: upstream }, `http://127.0.0.1:${port}/healthz`)
  return { service, url: `http://127.0.0.1:${port}` }
}

/**
 * GET /api/processos_seletivos against the real stand-in (5,000 candidates' seed): direct with a
 * token, through a bare http-proxy, and through the BFF with a session. The pass-through's targets (≥ 0.8×
 * direct, ≤ 2 ms added p50 at 10 connections). Here the stand-in is most of the cost, so the
 * figure says what a user sees, not what the BFF costs (that is `pass-through-trivial`).
 */
export const passThroughBenchmark: Benchmark = {
  name: 'pass-through',
  description: 'GET /api/processos_seletivos against the stand-in: direct vs bare @fastify/http-proxy vs the BFF (10 and 100 connections)',
  async run({ quick, log }) {
    const product = await startProduct(quick ? 500 : 5000, { bffEnv: WITHOUT_INDEX_ENV })
    const proxy = await startHttpProxy(product.legacyUrl)
    try {
      const login = await fetch(`${product.legacyUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cnpj: '11222333000181', password: 'demo-admin-2026' }),
      })
      const token = ((await login.json()) as { data: { token: string } }).data.token
      const cookie = await bffCookie(product.url, product.url, '11222333000181', 'demo-admin-2026')
      const bearer = { authorization: `Bearer ${token}` }
      return await sideBySide(
        'pass-through',
        {
          direct: { url: `${product.legacyUrl}/api/processos_seletivos`, headers: bearer },
          'http-proxy': { url: `${proxy.url}/api/processos_seletivos`, headers: bearer },
          BFF: { url: `${product.url.replace('localhost', '127.0.0.1')}/api/processos_seletivos`, headers: { cookie } },
        },
        { directRatioAt10: 0.8, addedP50Us: 2000 },
        { quick, log },
      )
    } finally {
      await proxy.service.stop()
      await product.stop()
    }
  },
}

/** The SPA's production build: gzip size of the entry JS and of what the public list needs. */
export const bundleBenchmark: Benchmark = {
  name: 'spa-bundle',
  description: 'SPA production build: gzip KB of the entry script and of the public-list route',
  async run({ log }) {
    const build = await runScript('node_modules/vite/bin/vite.js', ['build', '--logLevel', 'warn', '--config', join(ROOT, 'web/vite.config.ts'), join(ROOT, 'web')])
    if (build.code !== 0) throw new Error(build.output)
    const dist = join(ROOT, 'web/dist')
    const html = readFileSync(join(dist, 'index.html'), 'utf8')
    const entry = /<script type="module" crossorigin src="\/assets\/([^"]+)"/.exec(html)?.[1]
    if (!entry) throw new Error('no entry script in index.html')
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+)"/g)].map((m) => m[1]!)
    const gz = (file: string) => gzipSync(readFileSync(join(dist, 'assets', file))).length / 1024
    const assets = readdirSync(join(dist, 'assets'))
    const route = assets.find((f) => f.startsWith('public-vacancies-'))!
    // What the route imports besides the entry: read its static imports.
    const routeImports = [...readFileSync(join(dist, 'assets', route), 'utf8').matchAll(/from"\.\/([^"]+\.js)"/g)].map((m) => m[1]!)
    const firstPaint = new Set([entry, ...preloaded, route, ...routeImports])
    const css = assets.filter((f) => f.endsWith('.css'))
    log(`entry ${entry}; public list loads ${[...firstPaint].join(', ')}`)
    return [
      row('spa-bundle', 'entry JS (gzip)', [gz(entry)], 'KB', { max: 150 }),
      row('spa-bundle', 'public-list route chunk (gzip)', [gz(route)], 'KB'),
      row('spa-bundle', 'all JS for the public list (gzip)', [[...firstPaint].reduce((n, f) => n + gz(f), 0)], 'KB'),
      row('spa-bundle', 'CSS (gzip)', [css.reduce((n, f) => n + gz(f), 0)], 'KB'),
    ]
  },
}

/**
 * The pass-through measured as itself. A trivial upstream answers at once, so the figures
 * are the BFF's (with a session, production settings and log level) beside a bare
 * `@fastify/http-proxy` in front of the same upstream, and the upstream direct, at 10 and 100
 * connections. Not shown: the cost of a real legacy (see `pass-through`), TLS, or a company user's
 * filtered answers; and the load generator shares the machine's two cores with what it measures.
 */
export const passThroughTrivialBenchmark: Benchmark = {
  name: 'pass-through-trivial',
  description: 'GET /api/processos_seletivos against a trivial upstream: direct vs bare @fastify/http-proxy vs the BFF (10 and 100 connections)',
  async run({ quick, scratch, log }) {
    const [upstreamPort, bffPort] = [await freePort(), await freePort()]
    const upstreamUrl = `http://127.0.0.1:${upstreamPort}`
    const services = [await startService('tests/bench/fixtures/trivial-upstream.ts', { PORT: String(upstreamPort) }, `${upstreamUrl}/api/processos_seletivos`)]
    try {
      const proxy = await startHttpProxy(upstreamUrl)
      services.push(proxy.service)
      const bffUrl = `http://127.0.0.1:${bffPort}`
      services.push(
        await startService(
          SHIPPED_BFF,
          {
            ...WITHOUT_INDEX_ENV,
            PORT: String(bffPort),
            LEGACY_API_URL: `${upstreamUrl}/api`,
            PUBLIC_ORIGIN: bffUrl,
            SESSION_SECRET: 'pass-through-bench-secret-0123456789-abcdef',
            STORE_FILE: join(scratch, 'pass-through-trivial.db'),
            STATIC_DIR: join(ROOT, 'web/dist'),
          },
          `${bffUrl}/healthz`,
        ),
      )
      const cookie = await bffCookie(bffUrl, bffUrl, '11222333000181', 'x')
      return await sideBySide(
        'pass-through-trivial',
        {
          direct: { url: `${upstreamUrl}/api/processos_seletivos`, headers: {} },
          'http-proxy': { url: `${proxy.url}/api/processos_seletivos`, headers: {} },
          BFF: { url: `${bffUrl}/api/processos_seletivos`, headers: { cookie } },
        },
        { proxyRatio: 0.9, directRatio: 0.5, addedP50Us: 1000 },
        { quick, log },
      )
    } finally {
      for (const service of services.reverse()) await service.stop()
    }
  },
}
