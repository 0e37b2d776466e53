import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { totalmem } from 'node:os'
import { DatabaseSync } from 'node:sqlite'
import autocannon from 'autocannon'
import pg from 'pg'
import { startPostgres, type TestPostgres } from '../../bff/src/testing-postgres.ts'
import { SHIPPED_BFF } from '../support/processes.ts'
import { login, startBff, startLegacy, type Bff } from '../faults/harness.ts'
import { CANDIDATES_PAGE_SIZE } from '@mini-vagas/shared/constants/limits'
import { median, PRODUCTION_BFF_ENV, row, WITHOUT_INDEX_ENV, type Benchmark, type BenchRow } from './harness.ts'

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

/**
 * The all-candidates list by registration days: a month, a quarter or a week ending up to eight
 * months back (the seed's days run to today), alone on pages 1–3, with a status, with a name, in
 * name order.
 */
function registrationDays(names: string[]): Mix {
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10)
  const paths: string[] = []
  for (let i = 0; i < 40; i++) {
    const end = (i * 7) % 240
    const range = `start_date=${day(end + [30, 90, 7][i % 3]!)}&end_date=${day(end)}`
    paths.push(
      [
        `/bff/candidates?${range}&page=${1 + (i % 3)}`,
        `/bff/candidates?${range}&status=triado`,
        `/bff/candidates?${range}&q=${encodeURIComponent(names[i % names.length]!)}`,
        `/bff/candidates?${range}&order=name_asc`,
      ][i % 4]!,
    )
  }
  return { name: 'the all-candidates list by registration days (alone, with a status, a name, in name order)', paths }
}

/**
 * Waits until the stand-in answers a light read at once again: the legacy path's heavy reads (a
 * million-candidate search) go on in the stand-in after the load generator stops, and would
 * otherwise land in the next path's figure.
 */
async function legacyIdle(legacyUrl: string) {
  await answersAtOnce(() => fetch(`${legacyUrl}/api/vagas-publicas`), 100, 5 * 60_000)
}

/** Until `ask` is answered within `quickMs` twice in a row (or `withinMs` pass). */
async function answersAtOnce(ask: () => Promise<Response>, quickMs: number, withinMs: number) {
  const deadline = Date.now() + withinMs
  for (let quick = 0; quick < 2 && Date.now() < deadline;) {
    const started = performance.now()
    await (await ask()).arrayBuffer()
    quick = performance.now() - started < quickMs ? quick + 1 : 0
  }
}

/**
 * Waits until the measured BFF answers a page of vacancy 1 at once again: when a heavy mix's load
 * stops, the requests it left queued still run (their statements, their connections' pool), and
 * would otherwise land in the next measurement's figure.
 */
async function bffIdle(base: string, cookie: string) {
  await answersAtOnce(() => fetch(`${base}/bff/vacancies/1/candidates?page=1`, { headers: { cookie } }), 50, 2 * 60_000)
}

/** One request of each of the mix's first paths, one after another: what a first load costs (a legacy path's list read) is not a click. */
async function warm(base: string, cookie: string, mix: Mix) {
  for (const path of mix.paths.slice(0, 4)) await (await fetch(base + path, { headers: { cookie }, signal: AbortSignal.timeout(120_000) })).arrayBuffer()
}

