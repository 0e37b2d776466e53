import { existsSync, readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

/**
 * Prints the closing line CI reads — `N passed, N failed` (`, N skipped` when any) — from
 * vitest's JSON report. With no report (lint or typecheck failed before any test ran) the failed
 * step counts as one failure, so CI never reads a failed run as a clean one.
 */
// Checks .ci/run makes outside vitest (the npm 12 install) are added with --extra-passed/--extra-failed.
// --command-status is the test command's exit status: vitest's report says `success: true` when
// every test passed but an unhandled error still failed the run, and that run counts one failure.
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'extra-passed': { type: 'string', default: '0' }, 'extra-failed': { type: 'string', default: '0' }, 'command-status': { type: 'string', default: '0' } },
})
const file = positionals[0] ?? 'test-results/vitest.json'
const extraPassed = Number(values['extra-passed'])
const extraFailed = Number(values['extra-failed'])
if (!existsSync(file)) {
  console.log(`${extraPassed} passed, ${1 + extraFailed} failed`)
  process.exit(1)
}
const report = JSON.parse(readFileSync(file, 'utf8')) as {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
  numTotalTestSuites: number
  numFailedTestSuites: number
  success: boolean
}
const skipped = report.numPendingTests + report.numTodoTests
// A test file that fails to load has no tests in it but must still fail the run.
const runFailed = !report.success || Number(values['command-status']) !== 0
const failed = report.numFailedTests + (report.numFailedTests === 0 && runFailed ? Math.max(1, report.numFailedTestSuites) : 0)
console.log(`${report.numPassedTests + extraPassed} passed, ${failed + extraFailed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`)
process.exit(failed + extraFailed > 0 ? 1 : 0)
