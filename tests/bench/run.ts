import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { buildBff } from '../../bff/build.ts'
import { table, writeReport, type Benchmark, type BenchRow } from './harness.ts'
import { bundleBenchmark, passThroughBenchmark, passThroughTrivialBenchmark } from './bff.bench.ts'
import { staffListsBenchmark } from './browser.bench.ts'
import { dashboardBenchmark, exportRenderBenchmark, exportResponsivenessBenchmark, xlsxBenchmark, xlsxWriterBenchmark } from './exports.bench.ts'
import { candidatesPageBenchmark, seedBenchmark } from './legacy.bench.ts'
import { candidateIndexBenchmark } from './index.bench.ts'
import { lighthouseBenchmark } from './lighthouse.bench.ts'
import { mailCommitBenchmark } from './mail.bench.ts'
import { scaleOutBenchmark } from './scale.bench.ts'
import { bulk60Benchmark, pipelineBoardBenchmark } from './pipeline.bench.ts'
import { startupBenchmark } from './startup.bench.ts'
import { screeningOutcomesBenchmark } from './screening-outcomes.bench.ts'
import { screeningApply60Benchmark, screeningApplyBenchmark, screeningLoadBenchmark, screeningOpenAiBenchmark } from './screening.bench.ts'

/**
 * `npm run bench [-- NAME ...] [--quick] [--out FILE]`: runs the named benchmarks (all by default),
 * prints a table of medians and writes bench-report.json.
 */
const BENCHMARKS: Benchmark[] = [
  seedBenchmark,
  startupBenchmark,
  candidatesPageBenchmark,
  passThroughBenchmark,
  passThroughTrivialBenchmark,
  bundleBenchmark,
  staffListsBenchmark,
  lighthouseBenchmark,
  candidateIndexBenchmark,
  dashboardBenchmark,
  xlsxBenchmark,
  xlsxWriterBenchmark,
  exportResponsivenessBenchmark,
  exportRenderBenchmark,
  screeningLoadBenchmark,
  screeningOpenAiBenchmark,
  screeningApplyBenchmark,
  screeningApply60Benchmark,
  screeningOutcomesBenchmark,
  pipelineBoardBenchmark,
  bulk60Benchmark,
  mailCommitBenchmark,
  scaleOutBenchmark,
]

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    quick: { type: 'boolean', default: false },
    out: { type: 'string', default: 'bench-report.json' },
    list: { type: 'boolean', default: false },
    // The bundle is already built from the current sources (the harness's own test builds it once).
    built: { type: 'boolean', default: false },
  },
})
if (values.list) {
  for (const b of BENCHMARKS) console.log(`${b.name.padEnd(20)} ${b.description}`)
  process.exit(0)
}
const unknown = positionals.filter((name) => !BENCHMARKS.some((b) => b.name === name))
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHMARKS.map((b) => b.name).join(', ')}`)
  process.exit(2)
}
const selected = positionals.length ? BENCHMARKS.filter((b) => positionals.includes(b.name)) : BENCHMARKS
// Benchmarks measure the BFF as it ships: bundled from the current sources.
if (!values.built) await buildBff()
const scratch = mkdtempSync(join(tmpdir(), 'mini-vagas-bench-'))
const rows: BenchRow[] = []
try {
  for (const benchmark of selected) {
    console.log(`▶ ${benchmark.name}: ${benchmark.description}`)
    rows.push(...(await benchmark.run({ quick: values.quick, scratch, log: (m) => console.log(`  ${m}`) })))
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
console.log('\n' + table(rows))
const out = resolve(values.out)
writeReport(out, rows, { quick: values.quick, benchmarks: selected.map((b) => b.name) })
console.log(`\nReport written to ${out}`)