/** The mix at 10 connections for `seconds`; `readMb`: what every process read from disk meanwhile (diskReadMb). */
async function measure(base: string, cookie: string, mix: Mix, seconds: number) {
  const readBefore = diskReadMb()
  const result = await autocannon({
    url: base,
    connections: 10,
    duration: seconds,
    timeout: 30,
    headers: { cookie },
    requests: mix.paths.map((path) => ({ method: 'GET', path })),
  })
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    bad: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
    readMb: diskReadMb() - readBefore,
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Megabytes the machine's disks have read since it started (/proc/diskstats, whole disks): read
 * before and after a measurement, what its processes read from disk rather than from memory. This
 * machine's kernel pages out file pages left unread for about a minute (DAMON), so a store's pages
 * not held by its own process (SQLite's page cache, PostgreSQL's shared buffers) may come from
 * disk again after a pause; the row says whether they did.
 */
function diskReadMb(): number {
  const disks = new Set(readdirSync('/sys/block').filter((name) => !/^(loop|ram|zram)/.test(name)))
  return readFileSync('/proc/diskstats', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => disks.has(fields[2]!))
    .reduce((mb, fields) => mb + (Number(fields[5]) * 512) / 1024 / 1024, 0)
}

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

/**
 * The dashboard right after a fold of hires, the one change after which each instance reads a
 * month's hires from their tally again: the candidate hired (then, unless `once`, back in review),
 * the builder's next step awaited (15 s at most) until `folds` (how many folds added hires, read
 * on one connection) moves, then the current month's dashboard. Meanwhile a page click every 50 ms
 * keeps the BFF as a recruiter's use keeps it (its store connections close after 10 s idle, and
 * opening them again is not what this row names). Answers each one's time in ms.
 */
async function dashboardAfterHiresFolded(base: string, cookie: string, candidateId: number, folds: StoreReader, once: boolean): Promise<number[]> {
  const month = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 7)
  const samples: number[] = []
  try {
    for (const status of once ? ['contratado'] : ['contratado', 'revisao']) {
      const before = await folds.read()
      await changeStatus(base, cookie, candidateId, status)
      const deadline = Date.now() + 60_000
      while ((await folds.read()) === before) {
        if (Date.now() > deadline) throw new Error('no fold of hires within 60 s')
        await (await fetch(`${base}/bff/vacancies/1/candidates`, { headers: { cookie } })).arrayBuffer()
        await wait(50)
      }
      const started = performance.now()
      const answer = await fetch(`${base}/bff/dashboard?month=${month}`, { headers: { cookie } })
      await answer.arrayBuffer()
      if (!answer.ok) throw new Error(`dashboard: ${answer.status}`)
      samples.push(performance.now() - started)
    }
  } finally {
    await folds.close()
  }
  return samples
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

/** The paths measured side by side at each size: the index on each engine, and today's path through the legacy. */
const PATHS = ['SQLite index', 'PostgreSQL index', 'through the legacy'] as const
type Path = (typeof PATHS)[number]

/** One size's processes: its stand-in and, once every size is built, the three BFFs measured. */
interface Size {
  size: number
  legacy: Awaited<ReturnType<typeof startLegacy>>
  mixes: Mix[]
  terms: string[]
  /** The candidate whose status the dashboard's and the counts' rounds change. */
  candidateId: number
  sqliteFile: string
  databaseUrl: string
  serving: Map<Path, { bff: Bff; cookie: string }>
}

type Engine = 'SQLite' | 'PostgreSQL'

/** One number a SQLite file holds (`sql` answers it as n), read beside the process writing it. */
function storeNumberOf(file: string, sql: string): number {
  const db = new DatabaseSync(file, { readOnly: true, timeout: 5000 })
  try {
    return Number((db.prepare(sql).get() as { n: number }).n)
  } finally {
    db.close()
  }
}

/** One number a size's store holds on `engine`, read beside the BFF (SQLite read-only; PostgreSQL one connection). */
async function storeNumber(setup: Pick<Size, 'sqliteFile' | 'databaseUrl'>, engine: Engine, sql: string): Promise<number> {
  if (engine === 'SQLite') return storeNumberOf(setup.sqliteFile, sql)
  const client = new pg.Client({ connectionString: setup.databaseUrl })
  await client.connect()
  try {
    return Number((await client.query(sql)).rows[0].n)
  } finally {
    await client.end()
  }
}

/**
 * The dashboard's figure after the one change that makes an instance read the month's hires again:
 * reported beside the dashboard after a status change, its growth without the flat target (it is
 * paid once per fold that added hires, on each instance; docs/performance.md).
 */
const AFTER_HIRES_FOLDED = 'the current month’s dashboard right after hires are folded (on each instance, once per fold of hires: 15 s apart at most)'

/** One number a store holds, read again and again on one connection (SQLite read-only; PostgreSQL one client). */
interface StoreReader {
  read(): Promise<number>
  close(): Promise<void>
}

/** How many folds added hires to the tally, in the store `path` reads. */
async function hiresFolds(setup: Size, path: Path): Promise<StoreReader> {
  const sql = 'SELECT hires_folds AS n FROM candidate_index_version WHERE id = 1'
  if (path === 'SQLite index') {
    const db = new DatabaseSync(setup.sqliteFile, { readOnly: true, timeout: 5000 })
    const statement = db.prepare(sql)
    return { read: async () => Number((statement.get() as { n: number }).n), close: async () => db.close() }
  }
  const client = new pg.Client({ connectionString: setup.databaseUrl })
  await client.connect()
  return { read: async () => Number((await client.query(sql)).rows[0].n), close: () => client.end() }
}

/**
 * The candidate index beside today's path through the legacy, at each size (10,000, 100,000 and
 * 1,000,000 candidates by default; BENCH_INDEX_SIZES=… to choose), on both store engines: the
 * shipped BFF, production settings, the seeded stand-in (no latency, no rate limit); each size's
 * PostgreSQL database on a server of its own, its shared buffers a quarter of the memory, as a
 * dedicated server's (reported as a row).
 * - First each size's stores are built, one after another: the build's time from the first staff
 *   request and its size in the store, on each engine; then a full refresh pass on the built
 *   SQLite store (the catch-up: what another client changed is in after one).
 * - Each index BFF, just started on its built store, runs each mix once at 10 connections: rows
 *   of their own (what a restart or a deploy costs once: PostgreSQL's connections new, each
 *   planning every statement it is first sent), not figures of the rounds.
 * - Then every size is measured side by side, in rounds (five; the sizes' order reversed every
 *   other round), so that a growth ratio compares figures taken minutes apart, not the machine's
 *   drift over the builds: in each round and at each size, on each path, a realistic mix of a
 *   vacancy's page clicks, of the all-candidates search's first page and of the all-candidates
 *   list by registration days at 10 connections; the
 *   current month's dashboard right after a status change (its cache dropped), four times, one
 *   after another; and a fifth of the search's terms' counts right after a change.
 * - A figure's row is the median of its rounds (a p99 row: the worst round's); a growth row is
 *   the median of the rounds' own ratios (largest size ÷ smallest). Every answer from the index
 *   must be 2xx.
 * Not shown: clicks while a refresh pass runs (the measured BFFs are started with their refresh
 * far off, so that one size's pass does not land in another's figure: docs/performance.md); the
 * legacy path's first read of a vacancy is in its mix only once per vacancy per minute (its cache
 * serves the rest); the stand-ins, the BFFs, PostgreSQL and the load generator share the
 * machine's cores; this machine's kernel pages out file pages left unread for about a minute, so
 * a round may read from disk what a store's own process does not hold (its row says how much).
 */
export const candidateIndexBenchmark: Benchmark = {
  name: 'candidate-index',
  description:
    'lists and search from the candidate index (SQLite, PostgreSQL) vs through the legacy, every size side by side in rounds: clicks at 10 connections, dashboard, build time, size, refresh pass',
  async run({ quick, scratch, log }) {
    const sizes = quick ? [2_000] : (process.env.BENCH_INDEX_SIZES ?? '10000,100000,1000000').split(',').map(Number)
    const seconds = quick ? 3 : 6
    const rounds = quick ? 1 : 5
    const dashboardTimes = quick ? 3 : 4
    // A PostgreSQL server per size, as an agency runs one base: one server for all three let the
    // smaller sizes' reads evict the million's pages between its rounds. Each gets the shared
    // buffers PostgreSQL's documentation advises for a dedicated server, a quarter of the memory
    // (its default, 128 MB, is not a production setting). A server takes its buffers only as it
    // fills them, so the three hold no more than their stores together. Divided among the three,
    // a million's store did not fit in its server's buffers, and its other pages were read from the
    // kernel's file cache, a system call each (or from disk, after a pause: diskReadMb).
    const sharedBuffersMb = quick ? 128 : Math.floor(totalmem() / 4 / 1024 / 1024)
    const servers: TestPostgres[] = []
    log(`PostgreSQL: a server per size, shared_buffers ${sharedBuffersMb} MB each`)
    const rows: BenchRow[] = [row('candidate-index', 'PostgreSQL: shared_buffers of each size’s server', [sharedBuffersMb], 'MB')]
    const started: Bff[] = []
    const setups: Size[] = []
    const bff = async (legacy: Size['legacy'], store: string, env: Record<string, string>) => {
      const b = await startBff(legacy, store, { ...env, JOB_LEASE_SECONDS: '30' }, SHIPPED_BFF)
      started.push(b)
      return b
    }
    const label = (what: string, size: number) => `${what}, ${size.toLocaleString('en')} candidates`
    const indexEnv = (s: Pick<Size, 'sqliteFile' | 'databaseUrl'>, engine: Engine, env: Record<string, string> = {}) =>
      [
        engine === 'SQLite' ? s.sqliteFile : ':memory:',
        { ...PRODUCTION_BFF_ENV, CANDIDATE_INDEX: 'true', ...(engine === 'SQLite' ? {} : { DATABASE_URL: s.databaseUrl }), ...env },
      ] as const
    try {
      // The builds, one size after another.
      for (const size of sizes) {
        const legacy = await startLegacy({}, size)
        const through = await bff(legacy, join(scratch, `legacy-path-${size}.sqlite`), { ...WITHOUT_INDEX_ENV })
        const cookie = await login(through)
        // The mixes' terms and pages, from the legacy path.
        const first = (await (await fetch(`${through.url}/bff/vacancies/1/candidates`, { headers: { cookie } })).json()) as {
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
        const server = await startPostgres({ shared_buffers: `${sharedBuffersMb}MB` })
        servers.push(server)
        // Vacancy 1's pages as the stand-in holds them: the legacy path's first read of it may time
        // out at a million and answer a partial list, whose few pages would make the mix's clicks cheap.
        const pageCount = Math.ceil(storeNumberOf(legacy.db, 'SELECT COUNT(*) AS n FROM candidates WHERE job_posting_id = 1') / CANDIDATES_PAGE_SIZE)
        const setup: Size = {
          size,
          legacy,
          mixes: [pageClicks(1, pageCount, names), searches(terms), registrationDays(names)],
          terms,
          candidateId: first.items[0]!.id,
          sqliteFile: join(scratch, `index-${size}.sqlite`),
          databaseUrl: await server.createDatabase(),
          serving: new Map([['through the legacy', { bff: through, cookie }]]),
        }
        setups.push(setup)
        log(`${size.toLocaleString('en')} candidates: vacancy 1 has ${pageCount} pages`)
        const storeSize = {
          SQLite: async () => ['', '-wal'].reduce((n, suffix) => n + (statSync(setup.sqliteFile + suffix, { throwIfNoEntry: false })?.size ?? 0), 0),
          PostgreSQL: () => storeNumber(setup, 'PostgreSQL', 'SELECT pg_database_size(current_database()) AS n'),
        }
        for (const engine of ['SQLite', 'PostgreSQL'] as const) {
          const building = await bff(legacy, ...indexEnv(setup, engine))
          const buildSeconds = await built(building, await login(building), 60 * 60_000)
          const bytes = await storeSize[engine]()
          log(`${engine}: built in ${buildSeconds.toFixed(1)} s, store ${(bytes / 1024 / 1024).toFixed(0)} MB`)
          rows.push(row('candidate-index', label(`${engine}: build from the first staff request`, size), [buildSeconds], 's'))
          rows.push(row('candidate-index', label(`${engine}: store size`, size), [bytes / 1024 / 1024], 'MB'))
          await building.stop()
        }
        {
          // The catch-up: the same store, every window due at once (a 5 s refresh), read again in full.
          const refreshing = await bff(legacy, ...indexEnv(setup, 'SQLite', { CANDIDATE_INDEX_REFRESH_SECONDS: '5' }))
          await wait(5000)
          const from = Date.now()
          await fetch(`${refreshing.url}/bff/auth/session`, { headers: { cookie: await login(refreshing) } })
          const oldest = () => storeNumber(setup, 'SQLite', 'SELECT MIN(read_at) AS n FROM candidate_index_windows')
          while ((await oldest()) < from) await wait(250)
          const catchUp = (Date.now() - from) / 1000
          log(`SQLite: a full refresh pass in ${catchUp.toFixed(1)} s`)
          rows.push(row('candidate-index', label('SQLite: a full refresh pass (catch-up)', size), [catchUp], 's'))
          await refreshing.stop()
        }
      }

      // Every size's BFFs on the built stores, their refresh far off (what one pass costs is the row above).
      for (const setup of setups)
        for (const engine of ['SQLite', 'PostgreSQL'] as const) {
          const serving = await bff(setup.legacy, ...indexEnv(setup, engine, { CANDIDATE_INDEX_REFRESH_SECONDS: '86400' }))
          const cookie = await login(serving)
          await built(serving, cookie, 10 * 60_000)
          setup.serving.set(`${engine} index`, { bff: serving, cookie })
        }

      // Each index BFF's first run of each mix after it started, apart from the rounds: its
      // PostgreSQL connections are new, and each plans a statement the first time it is sent it (a
      // range's days merged: 20–60 ms a text, on each of the two connections that run them; SQLite
      // prepares it in about a millisecond). A restart or a deploy costs that once; the rounds
      // measure the BFFs after it.
      for (const setup of setups)
        for (const engine of ['SQLite', 'PostgreSQL'] as const) {
          const path = `${engine} index` as const
          const { bff: measured, cookie } = setup.serving.get(path)!
          for (const mix of setup.mixes) {
            await bffIdle(measured.url, cookie)
            const m = await measure(measured.url, cookie, mix, seconds)
            log(
              `first run after start · ${setup.size.toLocaleString('en')} · ${path} · ${mix.name}: p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.rps} req/s, ${m.bad} not 2xx of ${m.total}, ${m.readMb.toFixed(1)} MB read from disk`,
            )
            if (m.bad > 0) throw new Error(`${path} · ${mix.name}: ${m.bad} answers not 2xx`)
            const first = `${path} · ${mix.name}, its first ${seconds} s after the BFF started`
            rows.push(row('candidate-index', label(`${first}: p50`, setup.size), [m.p50], 'ms'))
            rows.push(row('candidate-index', label(`${first}: p99`, setup.size), [m.p99], 'ms'))
            rows.push(row('candidate-index', label(`${first}: read from disk (every process)`, setup.size), [m.readMb], 'MB'))
          }
        }

      // The rounds: every size, every path, side by side.
      type Figures = { p50: number[]; p99: number[]; bad: number[]; disk: number[]; dashboard: number[][]; dashboardFailed: number; counts: number[][] }
      const figures = new Map<string, Figures>()
      const figuresOf = (key: string) => figures.get(key) ?? figures.set(key, { p50: [], p99: [], bad: [], disk: [], dashboard: [], dashboardFailed: 0, counts: [] }).get(key)!
      for (let round = 0; round < rounds; round++) {
        for (const setup of round % 2 ? [...setups].reverse() : setups) {
          for (const path of PATHS) {
            const { bff: measured, cookie } = setup.serving.get(path)!
            await legacyIdle(setup.legacy.url)
            for (const mix of setup.mixes) {
              await bffIdle(measured.url, cookie)
              await warm(measured.url, cookie, mix)
              await measure(measured.url, cookie, mix, 1)
              const m = await measure(measured.url, cookie, mix, seconds)
              log(
                `round ${round + 1} · ${setup.size.toLocaleString('en')} · ${path} · ${mix.name}: p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.rps} req/s, ${m.bad} not 2xx of ${m.total}, ${m.readMb.toFixed(1)} MB read from disk`,
              )
              if (path !== 'through the legacy' && m.bad > 0) throw new Error(`${path} · ${mix.name}: ${m.bad} answers not 2xx`)
              const f = figuresOf(`${path} · ${mix.name}|${setup.size}`)
              f.p50.push(m.p50)
              f.p99.push(m.p99)
              f.bad.push(m.bad)
              f.disk.push(m.readMb)
            }
            const indexed = path !== 'through the legacy'
            await legacyIdle(setup.legacy.url)
            await bffIdle(measured.url, cookie)
            const dashboard = await dashboardAfterChanges(measured.url, cookie, setup.candidateId, dashboardTimes, indexed)
            log(
              `round ${round + 1} · ${setup.size.toLocaleString('en')} · ${path} · dashboard: ${dashboard.samples.map((ms) => ms.toFixed(0)).join(', ')} ms${dashboard.failed ? `, ${dashboard.failed} answered 5xx` : ''}`,
            )
            const d = figuresOf(`${path} · the current month’s dashboard after a status change|${setup.size}`)
            d.dashboard.push(dashboard.samples)
            d.dashboardFailed += dashboard.failed
            if (indexed) {
              figuresOf(`${path} · ${AFTER_HIRES_FOLDED}|${setup.size}`).counts.push(
                await dashboardAfterHiresFolded(measured.url, cookie, setup.candidateId, await hiresFolds(setup, path), quick),
              )
              const share = setup.terms.filter((_, i) => i % rounds === round)
              figuresOf(`${path} · a search’s counts right after a change (in proportion to its matches; the page does not wait for them)|${setup.size}`).counts.push(
                await searchCountsAfterChanges(measured.url, cookie, setup.candidateId, quick ? share.slice(0, 4) : share),
              )
            }
          }
        }
      }

      // The rows: each figure at each size, then its growth (each round's largest ÷ smallest).
      const roundValues = new Map<string, number[][]>()
      for (const [key, f] of figures) {
        const [what, sizeText] = key.split('|') as [string, string]
        const size = Number(sizeText)
        const target = what.startsWith('through') ? undefined : { max: 20 }
        let perRound: number[]
        if (f.p50.length) {
          rows.push(row('candidate-index', label(`${what}: p50 (median of ${f.p50.length} rounds)`, size), f.p50, 'ms', target))
          rows.push(row('candidate-index', label(`${what}: p99 (the worst round’s)`, size), [Math.max(...f.p99)], 'ms', target && { max: 100 }))
          if (!target) rows.push(row('candidate-index', label(`${what}: answers not 2xx`, size), [f.bad.reduce((a, b) => a + b, 0)], 'requests'))
          rows.push(row('candidate-index', label(`${what}: read from disk in a round’s measured seconds (every process)`, size), f.disk, 'MB'))
          perRound = f.p50
        } else if (f.dashboard.length) {
          const samples = f.dashboard.flat()
          if (samples.length) rows.push(row('candidate-index', label(what, size), samples, 'ms', target))
          if (!target) rows.push(row('candidate-index', label(`${what}: answers 5xx`, size), [f.dashboardFailed], 'requests'))
          perRound = f.dashboard.filter((s) => s.length).map(median)
          if (perRound.length < f.dashboard.length) continue
        } else {
          rows.push(row('candidate-index', label(what, size), f.counts.flat(), 'ms'))
          perRound = f.counts.map(median)
        }
        roundValues.set(what, [...(roundValues.get(what) ?? []), perRound])
      }
      if (sizes.length > 1)
        for (const [what, bySize] of roundValues) {
          if (bySize.length < sizes.length) continue
          const ratios = bySize.at(-1)!.map((largest, round) => largest / Math.max(1, bySize[0]![round]!))
          rows.push(
            row(
              'candidate-index',
              `${what}: p50 at ${sizes.at(-1)!.toLocaleString('en')} ÷ at ${sizes[0]!.toLocaleString('en')} (median of the rounds’ ratios)`,
              ratios,
              '×',
              what.includes('index') && !what.includes('counts') && !what.endsWith(AFTER_HIRES_FOLDED) ? { max: 1.5 } : undefined,
            ),
          )
        }
      return rows
    } finally {
      for (const b of started) await b.kill()
      for (const setup of setups) await setup.legacy.stop()
      for (const server of servers) await server.stop()
    }
  },
}
