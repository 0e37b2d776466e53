import { createHash } from 'node:crypto'
import { containsPattern, indexSearch, type IndexEntry } from '@mini-vagas/shared/domain/candidate-index'
import { normalizeCandidateStatus } from '@mini-vagas/shared/domain/candidate-status'
import type { CandidateOrder } from '@mini-vagas/shared/constants/candidate-orders'
import type { DateRange } from '@mini-vagas/shared/domain/dates'
import { digitsOnly } from '@mini-vagas/shared/domain/text'
import { inList, type Queries, type ReadOptions, type Store } from '../plugins/store.ts'
import { COUNT_HIRES_FOLD, DIGITS_KEPT, DIGITS_MIN, FOLD_TALLIES, SHARES_CONTACT } from './schema.ts'

export { CANDIDATE_INDEX_MIGRATIONS } from './schema.ts'

const BUMP = 'UPDATE candidate_index_version SET version = version + 1 WHERE id = 1'

/** Moves when what the keys are made of changes: every record's hash changes with it, so a read rewrites them all. */
const KEYS_VERSION = 2
/** What the legacy said of a record, in a few bytes: a read that finds it the same writes nothing. */
const hashOf = (record: Record<string, unknown>) =>
  createHash('sha1')
    .update(`${KEYS_VERSION}\n${JSON.stringify(record)}`)
    .digest('base64url')
    .slice(0, 16)

const COLUMNS = [
  'id',
  'vacancy_id',
  'status',
  'origin',
  'created_day',
  'last_action',
  'name_key',
  'city_key',
  'state_key',
  'search',
  'phone_digits',
  'email_key',
  'phone_key',
  'record_hash',
  'seen_at',
] as const
const values = (e: IndexEntry, hash: string, seenAt: number) => [
  e.id,
  e.vacancyId,
  e.status,
  e.origin,
  e.createdDay,
  e.lastAction,
  e.nameKey,
  e.cityKey,
  e.stateKey,
  e.search,
  e.phoneDigits,
  e.emailKey,
  e.phoneKey,
  hash,
  seenAt,
]
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ')
const placeholders = (rows: number, columns: number) => Array.from({ length: rows }, () => `(${marks(columns)})`).join(', ')
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

/**
 * What a write touched that may change whether an entry shares a contact with another: the entries
 * written, and the e-mails and WhatsApps they held before and hold now (markShared).
 */
interface Touched {
  ids: number[]
  emails: Set<string>
  phones: Set<string>
}
const touched = (): Touched => ({ ids: [], emails: new Set(), phones: new Set() })

async function inBatches<T>(items: readonly T[], each: (batch: T[]) => Promise<void>) {
  let at = 0
  for (const size of BATCHES)
    while (items.length - at >= size) {
      await each(items.slice(at, at + size))
      at += size
    }
}

/** Whose candidates a list shows, and which: a vacancy's, or those created on some days; matching a search. */
export interface IndexSelection {
  vacancyId?: number | undefined
  days?: Partial<DateRange> | undefined
  q?: string | undefined
  /** The search matches the company's name too (the all-candidates list). */
  withCompany?: boolean | undefined
  /** Only these candidates (the talent pool's tag); undefined for everyone. */
  among?: readonly number[] | undefined
}

/** What a list asks the index: a selection, its status tab, an order and a page. */
export interface IndexQuery extends IndexSelection {
  /** A status as stored or as the tabs name it ('' for Sem Status); undefined or 'all' for every one. */
  status?: string | undefined
  order?: CandidateOrder | undefined
  page: number
  pageSize: number
}

/** Candidates per status key ('' for none) and their sum under `all`. */
export type StatusCounts = Record<string, number>

/**
 * Each order; `C` is PostgreSQL's byte order (the keys are made to sort that way), SQLite's by
 * default. Descending is ascending read backwards, ties included (the list rules' sortCandidates),
 * so one index serves both directions; `backwards` reads the order from its end.
 */
const orderSql = (order: CandidateOrder, c: string, backwards = false): string => {
  const [first, id] = orderColumns(order, c)
  const direction = order.endsWith('_desc') !== backwards ? 'DESC' : 'ASC'
  return `${first} ${direction}, ${id} ${direction}`
}
/** The key column an order sorts by besides last action and id (name_key, city_key, state_key); null for last action. */
const orderKey = (order: CandidateOrder): string | null => (order === 'last_action_desc' ? null : `${order.split('_')[0]}_key`)
/** The columns an order sorts by, the id last: where a row stands in it. */
const orderColumns = (order: CandidateOrder, c: string) => [orderKey(order) ? `${orderKey(order)}${c}` : 'last_action', 'id'] as const

/** A row of a list and where it stands in the list's order: its place (from 0) and its order's values. */
export interface ListAnchor {
  position: number
  keys: readonly unknown[]
}

/**
 * Rows of one list (selection, status and order, no search) whose places are known, as its pages
 * were read at one version of the index: a page further on is read from the nearest of them
 * instead of walking from the list's start. The caller keeps them for that version only (a change
 * moves rows between places).
 */
export interface ListAnchors {
  /** The known row at or before `position` nearest to it. */
  nearest(position: number): ListAnchor | undefined
  learn(anchor: ListAnchor): void
}

/** Anchors kept in memory, at most `max` of them (the one placed longest ago forgotten first). */
export function listAnchors(max = 64): ListAnchors {
  const placed = new Map<number, readonly unknown[]>()
  return {
    nearest(position) {
      let best: number | undefined
      for (const at of placed.keys()) if (at <= position && (best === undefined || at > best)) best = at
      return best === undefined ? undefined : { position: best, keys: placed.get(best)! }
    },
    learn({ position, keys }) {
      placed.delete(position)
      placed.set(position, keys)
      if (placed.size > max) placed.delete(placed.keys().next().value!)
    },
  }
}

/** Conditions of rows and their values. */
interface Conditions {
  clauses: readonly string[]
  params: readonly unknown[]
}
/**
 * Some days, and the other conditions each day's rows meet; `status`: the one among them, if any
 * (SQLite reads those days from the index of each day's statuses); `version`: the index's, as the
 * page was asked at (Listed).
 */
interface DaysFilter extends Conditions {
  days: Partial<DateRange>
  status?: string | undefined
  version?: number | undefined
}
/** A list's conditions; `byDay`: the same, as its days and their other conditions, when the list is read day by day (listRows). */
interface ListFilter extends Conditions {
  byDay?: DaysFilter | undefined
}

/** The days on which rows were registered within two bounds, each the next in the days' index (registrationDays). */
const DAYS_STEPS = `SELECT MIN(created_day) FROM candidate_index WHERE created_day >= ? AND created_day <= ?
  UNION ALL SELECT (SELECT MIN(created_day) FROM candidate_index WHERE created_day > days.day AND created_day <= ?) FROM days WHERE days.day IS NOT NULL`
const dayBounds = (days: Partial<DateRange>) => {
  const end = days.end || '9999-12-31'
  return [days.start || '', end, end]
}
/** At most this many days are merged day by day (mergedDays; SQLite's compound SELECT holds 500 parts at most). */
const MAX_MERGED_DAYS = 400
/**
 * The numbers of days a merge is asked with: a range's days, padded with days that hold nothing,
 * so that any range makes one of a dozen statement texts, not one per number of days. Each text is
 * prepared and kept (SQLite: about 0.3 MB for 91 days), or planned once per PostgreSQL connection
 * (91 parts: 5 ms, 20–60 ms on a new connection) and kept among the NAMED_STATEMENTS it holds. An
 * empty part costs a step of the index: at a million, 91 days padded to 128 read as fast on
 * PostgreSQL (1.4 ms against 1.7).
 */
const MERGED_DAYS = [8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 320, MAX_MERGED_DAYS]
/** `days` padded to the next of MERGED_DAYS with a day that holds nothing (no registration day is empty). */
const paddedDays = (days: readonly string[]) => [...days, ...Array<string>(MERGED_DAYS.find((n) => n >= days.length)! - days.length).fill('')]

/**
 * What a list's page is read with besides its query: how many rows it holds (null: not known), its
 * anchors, and the index's version it was asked at (what its days are read with is kept per version).
 */
interface Listed {
  size: number | null
  anchors?: ListAnchors | undefined
  version?: number | undefined
}

export interface IndexWindow extends DateRange {
  total: number
  readAt: number
}

