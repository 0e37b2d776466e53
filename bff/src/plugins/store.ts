import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ATTEMPTS_TABLE } from './attempt-limiter.ts'
import { postgresBackend, sqliteBackend, type Queries, type Sql, type StoreBackend } from './store-backends.ts'

export { inList, StoreDownError, StoreUnavailableError, type Queries, type ReadOptions, type Row } from './store-backends.ts'

/**
 * The BFF's own store (docs/architecture.md, docs/performance.md): what the core keeps — job leases, revoked
 * sessions, attempt counters — and the database the features keep their tables in. SQLite by
 * default (`STORE_FILE`), PostgreSQL when `DATABASE_URL` is set, so several instances share it.
 * Every call is asynchronous; the SQL is written once for both engines (store-backends.ts). The
 * schema changes only through `migrate`: the store offers features no way to run DDL otherwise.
 */
export interface Store extends Queries {
  readonly engine: 'sqlite' | 'postgres'
  /**
   * Applies the owner's migrations not applied yet, in order, in one transaction, and records
   * them; on PostgreSQL under an advisory lock, so instances starting together apply each once.
   * A feature owns its tables (its folder holds their migrations); deleting the feature leaves
   * them unused, never broken. Migrations are appended, never edited.
   */
  migrate(owner: string, migrations: readonly Migration[]): Promise<void>
  /** Runs `fn` in one transaction, its statements through the queries it is given. */
  tx<T>(fn: (sql: Queries) => Promise<T>): Promise<T>
  /**
   * After `tables` were filled in bulk: the engine's statistics of them taken at once (PostgreSQL's
   * autovacuum takes them minutes later and plans blind until then; SQLite's optimize does the same
   * for its planner), and on PostgreSQL their visibility map written (VACUUM): until then a read
   * answered from an index alone still visits the table for every entry it walks, and the map of a
   * table filled once is not written again until a fifth as many rows are added.
   */
  settle(tables: readonly string[]): Promise<void>
  /**
   * Takes (or renews) the lease `name` for `owner` until `ttlMs` from now, atomically: true when
   * this owner holds it now, false while another owner's lease has not expired. One job owner per
   * run, across every instance sharing the store.
   */
  takeLease(name: string, owner: string, ttlMs: number): Promise<boolean>
  releaseLease(name: string, owner: string): Promise<void>
  /** Whether some owner holds an unexpired lease `name`. */
  leaseHeld(name: string): Promise<boolean>
  /** Refuses the session `sid` on every instance until `untilMs` (its absolute expiry); older revocations are forgotten. */
  revokeSession(sid: string, untilMs: number): Promise<void>
  sessionRevoked(sid: string, nowMs: number): Promise<boolean>
  /**
   * Notes that the session `sid` was used at `atMs` (at its start and at most once a minute after),
   * so operators can count live sessions across instances; with `forgetBeforeMs`, sessions not seen
   * since then are forgotten first.
   */
  sessionSeen(sid: string, atMs: number, forgetBeforeMs?: number): Promise<void>
  /** Sessions used since `sinceMs` and not logged out, on every instance sharing the store. */
  liveSessions(sinceMs: number): Promise<number>
  /** Proves the store can be written now (readiness). */
  probeWrite(): Promise<void>
  poolUse(): { busy: number; idle: number }
  close(): Promise<void>
}

/**
 * One step of a schema: SQL both engines run as written, or a column added where it is missing
 * (a store written by a BFF that added it outside the migrations, before they were all under the
 * lock). Every change of schema is one of these, so it runs once, under the lock, whoever starts.
 */
export type Migration =
  | string
  | { addColumnIfMissing: { table: string; column: string; type: string } }
  /** Where the engines differ (full-text search): each engine's own DDL, for the same tables. */
  | { sqlite: string; postgres: string }

/** Whether `table` has `column`, asked inside the migration's transaction. */
async function columnExists(sql: Sql, engine: Store['engine'], table: string, column: string): Promise<boolean> {
  if (engine === 'sqlite') return (await sql.all<{ name: string }>(`PRAGMA table_info(${table})`)).some((c) => c.name === column)
  return (
    (await sql.get('SELECT 1 AS found FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? AND column_name = ?', [table, column])) !== undefined
  )
}

const CORE_MIGRATIONS: Migration[] = [
  `CREATE TABLE IF NOT EXISTS job_leases (name TEXT PRIMARY KEY, owner TEXT NOT NULL, expires_at BIGINT NOT NULL);
   CREATE TABLE IF NOT EXISTS store_probe (id INTEGER PRIMARY KEY, at TEXT NOT NULL);
   CREATE TABLE IF NOT EXISTS revoked_sessions (sid TEXT PRIMARY KEY, until BIGINT NOT NULL);`,
  // Login and screening-start counters shared by every instance.
  ATTEMPTS_TABLE,
  // Sessions live in sealed cookies; this only counts them for the operators' gauge.
  'CREATE TABLE IF NOT EXISTS live_sessions (sid TEXT PRIMARY KEY, last_seen BIGINT NOT NULL);',
]

