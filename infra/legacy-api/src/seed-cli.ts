import { existsSync, rmSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { DEFAULT_DATABASE_FILE } from './config.ts'
import { openDatabase } from './db.ts'
import { seedDatabase } from './seed/seed.ts'

/**
 * `npm run seed -- --candidates 5000 --seed 42 [--db FILE] [--now 2026-11-22]`: recreates the
 * database file with the deterministic data set.
 */
function readArgs() {
  try {
    return parseArgs({
      options: {
        candidates: { type: 'string', default: '5000' },
        seed: { type: 'string', default: '42' },
        db: { type: 'string', default: process.env.LEGACY_DB ?? DEFAULT_DATABASE_FILE },
        now: { type: 'string' },
      },
    }).values
  } catch (error) {
    console.error(`${(error as Error).message}\nUsage: npm run seed -- --candidates 5000 --seed 42 [--db FILE] [--now YYYY-MM-DD]`)
    process.exit(2)
  }
}
const values = readArgs()

const candidates = Number(values.candidates)
const seed = Number(values.seed)
const now = values.now ? new Date(`${values.now}T12:00:00-03:00`) : new Date()
const problems = [
  !Number.isInteger(candidates) || candidates < 0 || candidates > 2_000_000 ? '--candidates must be a whole number from 0 to 2000000' : '',
  !Number.isInteger(seed) ? '--seed must be a whole number' : '',
  Number.isNaN(now.getTime()) ? '--now must be a date like 2026-11-22' : '',
].filter(Boolean)
if (problems.length > 0) {
  console.error(problems.join('\n'))
  process.exit(2)
}

for (const suffix of ['', '-wal', '-shm']) if (existsSync(values.db + suffix)) rmSync(values.db + suffix)
const started = performance.now()
const db = openDatabase(values.db)
const summary = seedDatabase(db, { candidates, seed, now })
db.close()
console.log(
  `Seeded ${values.db}: ${summary.users} users, ${summary.vacancies} vacancies, ${summary.candidates} candidates ` +
    `in ${((performance.now() - started) / 1000).toFixed(1)} s (seed ${seed}).`,
)
