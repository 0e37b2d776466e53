import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { bothStoreEngines } from '../testing-store.ts'
import { createSqliteStore, openStore, StoreUnavailableError } from './store.ts'
import { inList, isStoreOutage, NAMED_STATEMENTS, numbered, postgresBackend, StoreDownError, type ReadOptions, type StoreBackend } from './store-backends.ts'

/**
 * The store suite runs on both engines: SQLite in a file, and a real PostgreSQL server this file
 * starts (`server()`, which some tests freeze or connect to themselves). `place()` gives a fresh
 * place both "connections" of a test open.
 */
const { places, open, server } = bothStoreEngines()

describe.each(Object.entries(places))('store on %s', (engine, place) => {
  it('applies each owner’s migrations once, in order, and later ones on a reopen', async () => {
    const where = await place()
    const first = await open(where)
    await first.migrate('feature', ['CREATE TABLE a (x INTEGER)'])
    await first.migrate('feature', ['CREATE TABLE a (x INTEGER)'])
    await first.close()
    const again = await open(where)
    await again.migrate('feature', ['CREATE TABLE a (x INTEGER)', 'ALTER TABLE a ADD COLUMN y TEXT'])
    await again.run('INSERT INTO a (x, y) VALUES (?, ?)', [1, 'ok'])
    expect(await again.get('SELECT y FROM a')).toEqual({ y: 'ok' })
    expect(Number((await again.get<{ n: number }>("SELECT COUNT(*) AS n FROM store_migrations WHERE owner = 'feature'"))!.n)).toBe(2)
    expect(again.engine).toBe(engine)
    await again.close()
  })
  it('applies migrations once when several instances start together', async () => {
    const where = await place()
    const instances = await Promise.all(Array.from({ length: 4 }, () => open(where)))
    await Promise.all(instances.map((s) => s.migrate('feature', ['CREATE TABLE counted (x INTEGER)', 'INSERT INTO counted (x) VALUES (1)'])))
    expect(Number((await instances[0]!.get<{ n: number }>('SELECT COUNT(*) AS n FROM counted'))!.n)).toBe(1)
    await Promise.all(instances.map((s) => s.close()))
  })
  it('adds a column where it is missing, once, under the lock, and leaves one that is already there', async () => {
    const where = await place()
    const older = await open(where)
    // A store written before the step existed: one table got the column outside the migrations.
    await older.migrate('feature', ['CREATE TABLE has_it (x INTEGER, extra TEXT); CREATE TABLE lacks_it (x INTEGER)'])
    await older.close()
    const instances = await Promise.all(Array.from({ length: 4 }, () => open(where)))
    const steps = [
      'CREATE TABLE has_it (x INTEGER, extra TEXT); CREATE TABLE lacks_it (x INTEGER)',
      { addColumnIfMissing: { table: 'has_it', column: 'extra', type: 'TEXT' } },
      { addColumnIfMissing: { table: 'lacks_it', column: 'extra', type: 'TEXT' } },
    ]
    await Promise.all(instances.map((s) => s.migrate('feature', steps)))
    await instances[0]!.run("INSERT INTO lacks_it (x, extra) VALUES (1, 'ok')")
    expect(await instances[1]!.get('SELECT extra FROM lacks_it')).toEqual({ extra: 'ok' })
    expect(Number((await instances[0]!.get<{ n: number }>("SELECT COUNT(*) AS n FROM store_migrations WHERE owner = 'feature'"))!.n)).toBe(3)
    await Promise.all(instances.map((s) => s.close()))
  })
  it('gives a lease to one owner at a time across two connections, until it is released or expires', async () => {
    const where = await place()
    const a = await open(where)
    const b = await open(where)
    try {
      expect(await a.takeLease('apply:r1', 'A', 60_000)).toBe(true)
      expect(await b.takeLease('apply:r1', 'B', 60_000)).toBe(false)
      expect(await b.leaseHeld('apply:r1')).toBe(true)
      expect(await a.takeLease('apply:r1', 'A', 60_000)).toBe(true) // renewed by its owner
      await a.releaseLease('apply:r1', 'B') // not B's to release
      expect(await b.takeLease('apply:r1', 'B', 60_000)).toBe(false)
      await a.releaseLease('apply:r1', 'A')
      expect(await b.takeLease('apply:r1', 'B', 20)).toBe(true)
      await new Promise((r) => setTimeout(r, 40))
      expect(await a.leaseHeld('apply:r1')).toBe(false)
      expect(await a.takeLease('apply:r1', 'A', 60_000)).toBe(true) // B's expired
      // Of many asking at once, exactly one gets a free lease.
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).takeLease('apply:r2', `owner-${i}`, 60_000)))
      expect(answers.filter(Boolean)).toHaveLength(1)
      await a.probeWrite()
    } finally {
      await a.close()
      await b.close()
    }
  })
  it('a revoked session is refused through every connection until its expiry, the later expiry kept', async () => {
    const where = await place()
    const a = await open(where)
    const b = await open(where)
    const now = Date.now()
    await a.revokeSession('sid-1', now + 60_000)
    await b.revokeSession('sid-1', now + 1_000) // an earlier expiry never shortens it
    expect(await b.sessionRevoked('sid-1', now + 30_000)).toBe(true)
    expect(await b.sessionRevoked('sid-1', now + 61_000)).toBe(false)
    expect(await a.sessionRevoked('sid-2', now)).toBe(false)
    await a.close()
    await b.close()
  })
  it('counts live sessions seen through any connection, forgets idle ones, drops logged-out ones', async () => {
    const where = await place()
    const a = await open(where)
    const b = await open(where)
    const now = Date.now()
    await a.sessionSeen('sid-1', now - 10_000)
    await b.sessionSeen('sid-2', now)
    await b.sessionSeen('sid-1', now) // seen again: one session still
    expect(await a.liveSessions(now - 60_000)).toBe(2)
    await a.sessionSeen('sid-3', now - 120_000)
    expect(await b.liveSessions(now - 60_000)).toBe(2)
    expect(await b.liveSessions(now - 180_000)).toBe(3)
    await a.sessionSeen('sid-4', now, now - 60_000) // a login forgets sessions idle past the window
    expect(await b.liveSessions(0)).toBe(3)
    await b.revokeSession('sid-2', now + 60_000)
    expect(await a.liveSessions(now - 60_000)).toBe(2)
    await a.close()
    await b.close()
  })
})

