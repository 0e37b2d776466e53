import { containsPattern, indexSearch, type IndexEntry } from '@mini-vagas/shared/domain/candidate-index'
import { normalizeCandidateStatus } from '@mini-vagas/shared/domain/candidate-status'
import type { CandidateOrder } from '@mini-vagas/shared/constants/candidate-orders'
import type { DateRange } from '@mini-vagas/shared/domain/dates'
import type { Migration, Queries, Store } from '../plugins/store.ts'

/**
 * The candidate index's tables (docs/decisions/candidate-index.md). The entries, the windows of
 * creation days they were read in (and when), written the same on both engines; the search's own
 * index is each engine's: SQLite's FTS5 with trigrams, PostgreSQL's pg_trgm, both answering
 * `LIKE '%…%'` from an index instead of reading every row.
 */
/** An index for each order of each kind of list, the id last (every order's tie-break), so a page is read in order, never sorted. */
const orderIndexes = (c: string) =>
  [
    ['vacancy', 'vacancy_id, last_action, id'],
    ['vacancy_status', 'vacancy_id, status, last_action, id'],
    ['vacancy_name', `vacancy_id, name_key${c}, id`],
    ['vacancy_city', `vacancy_id, city_key${c}, id`],
    ['vacancy_state', `vacancy_id, state_key${c}, id`],
    ['last', 'last_action, id'],
    ['status', 'status, last_action, id'],
    ['created', 'created_day, last_action, id'],
    ['name', `name_key${c}, id`],
    ['city', `city_key${c}, id`],
    ['state', `state_key${c}, id`],
    ['email', 'email_key'],
    ['phone', 'phone_key'],
  ]
    .map(([name, columns]) => `CREATE INDEX IF NOT EXISTS candidate_index_${name} ON candidate_index (${columns});`)
    .join('\n')

const TABLE = `candidate_index (
     id {id},
     vacancy_id BIGINT,
     status TEXT NOT NULL,
     created_day TEXT NOT NULL,
     last_action BIGINT NOT NULL,
     name_key TEXT NOT NULL,
     city_key TEXT NOT NULL,
     state_key TEXT NOT NULL,
     search TEXT NOT NULL,
     company TEXT NOT NULL,
     phone_digits TEXT NOT NULL,
     email_key TEXT NOT NULL,
     phone_key TEXT NOT NULL,
     seen_at BIGINT NOT NULL
   )`

/**
 * The candidate index's tables (docs/decisions/candidate-index.md): the entries, and the windows of
 * creation days they were read in (and when). The search's own index is each engine's: SQLite's
 * FTS5 with trigrams (asked with MATCH, a substring as a phrase of trigrams), PostgreSQL's pg_trgm
 * (asked with LIKE '%…%'); both answer from an index instead of reading every row. SQLite's id is
 * its rowid, which every index already carries.
 */
export const CANDIDATE_INDEX_MIGRATIONS: Migration[] = [
  {
    sqlite: `CREATE TABLE IF NOT EXISTS ${TABLE.replace('{id}', 'INTEGER PRIMARY KEY')};
      CREATE VIRTUAL TABLE IF NOT EXISTS candidate_search USING fts5(search, company, phone_digits, tokenize = 'trigram');
      ${orderIndexes('')}`,
    postgres: `CREATE TABLE IF NOT EXISTS ${TABLE.replace('{id}', 'BIGINT PRIMARY KEY')};
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX IF NOT EXISTS candidate_index_search ON candidate_index USING gin (search gin_trgm_ops);
      CREATE INDEX IF NOT EXISTS candidate_index_company ON candidate_index USING gin (company gin_trgm_ops);
      CREATE INDEX IF NOT EXISTS candidate_index_phone_digits ON candidate_index USING gin (phone_digits gin_trgm_ops);
      ${orderIndexes(' COLLATE "C"')}`,
  },
  // The records apart from their keys: the keys' rows stay narrow, so a count, a sort or a skipped
  // page reads index entries only, and a page reads 20 records.
  `CREATE TABLE IF NOT EXISTS candidate_record (id BIGINT PRIMARY KEY, record TEXT NOT NULL);
   CREATE TABLE IF NOT EXISTS candidate_index_windows (start_day TEXT PRIMARY KEY, end_day TEXT NOT NULL, total BIGINT NOT NULL, read_at BIGINT NOT NULL);
   -- What changes with every write: a click reads this one row and reuses what it knew while it stands.
   CREATE TABLE IF NOT EXISTS candidate_index_version (id INTEGER PRIMARY KEY, version BIGINT NOT NULL);
   INSERT INTO candidate_index_version (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;`,
]

const BUMP = 'UPDATE candidate_index_version SET version = version + 1 WHERE id = 1'

