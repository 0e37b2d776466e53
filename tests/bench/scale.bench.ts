import { createServer, request as httpRequest, Agent, type Server } from 'node:http'
import autocannon from 'autocannon'
import { startPostgres } from '../../bff/src/testing-postgres.ts'
import { SHIPPED_BFF } from '../support/processes.ts'
import { applyEnded, applyWhenFree, duplicates, ledger, login, screened, startApply, startBff, startLegacy, view, type Bff, type Legacy } from '../faults/harness.ts'
import { rangeHolding, row, type Benchmark, type BenchRow } from './harness.ts'

const listen = (server: Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)))

/**
 * A legacy API that answers at once, so the BFF instances — not the upstream — are what the
 * pass-through figures measure: the login and one small vacancy list.
 */
async function trivialUpstream() {
  const list = JSON.stringify({ data: Array.from({ length: 20 }, (_, i) => ({ id: i + 1, description: `Vaga ${i + 1}`, cnpj: '11222333000181', obs: 'mostrar' })) })
  const login = JSON.stringify({ data: { token: 'bench-token', user: { name: 'Admin', email: 'admin@bench', role: 'admin', cnpj: '11222333000181' } } })
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(req.url === '/api/auth/login' ? login : list)
    })
  })
  return { url: await listen(server), close: () => new Promise<void>((r) => server.close(() => r())) }
}

/** The bench's load balancer: round robin over the instances, keep-alive to each. */
async function balancer(targets: string[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 })
  let next = 0
  const server = createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]!)
    const upstream = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => (res.headersSent ? res.destroy() : (res.writeHead(502), res.end())))
    req.pipe(upstream)
  })
  return { url: await listen(server), close: () => new Promise<void>((r) => (agent.destroy(), server.close(() => r()))) }
}

async function load(url: string, cookie: string, seconds: number) {
  const result = await autocannon({ url, connections: 20, duration: seconds, headers: { cookie } })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { rps: result.requests.average, p50: result.latency.p50 }
}

