import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildBff } from '../../bff/build.ts'
import { runScript } from '../support/processes.ts'
import { median, percentile, row, table } from './harness.ts'

describe('bench harness', () => {
  it('computes medians and interpolated percentiles', () => {
    expect(median([5, 1, 3])).toBe(3)
    expect(median([1, 2, 3, 4])).toBe(2.5)
    expect(percentile([1, 2, 3, 4, 5], 99)).toBeCloseTo(4.96)
    expect(Number.isNaN(median([]))).toBe(true)
  })
  it('judges the median against a target', () => {
    expect(row('b', 'm', [10, 30, 20], 'ms', { max: 20 })).toMatchObject({ median: 20, meets: true, target: '≤ 20 ms' })
    expect(row('b', 'm', [100, 300], 'req/s', { min: 250 })).toMatchObject({ median: 200, meets: false })
  })
  it('prints an aligned table', () => {
    const text = table([row('seed', '100 rows', [1.5], 's', { max: 30 })])
    expect(text.split('\n')[0]).toMatch(/^benchmark\s+metric\s+median/)
    expect(text).toMatch(/seed\s+100 rows\s+1\.50/)
  })
  // Smoke runs of `npm run bench -- --quick NAME`: prove the harness and every benchmark still
  // run; they assert what was measured, never how fast. One test per benchmark, each bounded on
  // its own: on a busy machine their sum is long, and a hang should name its benchmark.
  const names = [
    'seed',
    'startup',
    'legacy-candidatos',
    'pass-through',
    'pass-through-trivial',
    'spa-bundle',
    'staff-lists',
    'lighthouse',
    'candidate-index',
    'dashboard',
    'xlsx',
    'xlsx-writer',
    'export-responsiveness',
    'export-render',
    'screening-load',
    'screening-openai',
    'screening-apply',
    'screening-apply-60',
    'screening-outcomes',
    'pipeline-board',
    'bulk-60',
    'mail-commit',
    'scale-out',
  ]
  beforeAll(() => buildBff(), 120_000)
  it('lists every benchmark it runs', async () => {
    const result = await runScript('tests/bench/run.ts', ['--list'])
    expect(result.code, result.output).toBe(0)
    expect(
      result.output
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => line.split(/\s+/)[0]),
    ).toEqual(names)
  })
  it.each(names)(
    'runs %s in quick mode and writes the JSON report',
    async (name) => {
      const dir = mkdtempSync(join(tmpdir(), 'mini-vagas-bench-test-'))
      try {
        const out = join(dir, 'report.json')
        const result = await runScript('tests/bench/run.ts', ['--quick', '--built', name, '--out', out])
        expect(result.code, result.output).toBe(0)
        expect(result.output).toMatch(/benchmark\s+metric\s+median/)
        const report = JSON.parse(readFileSync(out, 'utf8'))
        expect(report.quick).toBe(true)
        expect(report.benchmarks).toEqual([name])
        expect(report.rows.length).toBeGreaterThan(0)
        for (const r of report.rows) {
          expect(Number.isFinite(r.median)).toBe(true)
          expect(r.samples.length).toBeGreaterThan(0)
        }
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
    300_000,
  )
})
