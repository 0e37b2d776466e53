import { spawn } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { shiftDate, todayDate } from '@mini-vagas/shared/domain/dates'
import { MAX_RENDER_BODY_BYTES } from '@mini-vagas/shared/domain/export-rules'
import { legacyAdminToken } from '../support/applicant.ts'
import { freePort, ROOT, SHIPPED_BFF, startService } from '../support/processes.ts'
import { startLegacy } from '../faults/harness.ts'
import { bffCookie } from './bff.bench.ts'
import { startProduct, type Product } from '../support/product.ts'
import { WITHOUT_INDEX_ENV, percentile, row, type Benchmark, type BenchRow } from './harness.ts'

async function session(product: Product): Promise<{ base: string; cookie: string }> {
  const base = product.url.replace('localhost', '127.0.0.1')
  const response = await fetch(`${base}/bff/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: product.url },
    body: JSON.stringify({ cnpj: '11222333000181', password: 'demo-admin-2026' }),
  })
  return { base, cookie: (response.headers.get('set-cookie') ?? '').split(';')[0]! }
}

async function timed(url: string, cookie: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now()
  const response = await fetch(url, { headers: { cookie } })
  const body = await response.arrayBuffer()
  if (!response.ok) throw new Error(`${url}: ${response.status}`)
  return { ms: performance.now() - started, bytes: body.byteLength }
}

/** /healthz asked every 10 ms, one at a time, while `keepGoing` says so (at most `max` times): each answer's latency in ms. */
async function healthLatencies(base: string, keepGoing: () => boolean, max: number): Promise<number[]> {
  const latencies: number[] = []
  while (keepGoing() && latencies.length < max) {
    const started = performance.now()
    await (await fetch(`${base}/healthz`)).arrayBuffer()
    latencies.push(performance.now() - started)
    await new Promise((r) => setTimeout(r, 10))
  }
  return latencies
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)

/**
 * Dashboard: one BFF call against what the legacy SPA did — fetch the raw lists and count in the
 * browser — measured as the same four lists fetched through the pass-through in parallel, for the
 * same month (the current one), interleaved in the same run. Cold is a first load with the cache
 * empty: each cold sample follows a status change through the BFF, which drops the cached figures
 * (what a recruiter meets after any change). First loads of older months, which hold fewer
 * candidates, are a row of their own; warm is the cached answer.
 */
export const dashboardBenchmark: Benchmark = {
  name: 'dashboard',
  description:
    'GET /bff/dashboard for the current month cold (after a status change) and warm, vs fetching the same month’s raw lists to count in the browser (100,000 candidates)',
  async run({ quick, log }) {
    const product = await startProduct(quick ? 5_000 : 100_000, { bffEnv: WITHOUT_INDEX_ENV })
    try {
      const { base, cookie } = await session(product)
      const month = todayDate().slice(0, 7)
      const olderMonths = Array.from({ length: quick ? 1 : 4 }, (_, i) => {
        const d = new Date()
        d.setUTCDate(15)
        d.setUTCMonth(d.getUTCMonth() - i - 1)
        return d.toISOString().slice(0, 7)
      })
      const [start, end] = [`${month}-01`, todayDate()]
      const rawLists = async () => {
        const started = performance.now()
        const parts = await Promise.all(
          [
            '/api/processos_seletivos',
            '/api/candidatos/status/contratado',
            `/api/candidatos/status-quantidades?start_date=${start}&end_date=${end}`,
            `/api/excel_relatorio?start_date=${start}&end_date=${end}`,
          ].map((p) => timed(base + p, cookie)),
        )
        return { ms: performance.now() - started, bytes: parts.reduce((n, p) => n + p.bytes, 0) }
      }
      // A status change through the BFF, as a recruiter makes one: the dashboard's cache is dropped.
      const statuses = ['entrevista_online', 'revisao']
      const changeStatus = async (i: number) => {
        const answer = await fetch(`${base}/bff/candidates/1/status`, {
          method: 'PUT',
          headers: { cookie, 'content-type': 'application/json', 'x-csrf': '1', origin: product.url },
          body: JSON.stringify({ status: statuses[i % 2] }),
        })
        if (!answer.ok) throw new Error(`status change: ${answer.status}`)
      }
      const cold: { ms: number; bytes: number }[] = []
      const legacyWay: { ms: number; bytes: number }[] = []
      for (let i = 0; i < (quick ? 2 : 5); i++) {
        await changeStatus(i)
        cold.push(await timed(`${base}/bff/dashboard?month=${month}`, cookie))
        legacyWay.push(await rawLists())
      }
      const warm: { ms: number; bytes: number }[] = []
      for (let i = 0; i < (quick ? 5 : 20); i++) warm.push(await timed(`${base}/bff/dashboard?month=${month}`, cookie))
      const older: { ms: number; bytes: number }[] = []
      for (const m of olderMonths) older.push(await timed(`${base}/bff/dashboard?month=${m}`, cookie))
      log(
        `cold ${cold.map((c) => c.ms.toFixed(0)).join(', ')} ms · raw lists ${legacyWay.map((l) => l.ms.toFixed(0)).join(', ')} ms · older months ${older.map((c) => c.ms.toFixed(0)).join(', ')} ms`,
      )
      return [
        row(
          'dashboard',
          'BFF, cold: current month after a status change',
          cold.map((c) => c.ms),
          'ms',
        ),
        row(
          'dashboard',
          'raw lists to count in the browser: current month',
          legacyWay.map((l) => l.ms),
          'ms',
        ),
        row(
          'dashboard',
          'cold ÷ raw lists (same round)',
          cold.map((c, i) => c.ms / legacyWay[i]!.ms),
          '×',
        ),
        row(
          'dashboard',
          'BFF, warm (cached)',
          warm.map((w) => w.ms),
          'ms',
        ),
        row(
          'dashboard',
          'BFF, first load of an older month (fewer candidates)',
          older.map((c) => c.ms),
          'ms',
        ),
        row(
          'dashboard',
          'bytes to the browser: BFF',
          warm.map((w) => w.bytes / 1024),
          'KB',
        ),
        row(
          'dashboard',
          'bytes to the browser: raw lists',
          legacyWay.map((l) => l.bytes / 1024),
          'KB',
        ),
      ]
    } finally {
      await product.stop()
    }
  },
}

/** relatorio.xlsx of 10,000 and 100,000 rows: time, rows/s and the BFF's peak RSS growth. */
export const xlsxBenchmark: Benchmark = {
  name: 'xlsx',
  description: 'relatorio.xlsx streamed by the BFF: 10,000 and 100,000 rows, time, rows/s, BFF peak RSS growth (target < 100 MB)',
  async run({ quick, log }) {
    const rows: BenchRow[] = []
    for (const size of quick ? [2_000] : [10_000, 100_000]) {
      const product = await startProduct(size, { bffEnv: WITHOUT_INDEX_ENV })
      try {
        const { base, cookie } = await session(product)
        // The seed spreads candidates over the 12 months before today: one year back holds them all.
        const url = `${base}/bff/exports/relatorio.xlsx?start_date=${shiftDate(todayDate(), -366)}&end_date=${todayDate()}`
        await timed(`${base}/bff/exports/relatorio.xlsx?start_date=2024-01-01&end_date=2024-01-31`, cookie)
        const seconds: number[] = []
        const growthMb: number[] = []
        for (let i = 0; i < (quick || size >= 100_000 ? 1 : 3); i++) {
          global.gc?.()
          const baseline = rssKb(product.bffPid)
          let peak = baseline
          const sampler = setInterval(() => (peak = Math.max(peak, rssKb(product.bffPid))), 25)
          const { ms, bytes } = await timed(url, cookie)
          clearInterval(sampler)
          peak = Math.max(peak, rssKb(product.bffPid))
          seconds.push(ms / 1000)
          growthMb.push((peak - baseline) / 1024)
          log(`${size} rows: ${(ms / 1000).toFixed(1)} s, ${(bytes / 1024 / 1024).toFixed(1)} MB file, RSS ${(baseline / 1024).toFixed(0)} → ${(peak / 1024).toFixed(0)} MB`)
        }
        const label = size.toLocaleString('en')
        rows.push(row('xlsx', `${label} rows: time`, seconds, 's'))
        rows.push(
          row(
            'xlsx',
            `${label} rows: rows per second`,
            seconds.map((s) => size / s),
            'rows/s',
          ),
        )
        rows.push(row('xlsx', `${label} rows: BFF peak RSS growth`, growthMb, 'MB', { max: 100 }))
      } finally {
        await product.stop()
      }
    }
    return rows
  },
}

/**
 * The report's writer beside exceljs alone writing the same rows (tests/bench/fixtures/xlsx-writer.ts):
 * the legacy's /excel_relatorio rows for the 100,000-candidate seed, read once from the stand-in,
 * then each writer in a process of its own, alternated, three times each. Rows per second and peak
 * RSS growth, and their ratios (target: within 10% of the library's). What it does not show: the
 * legacy's read and the download, which the `xlsx` benchmark includes.
 */
export const xlsxWriterBenchmark: Benchmark = {
  name: 'xlsx-writer',
  description: 'relatorio.xlsx writer vs exceljs alone writing the same 100,000 rows: rows/s and peak RSS growth, side by side',
  async run({ quick, log, scratch }) {
    const size = quick ? 5_000 : 100_000
    const legacy = await startLegacy({ LEGACY_RATE_LIMIT: '0' }, size)
    const file = join(scratch, `report-rows-${size}.json`)
    try {
      const token = await legacyAdminToken(legacy.url)
      const response = await fetch(`${legacy.url}/api/excel_relatorio?start_date=${shiftDate(todayDate(), -366)}&end_date=${todayDate()}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const body = (await response.json()) as unknown
      const rows = Array.isArray(body) ? body : (body as { data: unknown[] }).data
      if (rows.length < size * 0.9) throw new Error(`the stand-in answered ${rows.length} report rows for ${size} candidates`)
      writeFileSync(file, JSON.stringify(rows))
      const runs: Record<'ours' | 'library', { rowsPerS: number; growthMb: number }[]> = { ours: [], library: [] }
      for (let i = 0; i < (quick ? 1 : 3); i++)
        for (const variant of ['ours', 'library'] as const) {
          const run = await writerRun(variant, file)
          runs[variant].push({ rowsPerS: rows.length / (run.ms / 1000), growthMb: run.growthMb })
          log(
            `${variant}: ${(run.ms / 1000).toFixed(1)} s, ${Math.round(rows.length / (run.ms / 1000))} rows/s, ${(run.bytes / 1024 / 1024).toFixed(1)} MB file, RSS +${run.growthMb.toFixed(0)} MB`,
          )
        }
      const label = `${rows.length.toLocaleString('en')} rows`
      type Run = { rowsPerS: number; growthMb: number }
      // Each figure three ways: the writer, the library, and the writer ÷ the library of the same round.
      const sideBySide = (figure: string, unit: string, pick: (r: Run) => number, target: { min?: number; max?: number }) => [
        row('xlsx-writer', `${label}: report writer, ${figure}`, runs.ours.map(pick), unit),
        row('xlsx-writer', `${label}: exceljs alone, ${figure}`, runs.library.map(pick), unit),
        row(
          'xlsx-writer',
          `${label}: ${figure}, writer ÷ exceljs alone (same round)`,
          runs.ours.map((r, i) => pick(r) / pick(runs.library[i]!)),
          '×',
          target,
        ),
      ]
      return [...sideBySide('rows per second', 'rows/s', (r) => r.rowsPerS, { min: 0.9 }), ...sideBySide('peak RSS growth', 'MB', (r) => r.growthMb, { max: 1.1 })]
    } finally {
      rmSync(file, { force: true })
      await legacy.stop()
    }
  },
}

