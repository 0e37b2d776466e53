import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { createSqliteStore, openStore, type Store } from './plugins/store.ts'
import { startPostgres, type TestPostgres } from './testing-postgres.ts'

/**
 * A store test's two engines: a SQLite file, and a fresh database on a real PostgreSQL server
 * started for the test file. `places` makes a new store's place on each; `open` opens one (again);
 * `server()` is that PostgreSQL server (to freeze it, or to connect to it otherwise).
 */
export function bothStoreEngines() {
  let postgres: TestPostgres
  // The SQLite files' folders, removed with the test file's server (a run made hundreds).
  const folders: string[] = []
  beforeAll(async () => {
    postgres = await startPostgres()
  }, 60_000)
  afterAll(async () => {
    await postgres?.stop()
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  })
  return {
    places: {
      sqlite: async () => {
        const folder = mkdtempSync(join(tmpdir(), 'mv-store-'))
        folders.push(folder)
        return join(folder, 'bff.sqlite')
      },
      postgres: () => postgres.createDatabase(),
    },
    open: (place: string): Promise<Store> => (place.startsWith('postgres://') ? openStore({ file: ':memory:', databaseUrl: place }) : createSqliteStore(place)),
    server: () => postgres,
  }
}
