import { existsSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { GLOBAL_SCREENING_EXCLUDED_STATUSES } from '../../shared/src/constants/candidate-statuses.ts'
import { SCREENING_MAX_CANDIDATES } from '../../shared/src/constants/limits.ts'
import { screeningRange } from '../../shared/src/domain/dates.ts'
import { screenCandidate, type ScreeningOptions } from '../../shared/src/domain/screening-rules.ts'
import { row, type Benchmark, type BenchRow } from './harness.ts'
import { database, seed, SIZE } from './legacy.bench.ts'

/**
 * What a global screening with the rules provider leaves a recruiter on the 100,000-candidate seed:
 * for every public vacancy, the default global range (the last 7 days of registrations, the
 * exclusions out, at most the cap), judged by the rules engine the product runs — the specific
 * criteria reviewed only when the data does not show them (the default) beside the original
 * "always" rule. Reads the seeded database directly: the same rows the load reads page by page,
 * without timing anything; it measures outcomes, not speed.
 */
export const screeningOutcomesBenchmark: Benchmark = {
  name: 'screening-outcomes',
  description: 'share of triados / em revisão a global rules run gives each public vacancy on the 100,000 seed, default rule beside the original',
  async run({ quick, scratch, log }) {
    const size = SIZE(quick)
    const file = database(scratch, quick)
    if (!existsSync(file)) await seed(file, size)
    const db = new DatabaseSync(file, { readOnly: true })
    const today = String((db.prepare('SELECT MAX(created_at) AS at FROM candidates').get() as { at: string }).at).slice(0, 10)
    const range = screeningRange('last-7-days', today)
    const excluded = GLOBAL_SCREENING_EXCLUDED_STATUSES.map(() => '?').join(', ')
    const candidates = db
      .prepare(
        `SELECT * FROM candidates WHERE substr(created_at, 1, 10) BETWEEN ? AND ? AND COALESCE(status, '') NOT IN (${excluded}) ORDER BY created_at DESC LIMIT ${SCREENING_MAX_CANDIDATES}`,
      )
      .all(range.start, range.end, ...GLOBAL_SCREENING_EXCLUDED_STATUSES) as Record<string, unknown>[]
    const vacancies = (db.prepare("SELECT * FROM job_postings WHERE obs = 'mostrar'").all() as Record<string, unknown>[]).map((v) => ({
      description: String(v.description ?? ''),
      city: String(v.city ?? ''),
      bairro: String(v.bairro ?? ''),
      requirements: JSON.parse(String(v.requirements ?? '[]')) as string[],
      criterios: JSON.parse(String(v.criterios ?? '[]')) as string[],
    }))
    db.close()
    log(`${candidates.length} candidates registered ${range.start}–${range.end}, ${vacancies.length} public vacancies`)
    const rows: BenchRow[] = []
    for (const [label, options] of [
      ['specific criteria reviewed when not shown (default)', { mode: 'global', criteriaReview: 'unverified' }],
      ['specific criteria always reviewed (original rule)', { mode: 'global', criteriaReview: 'always' }],
    ] as [string, ScreeningOptions][]) {
      const triado: number[] = []
      const revisao: number[] = []
      let allInReview = 0
      for (const vacancy of vacancies) {
        const outcomes = candidates.map((c) => screenCandidate(vacancy, c, options).outcome)
        const share = (o: string) => (100 * outcomes.filter((x) => x === o).length) / Math.max(1, outcomes.length)
        triado.push(share('triado'))
        revisao.push(share('revisao'))
        if (outcomes.every((o) => o !== 'triado')) allInReview++
      }
      rows.push(row('screening-outcomes', `triados, % of the run per vacancy — ${label}`, triado, '%'))
      rows.push(row('screening-outcomes', `em revisão, % of the run per vacancy — ${label}`, revisao, '%'))
      rows.push(row('screening-outcomes', `vacancies with no triado — ${label}`, [allInReview], 'vacancies'))
      log(`${label}: median triado ${row('', '', triado, '%').median.toFixed(1)}%, no triado in ${allInReview}/${vacancies.length}`)
    }
    return rows
  },
}
