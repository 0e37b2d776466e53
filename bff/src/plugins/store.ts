import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * The BFF's own store (DESIGN.md §1, §9): what the core keeps (job leases, revoked sessions) and
 * the database the features keep their tables in. SQLite by default (`STORE_FILE`).
 */
export interface Store {
  /** The SQLite database, for the features' own tables (each declared with `migrate`). */
  readonly db: DatabaseSync
  /**
   * Applies the owner's migrations not applied yet, in order, each in a transaction, and records
   * them: a feature owns its tables (its folder holds their migrations) and deleting the feature
   * leaves them unused, never broken.
   */
  migrate(owner: string, migrations: readonly string[]): void
  /** Runs `fn` in one transaction. */
  tx<T>(fn: () => T): T
  /**
   * Takes (or renews) the lease `name` for `owner` until `ttlMs` from now, atomically: true when
   * this owner holds it now, false while another owner's lease has not expired. One job owner per
   * run, across every instance sharing the store.
   */
  takeLease(name: string, owner: string, ttlMs: number): boolean
  releaseLease(name: string, owner: string): void
  /** Whether some owner holds an unexpired lease `name`. */
  leaseHeld(name: string): boolean
  /** Refuses the session `sid` on every instance until `untilMs` (its absolute expiry); older revocations are forgotten. */
  revokeSession(sid: string, untilMs: number): void
  sessionRevoked(sid: string, nowMs: number): boolean
  /** Proves the store can be written now (readiness). */
  probeWrite(): void
  close(): void
}

/** The store cannot be used at all; the message names STORE_FILE so an operator can fix it. */
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

/** How long a write waits for another instance's transaction before failing. */
const BUSY_TIMEOUT_MS = 5000

export function createSqliteStore(file: string): Store {
  if (file !== ':memory:') assertUsableLocation(file)
  let db: DatabaseSync
  try {
    db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS })
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;')
  } catch (error) {
    throw new StoreUnavailableError(`STORE_FILE=${file} cannot be used: ${(error as Error).message}`)
  }
  const tx = <T>(fn: () => T): T => {
    db.exec('BEGIN IMMEDIATE')
    try {
      const out = fn()
      db.exec('COMMIT')
      return out
    } catch (error) {
      db.exec('ROLLBACK')
      throw error
    }
  }
  db.exec('CREATE TABLE IF NOT EXISTS store_migrations (owner TEXT NOT NULL, version INTEGER NOT NULL, applied_at TEXT NOT NULL, PRIMARY KEY (owner, version))')
  function migrate(owner: string, migrations: readonly string[]) {
    tx(() => {
      const applied = Number((db.prepare('SELECT COUNT(*) AS n FROM store_migrations WHERE owner = ?').get(owner) as { n: number }).n)
      migrations.slice(applied).forEach((sql, i) => {
        db.exec(sql)
        db.prepare('INSERT INTO store_migrations (owner, version, applied_at) VALUES (?, ?, ?)').run(owner, applied + i + 1, new Date().toISOString())
      })
    })
  }
  migrate('core', [
    `CREATE TABLE IF NOT EXISTS job_leases (name TEXT PRIMARY KEY, owner TEXT NOT NULL, expires_at INTEGER NOT NULL);
     CREATE TABLE IF NOT EXISTS store_probe (id INTEGER PRIMARY KEY, at TEXT NOT NULL);
     CREATE TABLE IF NOT EXISTS revoked_sessions (sid TEXT PRIMARY KEY, until INTEGER NOT NULL);`,
  ])
  const revokedStatement = db.prepare('SELECT 1 FROM revoked_sessions WHERE sid = ? AND until >= ?')
  return {
    db,
    migrate,
    tx,
    takeLease(name, owner, ttlMs) {
      const at = Date.now()
      const taken = db
        .prepare(
          'INSERT INTO job_leases (name, owner, expires_at) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at WHERE job_leases.owner = excluded.owner OR job_leases.expires_at < ?',
        )
        .run(name, owner, at + ttlMs, at)
      return Number(taken.changes) === 1
    },
    releaseLease(name, owner) {
      db.prepare('DELETE FROM job_leases WHERE name = ? AND owner = ?').run(name, owner)
    },
    leaseHeld: (name) => db.prepare('SELECT 1 FROM job_leases WHERE name = ? AND expires_at >= ?').get(name, Date.now()) !== undefined,
    revokeSession(sid, untilMs) {
      tx(() => {
        db.prepare('DELETE FROM revoked_sessions WHERE until < ?').run(Date.now())
        db.prepare('INSERT INTO revoked_sessions (sid, until) VALUES (?, ?) ON CONFLICT(sid) DO UPDATE SET until = MAX(until, excluded.until)').run(sid, untilMs)
      })
    },
    sessionRevoked: (sid, nowMs) => revokedStatement.get(sid, nowMs) !== undefined,
    probeWrite() {
      db.prepare('INSERT INTO store_probe (id, at) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET at = excluded.at').run(new Date().toISOString())
    },
    close: () => db.close(),
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    store: Store
  }
}

/** The store every feature keeps its tables in: the one passed in (tests), or STORE_FILE's, closed with the app. */
export const storePlugin = fp(
  async function store(app: FastifyInstance, { store, file }: { store?: Store | undefined; file: string }) {
    // An unusable STORE_FILE stops start-up here (StoreUnavailableError).
    const own = store ?? createSqliteStore(file)
    app.decorate('store', own)
    if (!store) app.addHook('onClose', async () => own.close())
  },
  { name: 'store' },
)
