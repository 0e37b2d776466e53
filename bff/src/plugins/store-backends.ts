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
  all<T = Row>(sql: string, params?: readonly unknown[], options?: ReadOptions): Promise<T[]>
  get<T = Row>(sql: string, params?: readonly unknown[], options?: ReadOptions): Promise<T | undefined>
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>
}

/** How a read is planned. */
export interface ReadOptions {
  /**
   * The statement's best plan is the same whatever its values: a lookup by key, or rows in an
   * order an index gives for any value of its equalities. PostgreSQL then plans it once per
   * connection and keeps the plan, where planning a click's statements cost more than running
   * them (docs/performance.md). Never for a range or a text pattern: their best plan depends on
   * the value. SQLite keeps every statement prepared already.
   */
  samePlan?: boolean
  /**
   * Planned once (samePlan), and dear to plan: a range's days merged, whose plan costs tens of
   * milliseconds on a new PostgreSQL connection against one or two to run it. PostgreSQL runs it
   * on a few connections of their own (DEARLY_PLANNED_CONNECTIONS), so that after a start each
   * text is planned that many times, not once on every connection of the pool.
   */
  dearToPlan?: boolean
}

/** Queries and several statements at once (DDL): only the store's migrations and upkeep run those. */
export interface Sql extends Queries {
  /**
   * Runs several statements (DDL, upkeep); no parameters. On PostgreSQL they may take as long as
   * building an index over a million rows does, not only a click's statement timeout.
   */
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
 * The store could not do what was asked for a reason outside the request: the disk is full or
 * unreadable, the database is locked too long, PostgreSQL is down, restarting, frozen past the
 * query timeout or out of connections. Routes answer 503 with a message naming the store; a
 * mistake in our own SQL stays what it is (a 500 and a log line).
 */
export class StoreDownError extends Error {
  readonly engine: 'sqlite' | 'postgres'
  constructor(engine: 'sqlite' | 'postgres', cause: unknown) {
    super(`store (${engine}) unavailable: ${(cause as Error)?.message ?? String(cause)}`, { cause })
    this.engine = engine
  }
}

/** SQLite's primary result codes that say the file, not the statement, is the problem. */
const SQLITE_OUTAGES = new Set([5 /* BUSY */, 6 /* LOCKED */, 8 /* READONLY */, 10 /* IOERR */, 11 /* CORRUPT */, 13 /* FULL */, 14 /* CANTOPEN */, 26 /* NOTADB */])
/** PostgreSQL's SQLSTATE classes that say the server, not the statement, is the problem. */
const POSTGRES_OUTAGE_CLASSES = ['08' /* connection */, '53' /* resources */, '57' /* operator intervention: shutdown, crash */, '58' /* system error */, 'XX']

export function isStoreOutage(error: unknown): boolean {
  const e = error as { errcode?: unknown; code?: unknown; message?: unknown }
  if (typeof e?.errcode === 'number') return SQLITE_OUTAGES.has(e.errcode & 0xff)
  if (typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return POSTGRES_OUTAGE_CLASSES.some((c) => (e.code as string).startsWith(c))
  if (typeof e?.code === 'string' && /^E[A-Z]+$/.test(e.code)) return true // ECONNREFUSED, ECONNRESET, ETIMEDOUT…
  // node-postgres' own words for a connection it lost or could not get in time.
  return (
    typeof e?.message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection.*(ended|closed)|Client has encountered a connection error/i.test(e.message)
  )
}

/** Runs a store call; an outage becomes a StoreDownError, anything else passes as it is. */
async function guarded<T>(engine: 'sqlite' | 'postgres', call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw isStoreOutage(error) && !(error instanceof StoreDownError) ? new StoreDownError(engine, error) : error
  }
}

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
    // A 32 MiB page cache (SQLite's default is 2 MiB): the candidate index's order indexes stay in
    // memory at a million candidates, 1.5× the page clicks a second of the default (docs/performance.md).
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -32768;')
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
    return guarded('sqlite', () => next)
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

/** How many statement texts PostgreSQL's connections keep planned (ReadOptions.samePlan). */
export const NAMED_STATEMENTS = 256

/**
 * An IN list's placeholders and values for a statement planned once (ReadOptions.samePlan): its
 * length rounded up to a power of two, the last value repeated (the same set), so that lists of
 * every length up to 512 make ten statement texts where they would make one each and fill the
 * NAMED_STATEMENTS a connection keeps. An empty list is `NULL`, which nothing equals.
 */
export function inList<T>(values: readonly T[]): { marks: string; values: T[] } {
  if (values.length === 0) return { marks: 'NULL', values: [] }
  const length = 2 ** Math.ceil(Math.log2(values.length))
  const padded = [...values, ...Array.from({ length: length - values.length }, () => values.at(-1)!)]
  return { marks: padded.map(() => '?').join(', '), values: padded }
}

/**
 * The connections that run statements dear to plan (ReadOptions.dearToPlan), each planning a text
 * once. Two, because two were measured best on a server of two cores (against three and ten); a
 * read of a range's days merged takes 1–2 ms, so two serve about a thousand a second.
 */
const DEARLY_PLANNED_CONNECTIONS = 2

/** How long an idle PostgreSQL connection is kept open (postgresBackend). */
const IDLE_CONNECTION_MS = 10 * 60_000

/** A fixed key for the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 7_420_001

/**
 * How long one statement may take before the BFF gives up on PostgreSQL (a frozen or overloaded
 * server): the caller gets a StoreDownError, the route a 503, and the connection is dropped.
 * The schema's work may take longer (SCHEMA_WORK_TIMEOUT_MS).
 */
const POSTGRES_QUERY_TIMEOUT_MS = 5000
/**
 * How long the schema's work may take: waiting for another instance's migrations (the advisory
 * lock), and a migration's or upkeep's statements (an index built, or a table vacuumed, over a
 * million candidates takes seconds, more on a busy machine).
 */
const SCHEMA_WORK_TIMEOUT_MS = 180_000

/**
 * PostgreSQL (`DATABASE_URL`), through three pools of the `pg` driver (up to `max` connections
 * each, the third two, below): what several BFF instances share. BIGINT and COUNT come back as
 * strings; callers read numbers with Number().
 */
export async function postgresBackend(url: string, options: { max?: number; queryTimeoutMs?: number } = {}): Promise<StoreBackend> {
  const settings = {
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    // An idle connection is kept for ten minutes (the driver's default is ten seconds), as
    // PgBouncer keeps a server connection: a recruiter's clicks come in bursts, and a burst after
    // a pause on new connections costs PostgreSQL a new process per connection, which then faults
    // on each page of the shared buffers it reads for the first time
    // (docs/decisions/postgresql-connections-stay-open.md).
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    // Idle connections do not keep a process alive that has nothing else to do (a script).
    allowExitOnIdle: true,
    query_timeout: options.queryTimeoutMs ?? POSTGRES_QUERY_TIMEOUT_MS,
  }
  // Two pools (and a third, below), because PostgreSQL chooses between a plan for the values and
  // one plan for any value by a setting of the connection, read when each statement runs, named or
  // not (plan_cache_mode). Every statement is planned for its values on `pool`: a date range or a
  // text pattern needs it (at a million candidates, eleven months in city order took 331 ms with
  // one plan for any value and 6.6 ms planned for its own). A statement planned once
  // (ReadOptions.samePlan) runs on `plannedOnce`, named, and keeps one plan for any value from its
  // first run there: left to its own choice, PostgreSQL planned lookups by a list of keys and pages
  // from an anchor for their values every time (0.05–0.07 ms each, at a million candidates).
  //
  // Neither compiles a statement to machine code (JIT): PostgreSQL does that on every run of a
  // statement its planner thinks dear, and a page's reads are dear only by the planner's estimate.
  // At a million candidates, a search within a month's registrations took 12 ms, 10 of them
  // compiling; the registration-days mix at 10 connections went from p99 400–650 ms to 170–240
  // (docs/decisions/postgresql-without-jit.md). Set before a connection is handed out.
  //
  // A statement dear to plan runs on a third pool, of two connections, planned once each: on ten,
  // a just-started BFF planned each range's merged days on every connection the first time it was
  // sent them. At a million candidates, its first 6 s of the registration-days mix gave p99 65–119
  // ms (median 90) against 51–72 (median 63) on two, and the same once warm
  // (docs/decisions/a-range-of-days-is-read-day-by-day.md).
  const pool = new pg.Pool({ ...settings, onConnect: async (client) => void (await client.query('SET jit = off')) })
  const planOnce = async (client: pg.ClientBase) => void (await client.query('SET jit = off; SET plan_cache_mode = force_generic_plan'))
  const plannedOnce = new pg.Pool({ ...settings, onConnect: planOnce })
  const plannedDearly = new pg.Pool({ ...settings, max: Math.min(settings.max, DEARLY_PLANNED_CONNECTIONS), onConnect: planOnce })
  const pools = [pool, plannedOnce, plannedDearly]
  // An idle client losing its connection must not take the process down.
  for (const p of pools) p.on('error', () => {})
  const close = async () => void (await Promise.all(pools.map((p) => p.end())))
  try {
    await pool.query('SELECT 1')
  } catch (error) {
    await close().catch(() => {})
    throw new StoreUnavailableError(`DATABASE_URL cannot be used: ${(error as Error).message}`)
  }
  // Statements planned once are named by their text; a connection keeps each it was sent. An IN
  // list's length makes a text of its own (inList keeps them few), so past NAMED_STATEMENTS texts
  // the rest are planned every time, as any other statement.
  // A named statement's text is numbered once, with its name.
  const named = new Map<string, { name: string; text: string }>()
  const statementOf = (sql: string, samePlan: boolean | undefined): { name?: string; text: string } => {
    let statement = samePlan ? named.get(sql) : undefined
    if (samePlan && statement === undefined && named.size < NAMED_STATEMENTS) named.set(sql, (statement = { name: `mv${named.size}`, text: numbered(sql) }))
    return statement ?? { text: numbered(sql) }
  }
  type Client = pg.Pool | pg.PoolClient
  // `once` and `dearly`: where a statement planned once runs, and one dear to plan (in a
  // transaction, its one connection).
  const on = (client: Client, once: Client = client, dearly: Client = once): Sql => {
    const query = (sql: string, params: readonly unknown[] = [], options?: ReadOptions) =>
      guarded('postgres', () =>
        (options?.dearToPlan ? dearly : options?.samePlan ? once : client).query({ ...statementOf(sql, options?.samePlan || options?.dearToPlan), values: params as unknown[] }),
      )
    return {
      all: async <T>(sql: string, params?: readonly unknown[], options?: ReadOptions) => (await query(sql, params, options)).rows as T[],
      get: async <T>(sql: string, params?: readonly unknown[], options?: ReadOptions) => (await query(sql, params, options)).rows[0] as T | undefined,
      run: async (sql, params) => (await query(sql, params)).rowCount ?? 0,
      exec: async (sql) => void (await guarded('postgres', () => client.query({ text: sql, query_timeout: SCHEMA_WORK_TIMEOUT_MS } as pg.QueryConfig))),
    }
  }
  // A connection that failed for the server's sake (or timed out mid-statement) is dropped, not
  // handed to the next caller with a statement still pending on it; so is one whose transaction or
  // lock may still be open (`drop`): a BEGIN the server answers after its timeout would leave the
  // connection in a transaction, where the next caller's writes are never committed and its row
  // locks are held.
  const withClient = async <T>(fn: (client: pg.PoolClient, drop: (why: Error) => void) => Promise<T>) => {
    const client = await guarded('postgres', () => pool.connect())
    let failure: Error | undefined
    try {
      return await fn(client, (why) => (failure ??= why))
    } catch (error) {
      if (error instanceof StoreDownError) failure ??= error
      throw error
    } finally {
      client.release(failure)
    }
  }
  /** A statement of the transaction's own (BEGIN, COMMIT…): a timeout is the store being down. */
  const control = (client: pg.PoolClient, sql: string, values?: unknown[]) => guarded('postgres', () => client.query(sql, values))
  return {
    engine: 'postgres',
    ...on(pool, plannedOnce, plannedDearly),
    tx: (fn) =>
      withClient(async (client, drop) => {
        await control(client, 'BEGIN')
        try {
          const out = await fn(on(client))
          await control(client, 'COMMIT')
          return out
        } catch (error) {
          await control(client, 'ROLLBACK').catch(drop)
          throw error
        }
      }),
    exclusively: (fn) =>
      withClient(async (client, drop) => {
        await guarded('postgres', () => client.query({ text: 'SELECT pg_advisory_lock($1)', values: [MIGRATION_LOCK], query_timeout: SCHEMA_WORK_TIMEOUT_MS } as pg.QueryConfig))
        try {
          return await fn()
        } finally {
          await control(client, 'SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(drop)
        }
      }),
    poolUse: () => pools.reduce((use, p) => ({ busy: use.busy + p.totalCount - p.idleCount, idle: use.idle + p.idleCount }), { busy: 0, idle: 0 }),
    close,
  }
}
