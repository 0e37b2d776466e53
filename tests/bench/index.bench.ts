import { statSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import autocannon from 'autocannon'
import pg from 'pg'
import { startPostgres } from '../../bff/src/testing-postgres.ts'
import { SHIPPED_BFF } from '../support/processes.ts'
import { login, startBff, startLegacy, type Bff } from '../faults/harness.ts'
import { PRODUCTION_BFF_ENV, row, WITHOUT_INDEX_ENV, type Benchmark, type BenchRow } from './harness.ts'

interface Mix {
  name: string
  paths: string[]
}

/** What a recruiter clicks on a vacancy's list: pages here and there, an order, a status, a search within it. */
function pageClicks(vacancyId: number, pageCount: number, names: string[]): Mix {
  const paths: string[] = []
  for (let i = 0; i < 40; i++) {
    const page = 1 + ((i * 7919) % Math.max(1, Math.min(pageCount, 250)))
    const base = `/bff/vacancies/${vacancyId}/candidates?page=${page}`
    paths.push([base, `${base}&order=name_asc`, `${base}&status=triado`, `/bff/vacancies/${vacancyId}/candidates?q=${encodeURIComponent(names[i % names.length]!)}`][i % 4]!)
  }
  return { name: 'a vacancy’s page click (page, order, status, search within it)', paths }
}

/** The all-candidates search's terms: names, a company, e-mails, a phone's digits. */
const searchTerms = (names: string[], emails: string[], phones: string[]) => [...names.slice(0, 20), 'bom preco', 'Supermercado', ...emails.slice(0, 8), ...phones.slice(0, 8)]

/** The all-candidates search's first page (its counts come apart, when they are not known yet). */
function searches(terms: string[]): Mix {
  return { name: 'the all-candidates search’s first page', paths: terms.map((t) => `/bff/candidates?q=${encodeURIComponent(t)}`) }
}

async function measure(base: string, cookie: string, mix: Mix, seconds: number) {
  const result = await autocannon({
    url: base,
    connections: 10,
    duration: seconds,
    timeout: 30,
    headers: { cookie },
    requests: mix.paths.map((path) => ({ method: 'GET', path })),
  })
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, bad: result.non2xx + result.errors + result.timeouts, total: result.requests.total }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const changeStatus = async (base: string, cookie: string, candidateId: number, status: string) => {
  const change = await fetch(`${base}/bff/candidates/${candidateId}/status`, {
    method: 'PUT',
    headers: { cookie, 'x-csrf': '1', origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  })
  if (!change.ok) throw new Error(`status change: ${change.status}`)
}

/**
 * A search's counts as a recruiter meets them: right after a change (which drops every count the
 * index kept), each term of the mix once, one after another. They cost what the search matches;
 * the page does not wait for them. Answers each one's time in ms.
 */
async function searchCountsAfterChanges(base: string, cookie: string, candidateId: number, terms: string[]): Promise<number[]> {
  const samples: number[] = []
  for (const [i, term] of terms.entries()) {
    await changeStatus(base, cookie, candidateId, i % 2 ? 'entrevista_online' : 'revisao')
    const started = performance.now()
    const answer = await fetch(`${base}/bff/candidates/counts?q=${encodeURIComponent(term)}`, { headers: { cookie } })
    await answer.arrayBuffer()
    if (!answer.ok) throw new Error(`counts: ${answer.status}`)
    samples.push(performance.now() - started)
  }
  return samples
}

/**
 * The dashboard as a recruiter meets it after a change: a status change through the BFF (which
 * drops its cached figures), then the current month's dashboard, `times` times, one after another.
 * Answers each dashboard's time in ms; `indexed` says whether it must come from the index.
 */
async function dashboardAfterChanges(base: string, cookie: string, candidateId: number, times: number, indexed: boolean): Promise<{ samples: number[]; failed: number }> {
  const month = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 7)
  let failed = 0
  // The index's must answer; the legacy path's answers that time out (504 at a large base) are counted, not hidden.
  const dashboard = async () => {
    const answer = await fetch(`${base}/bff/dashboard?month=${month}`, { headers: { cookie } })
    const body = (await answer.json()) as { indexedAt?: string }
    if (answer.ok && Boolean(body.indexedAt) === indexed) return
    if (indexed || answer.status < 500) throw new Error(`dashboard: ${answer.status}, indexedAt ${body.indexedAt}`)
    failed++
  }
  // Once before: the route's validator and the vacancies' first read are no recruiter's click.
  await dashboard()
  failed = 0
  const statuses = ['entrevista_online', 'revisao']
  const samples: number[] = []
  for (let i = 0; i < times; i++) {
    try {
      await changeStatus(base, cookie, candidateId, statuses[i % 2]!)
    } catch (error) {
      // The legacy path at a large base: the write itself may time out under the load just measured.
      if (indexed) throw error
      failed++
      continue
    }
    const started = performance.now()
    await dashboard()
    samples.push(performance.now() - started)
  }
  return { samples, failed }
}

/** Lends the BFF a staff token and waits until its lists come from the index; answers how long it took. */
async function built(bff: Bff, cookie: string, withinMs: number): Promise<number> {
  const started = performance.now()
  await fetch(`${bff.url}/bff/auth/session`, { headers: { cookie } })
  for (;;) {
    const page = (await (await fetch(`${bff.url}/bff/vacancies/1/candidates`, { headers: { cookie } })).json()) as { indexedAt?: string }
    if (page.indexedAt) return (performance.now() - started) / 1000
    if (performance.now() - started > withinMs) throw new Error(`the index was not built within ${withinMs / 1000} s`)
    await wait(500)
  }
}

/**
 * The candidate index beside today's path through the legacy, at each size (10,000, 100,000 and
 * 1,000,000 candidates by default; BENCH_INDEX_SIZES=… to choose), on both store engines: the
 * shipped BFF, production settings, the seeded stand-in (no latency, no rate limit). For each
 * engine: the build's time from the first staff request and its size in the store; a realistic
 * mix of a vacancy's page clicks and of the all-candidates search's first page at 10
 * connections; the current month's dashboard right after a status change (its cache dropped),
 * ten times, one after another; then a full refresh pass on the built index (the catch-up: what another client
 * changed is in after one). Every request must answer 2xx. Not shown: the legacy path's first
 * read of a vacancy is in its mix only once per vacancy per minute (its cache serves the rest),
 * and the stand-in, the BFFs and the load generator share the machine's cores.
 */
export const candidateIndexBenchmark: Benchmark = {
  name: 'candidate-index',
  description: 'lists and search from the candidate index (SQLite, PostgreSQL) vs through the legacy, by size: clicks at 10 connections, build time, size, refresh pass',
  async run({ quick, scratch, log }) {
    const sizes = quick ? [2_000] : (process.env.BENCH_INDEX_SIZES ?? '10000,100000,1000000').split(',').map(Number)
    const seconds = quick ? 3 : 10
    const postgres = await startPostgres()
    const rows: BenchRow[] = []
    const growth = new Map<string, number[]>()
    try {
      for (const size of sizes) {
        const legacy = await startLegacy({}, size)
        const started: Bff[] = []
        const bff = async (store: string, env: Record<string, string>) => {
          const b = await startBff(legacy, store, { ...env, JOB_LEASE_SECONDS: '30' }, SHIPPED_BFF)
          started.push(b)
          return b
        }
        try {
          const sqliteFile = join(scratch, `index-${size}.sqlite`)
          const databaseUrl = await postgres.createDatabase()
          const through = await bff(join(scratch, `legacy-path-${size}.sqlite`), { ...WITHOUT_INDEX_ENV })
          const cookie = await login(through)
          // The mixes' terms and pages, from the legacy path.
          const first = (await (await fetch(`${through.url}/bff/vacancies/1/candidates`, { headers: { cookie } })).json()) as {
            pageCount: number
            items: { id: number; full_name: string; email: string; whatsapp: string }[]
          }
          const sample = (await (await fetch(`${through.url}/bff/vacancies/2/candidates`, { headers: { cookie } })).json()) as typeof first
          const people = [...first.items, ...sample.items]
          const names = people.map((c) => c.full_name.split(' ')[0]!).filter((n) => n.length >= 4)
          const terms = searchTerms(
            names,
            people.map((c) => c.email.split('@')[0]!),
            people.map((c) => c.whatsapp.replace(/\D/g, '').slice(-6)),
          )
          const mixes = [pageClicks(1, first.pageCount, names), searches(terms)]
          log(`${size.toLocaleString('en')} candidates: vacancy 1 has ${first.pageCount} pages`)

          const engines: [string, () => Promise<Bff>, () => Promise<number>][] = [
            [
              'SQLite',
              () => bff(sqliteFile, { ...PRODUCTION_BFF_ENV, CANDIDATE_INDEX: 'true' }),
              async () => ['', '-wal'].reduce((n, suffix) => n + (statSync(sqliteFile + suffix, { throwIfNoEntry: false })?.size ?? 0), 0),
            ],
            [
              'PostgreSQL',
              () => bff(':memory:', { ...PRODUCTION_BFF_ENV, CANDIDATE_INDEX: 'true', DATABASE_URL: databaseUrl }),
              async () => {
                const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
                try {
                  return Number((await pool.query('SELECT pg_database_size(current_database()) AS n')).rows[0].n)
                } finally {
                  await pool.end()
                }
              },
            ],
          ]
          const label = (what: string) => `${what}, ${size.toLocaleString('en')} candidates`
          const dashboardTimes = quick ? 3 : 10
          const dashboardRows = (path: string, { samples, failed }: { samples: number[]; failed: number }) => {
            const what = 'the current month’s dashboard after a status change'
            log(`${path} · ${what}: ${samples.map((ms) => ms.toFixed(0)).join(', ')} ms${failed ? `, ${failed} answered 5xx` : ''}`)
            if (samples.length) rows.push(row('candidate-index', label(`${path} · ${what}`), samples, 'ms', path.includes('index') ? { max: 20 } : undefined))
            if (!path.includes('index')) rows.push(row('candidate-index', label(`${path} · ${what}: answers 5xx`), [failed], 'requests'))
            const key = `${path} · ${what}`
            if (samples.length) growth.set(key, [...(growth.get(key) ?? []), [...samples].sort((a, b) => a - b)[samples.length >> 1]!])
          }
          for (const [engine, start, storeSize] of engines) {
            const indexed = await start()
            const indexCookie = await login(indexed)
            const buildSeconds = await built(indexed, indexCookie, 60 * 60_000)
            const bytes = await storeSize()
            log(`${engine}: built in ${buildSeconds.toFixed(1)} s, store ${(bytes / 1024 / 1024).toFixed(0)} MB`)
            rows.push(row('candidate-index', label(`${engine}: build from the first staff request`), [buildSeconds], 's'))
            rows.push(row('candidate-index', label(`${engine}: store size`), [bytes / 1024 / 1024], 'MB'))
            for (const mix of mixes) {
              await measure(indexed.url, indexCookie, mix, 1)
              const m = await measure(indexed.url, indexCookie, mix, seconds)
              log(`${engine} · ${mix.name}: p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.rps} req/s, ${m.bad} not 2xx of ${m.total}`)
              if (m.bad > 0) throw new Error(`${engine} · ${mix.name}: ${m.bad} answers not 2xx`)
              rows.push(row('candidate-index', label(`${engine} index · ${mix.name}: p50`), [m.p50], 'ms', { max: 20 }))
              rows.push(row('candidate-index', label(`${engine} index · ${mix.name}: p99`), [m.p99], 'ms', { max: 100 }))
              const key = `${engine} index · ${mix.name}`
              growth.set(key, [...(growth.get(key) ?? []), m.p50])
            }
            dashboardRows(engine + ' index', await dashboardAfterChanges(indexed.url, indexCookie, first.items[0]!.id, dashboardTimes, true))
            {
              const what = 'a search’s counts right after a change (in proportion to its matches; the page does not wait for them)'
              const samples = await searchCountsAfterChanges(indexed.url, indexCookie, first.items[0]!.id, quick ? terms.slice(0, 4) : terms)
              log(`${engine} · ${what}: median ${[...samples].sort((a, b) => a - b)[samples.length >> 1]!.toFixed(1)} ms, max ${Math.max(...samples).toFixed(0)} ms`)
              rows.push(row('candidate-index', label(`${engine} index · ${what}`), samples, 'ms'))
              const key = `${engine} index · ${what}`
              growth.set(key, [...(growth.get(key) ?? []), [...samples].sort((a, b) => a - b)[samples.length >> 1]!])
            }
            if (engine === 'SQLite') {
              // The catch-up: the same store, every window due at once (a 5 s refresh), read again in full.
              await indexed.stop()
              const refreshing = await bff(sqliteFile, { ...PRODUCTION_BFF_ENV, CANDIDATE_INDEX: 'true', CANDIDATE_INDEX_REFRESH_SECONDS: '5' })
              await wait(5000)
              const from = Date.now()
              const refreshCookie = await login(refreshing)
              await fetch(`${refreshing.url}/bff/auth/session`, { headers: { cookie: refreshCookie } })
              const oldest = () => {
                const db = new DatabaseSync(sqliteFile, { readOnly: true, timeout: 5000 })
                try {
                  return Number((db.prepare('SELECT MIN(read_at) AS t FROM candidate_index_windows').get() as { t: number }).t)
                } finally {
                  db.close()
                }
              }
              while (oldest() < from) await wait(250)
              const catchUp = (Date.now() - from) / 1000
              log(`SQLite: a full refresh pass in ${catchUp.toFixed(1)} s`)
              rows.push(row('candidate-index', label('SQLite: a full refresh pass (catch-up)'), [catchUp], 's'))
              await refreshing.stop()
            } else await indexed.stop()
          }
          // Today's path, side by side on the same stand-in.
          for (const mix of mixes) {
            await measure(through.url, cookie, mix, 1)
            const m = await measure(through.url, cookie, mix, seconds)
            log(`through the legacy · ${mix.name}: p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.rps} req/s, ${m.bad} not 2xx of ${m.total}`)
            rows.push(row('candidate-index', label(`through the legacy · ${mix.name}: p50`), [m.p50], 'ms'))
            rows.push(row('candidate-index', label(`through the legacy · ${mix.name}: p99`), [m.p99], 'ms'))
            rows.push(row('candidate-index', label(`through the legacy · ${mix.name}: answers not 2xx`), [m.bad], 'requests'))
            const key = `through the legacy · ${mix.name}`
            growth.set(key, [...(growth.get(key) ?? []), m.p50])
          }
          dashboardRows('through the legacy', await dashboardAfterChanges(through.url, cookie, first.items[0]!.id, dashboardTimes, false))
        } finally {
          for (const b of started) await b.kill()
          await legacy.stop()
        }
      }
      // Flat: the largest size's p50 over the smallest's.
      if (sizes.length > 1)
        for (const [key, p50s] of growth)
          rows.push(
            row(
              'candidate-index',
              `${key}: p50 at ${sizes.at(-1)!.toLocaleString('en')} ÷ at ${sizes[0]!.toLocaleString('en')}`,
              [p50s.at(-1)! / Math.max(1, p50s[0]!)],
              '×',
              key.includes('index') && !key.includes('counts') ? { max: 1.5 } : undefined,
            ),
          )
      return rows
    } finally {
      await postgres.stop()
    }
  },
}
