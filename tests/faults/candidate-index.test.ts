import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startPostgres, type TestPostgres } from '../../bff/src/testing-postgres.ts'
import { faultBed, login, startLegacy, type Bff, type Legacy } from './harness.ts'

// The candidate index's promise "a new instance builds it without stopping service, and losing an
// instance loses nothing": an instance is SIGKILLed while it builds, on both store engines; the
// other instance, lent a token by a staff request, goes on from the windows already read, and the
// index ends holding exactly the legacy's records.
let legacy: Legacy
let postgres: TestPostgres
const bed = faultBed({ legacy: () => legacy, postgres: () => postgres })

beforeAll(async () => {
  postgres = await startPostgres()
  // Each call takes 150 ms, as over a slow network: the build lasts long enough to be cut.
  legacy = await startLegacy({ LEGACY_LATENCY_MS: '150' }, 1500)
}, 120_000)
afterEach(() => bed.killAll())
afterAll(async () => {
  await legacy?.stop()
  await postgres?.stop()
  bed.removeScratch()
})

/** The index's tables as the store holds them, read from outside the BFFs. */
interface IndexView {
  windows(): Promise<{ start: string; readAt: number }[]>
  ids(): Promise<number[]>
  close(): Promise<void>
}

const ENGINES: Record<string, () => Promise<{ env: Record<string, string>; storeFile: string; view: () => IndexView }>> = {
  sqlite: async () => {
    const storeFile = join(bed.dir(), 'bff.sqlite')
    return {
      env: {},
      storeFile,
      view: () => {
        const read = <T>(sql: string) => {
          const db = new DatabaseSync(storeFile, { readOnly: true, timeout: 5000 })
          try {
            return db.prepare(sql).all() as T[]
          } finally {
            db.close()
          }
        }
        return {
          windows: async () =>
            read<{ start_day: string; read_at: number }>('SELECT start_day, read_at FROM candidate_index_windows ORDER BY start_day').map((w) => ({
              start: w.start_day,
              readAt: Number(w.read_at),
            })),
          ids: async () => read<{ id: number }>('SELECT id FROM candidate_index ORDER BY id').map((r) => Number(r.id)),
          close: async () => {},
        }
      },
    }
  },
  postgres: async () => {
    const url = await postgres.createDatabase()
    return {
      env: { DATABASE_URL: url },
      storeFile: ':memory:',
      view: () => {
        const pool = new pg.Pool({ connectionString: url, max: 1 })
        return {
          windows: async () =>
            (await pool.query('SELECT start_day, read_at FROM candidate_index_windows ORDER BY start_day')).rows.map((w) => ({ start: w.start_day, readAt: Number(w.read_at) })),
          ids: async () => (await pool.query('SELECT id FROM candidate_index ORDER BY id')).rows.map((r) => Number(r.id)),
          close: () => pool.end(),
        }
      },
    }
  },
}

/** A staff request: it lends the builder its token. */
const staffRequest = (bff: Bff, cookie: string) => fetch(`${bff.url}/bff/auth/session`, { headers: { cookie } })

async function until(condition: () => Promise<boolean>, withinMs: number, every = 200) {
  const started = Date.now()
  while (!(await condition())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, every))
  }
}

/** Every candidate id the legacy holds, from its own database. */
function legacyIds(): number[] {
  const db = new DatabaseSync(legacy.db, { readOnly: true, timeout: 5000 })
  try {
    return (db.prepare('SELECT id FROM candidates ORDER BY id').all() as { id: number }[]).map((r) => Number(r.id))
  } finally {
    db.close()
  }
}

describe.each(Object.keys(ENGINES))('the candidate index on %s', (engine) => {
  it('is finished by another instance when the one building it is SIGKILLed, from the windows already read', async () => {
    const { env, storeFile, view: open } = await ENGINES[engine]!()
    const settings = { CANDIDATE_INDEX: 'true', ...env }
    const a = await bed.bff(storeFile, settings)
    const b = await bed.bff(storeFile, settings)
    const view = open()
    try {
      const cookie = await login(a)
      await staffRequest(a, cookie)
      // A reads windows newest first; it is killed once some are read and some are not.
      await until(async () => {
        const windows = await view.windows()
        return windows.filter((w) => w.readAt > 0).length >= 2 && windows.some((w) => w.readAt === 0)
      }, 60_000)
      await a.kill()
      const readByA = (await view.windows()).filter((w) => w.readAt > 0)
      console.log(`SIGKILL of the building instance with ${readByA.length} of ${(await view.windows()).length} windows read (${engine})`)
      // B serves meanwhile, and its staff requests lend the token until A's lease (2 s) has run out.
      const finished = Date.now()
      await until(
        async () => {
          expect((await staffRequest(b, cookie)).status).toBe(200)
          return (await view.windows()).every((w) => w.readAt > 0)
        },
        90_000,
        500,
      )
      console.log(`B finished the index ${Date.now() - finished} ms after the kill`)
      // Nothing read twice that A had read: B went on, it did not start over.
      const after = new Map((await view.windows()).map((w) => [w.start, w.readAt]))
      for (const w of readByA) expect(after.get(w.start), w.start).toBe(w.readAt)
      // Exactly the legacy's records, each once.
      expect(await view.ids()).toEqual(legacyIds())
      // And the lists come from it: a vacancy's page says how current it is.
      const page = (await (await fetch(`${b.url}/bff/vacancies/1/candidates`, { headers: { cookie } })).json()) as { indexedAt?: string; total: number }
      expect(page.indexedAt).toMatch(/^\d{4}-/)
      expect(page.total).toBeGreaterThan(0)
    } finally {
      await view.close()
    }
  }, 180_000)
})
