import { existsSync, readFileSync } from 'node:fs'

/**
 * Prints the closing line CI reads — `N passed, N failed` (`, N skipped` when any) — from
 * vitest's JSON report. With no report (lint or typecheck failed before any test ran) the failed
 * step counts as one failure, so CI never reads a failed run as a clean one.
 */
const file = process.argv[2] ?? 'test-results/vitest.json'
if (!existsSync(file)) {
  console.log('0 passed, 1 failed')
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
const failed = report.numFailedTests + (report.numFailedTests === 0 && !report.success ? Math.max(1, report.numFailedTestSuites) : 0)
console.log(`${report.numPassedTests} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