describe('store location', () => {
  it('refuses an unusable STORE_FILE at once, naming it: under a file, under /proc, a directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mv-store-'))
    try {
      writeFileSync(join(dir, 'plain-file'), 'x')
      for (const file of [join(dir, 'plain-file', 'bff.sqlite'), '/proc/self/mini-vagas/bff.sqlite', '/proc/self/bff.sqlite', dir]) {
        const started = Date.now()
        await expect(createSqliteStore(file), file).rejects.toThrow(StoreUnavailableError)
        await expect(createSqliteStore(file), file).rejects.toThrow(`STORE_FILE=${file} cannot be used`)
        expect(Date.now() - started).toBeLessThan(5000)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
  it('refuses an unreachable DATABASE_URL at start, naming the variable', async () => {
    await expect(openStore({ file: ':memory:', databaseUrl: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toThrow(/^DATABASE_URL cannot be used/)
  })
})

/**
 * The statements a connection of the reads marked `options` keeps named, with how often each was
 * run on one plan for any value or on one for its values (this read, itself one of them, left out).
 */
const keptStatements = (backend: StoreBackend, options: ReadOptions = { samePlan: true }) =>
  backend.all<{ statement: string; generic_plans: string; custom_plans: string }>(
    "SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements WHERE statement NOT LIKE '%pg_prepared%'",
    [],
    options,
  )
/** How many statements the connection of the marked reads keeps named. */
const namedCount = async (backend: StoreBackend) => (await keptStatements(backend)).length

describe('a read planned once (PostgreSQL)', () => {
  it('keeps the plan of a read marked samePlan on its connection and uses it again, through a change of schema; other reads are planned each time', async () => {
    const backend = await postgresBackend(await server().createDatabase(), { max: 1 })
    try {
      await backend.exec('CREATE TABLE t (id BIGINT PRIMARY KEY, vacancy BIGINT NOT NULL, at BIGINT NOT NULL); CREATE INDEX t_vacancy ON t (vacancy, at)')
      await backend.run('INSERT INTO t (id, vacancy, at) SELECT g, g % 7, g FROM generate_series(1, 2000) g')
      const page = 'SELECT id FROM t WHERE vacancy = ? ORDER BY at DESC LIMIT ?'
      /** The vacancy's latest `n` rows, as the table holds them. */
      const latest = (vacancy: number, n: number) =>
        Array.from({ length: 2000 }, (_, i) => i + 1)
          .filter((g) => g % 7 === vacancy)
          .slice(-n)
          .reverse()
          .map((g) => ({ id: String(g) }))
      for (let i = 0; i < 8; i++) expect(await backend.all(page, [i % 7, 2], { samePlan: true })).toEqual(latest(i % 7, 2))
      await backend.all('SELECT id FROM t WHERE vacancy = ? ORDER BY at LIMIT 1', [3])
      // Read where the marked reads run (itself one of them, left out).
      const kept = await keptStatements(backend)
      expect(kept.map((k) => k.statement)).toEqual(['SELECT id FROM t WHERE vacancy = $1 ORDER BY at DESC LIMIT $2'])
      // One plan for any value, from the first run: never one planned for its values.
      expect(Number(kept[0]!.generic_plans)).toBe(8)
      expect(Number(kept[0]!.custom_plans)).toBe(0)
      // A migration of another instance drops the index the plan used: the read is planned again, not broken.
      await backend.exec('DROP INDEX t_vacancy; ALTER TABLE t ADD COLUMN extra TEXT')
      expect(await backend.all(page, [1, 1], { samePlan: true })).toEqual(latest(1, 1))
    } finally {
      await backend.close()
    }
  })

  it('runs a read dear to plan on two connections of its own, planned once and kept, while the other reads use ten', async () => {
    const backend = await postgresBackend(await server().createDatabase())
    try {
      // Twelve at once of each kind, each holding its connection a moment.
      type Seen = { pid: number; mode: string }
      const seen = (options: ReadOptions) =>
        Promise.all(
          Array.from({ length: 12 }, () =>
            backend.get<Seen>("SELECT pg_backend_pid() AS pid, current_setting('plan_cache_mode') AS mode, pg_sleep(0.2)::text AS slept", [], options),
          ),
        )
      const [dear, once] = await Promise.all([seen({ dearToPlan: true }), seen({ samePlan: true })])
      const pids = (rows: (Seen | undefined)[]) => new Set(rows.map((r) => r!.pid))
      expect(pids(dear).size).toBe(2)
      expect(pids(once).size).toBe(10)
      expect([...pids(dear)].filter((pid) => pids(once).has(pid))).toEqual([])
      expect(new Set(dear.map((r) => r!.mode))).toEqual(new Set(['force_generic_plan']))
    } finally {
      await backend.close()
    }
    // Named, as a read planned once is: its plan is kept and used again on its connection.
    const single = await postgresBackend(await server().createDatabase(), { max: 1 })
    try {
      const merged = 'SELECT g FROM generate_series(1, 3) g WHERE g = ? UNION ALL SELECT g FROM generate_series(1, 3) g WHERE g = ?'
      for (let i = 0; i < 5; i++) expect(await single.all(merged, [1, 2], { dearToPlan: true })).toEqual([{ g: 1 }, { g: 2 }])
      const kept = await keptStatements(single, { dearToPlan: true })
      expect(kept.map((k) => [k.statement, Number(k.generic_plans)])).toEqual([[numbered(merged), 5]])
    } finally {
      await single.close()
    }
  })

  it('compiles no statement to machine code (JIT), on either kind of connection, in a transaction too', async () => {
    const backend = await postgresBackend(await server().createDatabase(), { max: 1 })
    try {
      const jit = async (read: Pick<StoreBackend, 'get'>, samePlan: boolean) => (await read.get<{ jit: string }>('SHOW jit', [], { samePlan }))!.jit
      expect([await jit(backend, false), await jit(backend, true)]).toEqual(['off', 'off'])
      expect(await backend.tx((sql) => jit(sql, false))).toBe('off')
    } finally {
      await backend.close()
    }
  })

  it('plans a read not marked for its values every time: a common value reads the table, a rare one the index', async () => {
    const backend = await postgresBackend(await server().createDatabase(), { max: 1 })
    try {
      // Kind 0 in all rows but five: planned for its value, a count of kind 0 reads the table and
      // one of kind 1 the index; one plan for any value would do the same for both.
      await backend.exec(`CREATE TABLE s (id BIGINT PRIMARY KEY, kind BIGINT NOT NULL, pad TEXT NOT NULL);
        INSERT INTO s SELECT g, CASE WHEN g <= 5 THEN 1 ELSE 0 END, repeat('x', 40) FROM generate_series(1, 20000) g;
        CREATE INDEX s_kind ON s (kind); ANALYZE s`)
      /** How often the table was read whole and through an index, as the server counts it (flushed first). */
      const scans = async () => {
        await backend.all('SELECT pg_stat_force_next_flush()')
        await backend.all('SELECT 1')
        const row = (await backend.get<{ seq: string; idx: string }>("SELECT seq_scan AS seq, idx_scan AS idx FROM pg_stat_user_tables WHERE relname = 's'"))!
        return { seq: Number(row.seq), idx: Number(row.idx ?? 0) }
      }
      const count = 'SELECT COUNT(*) AS n FROM s WHERE kind = ?'
      for (let round = 0; round < 6; round++) {
        const before = await scans()
        expect(Number((await backend.get<{ n: string }>(count, [0]))!.n)).toBe(19995)
        const common = await scans()
        expect(common.seq - before.seq).toBe(1)
        expect(Number((await backend.get<{ n: string }>(count, [1]))!.n)).toBe(5)
        const rare = await scans()
        expect(rare.idx - common.idx).toBe(1)
        expect(rare.seq - common.seq).toBe(0)
      }
    } finally {
      await backend.close()
    }
  })

  it(`keeps at most ${NAMED_STATEMENTS} texts planned (an IN list of each length is a text of its own); past them a read is planned each time and still answers`, async () => {
    const backend = await postgresBackend(await server().createDatabase(), { max: 1 })
    try {
      for (let n = 1; n <= NAMED_STATEMENTS + 44; n++) {
        const ids = Array.from({ length: n }, (_, i) => i)
        const [row] = await backend.all<{ n: string }>(`SELECT COUNT(*) AS n FROM generate_series(0, 1000) g WHERE g IN (${ids.map(() => '?').join(', ')})`, ids, {
          samePlan: true,
        })
        expect(Number(row!.n)).toBe(n)
      }
      expect(await namedCount(backend)).toBe(NAMED_STATEMENTS)
    } finally {
      await backend.close()
    }
  })

  it('keeps an IN list of every length up to 512 in ten planned texts when the list is made by inList', async () => {
    expect(inList([])).toEqual({ marks: 'NULL', values: [] })
    expect(inList([7, 8, 9])).toEqual({ marks: '?, ?, ?, ?', values: [7, 8, 9, 9] })
    const backend = await postgresBackend(await server().createDatabase(), { max: 1 })
    try {
      for (let n = 1; n <= 512; n++) {
        const list = inList(Array.from({ length: n }, (_, i) => i * 2))
        const [row] = await backend.all<{ n: string }>(`SELECT COUNT(*) AS n FROM generate_series(0, 2000) g WHERE g IN (${list.marks})`, list.values, { samePlan: true })
        expect(Number(row!.n)).toBe(n)
      }
      expect(await namedCount(backend)).toBe(10)
      const none = inList([])
      expect(await backend.all(`SELECT g FROM generate_series(0, 20) g WHERE g IN (${none.marks})`, none.values)).toEqual([])
    } finally {
      await backend.close()
    }
  })
})

describe('how long PostgreSQL is waited for', () => {
  it('a click’s statement for the query timeout, a migration’s or upkeep’s (an index built over a million rows) longer', async () => {
    const backend = await postgresBackend(await server().createDatabase(), { queryTimeoutMs: 300 })
    try {
      await expect(backend.all('SELECT pg_sleep(0.8)')).rejects.toBeInstanceOf(StoreDownError)
      await backend.exec('SELECT pg_sleep(0.8); CREATE TABLE built (id INTEGER)')
      expect(await backend.all('SELECT id FROM built')).toEqual([])
    } finally {
      await backend.close()
    }
  })
})

describe('a transaction PostgreSQL did not answer in time', () => {
  it('is the store being down, whether BEGIN or COMMIT went unanswered, and leaves no connection inside it: the next write is committed', async () => {
    const url = await server().createDatabase()
    // One connection, so the write after the outage gets the one the transaction had, if it was kept.
    const backend = await postgresBackend(url, { max: 1, queryTimeoutMs: 300 })
    const other = new pg.Client({ connectionString: url })
    /** The rows another connection sees: what was committed. */
    const committed = async () => (await other.query<{ id: number }>('SELECT id FROM w ORDER BY id')).rows.map((r) => r.id)
    try {
      await backend.exec('CREATE TABLE w (id INTEGER PRIMARY KEY)')
      await other.connect()
      // Frozen before BEGIN: the server answers it only after the thaw.
      server().freeze()
      try {
        await expect(backend.tx((sql) => sql.run('INSERT INTO w (id) VALUES (1)'))).rejects.toBeInstanceOf(StoreDownError)
      } finally {
        server().thaw()
      }
      await backend.run('INSERT INTO w (id) VALUES (2)')
      expect(await committed()).toEqual([2])
      // Frozen before COMMIT: the write may have been committed (it is, after the thaw); the caller is told the store failed.
      let frozen = false
      try {
        await expect(
          backend.tx(async (sql) => {
            await sql.run('INSERT INTO w (id) VALUES (3)')
            server().freeze()
            frozen = true
          }),
        ).rejects.toBeInstanceOf(StoreDownError)
      } finally {
        if (frozen) server().thaw()
      }
      await backend.run('INSERT INTO w (id) VALUES (4)')
      expect(await committed()).toEqual([2, 3, 4])
    } finally {
      await other.end().catch(() => {})
      await backend.close()
    }
  })
})

describe('what counts as the store being down', () => {
  it('a full or unreadable SQLite file, a PostgreSQL server gone or frozen; never a mistake in our SQL', () => {
    expect(isStoreOutage(Object.assign(new Error('database or disk is full'), { errcode: 13 }))).toBe(true)
    expect(isStoreOutage(Object.assign(new Error('disk I/O error'), { errcode: 10 | (3 << 8) }))).toBe(true)
    expect(isStoreOutage(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true)
    expect(isStoreOutage(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true)
    expect(isStoreOutage(new Error('Query read timeout'))).toBe(true)
    expect(isStoreOutage(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isStoreOutage(Object.assign(new Error('SQL logic error'), { errcode: 1 }))).toBe(false)
    expect(isStoreOutage(Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' }))).toBe(false)
    expect(isStoreOutage(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false)
  })
})
