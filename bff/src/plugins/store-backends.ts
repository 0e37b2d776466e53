import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import pg from 'pg'

/** One row as the database answers it. */
export type Row = Record<string, unknown>

/**
 * SQL the store and the features write once for both engines: `?` placeholders, standard
 * `INSERT … ON CONFLICT`, `CASE` instead of engine-specific functions. Numbers may come back as
 * strings from PostgreSQL (BIGINT, COUNT): read them with Number().
 */
export interface Queries {
  all<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>
  get<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined>
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>
}

/** Queries and several statements at once (DDL): only the store's migrations run those. */
export interface Sql extends Queries {
  /** Runs several statements (DDL); no parameters. */
  exec(sql: string): Promise<void>
}

/** What each engine provides; the store's own logic is written once above it. */
export interface StoreBackend extends Sql {
  readonly engine: 'sqlite' | 'postgres'
  /** Runs `fn` in one transaction, its statements through the `Sql` it is given. */
  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T>
  /** Runs `fn` while no other instance runs it (schema migrations at start). */
  exclusively<T>(fn: () => Promise<T>): Promise<T>
  /** Connections in use and idle (PostgreSQL's pool; SQLite has one). */
  poolUse(): { busy: number; idle: number }
  close(): Promise<void>
}

/** The store cannot be used at all; the message names the setting so an operator can fix it. */
export class StoreUnavailableError extends Error {}

/**
 * Fails fast, naming STORE_FILE, unless the store's folder is a real, writable directory and the
 * file (if present) a regular file: SQLite on a path such as /proc spins instead of failing.
 */
function assertUsableLocation(file: string) {
  const dir = dirname(file)
  try {
    // One level at a time: a recursive mkdir under /proc loops forever instead of failing.
    const missing: string[] = []
    for (let d = dir; !existsSync(d) && dirname(d) !== d; d = dirname(d)) missing.unshift(d)
    for (const d of missing) mkdirSync(d)
    if (!statSync(dir).isDirectory()) throw new Error('not a directory')
    const probe = join(dir, `.bff-store-probe-${process.pid}`)
    writeFileSync(probe, 'ok')
    rmSync(probe)
    const existing = statSync(file, { throwIfNoEntry: false })
    if (existing && !existing.isFile()) throw new Error('not a regular file')
  } catch (error) {
    throw new StoreUnavailableError(`STORE_FILE=${file} cannot be used: ${(error as Error).message}`)
  }
}

/** The serialisation queue of each SQLite file open in this process. */
const queues = new Map<string | symbol, { tail: Promise<unknown> }>()

/** How long a write waits for another instance's transaction before failing. */
const BUSY_TIMEOUT_MS = 5000

/**
 * SQLite (node:sqlite, the embedded default). Its calls are synchronous; they are queued one
 * after another so that a transaction's statements never interleave with another caller's.
 */
export function sqliteBackend(file: string): StoreBackend {
  if (file !== ':memory:') assertUsableLocation(file)
  let db: DatabaseSync
  try {
    db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS })
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;')
  } catch (error) {
    throw new StoreUnavailableError(`STORE_FILE=${file} cannot be used: ${(error as Error).message}`)
  }
  const statements = new Map<string, ReturnType<DatabaseSync['prepare']>>()
  const prepared = (sql: string) => {
    let statement = statements.get(sql)
    if (!statement) statements.set(sql, (statement = db.prepare(sql)))
    return statement
  }
  const direct: Sql = {
    all: async <T>(sql: string, params: readonly unknown[] = []) => prepared(sql).all(...(params as never[])) as T[],
    get: async <T>(sql: string, params: readonly unknown[] = []) => prepared(sql).get(...(params as never[])) as T | undefined,
    run: async (sql, params = []) => Number(prepared(sql).run(...(params as never[])).changes),
    exec: async (sql) => void db.exec(sql),
  }
  // One queue per file for the whole process: two connections to one file in one process (tests,
  // a restart inside a test) must not interleave, as SQLite's busy wait would block the thread
  // that holds the lock. Other processes simply wait for the lock (BUSY_TIMEOUT_MS).
  const key = file === ':memory:' ? Symbol('memory') : resolve(file)
  const queue = queues.get(key) ?? { tail: Promise.resolve() as Promise<unknown> }
  queues.set(key, queue)
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.tail.then(fn, fn)
    queue.tail = next.catch(() => {})
    return next
  }
  return {
    engine: 'sqlite',
    all: (sql, params) => serial(() => direct.all(sql, params)),
    get: (sql, params) => serial(() => direct.get(sql, params)),
    run: (sql, params) => serial(() => direct.run(sql, params)),
    exec: (sql) => serial(() => direct.exec(sql)),
    tx: (fn) =>
      serial(async () => {
        db.exec('BEGIN IMMEDIATE')
        try {
          const out = await fn(direct)
          db.exec('COMMIT')
          return out
        } catch (error) {
          db.exec('ROLLBACK')
          throw error
        }
      }),
    // BEGIN IMMEDIATE already makes a second instance wait for the first one's migrations.
    exclusively: (fn) => fn(),
    poolUse: () => ({ busy: 0, idle: 1 }),
    close: () => serial(async () => db.close()),
  }
}

/** `?` placeholders as PostgreSQL's `$1, $2, …` (the store's SQL holds no `?` inside strings). */
export const numbered = (sql: string) => {
  let n = 0
  return sql.replace(/\?/g, () => `$${++n}`)
}

/** A fixed key for the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 7_420_001

/**
 * PostgreSQL (`DATABASE_URL`), through a pool of the `pg` driver: what several BFF instances
 * share. BIGINT and COUNT come back as strings; callers read numbers with Number().
 */
export async function postgresBackend(url: string, options: { max?: number } = {}): Promise<StoreBackend> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 5000 })
  // An idle client losing its connection must not take the process down.
  pool.on('error', () => {})
  try {
    await pool.query('SELECT 1')
  } catch (error) {
    await pool.end().catch(() => {})
    throw new StoreUnavailableError(`DATABASE_URL cannot be used: ${(error as Error).message}`)
  }
  const on = (client: pg.Pool | pg.PoolClient): Sql => ({
    all: async <T>(sql: string, params: readonly unknown[] = []) => (await client.query(numbered(sql), params as unknown[])).rows as T[],
    get: async <T>(sql: string, params: readonly unknown[] = []) => (await client.query(numbered(sql), params as unknown[])).rows[0] as T | undefined,
    run: async (sql, params = []) => (await client.query(numbered(sql), params as unknown[])).rowCount ?? 0,
    exec: async (sql) => void (await client.query(sql)),
  })
  const withClient = async <T>(fn: (client: pg.PoolClient) => Promise<T>) => {
    const client = await pool.connect()
    try {
      return await fn(client)
    } finally {
      client.release()
    }
  }
  return {
    engine: 'postgres',
    ...on(pool),
    tx: (fn) =>
      withClient(async (client) => {
        await client.query('BEGIN')
        try {
          const out = await fn(on(client))
          await client.query('COMMIT')
          return out
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {})
          throw error
        }
      }),
    exclusively: (fn) =>
      withClient(async (client) => {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
        try {
          return await fn()
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
        }
      }),
    poolUse: () => ({ busy: pool.totalCount - pool.idleCount, idle: pool.idleCount }),
    close: () => pool.end(),
  }
}
