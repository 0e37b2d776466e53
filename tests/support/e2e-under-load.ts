// Flakiness hunted, not hoped away: runs the whole e2e project N times in a row while
// CPU hogs keep other cores busy, and counts every failure. A test that fails even once here is a
// defect to fix, never a retry to add.
//
//   npm run test:e2e:load                 # 10 runs, one hog pinned to the second core
//   npm run test:e2e:load -- --runs 3 --hogs 2
//   npm run test:load                     # the whole suite (every project), 3 runs, one hog
//
// Builds the SPA first. Prints one row per run and a summary; exits 1 if any run failed. The hogs
// are busy loops in child processes, pinned with taskset when it exists, and end with the runner.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ROOT } from './processes.ts'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' }, hogs: { type: 'string', default: '1' }, all: { type: 'boolean', default: false } } })
const runs = Number(values.runs)
const hogCount = Number(values.hogs)
const bin = join(ROOT, 'node_modules/.bin')

function startHog(core: number): ChildProcess {
  const spin = [process.execPath, '-e', 'for (;;) {}']
  const pinned = spawnSync('sh', ['-c', 'command -v taskset']).status === 0
  return spawn(pinned ? 'taskset' : spin[0]!, pinned ? ['-c', String(core), ...spin] : spin.slice(1), { stdio: 'ignore' })
}

const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
if (build.status !== 0) process.exit(1)

const hogs = Array.from({ length: hogCount }, (_, i) => startHog(1 + i))
const stopHogs = () => hogs.forEach((h) => h.kill('SIGKILL'))
process.on('exit', stopHogs)
process.on('SIGINT', () => process.exit(130))

const outDir = join(ROOT, 'test-results')
mkdirSync(outDir, { recursive: true })
type Row = { run: number; seconds: number; passed: number; failed: number; failures: string[] }
const rows: Row[] = []
for (let run = 1; run <= runs; run++) {
  // The config's JSON reporter writes test-results/vitest.json; each run's copy is kept.
  const report = join(outDir, 'vitest.json')
  rmSync(report, { force: true })
  const started = Date.now()
  const result = spawnSync(join(bin, 'vitest'), values.all ? ['run'] : ['run', '--project', 'e2e'], {
    cwd: ROOT,
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const seconds = (Date.now() - started) / 1000
  const json = existsSync(report)
    ? (JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; testResults: { assertionResults: { fullName: string; status: string }[] }[] })
    : null
  if (json) copyFileSync(report, join(outDir, `e2e-load-${run}.json`))
  const failures = json ? json.testResults.flatMap((f) => f.assertionResults.filter((a) => a.status === 'failed').map((a) => a.fullName)) : ['(no report: the run did not finish)']
  rows.push({ run, seconds, passed: json?.numPassedTests ?? 0, failed: json ? json.numFailedTests : 1, failures })
  if (result.status !== 0 && failures.length === 0) rows.at(-1)!.failures.push(`(vitest exited ${result.status})`)
}
stopHogs()

console.log('\nrun  seconds  passed  failed')
for (const r of rows)
  console.log(
    `${String(r.run).padStart(3)}  ${r.seconds.toFixed(1).padStart(7)}  ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}${r.failures.length ? `  ${r.failures.join(' | ')}` : ''}`,
  )
const failedRuns = rows.filter((r) => r.failures.length > 0).length
const total = rows.reduce((s, r) => s + r.seconds, 0)
console.log(`${runs} runs under ${hogCount} CPU hog(s) in ${total.toFixed(0)} s; ${failedRuns} with failures`)
writeFileSync(join(outDir, 'e2e-load.json'), JSON.stringify({ runs, hogs: hogCount, rows }, null, 2))
process.exit(failedRuns > 0 ? 1 : 0)
