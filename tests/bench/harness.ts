import { writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { shiftDate, todayDate } from '../../shared/src/domain/dates.ts'

/**
 * The benchmark harness: each benchmark returns measured rows; the harness prints one table of
 * medians and writes the JSON report. Targets are printed beside the figures, never asserted in
 * tests (machines here are shared and noisy).
 */
export interface BenchRow {
  benchmark: string
  metric: string
  /** The median of `samples` (or the single figure a tool reports). */
  median: number
  unit: string
  samples: number[]
  p95?: number
  p99?: number
  target?: string
  /** Whether the median meets the target, when there is one. */
  meets?: boolean
}

export interface BenchContext {
  /** Smaller sizes and fewer runs, for a smoke run of the harness itself. */
  quick: boolean
  /** A scratch directory shared by the benchmarks of one run. */
  scratch: string
  log(message: string): void
}

export interface Benchmark {
  name: string
  description: string
  run(context: BenchContext): Promise<BenchRow[]>
}

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = (p / 100) * (sorted.length - 1)
  const low = Math.floor(rank)
  const high = Math.ceil(rank)
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low)
}

export const median = (samples: readonly number[]) => percentile(samples, 50)

/** A row from raw samples, with p95/p99 and the verdict against `target` (a bound on the median). */
/**
 * What every benchmark's BFF runs with: production mode and its log level (one line per
 * request). Cookies without Secure only because the benchmarks speak plain HTTP on the loopback.
 */
export const PRODUCTION_BFF_ENV = { NODE_ENV: 'production', LOG_LEVEL: 'info', COOKIE_SECURE: 'false' } as const

/**
 * Production's settings without the candidate index, for the benchmarks that measure something
 * else: its build reads the whole base from the stand-in in the background, which would load the
 * machine under their figures (the index is measured by `candidate-index`).
 */
export const WITHOUT_INDEX_ENV = { ...PRODUCTION_BFF_ENV, CANDIDATE_INDEX: 'false' } as const

export function row(benchmark: string, metric: string, samples: number[], unit: string, target?: { max?: number; min?: number }): BenchRow {
  const m = median(samples)
  const out: BenchRow = { benchmark, metric, median: m, unit, samples, p95: percentile(samples, 95), p99: percentile(samples, 99) }
  if (target?.max !== undefined) {
    out.target = `≤ ${target.max} ${unit}`
    out.meets = m <= target.max
  }
  if (target?.min !== undefined) {
    out.target = `≥ ${target.min} ${unit}`
    out.meets = m >= target.min
  }
  return out
}

const fmt = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '' : Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2))

export function table(rows: readonly BenchRow[]): string {
  const header = ['benchmark', 'metric', 'median', 'p95', 'p99', 'unit', 'n', 'target', 'meets']
  const lines = rows.map((r) => [
    r.benchmark,
    r.metric,
    fmt(r.median),
    fmt(r.p95),
    fmt(r.p99),
    r.unit,
    String(r.samples.length),
    r.target ?? '',
    r.meets === undefined ? '' : r.meets ? 'yes' : 'NO',
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
  const render = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  return [render(header), render(widths.map((w) => '-'.repeat(w))), ...lines.map(render)].join('\n')
}

export function writeReport(file: string, rows: readonly BenchRow[], meta: Record<string, unknown>): void {
  const report = {
    generatedAt: new Date().toISOString(),
    machine: { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30) },
    ...meta,
    rows,
  }
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n')
}

/**
 * The longest date range ending today, up to the global screening's six months, holding at most
 * `cap` candidates by `count` (binary search over the number of days).
 */
export async function rangeHolding(cap: number, count: (start: string, end: string) => Promise<number>): Promise<{ start_date: string; end_date: string; total: number }> {
  const end = todayDate()
  let low = 1
  let high = 182
  let best = { start_date: shiftDate(end, -1), end_date: end, total: 0 }
  while (low <= high) {
    const days = (low + high) >> 1
    const start = shiftDate(end, -days)
    const total = await count(start, end)
    if (total <= cap) {
      best = { start_date: start, end_date: end, total }
      low = days + 1
    } else high = days - 1
  }
  return best
}