/** The core store over either engine. */
export async function createStore(backend: StoreBackend): Promise<Store> {
  const migrate = (owner: string, migrations: readonly Migration[]) =>
    backend.exclusively(() =>
      backend.tx(async (sql) => {
        await sql.exec('CREATE TABLE IF NOT EXISTS store_migrations (owner TEXT NOT NULL, version INTEGER NOT NULL, applied_at TEXT NOT NULL, PRIMARY KEY (owner, version))')
        const applied = Number((await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM store_migrations WHERE owner = ?', [owner]))!.n)
        for (const [i, migration] of migrations.slice(applied).entries()) {
          if (typeof migration === 'string') await sql.exec(migration)
          else if ('sqlite' in migration) await sql.exec(migration[backend.engine])
          else {
            const { table, column, type } = migration.addColumnIfMissing
            if (!(await columnExists(sql, backend.engine, table, column))) await sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`)
          }
          await sql.run('INSERT INTO store_migrations (owner, version, applied_at) VALUES (?, ?, ?)', [owner, applied + i + 1, new Date().toISOString()])
        }
      }),
    )
  await migrate('core', CORE_MIGRATIONS)
  return {
    engine: backend.engine,
    all: (sql, params, options) => backend.all(sql, params, options),
    get: (sql, params, options) => backend.get(sql, params, options),
    run: (sql, params) => backend.run(sql, params),
    tx: (fn) => backend.tx(fn),
    migrate,
    settle: (tables) => backend.exec(backend.engine === 'sqlite' ? 'PRAGMA optimize' : `VACUUM (ANALYZE) ${tables.join(', ')}`),
    async takeLease(name, owner, ttlMs) {
      const at = Date.now()
      const taken = await backend.run(
        'INSERT INTO job_leases (name, owner, expires_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at WHERE job_leases.owner = excluded.owner OR job_leases.expires_at < ?',
        [name, owner, at + ttlMs, at],
      )
      return taken === 1
    },
    async releaseLease(name, owner) {
      await backend.run('DELETE FROM job_leases WHERE name = ? AND owner = ?', [name, owner])
    },
    leaseHeld: async (name) => (await backend.get('SELECT 1 AS held FROM job_leases WHERE name = ? AND expires_at >= ?', [name, Date.now()])) !== undefined,
    revokeSession: (sid, untilMs) =>
      backend.tx(async (sql) => {
        await sql.run('DELETE FROM revoked_sessions WHERE until < ?', [Date.now()])
        await sql.run('DELETE FROM live_sessions WHERE sid = ?', [sid])
        await sql.run(
          'INSERT INTO revoked_sessions (sid, until) VALUES (?, ?) ON CONFLICT (sid) DO UPDATE SET until = CASE WHEN revoked_sessions.until > excluded.until THEN revoked_sessions.until ELSE excluded.until END',
          [sid, untilMs],
        )
      }),
    sessionRevoked: async (sid, nowMs) =>
      (await backend.get('SELECT 1 AS revoked FROM revoked_sessions WHERE sid = ? AND until >= ?', [sid, nowMs], { samePlan: true })) !== undefined,
    sessionSeen: (sid, atMs, forgetBeforeMs) =>
      backend.tx(async (sql) => {
        if (forgetBeforeMs !== undefined) await sql.run('DELETE FROM live_sessions WHERE last_seen < ?', [forgetBeforeMs])
        await sql.run('INSERT INTO live_sessions (sid, last_seen) VALUES (?, ?) ON CONFLICT (sid) DO UPDATE SET last_seen = excluded.last_seen', [sid, atMs])
      }),
    liveSessions: async (sinceMs) => Number((await backend.get<{ n: number }>('SELECT COUNT(*) AS n FROM live_sessions WHERE last_seen >= ?', [sinceMs]))?.n ?? 0),
    async probeWrite() {
      await backend.run('INSERT INTO store_probe (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at', [new Date().toISOString()])
    },
    poolUse: () => backend.poolUse(),
    close: () => backend.close(),
  }
}

/** SQLite at `file` (`:memory:` for tests). */
export const createSqliteStore = async (file: string) => createStore(sqliteBackend(file))

/** PostgreSQL when a URL is given, else SQLite at `file`; an unusable one stops start-up (StoreUnavailableError). */
export async function openStore({ file, databaseUrl }: { file: string; databaseUrl?: string | undefined }): Promise<Store> {
  return databaseUrl ? createStore(await postgresBackend(databaseUrl)) : createSqliteStore(file)
}

declare module 'fastify' {
  interface FastifyInstance {
    store: Store
  }
}

/** The store every feature keeps its tables in: the one passed in (tests), or the configured one, closed with the app. */
export const storePlugin = fp(
  async function store(app: FastifyInstance, { store, file, databaseUrl }: { store?: Store | undefined; file: string; databaseUrl?: string | undefined }) {
    const own = store ?? (await openStore({ file, databaseUrl }))
    app.decorate('store', own)
    if (!store) app.addHook('onClose', async () => own.close())
  },
  { name: 'store' },
)
