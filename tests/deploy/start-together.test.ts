import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPostgres, type TestPostgres } from '../../bff/src/testing-postgres.ts'
import { startBff, type Bff } from '../faults/harness.ts'
import { SHIPPED_BFF } from '../support/processes.ts'

// docs/operations.md says instances may start together on one PostgreSQL: every change of schema
// is a migration applied under an advisory lock. Eight production BFFs (the bundle) start at once
// on a fresh database, ten times; every one of them must come up and answer. (With a column added
// after the migrations, outside the lock, eight at once failed in 2 rounds of 10 here; four, in
// none of 10 on an idle machine, so eight it is.)
const ROUNDS = 10
const INSTANCES = 8
let postgres: TestPostgres
beforeAll(async () => {
  postgres = await startPostgres()
}, 60_000)
afterAll(() => postgres?.stop())

describe('instances starting together on a fresh PostgreSQL', () => {
  it(`${INSTANCES} at once, ${ROUNDS} times: all come up`, async () => {
    const failures: string[] = []
    for (let round = 1; round <= ROUNDS; round++) {
      const databaseUrl = await postgres.createDatabase()
      // The legacy is not needed to start: nothing listens there, and /healthz does not ask it.
      const started = await Promise.allSettled(
        Array.from({ length: INSTANCES }, () =>
          startBff({ url: 'http://127.0.0.1:9' }, ':memory:', { NODE_ENV: 'production', COOKIE_SECURE: 'false', DATABASE_URL: databaseUrl }, SHIPPED_BFF),
        ),
      )
      const up = started.filter((s): s is PromiseFulfilledResult<Bff> => s.status === 'fulfilled').map((s) => s.value)
      for (const s of started) if (s.status === 'rejected') failures.push(`round ${round}: ${String(s.reason).slice(0, 600)}`)
      await Promise.all(up.map((bff) => bff.stop()))
    }
    expect(failures).toEqual([])
  })
})