/** One writer in its own process (with --expose-gc, so its baseline is measured after a collection). */
function writerRun(variant: 'ours' | 'library', file: string): Promise<{ ms: number; bytes: number; growthMb: number }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--expose-gc', join(ROOT, 'tests/bench/fixtures/xlsx-writer.ts'), variant, file], { cwd: ROOT })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.once('exit', (code) => {
      const last = output.trim().split('\n').at(-1) ?? ''
      if (code === 0 && last.startsWith('{')) done(JSON.parse(last) as { ms: number; bytes: number; growthMb: number })
      else fail(new Error(`xlsx writer ${variant} exited ${code}: ${output.slice(-2000)}`))
    })
  })
}

/**
 * One admin's export must not stall everyone else. /healthz is asked every 10 ms (one at
 * a time) while relatorio.xlsx of 100,000 rows is generated, and before it, idle, in the same run.
 * It does not show a browser's page load during the export, only how long the BFF's event loop
 * keeps a trivial request waiting; the export's download is read by the same benchmark process.
 */
export const exportResponsivenessBenchmark: Benchmark = {
  name: 'export-responsiveness',
  description: '/healthz latency while relatorio.xlsx of 100,000 rows is generated vs idle, same run (target p99 < 50 ms)',
  async run({ quick, log }) {
    const size = quick ? 5_000 : 100_000
    const product = await startProduct(size, { bffEnv: WITHOUT_INDEX_ENV })
    try {
      const { base, cookie } = await session(product)
      const url = `${base}/bff/exports/relatorio.xlsx?start_date=${shiftDate(todayDate(), -366)}&end_date=${todayDate()}`
      const probe = (keepGoing: () => boolean, max: number) => healthLatencies(base, keepGoing, max)
      await timed(`${base}/bff/exports/relatorio.xlsx?start_date=${todayDate()}&end_date=${todayDate()}`, cookie)
      const idle = await probe(() => true, quick ? 50 : 300)
      let exporting = true
      const download = timed(url, cookie).finally(() => (exporting = false))
      const during = await probe(() => exporting, 1_000_000)
      const { ms, bytes } = await download
      const p99 = (xs: number[]) => percentile(xs, 99)
      log(
        `${size} rows in ${(ms / 1000).toFixed(1)} s (${(bytes / 1024 / 1024).toFixed(1)} MB); /healthz idle p99 ${p99(idle).toFixed(1)} ms, during p99 ${p99(during).toFixed(1)} ms over ${during.length} probes`,
      )
      const label = size.toLocaleString('en')
      return [
        row('export-responsiveness', '/healthz, idle', idle, 'ms'),
        row('export-responsiveness', `/healthz during a ${label}-row export`, during, 'ms'),
        row('export-responsiveness', `/healthz p99 during a ${label}-row export`, [p99(during)], 'ms', { max: 50 }),
        row('export-responsiveness', `${label}-row export: time`, [ms / 1000], 's'),
      ]
    } finally {
      await product.stop()
    }
  },
}

