import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { freePort, ROOT, runScript, startService } from '../support/processes.ts'
import { startProduct } from '../support/product.ts'
import { row, type Benchmark, type BenchRow } from './harness.ts'

async function load(url: string, headers: Record<string, string>, seconds: number, connections = 10) {
  const result = await autocannon({ url, connections, duration: seconds, headers })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 }
}

/**
 * GET /api/processos_seletivos straight to the stand-in and through the BFF with a session,
 * alternating runs so both see the same machine noise (issue 3: ≥ 0.8× throughput, ≤ 2 ms p50).
 */
export const passThroughBenchmark: Benchmark = {
  name: 'pass-through',
  description: 'GET /api/processos_seletivos direct to the stand-in vs through the BFF with a session (10 connections)',
  async run({ quick, log }) {
    const product = await startProduct(quick ? 500 : 5000)
    try {
      const login = await fetch(`${product.legacyUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cnpj: '11222333000181', password: 'demo-admin-2026' }),
      })
      const token = ((await login.json()) as { data: { token: string } }).data.token
      const session = await fetch(`${product.url}/bff/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: product.url },
        body: JSON.stringify({ cnpj: '11222333000181', password: 'demo-admin-2026' }),
      })
      const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0]!
      const direct = { url: `${product.legacyUrl}/api/processos_seletivos`, headers: { authorization: `Bearer ${token}` } }
      const viaBff = { url: `${product.url.replace('localhost', '127.0.0.1')}/api/processos_seletivos`, headers: { cookie } }
      const seconds = quick ? 2 : 5
      await load(direct.url, direct.headers, 1)
      await load(viaBff.url, viaBff.headers, 1)
      const d: { rps: number; p50: number; p99: number }[] = []
      const b: { rps: number; p50: number; p99: number }[] = []
      for (let i = 0; i < (quick ? 1 : 3); i++) {
        d.push(await load(direct.url, direct.headers, seconds))
        b.push(await load(viaBff.url, viaBff.headers, seconds))
        log(`run ${i + 1}: direct ${d.at(-1)!.rps} req/s p50 ${d.at(-1)!.p50} ms · BFF ${b.at(-1)!.rps} req/s p50 ${b.at(-1)!.p50} ms`)
      }
      const rows: BenchRow[] = [
        row(
          'pass-through',
          'direct: throughput',
          d.map((x) => x.rps),
          'req/s',
        ),
        row(
          'pass-through',
          'via BFF: throughput',
          b.map((x) => x.rps),
          'req/s',
        ),
        row(
          'pass-through',
          'via BFF / direct throughput',
          b.map((x, i) => x.rps / d[i]!.rps),
          'ratio',
          { min: 0.8 },
        ),
        row(
          'pass-through',
          'direct: latency p50',
          d.map((x) => x.p50),
          'ms',
        ),
        row(
          'pass-through',
          'via BFF: latency p50',
          b.map((x) => x.p50),
          'ms',
        ),
        row(
          'pass-through',
          'added latency p50',
          b.map((x, i) => x.p50 - d[i]!.p50),
          'ms',
          { max: 2 },
        ),
        row(
          'pass-through',
          'direct: latency p99',
          d.map((x) => x.p99),
          'ms',
        ),
        row(
          'pass-through',
          'via BFF: latency p99',
          b.map((x) => x.p99),
          'ms',
        ),
      ]
      return rows
    } finally {
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
 * Issue 16: the pass-through measured as itself. A trivial upstream answers at once, so the figures
 * are the BFF's (with a session, production settings and log level) beside a bare
 * `@fastify/http-proxy` in front of the same upstream, and the upstream direct, at 10 and 100
 * connections, alternating runs in one process each. Not shown: the cost of a real legacy (see
 * `pass-through`), TLS, or a company user's filtered answers.
 */
export const passThroughTrivialBenchmark: Benchmark = {
  name: 'pass-through-trivial',
  description: 'GET /api/processos_seletivos against a trivial upstream: direct vs bare @fastify/http-proxy vs the BFF (10 and 100 connections)',
  async run({ quick, scratch, log }) {
    const [upstreamPort, proxyPort, bffPort] = [await freePort(), await freePort(), await freePort()]
    const upstreamUrl = `http://127.0.0.1:${upstreamPort}`
    const services = [await startService('tests/bench/fixtures/trivial-upstream.ts', { PORT: String(upstreamPort) }, `${upstreamUrl}/api/processos_seletivos`)]
    try {
      services.push(await startService('tests/bench/fixtures/http-proxy.ts', { PORT: String(proxyPort), UPSTREAM: upstreamUrl }, `http://127.0.0.1:${proxyPort}/healthz`))
      const bffUrl = `http://127.0.0.1:${bffPort}`
      services.push(
        await startService(
          'bff/src/server.ts',
          {
            NODE_ENV: 'production',
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
      const login = await fetch(`${bffUrl}/bff/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: bffUrl },
        body: JSON.stringify({ cnpj: '11222333000181', password: 'x' }),
      })
      if (!login.ok) throw new Error(`BFF login: ${login.status}`)
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!
      const targets = {
        direct: { url: `${upstreamUrl}/api/processos_seletivos`, headers: {} },
        'http-proxy': { url: `http://127.0.0.1:${proxyPort}/api/processos_seletivos`, headers: {} },
        BFF: { url: `${bffUrl}/api/processos_seletivos`, headers: { cookie } },
      }
      const seconds = quick ? 2 : 5
      const rows: BenchRow[] = []
      for (const connections of [10, 100]) {
        const runs: Record<keyof typeof targets, { rps: number; p50: number; p99: number }[]> = { direct: [], 'http-proxy': [], BFF: [] }
        for (const [name, t] of Object.entries(targets)) await load(t.url, t.headers, 1, connections).catch((e: unknown) => log(`warm-up ${name}: ${(e as Error).message}`))
        for (let i = 0; i < (quick ? 1 : 3); i++) {
          for (const [name, t] of Object.entries(targets) as [keyof typeof targets, (typeof targets)[keyof typeof targets]][])
            runs[name].push(await load(t.url, t.headers, seconds, connections))
          log(
            `${connections} connections, run ${i + 1}: ` +
              Object.entries(runs)
                .map(([name, r]) => `${name} ${r.at(-1)!.rps.toFixed(0)} req/s p50 ${r.at(-1)!.p50} ms`)
                .join(' · '),
          )
        }
        const at = `${connections} conn`
        rows.push(
          row(
            'pass-through-trivial',
            `${at}: direct throughput`,
            runs.direct.map((x) => x.rps),
            'req/s',
          ),
          row(
            'pass-through-trivial',
            `${at}: http-proxy throughput`,
            runs['http-proxy'].map((x) => x.rps),
            'req/s',
          ),
          row(
            'pass-through-trivial',
            `${at}: BFF throughput`,
            runs.BFF.map((x) => x.rps),
            'req/s',
          ),
          row(
            'pass-through-trivial',
            `${at}: BFF / http-proxy throughput`,
            runs.BFF.map((x, i) => x.rps / runs['http-proxy'][i]!.rps),
            'ratio',
            connections === 100 ? { min: 0.9 } : undefined,
          ),
          row(
            'pass-through-trivial',
            `${at}: BFF / direct throughput`,
            runs.BFF.map((x, i) => x.rps / runs.direct[i]!.rps),
            'ratio',
            connections === 100 ? { min: 0.5 } : undefined,
          ),
          row(
            'pass-through-trivial',
            `${at}: BFF added latency p50`,
            runs.BFF.map((x, i) => x.p50 - runs.direct[i]!.p50),
            'ms',
            connections === 10 ? { max: 1 } : undefined,
          ),
        )
      }
      return rows
    } finally {
      for (const service of services.reverse()) await service.stop()
    }
  },
}