async function loginThrough(url: string): Promise<string> {
  const response = await fetch(`${url}/bff/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1' },
    body: JSON.stringify({ cnpj: '11222333000181', password: 'demo-admin-2026' }),
  })
  if (response.status !== 200) throw new Error(`login through ${url}: ${response.status}`)
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!
}

/**
 * One apply of a global run over every seeded candidate, on two instances sharing PostgreSQL at
 * production's settings (30 s lease — 3 s in a --quick smoke run — info logs), through a stand-in answering each call after
 * 20 ms as over a network: uninterrupted, or with the applying instance SIGKILLed once half the
 * steps are done and the recruiter's next 'Aplicar Resultados' reaching the other instance (asked
 * every second, as a patient user would). Fails if anything was written twice.
 */
async function applyTakeover(databaseUrl: string, results: number, killHalfway: boolean, leaseSeconds: number) {
  // Seeded with twice as many, so six months hold more than `results`.
  const legacy = await startLegacy({ LEGACY_LATENCY_MS: '20' }, results * 2)
  const env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', NODE_ENV: 'production', COOKIE_SECURE: 'false', JOB_LEASE_SECONDS: String(leaseSeconds) }
  const pair: Bff[] = []
  try {
    pair.push(await startBff(legacy, ':memory:', env, SHIPPED_BFF), await startBff(legacy, ':memory:', env, SHIPPED_BFF))
    const [a, b] = pair as [Bff, Bff]
    const cookie = await login(a)
    const vacancies = (await (await fetch(`${a.url}/api/processos_seletivos`, { headers: { cookie } })).json()) as { data: { id: number; obs: string }[] }
    const vacancyId = vacancies.data.find((v) => v.obs === 'mostrar')!.id
    // The range holding `results` candidates (the global run's cap is 3,000 and six months).
    const range = await rangeHolding(results, async (start, end) => {
      const page = (await (await fetch(`${a.url}/api/candidatos?start_date=${start}&end_date=${end}&page=1`, { headers: { cookie } })).json()) as { pagination: { total: number } }
      return page.pagination.total
    })
    const run = await screened(a, cookie, { mode: 'global', vacancyId, start_date: range.start_date, end_date: range.end_date })
    const started = performance.now()
    if ((await startApply(a, cookie, run.run.id)).status !== 202) throw new Error('apply refused')
    let takeover = 0
    if (killHalfway) {
      for (let p = (await view(a, cookie, run.run.id)).apply!; p.processed < p.total / 2; p = (await view(a, cookie, run.run.id)).apply!)
        await new Promise((r) => setTimeout(r, 50))
      await a.kill()
      const killed = performance.now()
      await applyWhenFree(b, cookie, run.run.id, 1000)
      takeover = performance.now() - killed
    }
    const final = await applyEnded(b, cookie, run.run.id)
    const seconds = (performance.now() - started) / 1000
    const twice = [
      ...duplicates(ledger(legacy, run.run.id, vacancyId)),
      ...[...(await legacy.statusWrites())].filter(([, n]) => n > 1).map(([id, n]) => `${id}: record updated ×${n}`),
    ]
    if (final.apply!.status !== 'applied' || final.apply!.failed > 0 || twice.length > 0) throw new Error(`apply ended ${JSON.stringify(final.apply)}; twice: ${twice.join(', ')}`)
    return { seconds, takeover: takeover / 1000, results: run.results.length, steps: final.apply!.total, writes: final.apply!.updated + final.apply!.sent }
  } finally {
    for (const b of pair) await b.kill()
    await legacy.stop()
  }
}

/**
 * The same load through one and through two BFF instances sharing PostgreSQL, behind a
 * round-robin balancer, in alternating runs: the signed-in pass-through (a trivial upstream, so
 * the instances are the bottleneck) and the dashboard (the seeded stand-in; warm cache). It does
 * not show scaling across machines: every process here shares the same cores.
 */
export const scaleOutBenchmark: Benchmark = {
  name: 'scale-out',
  description:
    'pass-through (trivial upstream) and dashboard (stand-in) throughput through one and two BFF instances on PostgreSQL behind a round-robin balancer, alternating runs; apply time for 3,000 results, uninterrupted and with the applying instance SIGKILLed halfway',
  async run({ quick, log }) {
    const postgres = await startPostgres()
    const upstream = await trivialUpstream()
    const legacy = await startLegacy({}, quick ? 300 : 3000)
    const started: Bff[] = []
    const closers: (() => Promise<void>)[] = []
    try {
      const instances = async (target: Pick<Legacy, 'url'>) => {
        // Production settings: production mode and its `info` request logs (the fault harness's default is `error`).
        const env = { DATABASE_URL: await postgres.createDatabase(), PUBLIC_ORIGIN: 'http://127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'production', COOKIE_SECURE: 'false' }
        const pair = [await startBff(target, ':memory:', env, SHIPPED_BFF), await startBff(target, ':memory:', env, SHIPPED_BFF)]
        started.push(...pair)
        const urls = pair.map((b) => b.url.replace('localhost', '127.0.0.1'))
        const one = await balancer(urls.slice(0, 1))
        const two = await balancer(urls)
        closers.push(one.close, two.close)
        return { one: one.url, two: two.url, cookie: await loginThrough(one.url) }
      }
      const seconds = quick ? 1 : 5
      const rounds = quick ? 1 : 3
      const rows: BenchRow[] = []
      for (const [what, target, path] of [
        ['pass-through', upstream, '/api/processos_seletivos'],
        ['dashboard', legacy, '/bff/dashboard'],
      ] as const) {
        const { one, two, cookie } = await instances(target)
        await load(`${one}${path}`, cookie, 1)
        await load(`${two}${path}`, cookie, 1)
        const single: number[] = []
        const pair: number[] = []
        for (let i = 0; i < rounds; i++) {
          single.push((await load(`${one}${path}`, cookie, seconds)).rps)
          pair.push((await load(`${two}${path}`, cookie, seconds)).rps)
          log(`${what} run ${i + 1}: one instance ${single.at(-1)} req/s · two instances ${pair.at(-1)} req/s`)
        }
        rows.push(row('scale-out', `${what}: one instance`, single, 'req/s'))
        rows.push(row('scale-out', `${what}: two instances`, pair, 'req/s'))
        rows.push(
          row(
            'scale-out',
            `${what}: two ÷ one`,
            pair.map((p, i) => p / single[i]!),
            '×',
          ),
        )
      }
      // Applying with and without a SIGKILL halfway, alternating, each on a fresh stand-in and database.
      const candidates = quick ? 300 : 3000
      // Production's lease; the smoke run of the harness (--quick) does not wait it out.
      const lease = quick ? 3 : 30
      const whole: number[] = []
      const cut: number[] = []
      const waits: number[] = []
      for (let i = 0; i < (quick ? 1 : 2); i++) {
        const plain = await applyTakeover(await postgres.createDatabase(), candidates, false, lease)
        const killed = await applyTakeover(await postgres.createDatabase(), candidates, true, lease)
        log(
          `apply of ${plain.results} results (${plain.steps} steps, ${plain.writes} writes) run ${i + 1}: uninterrupted ${plain.seconds.toFixed(1)} s · ` +
            `SIGKILL halfway ${killed.seconds.toFixed(1)} s (taken over ${killed.takeover.toFixed(1)} s after the kill)`,
        )
        whole.push(plain.seconds)
        cut.push(killed.seconds)
        waits.push(killed.takeover)
      }
      rows.push(row('scale-out', `apply ~${candidates} results: uninterrupted`, whole, 's'))
      rows.push(row('scale-out', `apply ~${candidates} results: one instance SIGKILLed halfway`, cut, 's'))
      rows.push(row('scale-out', `apply: kill to takeover (${lease} s lease)`, waits, 's'))
      return rows
    } finally {
      for (const close of closers) await close()
      for (const b of started) await b.stop()
      await legacy.stop()
      await upstream.close()
      await postgres.stop()
    }
  },
}
