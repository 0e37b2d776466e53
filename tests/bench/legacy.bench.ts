import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { freePort, runScript, startService } from '../support/processes.ts'
import { createRandom } from '../../infra/legacy-api/src/seed/random.ts'
import { row, type Benchmark, type BenchRow } from './harness.ts'

// Benchmarks of the legacy API stand-in. Both run the real scripts as separate processes, as
// operators do: the seed CLI, then server.ts answering over loopback HTTP.

export const SIZE = (quick: boolean) => (quick ? 5_000 : 100_000)
export const database = (scratch: string, quick: boolean) => join(scratch, `legacy-${SIZE(quick)}.sqlite`)

export async function seed(db: string, candidates: number): Promise<number> {
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(db + suffix)) rmSync(db + suffix)
  const started = performance.now()
  const result = await runScript('infra/legacy-api/src/seed-cli.ts', ['--candidates', String(candidates), '--seed', '42', '--db', db])
  if (result.code !== 0) throw new Error(`seed failed: ${result.output}`)
  return (performance.now() - started) / 1000
}

export const seedBenchmark: Benchmark = {
  name: 'seed',
  description: 'npm run seed with 100,000 candidates (whole CLI process, fresh file each run)',
  async run({ quick, scratch, log }) {
    const size = SIZE(quick)
    const runs = quick ? 1 : 3
    const seconds: number[] = []
    for (let i = 0; i < runs; i++) {
      seconds.push(await seed(database(scratch, quick), size))
      log(`seed ${size}: run ${i + 1}/${runs} ${seconds.at(-1)!.toFixed(2)} s`)
    }
    return [
      row('seed', `${size.toLocaleString('en')} candidates`, seconds, 's', { max: 30 }),
      row(
        'seed',
        'candidates per second',
        seconds.map((s) => size / s),
        'rows/s',
      ),
    ]
  },
}

export const candidatesPageBenchmark: Benchmark = {
  name: 'legacy-candidatos',
  description: 'GET /api/candidatos?page=N on the 100,000-candidate database: sequential latency, then throughput',
  async run({ quick, scratch, log }) {
    const size = SIZE(quick)
    const db = database(scratch, quick)
    if (!existsSync(db)) await seed(db, size)
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    const service = await startService('infra/legacy-api/src/server.ts', { LEGACY_PORT: String(port), LEGACY_DB: db }, `${base}/api/vagas-publicas`)
    try {
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cnpj: '11222333000181', password: 'demo-admin-2026' }),
      })
      const token = ((await login.json()) as { data: { token: string } }).data.token
      const headers = { authorization: `Bearer ${token}` }
      const first = await fetch(`${base}/api/candidatos?page=1`, { headers })
      const lastPage = ((await first.json()) as { pagination: { last_page: number } }).pagination.last_page

      // Pages spread over the whole range (deep pages are the expensive ones).
      const random = createRandom(7)
      const pages = Array.from({ length: quick ? 100 : 500 }, () => random.int(1, lastPage))
      for (const page of pages.slice(0, 20)) await (await fetch(`${base}/api/candidatos?page=${page}`, { headers })).arrayBuffer()
      const latencies: number[] = []
      for (const page of pages) {
        const started = performance.now()
        const response = await fetch(`${base}/api/candidatos?page=${page}`, { headers })
        await response.arrayBuffer()
        if (response.status !== 200) throw new Error(`page ${page} answered ${response.status}`)
        latencies.push(performance.now() - started)
      }
      log(`sequential: ${latencies.length} requests`)

      const throughput: number[] = []
      const loadLatencyP50: number[] = []
      for (let i = 0; i < (quick ? 1 : 3); i++) {
        let n = 0
        const result = await autocannon({
          url: base,
          connections: 10,
          duration: quick ? 2 : 5,
          headers,
          requests: [{ method: 'GET', path: '/api/candidatos?page=1', setupRequest: (req) => ({ ...req, path: `/api/candidatos?page=${pages[n++ % pages.length]}` }) }],
        })
        if (result.non2xx > 0 || result.errors > 0) throw new Error(`load run had ${result.non2xx} non-2xx and ${result.errors} errors`)
        throughput.push(result.requests.average)
        loadLatencyP50.push(result.latency.p50)
        log(`load run ${i + 1}: ${result.requests.average} req/s, p50 ${result.latency.p50} ms`)
      }
      const rows: BenchRow[] = [
        row('legacy-candidatos', `sequential latency (${size.toLocaleString('en')} candidates)`, latencies, 'ms', { max: 20 }),
        row('legacy-candidatos', 'throughput, 10 connections', throughput, 'req/s'),
        row('legacy-candidatos', 'latency p50 under load', loadLatencyP50, 'ms'),
      ]
      return rows
    } finally {
      await service.stop()
    }
  },
}