const COLUMNS = [
  'id',
  'vacancy_id',
  'status',
  'created_day',
  'last_action',
  'name_key',
  'city_key',
  'state_key',
  'search',
  'company',
  'phone_digits',
  'email_key',
  'phone_key',
  'seen_at',
] as const
const values = (e: IndexEntry, seenAt: number) => [
  e.id,
  e.vacancyId,
  e.status,
  e.createdDay,
  e.lastAction,
  e.nameKey,
  e.cityKey,
  e.stateKey,
  e.search,
  e.company,
  e.phoneDigits,
  e.emailKey,
  e.phoneKey,
  seenAt,
]
const placeholders = (rows: number, columns: number) => Array.from({ length: rows }, () => `(${Array.from({ length: columns }, () => '?').join(', ')})`).join(', ')
/**
 * An entry read at `seenAt` replaces what the index holds only when that is older: a write the BFF
 * heard while a window was being read is newer than what the read brings.
 */
const upsertSql = (rows: number) =>
  `INSERT INTO candidate_index (${COLUMNS.join(', ')}) VALUES ${placeholders(rows, COLUMNS.length)}
   ON CONFLICT (id) DO UPDATE SET ${COLUMNS.filter((c) => c !== 'id')
     .map((c) => `${c} = excluded.${c}`)
     .join(', ')}
   WHERE candidate_index.seen_at <= excluded.seen_at`
/** Statements of a few fixed sizes, so each engine prepares (and SQLite caches) three, not one per size. */
const BATCHES = [200, 20, 1]

function inBatches<T>(items: readonly T[], each: (batch: T[]) => Promise<void>) {
  return (async () => {
    let at = 0
    for (const size of BATCHES)
      while (items.length - at >= size) {
        await each(items.slice(at, at + size))
        at += size
      }
  })()
}

/** What a list asks the index: whose candidates (a vacancy's, or created in some days), which, in what order, which page. */
export interface IndexQuery {
  vacancyId?: number | undefined
  days?: Partial<DateRange> | undefined
  q?: string | undefined
  /** The search matches the company's name too (the all-candidates list). */
  withCompany?: boolean | undefined
  /** A status as stored or as the tabs name it ('' for Sem Status); undefined or 'all' for every one. */
  status?: string | undefined
  order?: CandidateOrder | undefined
  page: number
  pageSize: number
}

/** Each order; `C` is PostgreSQL's byte order (the keys are made to sort that way), SQLite's by default. */
const orderSql = (order: CandidateOrder, c: string): string => {
  if (order === 'last_action_desc') return 'last_action DESC, id DESC'
  const [field, direction] = order.split('_') as [string, string]
  return `${field}_key${c} ${direction.toUpperCase()}, id ASC`
}

export interface IndexWindow extends DateRange {
  total: number
  readAt: number
}