/**
 * Reads `url` whole, its reader paused for `pauseMs` after the first bytes. The BFF's peak RSS
 * growth over the whole download, and over the pause alone (sampled every 25 ms).
 */
function pausedRead(url: string, cookie: string, pauseMs: number, pid: number): Promise<{ growthMb: number; pauseGrowthMb: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const baseline = rssKb(pid)
    let peak = baseline
    let pausePeak = baseline
    let paused = false
    const sampler = setInterval(() => {
      const now = rssKb(pid)
      peak = Math.max(peak, now)
      if (paused) pausePeak = Math.max(pausePeak, now)
    }, 25)
    const request = httpRequest(url, { headers: { cookie } }, (response) => {
      let bytes = 0
      response.once('data', () => {
        response.pause()
        paused = true
        setTimeout(() => {
          paused = false
          response.resume()
        }, pauseMs)
      })
      response.on('data', (chunk: Buffer) => (bytes += chunk.length))
      response.on('end', () => {
        clearInterval(sampler)
        resolve({ growthMb: (Math.max(peak, rssKb(pid)) - baseline) / 1024, pauseGrowthMb: (pausePeak - baseline) / 1024, bytes })
      })
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end()
  })
}

/**
 * The export control's render at its body limit, and relatorio.xlsx under a paused
 * reader. A legacy that answers at once with heavy report windows (tests/support/bulky-legacy.ts)
 * keeps the BFF on the critical path. /healthz is asked every 10 ms while an 8 MiB table is
 * rendered to xlsx, beside the same probe idle in the same run; the BFF's RSS is sampled every
 * 25 ms. Not shown: a browser's upload of the body, several renders at once (each is one admin's
 * click), or a reader slower than the loopback; the figures include the benchmark reading the file.
 */