/** A search that names a contact (part of an e-mail, a phone's digits) rather than a name or a company. */
const looksLikeContact = (q: string | undefined) => /[@.]/.test(q ?? '') || (q ?? '').replace(/\D/g, '').length >= 4

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`

/** How many rows of a sample of the index hold each trigram, per column ('search:abc'), and how many rows were read. */
export interface TrigramSample {
  rows: number
  counts: ReadonlyMap<string, number>
}
/** Fewer sampled rows than this and a trigram's count says little: the spread trigrams are asked instead. */
const SAMPLE_ENOUGH = 100
/** How many of a text's trigrams FTS5 is asked for, the rarest first: a few rare ones narrow as much as all of them. */
const RARE_TRIGRAMS = 3

/**
 * A text as FTS5 finds it with trigrams: its rarest trigrams (by the sample), all present, or
 * without a sample a short one as a phrase (consecutive trigrams: the substring itself) and a long
 * one as four trigrams spread over it. FTS5 reads each trigram's whole posting list, which grows
 * with the base ("mar" is in one record in eight, a digit trigram in one in twenty), so what a
 * search costs is what its trigrams hold, not what it matches: a rare trigram holds a few
 * hundred records at a million. Each row found is checked for the whole text again. Null under
 * three characters (no trigram).
 */
function ftsTerms(column: string, text: string, sample: TrigramSample | null): string | null {
  if (text.length < 3) return null
  const rarest = rareTrigrams(column, text, sample)
  if (rarest) return `(${rarest.map(quoted).join(' AND ')})`
  if (text.length < 9) return quoted(text)
  const last = text.length - 3
  const at = [...new Set([0, Math.floor(last / 3), Math.floor((2 * last) / 3), last])]
  return `(${at.map((i) => quoted(text.slice(i, i + 3))).join(' AND ')})`
}
/**
 * A text's rarest trigrams by the sample (stable: among equally rare ones, the text's order), at
 * most RARE_TRIGRAMS; null without a sample that says enough, or without a trigram `allowed`.
 */
function rareTrigrams(column: string, text: string, sample: TrigramSample | null, allowed: (gram: string) => boolean = () => true): string[] | null {
  if (!sample || sample.rows < SAMPLE_ENOUGH) return null
  const grams = [...new Set(Array.from({ length: Math.max(0, text.length - 2) }, (_, i) => text.slice(i, i + 3)))].filter(allowed)
  if (!grams.length) return null
  const held = (gram: string) => sample.counts.get(`${column}:${gram}`) ?? 0
  return grams
    .map((gram, at) => ({ gram, at, n: held(gram) }))
    .sort((a, b) => a.n - b.n || a.at - b.at)
    .slice(0, RARE_TRIGRAMS)
    .map((g) => g.gram)
}
/**
 * The trigrams PostgreSQL is asked for a text, the rarest first: pg_trgm's trigrams are of letters
 * and digits only (other characters split words), so a LIKE on another would narrow nothing.
 */
export const pgTrigrams = (column: string, text: string, sample: TrigramSample | null) => rareTrigrams(column, text, sample, (gram) => /^[\p{L}\p{N}]{3}$/u.test(gram))

/**
 * The share of the sampled records whose `column` holds the text's rarest trigram: about the most
 * that the text can match, and what reading it from the trigram index costs. Null without a sample
 * large enough to tell, or a text shorter than a trigram.
 */
export function sampledShare(column: string, text: string, sample: TrigramSample | null): number | null {
  if (!sample || sample.rows < SAMPLE_ENOUGH || text.length < 3) return null
  let least = sample.rows
  for (let i = 0; i + 3 <= text.length; i++) least = Math.min(least, sample.counts.get(`${column}:${text.slice(i, i + 3)}`) ?? 0)
  return least / sample.rows
}
const ftsMatch = (search: { text: string; digits: string }, sample: TrigramSample | null): string | null => {
  const fields: [string, string][] = [['search', search.text], ...(search.digits ? [['phone_digits', search.digits] as [string, string]] : [])]
  const terms = fields.map(([field, text]) => [field, ftsTerms(field, text, sample)] as const)
  return terms.every(([, t]) => t !== null) ? terms.map(([field, t]) => `${field} : ${t}`).join(' OR ') : null
}

/** The trigrams of the index's searched columns in `rows`, each counted once per row and column. */
export function trigramSampleOf(rows: readonly { search: string; phone_digits: string }[]): TrigramSample {
  const counts = new Map<string, number>()
  for (const row of rows) {
    const seen = new Set<string>()
    for (const [column, text] of [
      ['search', row.search],
      ['phone_digits', row.phone_digits],
    ] as const)
      for (let i = 0; i + 3 <= text.length; i++) seen.add(`${column}:${text.slice(i, i + 3)}`)
    for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return { rows: rows.length, counts }
}

/**
 * A record's digit keys (SQLite's digits table; PostgreSQL's candidate_digit_keys, written by its
 * own function, which gives the same): every suffix of 4+ digits (its first 12 kept) of
 * the digits of each line of its search text (name, e-mail, WhatsApp) and of its WhatsApp's
 * digits. Any text of 4+ digits a line holds — "98888-0720", "joao1990" — has its digits at the
 * start of one of them: a prefix query finds every record that may hold it.
 */
export function digitKeysOf(search: string, phoneDigits: string): string[] {
  const keys = new Set<string>()
  for (const digits of new Set([...search.split('\n').map((line) => digitsOnly(line)), phoneDigits]))
    for (let at = 0; digits.length - at >= DIGITS_MIN; at++) keys.add(digits.slice(at, at + DIGITS_KEPT))
  return [...keys]
}

/** The conditions whose value is given, each with its one parameter. */
const conditions = (candidates: readonly [string, unknown][]) => {
  const given = candidates.filter(([, value]) => value !== undefined)
  return { clauses: given.map(([clause]) => clause), params: given.map(([, value]) => value) }
}

/** The terms of some days (either end open); `column` as the condition names it. */
const dayTerms = (days: Partial<DateRange> | undefined, column = 'created_day'): [string, unknown][] => [
  [`${column} >= ?`, days?.start || undefined],
  [`${column} <= ?`, days?.end || undefined],
]

const withTotal = (rows: readonly { key: string; n: number | string }[]): StatusCounts => {
  const counts: StatusCounts = { all: 0 }
  for (const { key, n } of rows) {
    const value = Number(n)
    if (value === 0) continue
    counts[key] = (counts[key] ?? 0) + value
    counts.all! += value
  }
  return counts
}
const added = (a: StatusCounts, b: StatusCounts): StatusCounts => {
  const out = { ...a }
  for (const [key, n] of Object.entries(b)) out[key] = (out[key] ?? 0) + n
  return out
}

/** A tally's hires per vacancy with the count of hire folds read in the same statement (no hires: one row, vacancy null). */
interface FoldsAndHires {
  folds: number
  vacancy_id: number | null
  n: number | null
}
/** Hires per vacancy as a tally's rows give them (vacancy 0: none), added to `base`'s; a vacancy at 0 is left out. */
function hiresPerVacancy(rows: readonly FoldsAndHires[], base: ReadonlyMap<number | null, number> = new Map()): ReadonlyMap<number | null, number> {
  const hires = new Map(base)
  for (const r of rows) {
    if (r.vacancy_id === null) continue
    const id = Number(r.vacancy_id) === 0 ? null : Number(r.vacancy_id)
    hires.set(id, (hires.get(id) ?? 0) + Number(r.n))
  }
  for (const [id, n] of hires) if (n === 0) hires.delete(id)
  return hires
}

export interface CandidateIndexStoreOptions {
  /**
   * How many rows of a list (in its order) a search looks through before it asks the search's own
   * index: a common text fills a page within them, whatever the base's size; a rare one is found
   * from the trigram index, which answers in proportion to what it matches.
   */
  walkRows?: number
  /** At most this many matches of a search are read whole (a rare text, on SQLite); more, and the list's order is walked. */
  probeRows?: number
  /**
   * PostgreSQL: a range of days in last-action order with more rows registered after it than this
   * is read day by day (4 walks' worth by default); with 15 times as many, searched from the
   * trigram index without a walk where the text matches few enough (pageIds).
   */
  crossRows?: number
  /** How many records, picked at random, tell a rare trigram from a common one (ftsTerms, pgTrigrams); read again every `sampleMaxAgeMs`. */
  sampleRows?: number
  sampleMaxAgeMs?: number
  now?: () => number
}

export function createCandidateIndexStore(
  store: Store,
  { walkRows = 5000, probeRows = 500, crossRows = 4 * walkRows, sampleRows = 2000, sampleMaxAgeMs = 10 * 60_000, now = Date.now }: CandidateIndexStoreOptions = {},
) {
  const sqlite = store.engine === 'sqlite'
  const collate = sqlite ? '' : ' COLLATE "C"'
  /** A LIKE over a row's own text, its % _ and \ taken literally (PostgreSQL's LIKE escapes with \ already). */
  const rowLike = sqlite ? `LIKE ? ESCAPE '\\'` : 'LIKE ?'

  /** The id is one of a JSON list's (one parameter, whatever its length). */
  const idIn = sqlite ? 'id IN (SELECT value FROM json_each(?))' : 'id IN (SELECT value::bigint FROM json_array_elements_text(?::json))'

  /** The vacancies whose company's name holds the text (the all-candidates search's "company"). */
  const companiesLike = `SELECT vacancy_id FROM candidate_index_vacancies WHERE company ${rowLike}`

  /**
   * SQLite: the trigram sample (ftsTerms), read in the background when old — the previous one
   * serves meanwhile; only the first is waited for. A sample of too few records (an index being
   * built) is read again after a few seconds. What it picks only decides how fast FTS5 answers:
   * every row it finds is checked for the whole text.
   */
  let sampled: { at: number; value: TrigramSample | null; reading: Promise<TrigramSample | null> | null } = { at: -Infinity, value: null, reading: null }
  async function readSample(): Promise<TrigramSample> {
    const range = await store.get<{ lo: number | null; hi: number | null }>('SELECT MIN(id) AS lo, MAX(id) AS hi FROM candidate_index')
    const lo = Number(range?.lo ?? 0)
    const hi = Number(range?.hi ?? 0)
    if (!range || range.lo === null || hi < lo) return { rows: 0, counts: new Map() }
    const ids = Array.from({ length: Math.min(sampleRows, hi - lo + 1) }, () => lo + Math.floor(Math.random() * (hi - lo + 1)))
    return trigramSampleOf(await store.all<{ search: string; phone_digits: string }>(`SELECT search, phone_digits FROM candidate_index WHERE ${idIn}`, [JSON.stringify(ids)]))
  }
  async function trigramSample(): Promise<TrigramSample | null> {
    const maxAge = sampled.value && sampled.value.rows >= SAMPLE_ENOUGH ? sampleMaxAgeMs : 5000
    if (now() - sampled.at >= maxAge && !sampled.reading) {
      const reading = readSample().then(
        (value) => {
          sampled = { at: now(), value, reading: null }
          return value
        },
        () => {
          sampled = { ...sampled, reading: null }
          return sampled.value
        },
      )
      sampled = { ...sampled, reading }
    }
    return sampled.value ?? (await sampled.reading)
  }

  /**
   * What a page of some days reads before its rows — the days holding rows and (PostgreSQL) how
   * many rows were registered after them — kept for the version of the index it was asked at (any
   * write moves it, on every instance sharing the store), as the plugin keeps counts. On
   * PostgreSQL each was a statement of 0.5–2.4 ms for every such click (a million candidates).
   * Without a version, read every time.
   */
  let kept = { version: Number.NaN, values: new Map<string, Promise<unknown>>() }
  const MAX_KEPT_READS = 256
  function keptAt<T>(version: number | undefined, key: string, read: () => Promise<T>): Promise<T> {
    if (version === undefined) return read()
    if (kept.version !== version || kept.values.size >= MAX_KEPT_READS) kept = { version, values: new Map() }
    const values = kept.values
    let value = values.get(key) as Promise<T> | undefined
    if (!value) {
      value = read()
      values.set(key, value)
      value.catch(() => values.delete(key))
    }
    return value
  }

  /** The search as a condition on each row (what a walk through a list's order checks), with its parameters. */
  function searchOnRows(q: string | undefined, withCompany: boolean): { sql: string; params: unknown[] } | null {
    const search = indexSearch(q)
    if (!search) return null
    const terms: [string, string][] = [
      [`search ${rowLike}`, search.text],
      ...(search.digits ? [[`phone_digits ${rowLike}`, search.digits] as [string, string]] : []),
      ...(withCompany ? [[`vacancy_id IN (${companiesLike})`, search.text] as [string, string]] : []),
    ]
    return { sql: `(${terms.map(([term]) => term).join(' OR ')})`, params: terms.map(([, text]) => containsPattern(text)) }
  }

  /**
   * The search from the engine's trigram index (what finds a rare text without reading the list):
   * SQLite's FTS5 asked with MATCH (a phrase of trigrams is a substring; shorter than a trigram, a
   * LIKE over the search table, which FTS5 also answers from its index), PostgreSQL's pg_trgm
   * through LIKE. Without the company: that is a few hundred vacancies, asked apart.
   */
  async function searchFromIndex(q: string | undefined): Promise<{ sql: string; ids: string; params: unknown[]; samePlan?: boolean } | null> {
    const search = indexSearch(q)
    if (!search) return null
    const fields: [string, string][] = [['search', search.text], ...(search.digits ? [['phone_digits', search.digits] as [string, string]] : [])]
    if (!sqlite) {
      // pg_trgm reads the posting list of every trigram a LIKE names: a text is asked by its rarest
      // ones, each a LIKE of its own (a superset: the caller checks each row for the whole text).
      // Always RARE_TRIGRAMS of them (the last repeated, as inList does), so that a search's
      // statement has a few texts, each planned once: its plan, the trigram index read first,
      // is the same for any trigrams. Without trigrams to ask, it is planned for its value.
      const sample = await trigramSample()
      const asked = fields.map(([field, text]) => {
        const grams = pgTrigrams(field, text, sample)
        if (!grams) return { sql: `${field} LIKE ?`, params: [containsPattern(text)], byTrigrams: false }
        const padded = Array.from({ length: RARE_TRIGRAMS }, (_, i) => grams[Math.min(i, grams.length - 1)]!)
        return { sql: `(${padded.map(() => `${field} LIKE ?`).join(' AND ')})`, params: padded.map(containsPattern), byTrigrams: true }
      })
      const sql = `(${asked.map((a) => a.sql).join(' OR ')})`
      return { sql, ids: `SELECT id FROM candidate_index WHERE ${sql}`, params: asked.flatMap((a) => a.params), samePlan: asked.every((a) => a.byTrigrams) }
    }
    const digits = await digitsKey(search)
    if (digits) return { sql: `id IN (${DIGITS_MATCH})`, ids: DIGITS_MATCH, params: digits }
    const match = ftsMatch(search, await trigramSample())
    // A LIKE keeps FTS5's index only without ESCAPE; a text holding % _ or \ needs it.
    const like = (text: string) => (/[\\%_]/.test(text) ? `LIKE ? ESCAPE '\\'` : 'LIKE ?')
    const ids = match
      ? 'SELECT rowid FROM candidate_search WHERE candidate_search MATCH ?'
      : `SELECT rowid FROM candidate_search WHERE ${fields.map(([field, text]) => `${field} ${like(text)}`).join(' OR ')}`
    return { sql: `id IN (${ids})`, ids, params: match ? [match] : fields.map(([, text]) => containsPattern(text)) }
  }

  /**
   * The digit keys' query for a search holding 4+ digits — every record whose lines may hold them
   * (a superset: each row found is checked again) — once they hold every record's; null for any
   * other search. SQLite: a prefix query of the digits table (FTS5). PostgreSQL: a range of its
   * B-tree's keys, for searches of digits alone (an e-mail's digits are rarer by its letters).
   */
  const DIGITS_MATCH = sqlite
    ? 'SELECT rowid FROM candidate_digits WHERE candidate_digits MATCH ?'
    : "SELECT DISTINCT id AS rowid FROM candidate_digit_keys WHERE key >= ? AND key < ? || ':'"
  /** The fact fillDigits leaves once the table holds every record's words. */
  const DIGITS_COMPLETE = "SELECT 1 AS done FROM candidate_index_facts WHERE name = 'digits_complete'"
  let digitsComplete: { at: number; value: boolean } = { at: -Infinity, value: false }

  // The dashboard's hires of a month: at a million candidates about 1,200 tally rows in 600
  // vacancies (1 ms on PostgreSQL, 0.8 on SQLite, where the rest of the dashboard takes 3), the
  // same after every write but a fold of hires, a few a minute at most (the builder's steps).
  // Each instance keeps what it read, with the count of hire folds it was read with.
  const foldedHires = new Map<string, Promise<{ folds: number; hires: ReadonlyMap<number | null, number> }>>()
  const MAX_KEPT_MONTHS = 24
  const readFoldedHires = async (window: readonly string[]) => {
    const rows = await store.all<FoldsAndHires>(
      `SELECT v.hires_folds AS folds, h.vacancy_id, h.n FROM candidate_index_version v LEFT JOIN (SELECT vacancy_id, SUM(n) AS n
         FROM candidate_tally_hires${sqlite ? ' INDEXED BY candidate_tally_hires_vacancy' : ''} WHERE hire_month = ? AND created_month >= ? AND created_month <= ? GROUP BY vacancy_id) h
       ON 1 = 1 WHERE v.id = 1`,
      window,
    )
    return { folds: Number(rows[0]?.folds ?? 0), hires: hiresPerVacancy(rows) }
  }
  async function digitsKey(search: { text: string; digits: string }): Promise<string[] | null> {
    const digits = digitsOnly(search.text)
    // A WhatsApp search's digits are its text's; one with letters has none of its own.
    if (digits.length < DIGITS_MIN || (search.digits && search.digits !== digits) || (!sqlite && !search.digits)) return null
    if (!digitsComplete.value && now() - digitsComplete.at >= 5000) digitsComplete = { at: now(), value: Boolean(await store.get(DIGITS_COMPLETE)) }
    if (!digitsComplete.value) return null
    // Every key starting with these digits: FTS5's prefix query, or a range of keys (':' follows '9').
    const prefix = digits.slice(0, DIGITS_KEPT)
    return sqlite ? [`"${prefix}" *`] : [prefix, prefix]
  }

  /**
   * The probe: up to `probeRows` ids the digit keys (either engine) or the trigram index (SQLite)
   * match for the search (a superset of its matches: each row is checked again), or null when it
   * matches more, or a company (whole vacancies) holds it (`companyHolds`). A common text stops the
   * probe early; a rare one is found whole, at the cost of what it matches.
   */
  async function probe(q: string | undefined, companyHolds: boolean): Promise<number[] | null> {
    const search = indexSearch(q)
    if (!search) return null
    const digits = await digitsKey(search)
    const match = digits || !sqlite ? null : ftsMatch(search, await trigramSample())
    if (!digits && !match) return null
    if (companyHolds) return null
    const ids = await store.all<{ rowid: number }>(
      `${digits ? DIGITS_MATCH : 'SELECT rowid FROM candidate_search WHERE candidate_search MATCH ?'} LIMIT ?`,
      [...(digits ?? [match]), probeRows + 1],
      { samePlan: true },
    )
    return ids.length > probeRows ? null : ids.map((r) => Number(r.rowid))
  }

  /** The selection's conditions but the search: its vacancy, its days and (when given) a status. */
  function filters(selection: IndexSelection, status?: string, dayColumn?: string) {
    return conditions([
      [idIn, selection.among === undefined ? undefined : JSON.stringify(selection.among)],
      ['vacancy_id = ?', selection.vacancyId],
      ...dayTerms(selection.days, dayColumn),
      ['status = ?', status],
    ])
  }
  const where = (clauses: readonly string[]) => (clauses.length ? `WHERE ${clauses.join(' AND ')}` : '')

  /** The tallies' rows for `where` (the folded table and the log not folded yet), summed by `key`. */
  async function tally(table: 'day' | 'origin' | 'vacancy', key: 'status' | 'origin', condition: string, params: readonly unknown[]) {
    const rows = await store.all<{ key: string; n: number }>(
      `SELECT ${key} AS key, SUM(n) AS n FROM (SELECT ${key}, n FROM candidate_tally_${table} ${condition} UNION ALL SELECT ${key}, n FROM candidate_tally_log ${condition}) t GROUP BY ${key}`,
      [...params, ...params],
    )
    return withTotal(rows)
  }
  const dayCondition = (days: Partial<DateRange> | undefined) => {
    const { clauses, params } = conditions(dayTerms(days))
    return { condition: where(clauses), params }
  }
  /** How many rows were registered after `day` (none after an open end) and in all, from the tallies (kept per `version`). */
  const registeredAfter = (day: string | undefined, version: number | undefined) => keptAt(version, `after ${day}`, () => readRegisteredAfter(day))
  async function readRegisteredAfter(day: string | undefined) {
    const row = await store.get<{ after: number | string | null; total: number | string | null }>(
      `SELECT SUM(CASE WHEN created_day > ? THEN n ELSE 0 END) AS after, SUM(n) AS total
       FROM (SELECT created_day, n FROM candidate_tally_day UNION ALL SELECT created_day, n FROM candidate_tally_log) t`,
      [day ?? '9999-12-31'],
      { samePlan: true },
    )
    return { after: Number(row?.after ?? 0), total: Number(row?.total ?? 0) }
  }

  /** The counts of a selection with no search from the tallies (a vacancy's, or some days'), whatever the base's size; null for any other. */
  async function tallied(selection: IndexSelection): Promise<StatusCounts | null> {
    if (indexSearch(selection.q) || selection.among) return null
    if (selection.vacancyId !== undefined) return selection.days?.start || selection.days?.end ? null : tally('vacancy', 'status', 'WHERE vacancy_id = ?', [selection.vacancyId])
    const { condition, params } = dayCondition(selection.days)
    return tally('day', 'status', condition, params)
  }

  /** Counts per status of the rows matching `conditions`, read from the rows. */
  async function countRows(clauses: readonly string[], params: readonly unknown[], options?: ReadOptions) {
    return withTotal(await store.all<{ key: string; n: number }>(`SELECT status AS key, COUNT(*) AS n FROM candidate_index ${where(clauses)} GROUP BY status`, params, options))
  }

  /**
   * The exact counts per status of a selection. Without a search, from the tallies when they
   * answer it. With one, in proportion to what it matches: a vacancy's rows checked one by one; across
   * the base, the trigram index for names, e-mails and phones, and the matched companies' vacancies
   * from their tallies.
   */
  async function counts(selection: IndexSelection): Promise<StatusCounts> {
    const fromTallies = await tallied(selection)
    if (fromTallies) return fromTallies
    const { clauses, params } = filters(selection)
    const onRows = searchOnRows(selection.q, false)
    if (!onRows) return countRows(clauses, params)
    if (selection.vacancyId !== undefined) return countRows([...clauses, onRows.sql], [...params, ...onRows.params])
    const search = indexSearch(selection.q)!
    const companies = selection.withCompany ? (await store.all<{ vacancy_id: number }>(companiesLike, [containsPattern(search.text)])).map((r) => Number(r.vacancy_id)) : []
    const fromIndex = (await searchFromIndex(selection.q))!
    const others = companies.length ? [`COALESCE(vacancy_id, 0) NOT IN (${marks(companies.length)})`] : []
    // A long text is asked of the index by some of its trigrams: each row found is checked for the whole text.
    const byText = await countRows([...clauses, fromIndex.sql, onRows.sql, ...others], [...params, ...fromIndex.params, ...onRows.params, ...companies])
    if (!companies.length) return byText
    const byCompany =
      selection.days?.start || selection.days?.end
        ? await countRows([...clauses, `vacancy_id IN (${marks(companies.length)})`], [...params, ...companies])
        : await tally('vacancy', 'status', `WHERE vacancy_id IN (${marks(companies.length)})`, companies)
    return added(byText, byCompany)
  }

  /** The changes among `entries` (new, or a different record than held) that a read at `seenAt` may write. */
  function changesOf(entries: readonly IndexEntry[], seenAt: number, held: ReadonlyMap<number, { hash: string; seenAt: number }>) {
    const out: { entry: IndexEntry; hash: string }[] = []
    for (const entry of entries) {
      const hash = hashOf(entry.record)
      const known = held.get(entry.id)
      if (!known || (known.hash !== hash && known.seenAt <= seenAt)) out.push({ entry, hash })
    }
    return out
  }
  async function heldOf(sql: Queries, ids: readonly number[]) {
    const held = new Map<number, { hash: string; seenAt: number }>()
    for (let at = 0; at < ids.length; at += 500) {
      const some = ids.slice(at, at + 500)
      for (const r of await sql.all<{ id: number; record_hash: string; seen_at: number }>(
        `SELECT id, record_hash, seen_at FROM candidate_index WHERE id IN (${marks(some.length)})`,
        some,
      ))
        held.set(Number(r.id), { hash: r.record_hash, seenAt: Number(r.seen_at) })
    }
    return held
  }

  /**
   * SQLite: the digits table follows the entries, as the search table does: `ids`' words as
   * candidate_index holds them now (none for an entry it no longer holds).
   */
  async function writeDigits(sql: Queries, ids: readonly number[]) {
    await sql.run(`DELETE FROM candidate_digits WHERE rowid IN (${marks(ids.length)})`, ids)
    const rows = await sql.all<{ id: number; search: string; phone_digits: string }>(`SELECT id, search, phone_digits FROM candidate_index WHERE id IN (${marks(ids.length)})`, ids)
    const words = rows.map((r) => [Number(r.id), digitKeysOf(r.search, r.phone_digits).join(' ')] as const).filter(([, text]) => text !== '')
    if (words.length) await sql.run('INSERT INTO candidate_digits (rowid, words) SELECT value ->> 0, value ->> 1 FROM json_each(?)', [JSON.stringify(words)])
  }

  /** Adds the contacts `ids` hold now to `into`. */
  async function contactsOf(sql: Queries, ids: readonly number[], into: Touched) {
    if (!ids.length) return
    for (const r of await sql.all<{ email_key: string; phone_key: string }>(`SELECT email_key, phone_key FROM candidate_index WHERE id IN (${marks(ids.length)})`, ids)) {
      into.emails.add(r.email_key)
      into.phones.add(r.phone_key)
    }
  }

  /**
   * Marks again whether each entry a write touched (written, or holding a contact one held before or
   * holds now) shares an e-mail or a WhatsApp with another, where that changed. Run after the
   * version's bump: on PostgreSQL its row lock waits for a concurrent writer's commit, so entries
   * two instances write at once with the same contact see each other.
   */
  async function markShared(sql: Queries, { ids, emails, phones }: Touched) {
    emails.delete('')
    phones.delete('')
    const holders = new Set(ids)
    for (const [column, keys] of [
      ['email_key', [...emails]],
      ['phone_key', [...phones]],
    ] as const)
      for (let at = 0; at < keys.length; at += 500) {
        const some = keys.slice(at, at + 500)
        // PostgreSQL: each key's holders from its index, whatever the statistics say. Mid-build they
        // are stale (a few values each), and for an IN list it planned a scan of the whole table.
        const found = sqlite
          ? await sql.all<{ id: number }>(`SELECT id FROM candidate_index WHERE ${column} IN (${marks(some.length)})`, some)
          : await sql.all<{ id: number }>(`SELECT o.id FROM unnest(?::text[]) AS k (key) CROSS JOIN LATERAL (SELECT id FROM candidate_index WHERE ${column} = k.key) o`, [some])
        for (const r of found) holders.add(Number(r.id))
      }
    await inBatches([...holders], async (batch) => {
      await sql.run(
        `UPDATE candidate_record SET shares_contact = 1 - shares_contact
         WHERE id IN (${marks(batch.length)}) AND shares_contact <> (SELECT ${SHARES_CONTACT} FROM candidate_index c WHERE c.id = candidate_record.id)`,
        batch,
      )
    })
  }

  async function upsert(sql: Queries, changes: readonly { entry: IndexEntry; hash: string }[], seenAt: number, written: Touched) {
    await inBatches(changes, async (batch) => {
      // The contacts held before, and the ones written (an entry a newer write kept holds the former).
      await contactsOf(
        sql,
        batch.map(({ entry }) => entry.id),
        written,
      )
      for (const { entry } of batch) {
        written.ids.push(entry.id)
        written.emails.add(entry.emailKey)
        written.phones.add(entry.phoneKey)
      }
      await sql.run(
        upsertSql(batch.length),
        batch.flatMap(({ entry, hash }) => values(entry, hash, seenAt)),
      )
      // The record follows its keys: written only where the keys were (not where a newer write stands).
      await sql.run(
        `INSERT INTO candidate_record (id, record) VALUES ${placeholders(batch.length, 2)}
         ON CONFLICT (id) DO UPDATE SET record = excluded.record
         WHERE EXISTS (SELECT 1 FROM candidate_index c WHERE c.id = excluded.id AND c.seen_at = ?)`,
        [...batch.flatMap(({ entry }) => [entry.id, JSON.stringify(entry.record)]), seenAt],
      )
      if (sqlite) {
        // The search table follows the entries; an entry the upsert kept (a newer write) is written again as it is.
        const ids = batch.map(({ entry }) => entry.id)
        await sql.run(`DELETE FROM candidate_search WHERE rowid IN (${marks(ids.length)})`, ids)
        await sql.run(`INSERT INTO candidate_search (rowid, search, phone_digits) SELECT id, search, phone_digits FROM candidate_index WHERE id IN (${marks(ids.length)})`, ids)
        await writeDigits(sql, ids)
      }
    })
    // Each vacancy's company, as its candidates' records name it.
    const companies = new Map<number, string>()
    for (const { entry } of changes) if (entry.vacancyId !== null) companies.set(entry.vacancyId, entry.company)
    await inBatches([...companies], async (batch) => {
      await sql.run(
        `INSERT INTO candidate_index_vacancies (vacancy_id, company) VALUES ${placeholders(batch.length, 2)}
         ON CONFLICT (vacancy_id) DO UPDATE SET company = excluded.company WHERE candidate_index_vacancies.company <> excluded.company`,
        batch.flat(),
      )
    })
  }

  /** Removes entries the legacy no longer holds, unless the BFF heard of them after `before`. */
  async function remove(sql: Queries, ids: readonly number[], before: number, written: Touched) {
    for (let at = 0; at < ids.length; at += 500) {
      const some = ids.slice(at, at + 500)
      const gone = `SELECT id FROM candidate_index WHERE id IN (${marks(some.length)}) AND seen_at < ?`
      await contactsOf(sql, some, written)
      if (sqlite) {
        await sql.run(`DELETE FROM candidate_search WHERE rowid IN (${gone})`, [...some, before])
        await sql.run(`DELETE FROM candidate_digits WHERE rowid IN (${gone})`, [...some, before])
      }
      await sql.run(`DELETE FROM candidate_record WHERE id IN (${gone})`, [...some, before])
      await sql.run(`DELETE FROM candidate_index WHERE id IN (${marks(some.length)}) AND seen_at < ?`, [...some, before])
    }
  }

  /** Whether some vacancy's company holds `text` (kept per `version`: a company changes with its rows, moving it). */
  const companyHolds = (text: string, version: number | undefined) =>
    keptAt(version, `company ${text}`, async () => Boolean(await store.get(`${companiesLike} LIMIT 1`, [containsPattern(text)], { samePlan: true })))
  /** The days from `days.start` to `days.end` (either open) on which rows were registered, in order: one step of the days' index each (kept per `version`). */
  const registrationDays = (days: Partial<DateRange>, version: number | undefined) => keptAt(version, `days ${days.start} ${days.end}`, () => readRegistrationDays(days))
  async function readRegistrationDays(days: Partial<DateRange>): Promise<string[]> {
    const rows = await store.all<{ day: string | null }>(`WITH RECURSIVE days (day) AS (${DAYS_STEPS}) SELECT day FROM days WHERE day IS NOT NULL`, dayBounds(days), {
      samePlan: true,
    })
    return rows.map((r) => r.day!)
  }

  /**
   * `limit` rows of a filtered list in its order (`backwards`: from its end) after `offset`, where
   * `from` also holds. A list of some days in last-action order (`filter.byDay`) is merged from each
   * day's rows, which the days' index holds in that order: what it costs follows the days the range
   * holds, not where they stand in the base's order (docs/decisions/a-range-of-days-is-read-day-by-day.md).
   */
  async function listRows<T>(
    filter: ListFilter,
    from: Conditions,
    ordering: CandidateOrder,
    backwards: boolean,
    columns: string,
    limit: number,
    offset: number,
    samePlan: boolean,
  ) {
    const order = orderSql(ordering, collate, backwards)
    const plain = () =>
      store.all<T>(
        `SELECT ${columns} FROM candidate_index ${where([...filter.clauses, ...from.clauses])} ORDER BY ${order} LIMIT ? OFFSET ?`,
        [...filter.params, ...from.params, limit, offset],
        {
          samePlan,
        },
      )
    const byDay = filter.byDay
    if (!byDay) return plain()
    const merged = await mergedDays(byDay, from, order, limit, offset)
    if (merged) return store.all<T>(`SELECT ${columns} FROM (${merged.sql}) m`, merged.params, merged.options)
    if (sqlite) return plain()
    // More days than are merged, on PostgreSQL: each day's first `limit + offset` rows, sorted.
    return store.all<T>(
      `WITH RECURSIVE days (day) AS (${DAYS_STEPS})
       SELECT ${columns} FROM days CROSS JOIN LATERAL (SELECT id, last_action FROM candidate_index ${where(['created_day = days.day', ...byDay.clauses, ...from.clauses])} ORDER BY ${order} LIMIT ?) r
       ORDER BY ${order} LIMIT ? OFFSET ?`,
      [...dayBounds(byDay.days), ...byDay.params, ...from.params, limit + offset, limit, offset],
      { samePlan: true },
    )
  }

  /**
   * A compound of one SELECT per day of `byDay`, in the order, which both engines merge as they
   * read its parts (SQLite always; PostgreSQL as a Merge Append of the days' index read backwards,
   * where each part is ordered itself): `limit` rows after `offset` read about as many, plus a row
   * a day, whatever the range and however many rows share a last action (`columns` name id and
   * last_action). Null past MAX_MERGED_DAYS days (SQLite's compound holds 500 parts at most).
   * PostgreSQL plans it once per connection for any days of its padded number (MERGED_DAYS):
   * about 60 µs a part, 5 ms for 91, against 1–2 ms to read a page of them. SQLite asks a page's
   * few rows as an IN list instead (below).
   */
  async function mergedDays(byDay: DaysFilter, also: Conditions, order: string, limit: number, offset: number, columns = 'id, last_action') {
    const registered = await registrationDays(byDay.days, byDay.version)
    if (registered.length > MAX_MERGED_DAYS) return null
    if (!registered.length) return { sql: `SELECT ${columns} FROM candidate_index WHERE 1 = 0 LIMIT ? OFFSET ?`, params: [limit, offset], options: undefined }
    const days = paddedDays(registered)
    if (sqlite && limit + offset <= 50 + 5 * registered.length) {
      // A page's few rows: SQLite reads the days as an IN list, each day's rows in order from the
      // index named (its planner may pick one that leaves them to sort), and keeps the rows ahead
      // so far; a day's walk stops at its first row that falls past them (its ORDER BY … LIMIT
      // optimization). At 91 days a page of 51 rows took 0.1 ms against the compound's 0.46; past
      // about five rows a day the compound's merge costs less.
      const index = byDay.status === undefined ? 'candidate_index_days_walk' : 'candidate_index_day_status'
      return {
        sql: `SELECT ${columns} FROM candidate_index INDEXED BY ${index} ${where([`created_day IN (${days.map(() => '?').join(', ')})`, ...byDay.clauses, ...also.clauses])} ORDER BY ${order} LIMIT ? OFFSET ?`,
        params: [...days, ...byDay.params, ...also.params, limit, offset],
        options: undefined,
      }
    }
    const part = `SELECT ${columns} FROM candidate_index ${where(['created_day = ?', ...byDay.clauses, ...also.clauses])}`
    return {
      sql: sqlite
        ? `${days.map(() => part).join(' UNION ALL ')} ORDER BY ${order} LIMIT ? OFFSET ?`
        : `SELECT * FROM (${days.map(() => `(${part} ORDER BY ${order})`).join(' UNION ALL ')}) d ORDER BY ${order} LIMIT ? OFFSET ?`,
      params: [...days.flatMap((day) => [day, ...byDay.params, ...also.params]), limit, offset],
      options: sqlite ? undefined : { dearToPlan: true },
    }
  }

  /**
   * A page of a list without a search, read from where the walk to it is shortest: the list's
   * start, the nearest row a page read before placed (`listed.anchors`), or, when the list's size
   * is known, its end, read backwards. A click's cost then follows how far it jumps from a page
   * read at this version, not how deep the page is: a jump to the last of 2,500 pages reads a page,
   * not 50,000 rows (docs/decisions/a-deep-page-starts-near-it.md). The first and last rows read
   * are placed for the next click. `more`: whether another page follows.
   */
  async function listPage(pageSize: number, offset: number, filter: ListFilter, ordering: CandidateOrder, samePlan: boolean, listed: Listed) {
    const [first, id] = orderColumns(ordering, collate)
    const columns = `id, ${orderColumns(ordering, '')[0]} AS k`
    const anchor = listed.anchors?.nearest(offset)
    const fromAnchor = offset - (anchor?.position ?? 0)
    const fromEnd = listed.size === null ? Infinity : Math.max(0, listed.size - offset - pageSize)
    type Keyed = { id: number; k: unknown }
    let rows: Keyed[]
    let more: boolean
    if (listed.size !== null && fromEnd < fromAnchor) {
      const take = Math.min(pageSize, listed.size - offset)
      rows = take <= 0 ? [] : (await listRows<Keyed>(filter, { clauses: [], params: [] }, ordering, true, columns, take, fromEnd, samePlan)).reverse()
      more = offset + pageSize < listed.size
    } else {
      // Rows from the anchor on, in the order's direction: one comparison of the row's values, which both engines seek in the order's index.
      const from = anchor ? { clauses: [`(${first}, ${id}) ${ordering.endsWith('_desc') ? '<=' : '>='} (?, ?)`], params: anchor.keys } : { clauses: [], params: [] }
      rows = await listRows<Keyed>(filter, from, ordering, false, columns, pageSize + 1, fromAnchor, samePlan)
      more = rows.length > pageSize
    }
    // At most a page and one row were read: both ends are places the next click may start from.
    if (rows.length) {
      listed.anchors?.learn({ position: offset, keys: [rows[0]!.k, rows[0]!.id] })
      listed.anchors?.learn({ position: offset + rows.length - 1, keys: [rows.at(-1)!.k, rows.at(-1)!.id] })
    }
    return { ids: rows.map((r) => Number(r.id)), more }
  }

  /**
   * The ids of one page of a list (one more than the page, to know whether another follows) and,
   * when the search's matches were read whole, the selection's counts (they cost no more then).
   * - No search: the page from the order's index.
   * - A rare text (SQLite: the probe found every match): those rows, checked, filtered and ordered.
   * - A common one: the list's own order walked for its first `walkRows` rows, which it fills the
   *   page from whatever the base's size.
   * - Else (common in the base, rare in this list): every match, from the trigram index (or,
   *   within one vacancy, its rows checked one by one).
   */
  async function pageIds(
    query: IndexQuery,
    status: string | undefined,
    offset: number,
    selectionSize: number | null,
    listed: Listed,
  ): Promise<{ ids: number[]; counts: StatusCounts | null; more?: boolean }> {
    const ordering = query.order ?? 'last_action_desc'
    const someDays = Boolean(query.days?.start || query.days?.end)
    // SQLite plans some days in another order (name, city, state) as the range read whole and
    // sorted, however many rows it holds. With more than a walk's rows (a search: ten walks'), the
    // order's own index is walked instead, each row checked for its day, which that index holds
    // (`+` keeps SQLite from the days' index): at a million, a page then reads at most a few
    // thousand of its entries and no table row.
    const search = indexSearch(query.q)
    const rangeRows = (search ? selectionSize : listed.size) ?? 0
    const walkTheOrder = sqlite && someDays && ordering !== 'last_action_desc' && rangeRows > (search ? 10 : 1) * walkRows
    const { clauses, params } = filters(query, status, walkTheOrder ? '+created_day' : undefined)
    const order = orderSql(ordering, collate)
    const limit = [query.pageSize + 1, offset]
    const ids = async (sql: string, p: readonly unknown[], options?: ReadOptions) => (await store.all<{ id: number }>(sql, p, options)).map((r) => Number(r.id))
    // The company's term only where some company holds the text (a name seldom is one): a row
    // then reads and checks its search keys alone.
    const withCompany = Boolean(query.withCompany && search && (await companyHolds(search.text, listed.version)))
    const onRows = searchOnRows(query.q, withCompany)
    // Planned once where an index gives the order whatever the values: a vacancy's list (or the
    // whole base's) in any order, with a status in last-action order. A date range, a tag's people
    // or a status in another order (an order's index or a sort, by how many hold it) are planned
    // for their values.
    const samePlan = query.among === undefined && !someDays && (status === undefined || ordering === 'last_action_desc')
    // A range of days in last-action order (docs/decisions/a-range-of-days-is-read-day-by-day.md).
    // Neither engine's planner can tell that the rows of some months ago follow, in that order,
    // every row changed since: PostgreSQL walks the order checking each row's day, SQLite sorts the
    // range (or walks a status's order). Both read it day by day instead, from the days' index, where
    // it holds each day's rows in that order, merged as they read them (mergedDays). SQLite always,
    // but for a range open at its end (its planner walks the order then, crossing little).
    // PostgreSQL where the walk would cross more than `crossRows` rows: mostly the rows registered
    // after the range (a last action is never before the registration). A search there walks the
    // days merged, with a status when asked, where that costs less than its trigram index's matches.
    const lastActionDays = someDays && ordering === 'last_action_desc' && query.vacancyId === undefined && query.among === undefined
    const base = lastActionDays && !sqlite ? await registeredAfter(query.days?.end, listed.version) : { after: 0, total: 0 }
    const others = filters({ ...query, days: undefined }, status)
    const dayByDay = sqlite ? Boolean(query.days?.end) : base.after > crossRows && status === undefined
    const byDay = lastActionDays && dayByDay ? { days: query.days!, ...others, status, version: listed.version } : undefined
    if (!onRows) return { ...(await listPage(query.pageSize, offset, { clauses, params, byDay }, ordering, samePlan, listed)), counts: null }
    // What the walk's check and order read, no more (in last-action order, all of it from one index
    // on SQLite): at a million, a walk of a range's days took 1.9 ms with every key and 1.5 with these.
    const keys = ['id, last_action, search', search?.digits && 'phone_digits', withCompany && 'vacancy_id', orderKey(ordering)].filter(Boolean).join(', ')
    // The walk reads the list's first rows in its order and checks each: planned once where the
    // list's is. Some days merged, when they are (`days`: those days and their other conditions).
    const walk = async (rows: number, days = byDay) => {
      const merged = days ? await mergedDays(days, { clauses: [], params: [] }, order, rows, 0, keys) : null
      return merged
        ? ids(`SELECT id FROM (${merged.sql}) w WHERE ${onRows.sql} ORDER BY ${order} LIMIT ? OFFSET ?`, [...merged.params, ...onRows.params, ...limit], merged.options)
        : ids(
            `SELECT id FROM (SELECT ${keys} FROM candidate_index ${where(clauses)} ORDER BY ${order} LIMIT ?) w WHERE ${onRows.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
            [...params, rows, ...onRows.params, ...limit],
            {
              samePlan,
            },
          )
    }
    const filled = (found: number[], rows: number) => found.length > query.pageSize || (selectionSize !== null && selectionSize <= rows)
    // A name or a company is usually common: the list's own order, walked, fills the page. A
    // contact (4+ digits, an @ or a dot) is usually rare: read whole from the trigram index (the
    // SQLite probe), or, on PostgreSQL (its trigram index answers every match or none), straight
    // from it. Either way the other comes next when the first does not settle it.
    const contact = looksLikeContact(query.q)
    const mergedSearch = lastActionDays && !sqlite && base.after > crossRows && !contact
    if (mergedSearch) {
      // A row read costs about a ninth of a match read from the trigram index (0.4 against 3.5 µs
      // at a million, idle). What the text may match there, from the trigram sample (none: a text
      // shorter than a trigram, which that index cannot find).
      const share = sampledShare('search', search!.text, await trigramSample())
      const budget = share === null ? Infinity : 9 * share * base.total
      // The rows a page needs read to find its matches, at about the text's share.
      const needed = share === null ? 0 : (offset + query.pageSize + 1) / share
      if (needed < budget) {
        // The range's days merged in order, with a status when asked, each row checked: the walk
        // stops at the page's matches, or after the rows that would cost what the trigram index does.
        const rows = Math.ceil(Math.min(budget, selectionSize ?? base.total))
        const days = { days: query.days!, ...others, status, version: listed.version }
        const found = (await registrationDays(days.days, days.version)).length <= MAX_MERGED_DAYS ? await walk(rows, days) : null
        if (found && filled(found, rows)) return { ids: found, counts: null }
      }
    }
    let walked: number[] | null = null
    if (!contact && !mergedSearch) {
      walked = await walk(walkRows)
      if (filled(walked, walkRows)) return { ids: walked, counts: null }
    }
    const probed = await probe(query.q, withCompany)
    if (probed) {
      const among = idIn
      const all = filters(query)
      // The probe found no company holding the text: the rows are checked without the vacancies' names.
      const check = searchOnRows(query.q, false)!
      // The found rows by their ids, then the filters: the same plan for any of them.
      const counts = await countRows([among, ...all.clauses, check.sql], [JSON.stringify(probed), ...all.params, ...check.params], { samePlan: true })
      const page = await ids(
        `SELECT id FROM candidate_index ${where([among, ...clauses, check.sql])} ORDER BY ${order} LIMIT ? OFFSET ?`,
        [JSON.stringify(probed), ...params, ...check.params, ...limit],
        { samePlan: true },
      )
      return { ids: page, counts }
    }
    if (walked === null && sqlite) {
      walked = await walk(walkRows)
      if (filled(walked, walkRows)) return { ids: walked, counts: null }
    }
    const fromIndex = (await searchFromIndex(query.q))!
    // The company's vacancies apart: an OR with them would keep either engine from its trigram index.
    const byCompany = withCompany ? { sql: `SELECT id FROM candidate_index WHERE vacancy_id IN (${companiesLike})`, params: [containsPattern(search!.text)] } : null
    if (!sqlite) {
      // PostgreSQL: the matches first, from its trigram index, then their order. Asked as one query
      // with ORDER BY … LIMIT, its planner may walk the whole order instead (it cannot tell a rare text).
      const columns = 'id, vacancy_id, created_day, status, last_action, name_key, city_key, state_key, search, phone_digits'
      const union = byCompany ? ` UNION SELECT ${columns} FROM candidate_index WHERE id IN (${byCompany.sql})` : ''
      // Its plan is the same for any filter: they narrow the matches, read first.
      const page = await ids(
        `WITH matched AS MATERIALIZED (SELECT ${columns} FROM candidate_index WHERE ${fromIndex.sql}${union}) SELECT id FROM matched ${where([...clauses, onRows.sql])} ORDER BY ${order} LIMIT ? OFFSET ?`,
        [...fromIndex.params, ...(byCompany?.params ?? []), ...params, ...onRows.params, ...limit],
        { samePlan: fromIndex.samePlan },
      )
      return { ids: page, counts: null }
    }
    // SQLite: within one vacancy its rows checked one by one; across the base, the trigram index's
    // matches (a superset when a long text was asked by some of its trigrams: checked again).
    const matched =
      query.vacancyId !== undefined ? null : byCompany ? { sql: `id IN (${fromIndex.ids} UNION ${byCompany.sql})`, params: [...fromIndex.params, ...byCompany.params] } : fromIndex
    const page = await ids(`SELECT id FROM candidate_index ${where([...clauses, ...(matched ? [matched.sql] : []), onRows.sql])} ORDER BY ${order} LIMIT ? OFFSET ?`, [
      ...params,
      ...(matched?.params ?? []),
      ...onRows.params,
      ...limit,
    ])
    return { ids: page, counts: null }
  }

  /** The records of `ids`, in that order, and which of them share an e-mail or a WhatsApp with another record anywhere in the index (as kept by markShared). */
  async function recordsOf(ids: readonly number[]) {
    const byId = new Map<number, { id: number; record: string; duplicate: number }>()
    for (let at = 0; at < ids.length; at += 500) {
      const some = inList(ids.slice(at, at + 500))
      for (const r of await store.all<{ id: number; record: string; duplicate: number }>(
        `SELECT id, record, shares_contact AS duplicate FROM candidate_record WHERE id IN (${some.marks})`,
        some.values,
        { samePlan: true },
      ))
        byId.set(Number(r.id), r)
    }
    const found = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
    return {
      items: found.map((r) => JSON.parse(r.record) as Record<string, unknown>),
      possibleDuplicates: found.filter((r) => Number(r.duplicate) === 1).map((r) => Number(r.id)),
    }
  }

  return {
    /** Entries as the BFF just wrote or read them (`seenAt`: when the legacy said so); answers how many changed the index. */
    put: (entries: readonly IndexEntry[], seenAt: number) =>
      store.tx(async (sql) => {
        const held = await heldOf(
          sql,
          entries.map((e) => e.id),
        )
        const changes = changesOf(entries, seenAt, held)
        const written = touched()
        await upsert(sql, changes, seenAt, written)
        if (changes.length) {
          await sql.run(BUMP)
          await markShared(sql, written)
        }
        return changes.length
      }),

    /** Moves with every change of the index (entries and windows planned), on every instance sharing the store. */
    version: async () => Number((await store.get<{ version: number }>('SELECT version FROM candidate_index_version WHERE id = 1', [], { samePlan: true }))?.version ?? 0),

    /**
     * A window as read from the legacy at `readAt`: what differs from the index is written, and what
     * the legacy no longer holds there goes — unless the BFF heard of it after the read began. A read
     * that finds nothing changed writes only the window's time. Answers how many entries changed.
     */
    replaceWindow: (window: DateRange, entries: readonly IndexEntry[], readAt: number) =>
      store.tx(async (sql) => {
        const existing = await sql.all<{ id: number; record_hash: string; seen_at: number }>(
          'SELECT id, record_hash, seen_at FROM candidate_index WHERE created_day >= ? AND created_day <= ?',
          [window.start, window.end],
        )
        const held = new Map(existing.map((r) => [Number(r.id), { hash: r.record_hash, seenAt: Number(r.seen_at) }]))
        // An entry read here but held under another day (its creation date changed) is looked up apart.
        const elsewhere = entries.filter((e) => !held.has(e.id)).map((e) => e.id)
        for (const [id, known] of await heldOf(sql, elsewhere)) held.set(id, known)
        const changes = changesOf(entries, readAt, held)
        const read = new Set(entries.map((e) => e.id))
        const gone = existing.filter((r) => !read.has(Number(r.id)) && Number(r.seen_at) < readAt).map((r) => Number(r.id))
        const written = touched()
        await upsert(sql, changes, readAt, written)
        await remove(sql, gone, readAt, written)
        await sql.run(
          'INSERT INTO candidate_index_windows (start_day, end_day, total, read_at) VALUES (?, ?, ?, ?) ON CONFLICT (start_day) DO UPDATE SET end_day = excluded.end_day, total = excluded.total, read_at = excluded.read_at',
          [window.start, window.end, entries.length, readAt],
        )
        // Since when changes of status are recorded: the first window ever read.
        await sql.run('INSERT INTO candidate_index_facts (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING', ['history_from', readAt])
        if (changes.length || gone.length) {
          await sql.run(BUMP)
          await markShared(sql, written)
        }
        return changes.length + gone.length
      }),

    /**
     * How the windows stand, summed by the engine (a list's state is read again after every change;
     * a million candidates are read in about 150 windows): how many, how many not read yet, and
     * the oldest read (ms; null before the first).
     */
    async windowsState(): Promise<{ windows: number; unread: number; oldestRead: number | null }> {
      const row = await store.get<{ windows: number; unread: number | null; oldest: number | null }>(
        'SELECT COUNT(*) AS windows, SUM(CASE WHEN read_at > 0 THEN 0 ELSE 1 END) AS unread, MIN(CASE WHEN read_at > 0 THEN read_at END) AS oldest FROM candidate_index_windows',
      )
      return { windows: Number(row?.windows ?? 0), unread: Number(row?.unread ?? 0), oldestRead: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest) }
    },

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

    /**
     * After a first build: the index's tables settled at once rather than whenever the engine would
     * (Store.settle): their statistics, and on PostgreSQL the visibility map a page's walk needs to
     * read the index alone (at a million, a vacancy's page 201 took 7 ms without it, 1.3 ms with it).
     */
    settle: () => store.settle(['candidate_index', 'candidate_record', 'candidate_index_vacancies']),

    /**
     * Adds the digit keys of records indexed before they were kept (SQLite's digits table,
     * PostgreSQL's candidate_digit_keys), `batch` records a transaction in the order of their ids
     * (where it stopped is kept: another instance, or the next start, goes on from there); records
     * written meanwhile bring their own. Answers once the keys hold every record's, and digit
     * searches use them from then on. On PostgreSQL a record changed while its batch was read may
     * keep keys of its former digits too: they only add a row that is checked and left out.
     */
    async fillDigits(batch = 500) {
      // Asked outside a transaction first: at most starts there is nothing to fill and no write lock to take.
      while (!(await store.get(DIGITS_COMPLETE))) {
        await store.tx(async (sql) => {
          if (await sql.get(DIGITS_COMPLETE)) return
          const from = Number((await sql.get<{ value: number }>("SELECT value FROM candidate_index_facts WHERE name = 'digits_filled_to'"))?.value ?? 0)
          const ids = (await sql.all<{ id: number }>('SELECT id FROM candidate_index WHERE id > ? ORDER BY id LIMIT ?', [from, batch])).map((r) => Number(r.id))
          if (ids.length && sqlite) await writeDigits(sql, ids)
          if (ids.length && !sqlite)
            await sql.run(
              `INSERT INTO candidate_digit_keys (key, id) SELECT unnest(candidate_digit_keys_of(search, phone_digits)), id FROM candidate_index WHERE id IN (${marks(ids.length)}) ON CONFLICT DO NOTHING`,
              ids,
            )
          const finished = ids.length < batch
          await sql.run('INSERT INTO candidate_index_facts (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value', [
            finished ? 'digits_complete' : 'digits_filled_to',
            finished ? 1 : ids.at(-1)!,
          ])
        })
        await new Promise((resolve) => setImmediate(resolve))
      }
      digitsComplete = { at: now(), value: true }
    },

    /** Adds the tallies' log into the tallies (the builder does, under its lease): readers sum both either way. */
    foldTallies: () =>
      store.tx(async (sql) => {
        const foldSqlite = async () => {
          const last = Number((await sql.get<{ id: number | null }>('SELECT MAX(id) AS id FROM candidate_tally_log'))?.id ?? 0)
          if (last === 0) return 0
          for (const statement of FOLD_TALLIES.sqlite.tallies) await sql.run(statement, [last])
          const hires = await sql.run(FOLD_TALLIES.sqlite.hires, [last])
          await sql.run(FOLD_TALLIES.sqlite.forget, [last])
          return hires
        }
        const hires = sqlite ? await foldSqlite() : Number((await sql.get<{ hires: number }>(FOLD_TALLIES.postgres))?.hires ?? 0)
        if (hires > 0) await sql.run(COUNT_HIRES_FOLD)
      }),

    tallied,
    counts,

    /**
     * One page of a list: its rows, which of them may be duplicates, and whether another page
     * follows. With the selection's counts (`counts`, when known) the page is clamped to the last
     * and the total and page count are given; without them (a search whose counts are not known
     * yet), they are null and a page past the end is empty. `unsearched`: the counts of the same
     * list without its search, when the caller keeps them (else read from the tallies). `anchors`:
     * the list's rows placed by pages read before at this version (a list without a search).
     * `version`: the index's version the caller read, under which what a page of some days reads
     * first is kept (without it, read every time).
     */
    async page(
      query: IndexQuery,
      known: StatusCounts | null,
      { unsearched, anchors, version }: { unsearched?: Promise<StatusCounts | null>; anchors?: ListAnchors; version?: number } = {},
    ) {
      const status = query.status === undefined || query.status === 'all' ? undefined : normalizeCandidateStatus(query.status)
      const total = known ? (status === undefined ? (known.all ?? 0) : (known[status] ?? 0)) : null
      const pageCount = total === null ? null : Math.max(1, Math.ceil(total / query.pageSize))
      // Past the end of known counts, the last page; without them, a page past the end is empty.
      const asked = Math.max(1, Math.trunc(query.page) || 1)
      const page = pageCount === null ? asked : Math.min(asked, pageCount)
      // How many rows the list holds before its search (from the tallies; the caller's, when it keeps
      // them): a walk through fewer saw them all.
      let selectionSize: number | null = null
      if (indexSearch(query.q)) {
        const before = await (unsearched ?? tallied({ ...query, q: undefined }))
        selectionSize = before ? (status === undefined ? (before.all ?? 0) : (before[status] ?? 0)) : null
      }
      const found = await pageIds(query, status, (page - 1) * query.pageSize, selectionSize, { size: total, anchors, version })
      const { items, possibleDuplicates } = await recordsOf(found.ids.slice(0, query.pageSize))
      // A rare search read whole was counted on the way: its total and page count are known too.
      const counted = found.counts ?? known
      const counts = counted ? (status === undefined ? (counted.all ?? 0) : (counted[status] ?? 0)) : null
      return {
        items,
        possibleDuplicates,
        total: counts,
        page,
        pageCount: counts === null ? null : Math.max(1, Math.ceil(counts / query.pageSize)),
        pageSize: query.pageSize,
        hasMore: found.more ?? found.ids.length > query.pageSize,
        counts: counted,
      }
    },

    /** The registrations of some days per status and per origin (the dashboard's month), from the tallies. */
    async registered(days: DateRange) {
      const { condition, params } = dayCondition(days)
      const [statuses, origins] = await Promise.all([tally('day', 'status', condition, params), tally('origin', 'origin', condition, params)])
      delete statuses.all
      delete origins.all
      return { statuses, origins }
    },

    /**
     * Hires (contratado) whose last action is in `month` ('YYYY-MM', Fortaleza) and who registered
     * in `registered` (whole months), per vacancy (null: none): the hires' tally as last read here
     * (read again once a fold added hires to it) and its log, read every time. The answer is
     * shared between callers: read it, never change it.
     */
    async hiresByVacancy(month: string, registered: DateRange): Promise<ReadonlyMap<number | null, number>> {
      const window = [month, registered.start.slice(0, 7), registered.end.slice(0, 7)]
      const key = window.join(' ')
      for (let attempt = 1; ; attempt++) {
        const logged = await store.all<FoldsAndHires>(
          `SELECT v.hires_folds AS folds, l.vacancy_id, l.n FROM candidate_index_version v LEFT JOIN (SELECT vacancy_id, SUM(n) AS n FROM candidate_tally_log
             WHERE hire_month = ? AND created_day >= ? AND created_day <= ? GROUP BY vacancy_id) l ON 1 = 1 WHERE v.id = 1`,
          [month, registered.start, registered.end],
        )
        const folds = Number(logged[0]?.folds ?? 0)
        let folded = await foldedHires.get(key)?.catch(() => undefined)
        if (folded?.folds !== folds) {
          if (foldedHires.size >= MAX_KEPT_MONTHS) foldedHires.clear()
          const reading = readFoldedHires(window)
          foldedHires.set(key, reading)
          reading.catch(() => {
            if (foldedHires.get(key) === reading) foldedHires.delete(key)
          })
          folded = await reading
        }
        // A fold between the two reads moved hires from the log, as read, into the tally: read both again.
        if (folded.folds !== folds && attempt < 3) continue
        return logged.some((r) => r.vacancy_id !== null) ? hiresPerVacancy(logged, folded.hires) : folded.hires
      }
    },

    /**
     * What the recruiting report is made of, for some vacancies (shared/src/domain/recruiting-report.ts):
     * their candidates per status (tallies) and per origin with how many were hired, each hire and
     * when, every change of status seen in them, and the current status and application of those
     * who changed.
     */
    async reportFacts(vacancyIds: readonly number[]) {
      const ids = JSON.stringify(vacancyIds)
      const inList = (column: string) => (sqlite ? `${column} IN (SELECT value FROM json_each(?))` : `${column} IN (SELECT value::bigint FROM json_array_elements_text(?::json))`)
      const [statusCounts, origins, hires, hiredAt, changes] = await Promise.all([
        store.all<{ vacancy_id: number; status: string; n: number }>(
          `SELECT vacancy_id, status, SUM(n) AS n FROM (SELECT vacancy_id, status, n FROM candidate_tally_vacancy WHERE ${inList('vacancy_id')}
           UNION ALL SELECT vacancy_id, status, n FROM candidate_tally_log WHERE ${inList('vacancy_id')}) t GROUP BY vacancy_id, status`,
          [ids, ids],
        ),
        store.all<{ vacancy_id: number; origin: string; n: number; hired: number }>(
          `SELECT vacancy_id, origin, COUNT(*) AS n, SUM(CASE WHEN status = 'contratado' THEN 1 ELSE 0 END) AS hired FROM candidate_index WHERE ${inList('vacancy_id')} GROUP BY vacancy_id, origin`,
          [ids],
        ),
        store.all<{ id: number; vacancy_id: number; last_action: number }>(
          `SELECT id, vacancy_id, last_action FROM candidate_index WHERE status = 'contratado' AND ${inList('vacancy_id')}`,
          [ids],
        ),
        store.all<{ candidate_id: number; at: number }>(
          `SELECT candidate_id, MAX(at) AS at FROM candidate_status_history WHERE to_status = 'contratado' AND ${inList('vacancy_id')} GROUP BY candidate_id`,
          [ids],
        ),
        store.all<{ candidate_id: number; vacancy_id: number | null; from_status: string; to_status: string; at: number }>(
          `SELECT candidate_id, vacancy_id, from_status, to_status, at FROM candidate_status_history WHERE ${inList('vacancy_id')} ORDER BY at, id`,
          [ids],
        ),
      ])
      const seenHired = new Map(hiredAt.map((h) => [Number(h.candidate_id), Number(h.at)]))
      const changed = [...new Set(changes.map((c) => Number(c.candidate_id)))]
      const current = new Map<number, string>()
      const appliedAt = new Map<number, number>()
      for (let at = 0; at < changed.length; at += 500) {
        const some = JSON.stringify(changed.slice(at, at + 500))
        for (const r of await store.all<{ id: number; status: string; record: string }>(
          `SELECT c.id, c.status, r.record FROM candidate_index c JOIN candidate_record r ON r.id = c.id WHERE ${inList('c.id')}`,
          [some],
        )) {
          current.set(Number(r.id), r.status)
          const created = Date.parse(String((JSON.parse(r.record) as { created_at?: unknown }).created_at ?? ''))
          if (!Number.isNaN(created)) appliedAt.set(Number(r.id), created)
        }
      }
      const from = await store.get<{ value: number }>('SELECT value FROM candidate_index_facts WHERE name = ?', ['history_from'])
      return {
        statusCounts: statusCounts.map((r) => ({ vacancyId: Number(r.vacancy_id), status: r.status, n: Number(r.n) })).filter((r) => r.n !== 0),
        origins: origins.map((r) => ({ vacancyId: Number(r.vacancy_id), origin: r.origin, n: Number(r.n), hired: Number(r.hired) })),
        hires: hires.map((h) => ({ vacancyId: Number(h.vacancy_id), at: seenHired.get(Number(h.id)) ?? Number(h.last_action) })),
        changes: changes.map((c) => ({
          candidateId: Number(c.candidate_id),
          vacancyId: c.vacancy_id === null ? null : Number(c.vacancy_id),
          from: c.from_status,
          to: c.to_status,
          at: Number(c.at),
        })),
        current,
        appliedAt,
        historyFrom: from ? Number(from.value) : null,
      }
    },

    /**
     * The most recently active records of people living in some cities (folded names), who are not
     * in a vacancy and are not the same person (e-mail, WhatsApp) as anyone in it, with a status
     * not among `except`: the pool "sugerir do banco" judges.
     */
    async poolFor(vacancyId: number, cities: readonly string[], except: readonly string[], limit: number) {
      if (cities.length === 0) return []
      const rows = await store.all<{ record: string; last_action: number }>(
        `SELECT r.record, c.last_action FROM candidate_index c JOIN candidate_record r ON r.id = c.id
         WHERE c.city_key IN (${marks(cities.length)}) AND COALESCE(c.vacancy_id, 0) <> ? AND c.status NOT IN (${marks(except.length)})
           AND NOT EXISTS (SELECT 1 FROM candidate_index o WHERE o.vacancy_id = ? AND ((c.email_key <> '' AND o.email_key = c.email_key) OR (c.phone_key <> '' AND o.phone_key = c.phone_key)))
         ORDER BY c.last_action DESC, c.id DESC LIMIT ?`,
        [...cities, vacancyId, ...except, vacancyId, limit],
      )
      return rows.map((r) => ({ record: JSON.parse(r.record) as Record<string, unknown>, lastAction: Number(r.last_action) }))
    },

    /**
     * What needs attention in every vacancy (the staff's home page): its candidates per status
     * (from the tallies), those without a status whose last action (their arrival) is after
     * `newSince`, and those in `waitingStatuses` untouched since before `waitingBefore` — ranges of
     * the (status, last action) index, counted by vacancy.
     */
    async attention({ newSince, waitingBefore, waitingStatuses }: { newSince: number; waitingBefore: number; waitingStatuses: readonly string[] }) {
      const out = new Map<number, { stages: StatusCounts; fresh: number; waiting: number }>()
      const of = (id: number) => out.get(id) ?? out.set(id, { stages: { all: 0 }, fresh: 0, waiting: 0 }).get(id)!
      const tallies = await store.all<{ vacancy_id: number; status: string; n: number }>(
        'SELECT vacancy_id, status, SUM(n) AS n FROM (SELECT vacancy_id, status, n FROM candidate_tally_vacancy UNION ALL SELECT vacancy_id, status, n FROM candidate_tally_log) t GROUP BY vacancy_id, status',
      )
      for (const t of tallies) {
        const n = Number(t.n)
        if (n === 0) continue
        const stages = of(Number(t.vacancy_id)).stages
        stages[t.status] = (stages[t.status] ?? 0) + n
        stages.all! += n
      }
      const counted = async (sql: string, params: readonly unknown[]) =>
        (await store.all<{ vacancy_id: number; n: number }>(`SELECT vacancy_id, COUNT(*) AS n FROM candidate_index WHERE ${sql} GROUP BY vacancy_id`, params)).map(
          (r) => [Number(r.vacancy_id), Number(r.n)] as const,
        )
      for (const [id, n] of await counted("status = '' AND last_action > ?", [newSince])) of(id).fresh = n
      if (waitingStatuses.length > 0)
        for (const [id, n] of await counted(`status IN (${marks(waitingStatuses.length)}) AND last_action < ?`, [...waitingStatuses, waitingBefore])) of(id).waiting = n
      return out
    },

    /**
     * Every record of one person's contact — an e-mail folded as `emailKey` folds it, or a WhatsApp
     * number as `phoneKey` keeps it — most recently active first: the applications they made with it.
     */
    async byContact(kind: 'email' | 'phone', key: string, limit: number) {
      if (key === '') return []
      const column = kind === 'email' ? 'email_key' : 'phone_key'
      const rows = await store.all<{ record: string }>(
        `SELECT r.record FROM candidate_index c JOIN candidate_record r ON r.id = c.id WHERE c.${column} = ? ORDER BY c.last_action DESC, c.id DESC LIMIT ?`,
        [key, limit],
      )
      return rows.map((r) => JSON.parse(r.record) as Record<string, unknown>)
    },

    /** Since when changes of status are recorded (the first window read, ms), or null. */
    historyFrom: async () => {
      const row = await store.get<{ value: number }>('SELECT value FROM candidate_index_facts WHERE name = ?', ['history_from'])
      return row ? Number(row.value) : null
    },

    /** How many records the index holds. */
    count: async () => (await tally('day', 'status', '', [])).all ?? 0,
  }
}
export type CandidateIndexStore = ReturnType<typeof createCandidateIndexStore>