export function createCandidateIndexStore(store: Store) {
  const sqlite = store.engine === 'sqlite'

  /**
   * The search's condition, from each engine's trigram index: on SQLite a MATCH of the text as a
   * phrase in each field searched (a phrase of trigrams is a substring; shorter than a trigram, a
   * LIKE over the search table), on PostgreSQL a LIKE per field.
   */
  function searchClause(q: string | undefined, withCompany: boolean, params: unknown[]): string | null {
    const search = indexSearch(q)
    if (!search) return null
    const fields: [string, string][] = [
      ['search', search.text],
      ...(withCompany ? [['company', search.text] as [string, string]] : []),
      ...(search.digits ? [['phone_digits', search.digits] as [string, string]] : []),
    ]
    if (!sqlite) return `(${fields.map(([field, text]) => (params.push(containsPattern(text)), `${field} LIKE ?`)).join(' OR ')})`
    if (fields.every(([, text]) => text.length >= 3)) {
      params.push(fields.map(([field, text]) => `${field} : "${text.replaceAll('"', '""')}"`).join(' OR '))
      return 'id IN (SELECT rowid FROM candidate_search WHERE candidate_search MATCH ?)'
    }
    // A LIKE keeps FTS5's index only without ESCAPE; a text holding % _ or \ needs it.
    const like = (text: string) => (/[\\%_]/.test(text) ? `LIKE ? ESCAPE '\\'` : 'LIKE ?')
    const conditions = fields.map(([field, text]) => (params.push(containsPattern(text)), `${field} ${like(text)}`))
    return `id IN (SELECT rowid FROM candidate_search WHERE ${conditions.join(' OR ')})`
  }

  /** The WHERE of a list, without its status (the tabs count every status of what the rest selects). */
  function selection(query: Omit<IndexQuery, 'page' | 'pageSize' | 'order' | 'status'>) {
    const clauses: string[] = []
    const params: unknown[] = []
    const add = (clause: string, value: unknown) => {
      clauses.push(clause)
      params.push(value)
    }
    if (query.vacancyId !== undefined) add('vacancy_id = ?', query.vacancyId)
    if (query.days?.start) add('created_day >= ?', query.days.start)
    if (query.days?.end) add('created_day <= ?', query.days.end)
    const search = searchClause(query.q, query.withCompany ?? false, params)
    if (search) clauses.push(search)
    return { clauses, params }
  }
  const where = (clauses: string[]) => (clauses.length ? `WHERE ${clauses.join(' AND ')}` : '')

  async function upsert(sql: Queries, entries: readonly IndexEntry[], seenAt: number) {
    await inBatches(entries, async (batch) => {
      await sql.run(
        upsertSql(batch.length),
        batch.flatMap((e) => values(e, seenAt)),
      )
      // The record follows its keys: written only where the keys were (not where a newer write stands).
      await sql.run(
        `INSERT INTO candidate_record (id, record) VALUES ${placeholders(batch.length, 2)}
         ON CONFLICT (id) DO UPDATE SET record = excluded.record
         WHERE EXISTS (SELECT 1 FROM candidate_index c WHERE c.id = excluded.id AND c.seen_at = ?)`,
        [...batch.flatMap((e) => [e.id, JSON.stringify(e.record)]), seenAt],
      )
      if (sqlite) {
        // The search table follows the entries; an entry the upsert kept (a newer write) is written again as it is.
        const ids = batch.map((e) => e.id)
        await sql.run(`DELETE FROM candidate_search WHERE rowid IN (${ids.map(() => '?').join(', ')})`, ids)
        await sql.run(
          `INSERT INTO candidate_search (rowid, search, company, phone_digits) SELECT id, search, company, phone_digits FROM candidate_index WHERE id IN (${ids.map(() => '?').join(', ')})`,
          ids,
        )
      }
    })
  }

  return {
    /** Entries as the BFF just wrote or read them (`seenAt`: when the legacy said so). */
    put: (entries: readonly IndexEntry[], seenAt: number) =>
      store.tx(async (sql) => {
        await upsert(sql, entries, seenAt)
        await sql.run(BUMP)
      }),

    /** Moves with every change of the index (entries and windows), on every instance sharing the store. */
    version: async () => Number((await store.get<{ version: number }>('SELECT version FROM candidate_index_version WHERE id = 1'))?.version ?? 0),

    /**
     * A window as read from the legacy at `readAt`: its entries replace what the index held for
     * those days, and what the legacy no longer holds there goes — unless the BFF heard of it
     * after the read began.
     */
    replaceWindow: (window: DateRange, entries: readonly IndexEntry[], readAt: number) =>
      store.tx(async (sql) => {
        await upsert(sql, entries, readAt)
        const gone = 'created_day >= ? AND created_day <= ? AND seen_at < ?'
        const bounds = [window.start, window.end, readAt]
        if (sqlite) await sql.run(`DELETE FROM candidate_search WHERE rowid IN (SELECT id FROM candidate_index WHERE ${gone})`, bounds)
        await sql.run(`DELETE FROM candidate_record WHERE id IN (SELECT id FROM candidate_index WHERE ${gone})`, bounds)
        await sql.run(`DELETE FROM candidate_index WHERE ${gone}`, bounds)
        await sql.run(
          'INSERT INTO candidate_index_windows (start_day, end_day, total, read_at) VALUES (?, ?, ?, ?) ON CONFLICT (start_day) DO UPDATE SET end_day = excluded.end_day, total = excluded.total, read_at = excluded.read_at',
          [window.start, window.end, entries.length, readAt],
        )
        await sql.run(BUMP)
      }),

    /** The windows to read, as planned: each new one unread (read_at 0); one that was split is replaced by its halves. */
    planWindows: (windows: readonly DateRange[], replacing?: DateRange) =>
      store.tx(async (sql) => {
        if (replacing) await sql.run('DELETE FROM candidate_index_windows WHERE start_day = ?', [replacing.start])
        for (const w of windows)
          await sql.run(
            'INSERT INTO candidate_index_windows (start_day, end_day, total, read_at) VALUES (?, ?, 0, 0) ON CONFLICT (start_day) DO UPDATE SET end_day = excluded.end_day',
            [w.start, w.end],
          )
        await sql.run(BUMP)
      }),

    async windows(): Promise<IndexWindow[]> {
      const rows = await store.all<{ start_day: string; end_day: string; total: number; read_at: number }>(
        'SELECT start_day, end_day, total, read_at FROM candidate_index_windows ORDER BY start_day',
      )
      return rows.map((r) => ({ start: r.start_day, end: r.end_day, total: Number(r.total), readAt: Number(r.read_at) }))
    },

    /** Marks the window holding the candidate to be read again soon (a write whose answer did not carry the record). */
    async stale(candidateId: number) {
      await store.run(
        'UPDATE candidate_index_windows SET read_at = 1 WHERE read_at > 1 AND start_day <= (SELECT created_day FROM candidate_index WHERE id = ?) AND end_day >= (SELECT created_day FROM candidate_index WHERE id = ?)',
        [candidateId, candidateId],
      )
    },

    /** Marks the window holding `day` to be read again soon (a new record whose answer carried none). */
    async staleDay(day: string) {
      await store.tx(async (sql) => {
        await sql.run('UPDATE candidate_index_windows SET read_at = 1 WHERE read_at > 1 AND start_day <= ? AND end_day >= ?', [day, day])
        await sql.run(BUMP)
      })
    },

    /** The count per status of everything a list selects but the status (the tabs), and their sum under `all`. */
    async counts(query: Omit<IndexQuery, 'page' | 'pageSize' | 'order' | 'status'>): Promise<Record<string, number>> {
      const { clauses, params } = selection(query)
      const counted = await store.all<{ status: string; n: number }>(`SELECT status, COUNT(*) AS n FROM candidate_index ${where(clauses)} GROUP BY status`, params)
      const counts: Record<string, number> = { all: 0 }
      for (const { status, n } of counted) {
        counts[status] = Number(n)
        counts.all! += Number(n)
      }
      return counts
    },

    /** One page of a list, given the counts of its selection (`counts`): its rows, total and page count. */
    async page(query: IndexQuery, counts: Readonly<Record<string, number>>) {
      const { clauses, params } = selection(query)
      const status = query.status === undefined || query.status === 'all' ? undefined : normalizeCandidateStatus(query.status)
      const total = status === undefined ? (counts.all ?? 0) : (counts[status] ?? 0)
      const pageCount = Math.max(1, Math.ceil(total / query.pageSize))
      const page = Math.min(Math.max(1, Math.trunc(query.page) || 1), pageCount)
      const withStatus = status === undefined ? clauses : [...clauses, 'status = ?']
      // The page's ids from the keys' indexes alone, then their 20 records.
      const ids = (
        await store.all<{ id: number }>(
          `SELECT id FROM candidate_index ${where(withStatus)} ORDER BY ${orderSql(query.order ?? 'last_action_desc', sqlite ? '' : ' COLLATE "C"')} LIMIT ? OFFSET ?`,
          [...params, ...(status === undefined ? [] : [status]), query.pageSize, (page - 1) * query.pageSize],
        )
      ).map((r) => Number(r.id))
      const records = new Map<number, string>()
      for (let at = 0; at < ids.length; at += 500) {
        const some = ids.slice(at, at + 500)
        for (const r of await store.all<{ id: number; record: string }>(`SELECT id, record FROM candidate_record WHERE id IN (${some.map(() => '?').join(', ')})`, some))
          records.set(Number(r.id), r.record)
      }
      const items = ids.flatMap((id) => (records.has(id) ? [JSON.parse(records.get(id)!) as Record<string, unknown>] : []))
      return { items, counts: { ...counts }, total, page, pageCount, pageSize: query.pageSize }
    },

    /** Of `ids`, those sharing an e-mail or a WhatsApp with another record anywhere in the index ("possível duplicado"). */
    async duplicatesAmong(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return []
      const rows = await store.all<{ id: number }>(
        `SELECT c.id FROM candidate_index c WHERE c.id IN (${ids.map(() => '?').join(', ')}) AND (
           (c.email_key <> '' AND EXISTS (SELECT 1 FROM candidate_index o WHERE o.email_key = c.email_key AND o.id <> c.id))
           OR (c.phone_key <> '' AND EXISTS (SELECT 1 FROM candidate_index o WHERE o.phone_key = c.phone_key AND o.id <> c.id)))`,
        ids,
      )
      const found = new Set(rows.map((r) => Number(r.id)))
      return ids.filter((id) => found.has(id))
    },

    /** The records registered on `days` (with `status`, when given): what the dashboard counts a month by. */
    async registeredIn(days: DateRange, status?: string): Promise<Record<string, unknown>[]> {
      const rows = await store.all<{ record: string }>(
        `SELECT r.record FROM candidate_index i JOIN candidate_record r ON r.id = i.id WHERE i.created_day >= ? AND i.created_day <= ?${status === undefined ? '' : ' AND i.status = ?'}`,
        [days.start, days.end, ...(status === undefined ? [] : [status])],
      )
      return rows.map((r) => JSON.parse(r.record) as Record<string, unknown>)
    },

    /** How many records the index holds. */
    count: async () => Number((await store.get<{ n: number }>('SELECT COUNT(*) AS n FROM candidate_index'))?.n ?? 0),
  }
}
export type CandidateIndexStore = ReturnType<typeof createCandidateIndexStore>