export const exportRenderBenchmark: Benchmark = {
  name: 'export-render',
  description: 'POST /bff/exports/render of an 8 MiB table (RSS, /healthz p99 during it) and relatorio.xlsx with its reader paused (RSS, legacy reads)',
  async run({ quick, scratch, log }) {
    const legacyPort = await freePort()
    const legacyUrl = `http://127.0.0.1:${legacyPort}`
    const services = [await startService('tests/support/bulky-legacy.ts', { PORT: String(legacyPort), ROWS_PER_WINDOW: '800' }, `${legacyUrl}/__reads`)]
    /** A fresh BFF of its own: the renders grow the heap V8 keeps, so the report is read on another. */
    const startBff = async (name: string) => {
      const port = await freePort()
      const base = `http://127.0.0.1:${port}`
      const service = await startService(
        SHIPPED_BFF,
        {
          ...WITHOUT_INDEX_ENV,
          PORT: String(port),
          LEGACY_API_URL: `${legacyUrl}/api`,
          PUBLIC_ORIGIN: base,
          SESSION_SECRET: 'export-render-bench-secret-0123456789-abcdef',
          STORE_FILE: join(scratch, `${name}.db`),
          STATIC_DIR: '/nonexistent',
        },
        `${base}/healthz`,
      )
      services.push(service)
      return { base, pid: service.child.pid!, cookie: await bffCookie(base, base, '11222333000181', 'x') }
    }
    try {
      const { base, pid, cookie } = await startBff('export-render')

      // The largest table the render takes: rows of a staff list's columns up to MAX_RENDER_BODY_BYTES.
      const table: Record<string, string | number>[] = []
      let size = 200
      for (let i = 0; size < MAX_RENDER_BODY_BYTES - 400; i++) {
        const r = { id: i, nome: `Candidata número ${i}`, cidade: i % 3 ? 'Fortaleza' : 'Natal', status: 'entrevista_presencial', inscricao: '2026-11-20' }
        size += Buffer.byteLength(JSON.stringify(r)) + 1
        table.push(r)
      }
      const body = JSON.stringify({ rows: table, type: 'xlsx', fileName: 'lista.xlsx' })
      const render = async () => {
        const started = performance.now()
        const response = await fetch(`${base}/bff/exports/render`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: base, cookie }, body })
        const bytes = (await response.arrayBuffer()).byteLength
        if (!response.ok) throw new Error(`render: ${response.status}`)
        return { ms: performance.now() - started, bytes }
      }
      const probe = (keepGoing: () => boolean, max: number) => healthLatencies(base, keepGoing, max)
      await render() // exceljs and the route's validator loaded, as in a BFF that has served one
      const idle = await probe(() => true, quick ? 50 : 200)
      const during: number[] = []
      const seconds: number[] = []
      const growth: number[] = []
      for (let i = 0; i < (quick ? 1 : 3); i++) {
        const baseline = rssKb(pid)
        let peak = baseline
        const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 25)
        let rendering = true
        const done = render().finally(() => (rendering = false))
        during.push(...(await probe(() => rendering, 1_000_000)))
        const { ms, bytes } = await done
        clearInterval(sampler)
        seconds.push(ms / 1000)
        growth.push((peak - baseline) / 1024)
        log(
          `render of ${table.length} rows (${(body.length / 1_048_576).toFixed(1)} MiB body): ${(ms / 1000).toFixed(2)} s, ${(bytes / 1_048_576).toFixed(1)} MB file, RSS ${(baseline / 1024).toFixed(0)} → ${(peak / 1024).toFixed(0)} MB`,
        )
      }
      // The BFF answers 413 from the declared length and closes the connection without reading the
      // body: a client still sending it may see its write fail (EPIPE) before it reads the answer,
      // which a busy machine makes likely. Either way nothing was rendered.
      const refused = await fetch(`${base}/bff/exports/render`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: base, cookie },
        body: JSON.stringify({ rows: [...table, ...table, ...table], type: 'xlsx' }),
      }).then(
        async (tooBig) => `${tooBig.status} ${((await tooBig.json()) as { message: string }).message}`,
        (error: Error & { cause?: { code?: string } }) => {
          if (error.cause?.code !== 'EPIPE' && error.cause?.code !== 'ECONNRESET') throw error
          return `connection closed while the body was still being sent (${error.cause.code}): refused before reading it`
        },
      )
      log(`a ${((body.length * 3) / 1_048_576).toFixed(1)} MiB body: ${refused}`)

      // relatorio.xlsx of two years (105 windows of 800 heavy rows), on a BFF that has served
      // nothing else: read straight through, then with the reader paused for 5 s after its first bytes.
      const reporting = await startBff('export-report')
      const report = `${reporting.base}/bff/exports/relatorio.xlsx?start_date=2025-01-01&end_date=2026-12-31`
      const reads = async () => ((await (await fetch(`${legacyUrl}/__reads`)).json()) as { reads: number }).reads
      const reading = await pausedRead(report, reporting.cookie, 0, reporting.pid)
      const before = await reads()
      const pauseMs = quick ? 2_000 : 5_000
      let readsWhilePaused = 0
      const watcher = setTimeout(async () => (readsWhilePaused = (await reads()) - before), pauseMs - 100)
      const paused = await pausedRead(report, reporting.cookie, pauseMs, reporting.pid)
      clearTimeout(watcher)
      log(
        `relatorio.xlsx ${(reading.bytes / 1_048_576).toFixed(0)} MB: RSS growth read straight ${reading.growthMb.toFixed(0)} MB, during a ${pauseMs / 1000} s pause ${paused.pauseGrowthMb.toFixed(0)} MB; legacy windows read while paused ${readsWhilePaused} of 105`,
      )
      const rows = table.length.toLocaleString('en')
      return [
        row('export-render', '/healthz, idle', idle, 'ms'),
        row('export-render', `/healthz during an 8 MiB render (${rows} rows, xlsx)`, during, 'ms'),
        row('export-render', '/healthz p99 during the render', [percentile(during, 99)], 'ms', { max: 50 }),
        row('export-render', '8 MiB render: time', seconds, 's'),
        row('export-render', '8 MiB render: BFF peak RSS growth', growth, 'MB', { max: 200 }),
        row('export-render', 'relatorio.xlsx read straight, fresh BFF: peak RSS growth', [reading.growthMb], 'MB'),
        row('export-render', `relatorio.xlsx, reader paused ${pauseMs / 1000} s: BFF peak RSS growth`, [paused.pauseGrowthMb], 'MB', { max: 100 }),
        // The kernel's socket buffers (tcp_rmem up to 32 MB here) absorb the first tens of MB; a
        // writer that ignored the reader would read all 105 windows, and hold them.
        row('export-render', `relatorio.xlsx, reader paused: legacy windows read (of 105)`, [readsWhilePaused], 'reads', { max: 78 }),
      ]
    } finally {
      for (const service of services.reverse()) await service.stop()
    }
  },
}
