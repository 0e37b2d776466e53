import type { Migration } from '../plugins/store.ts'

/**
 * The candidate index's tables (docs/decisions/candidate-index.md), on both engines:
 * - `candidate_index`: one narrow row of keys per legacy record (what lists filter, search and
 *   order by), with an index per order of each list, the id last, so a page is read in order.
 * - `candidate_record`: the records themselves, apart, so counts, sorts and skipped pages read keys only.
 * - `candidate_index_vacancies`: each vacancy's folded company name (what the all-candidates search
 *   matches as "company"): a few hundred rows, not one per candidate.
 * - the search's own index, each engine's: SQLite's FTS5 with trigrams, PostgreSQL's pg_trgm.
 * - tallies: candidates per (day, status), (day, origin) and (vacancy, status), and hires per
 *   (month of the hire, month of registration, vacancy), kept by triggers
 *   in the same transaction as every change of an entry (the triggers append to a log, which the
 *   builder folds into the tallies: an insert-only log keeps concurrent writers apart on PostgreSQL).
 * - `candidate_status_history`: each change of status the index sees (a write through the BFF, or
 *   a refresh that finds a record changed elsewhere), with when the legacy says it happened.
 * - windows of creation days read (and when), the version every change moves, and a few facts.
 */
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
     origin TEXT NOT NULL,
     created_day TEXT NOT NULL,
     last_action BIGINT NOT NULL,
     name_key TEXT NOT NULL,
     city_key TEXT NOT NULL,
     state_key TEXT NOT NULL,
     search TEXT NOT NULL,
     phone_digits TEXT NOT NULL,
     email_key TEXT NOT NULL,
     phone_key TEXT NOT NULL,
     record_hash TEXT NOT NULL,
     seen_at BIGINT NOT NULL
   )`

/** The first shape of the entries (with each one's company), replaced by the third migration. */
const FIRST_TABLE = `candidate_index (
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

/** A record's digit keys are its suffixes of this many digits or more; a search with fewer digits matches too many records for them to help. */
export const DIGITS_MIN = 4
/** The longest part of a suffix a key keeps: a longer search is found by its first digits and checked whole (store.ts, digitKeysOf). */
export const DIGITS_KEPT = 12

/** SQLite's table of each record's digit suffixes, one word each (store.ts, digitKeysOf). */
export const DIGITS_TABLE = "CREATE VIRTUAL TABLE IF NOT EXISTS candidate_digits USING fts5(words, tokenize = 'unicode61', detail = 'none', columnsize = 0);"

/** The month's hires (the dashboard): read from one index, not from the rows. */
const HIRES_INDEX = 'CREATE INDEX candidate_index_hires ON candidate_index (status, last_action, created_day, vacancy_id);'

const TALLIES = `
  CREATE TABLE candidate_tally_day (created_day TEXT NOT NULL, status TEXT NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (created_day, status));
  CREATE TABLE candidate_tally_origin (created_day TEXT NOT NULL, origin TEXT NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (created_day, origin));
  CREATE TABLE candidate_tally_vacancy (vacancy_id BIGINT NOT NULL, status TEXT NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (vacancy_id, status));
  CREATE INDEX candidate_tally_log_day ON candidate_tally_log (created_day);
  CREATE INDEX candidate_tally_log_vacancy ON candidate_tally_log (vacancy_id);
  CREATE INDEX candidate_status_history_vacancy ON candidate_status_history (vacancy_id, at);
  CREATE INDEX candidate_status_history_candidate ON candidate_status_history (candidate_id, at);
  CREATE TABLE candidate_index_vacancies (vacancy_id BIGINT PRIMARY KEY, company TEXT NOT NULL);
  DELETE FROM candidate_record;
  DELETE FROM candidate_index_windows;
  CREATE TABLE IF NOT EXISTS candidate_index_facts (name TEXT PRIMARY KEY, value BIGINT NOT NULL);
  UPDATE candidate_index_version SET version = version + 1 WHERE id = 1;`

/** A change of status, with when the legacy says it happened (the record's last action) and when the index heard it. */
const HISTORY_COLUMNS = 'candidate_id, vacancy_id, from_status, to_status, at, seen_at'
const HISTORY = 'id {id}, candidate_id BIGINT NOT NULL, vacancy_id BIGINT, from_status TEXT NOT NULL, to_status TEXT NOT NULL, at BIGINT NOT NULL, seen_at BIGINT NOT NULL'

type Engine = 'sqlite' | 'postgres'
type Row = 'NEW' | 'OLD'

/**
 * The month ('YYYY-MM', Fortaleza: UTC−3 all year) of a hire — a contratado entry's last action —
 * or NULL for any other status, as each engine's SQL writes it (`row`: NEW, OLD or an alias).
 */
const hireMonth = (row: string, engine: Engine) =>
  engine === 'sqlite'
    ? `CASE WHEN ${row}.status = 'contratado' THEN strftime('%Y-%m', (${row}.last_action - 10800000) / 1000, 'unixepoch') END`
    : `CASE WHEN ${row}.status = 'contratado' THEN to_char(to_timestamp((${row}.last_action - 10800000) / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM') END`

/** What the triggers append to the tallies' log for an entry added (1) or removed (-1): its columns, and its values from NEW or OLD. */
interface LogShape {
  columns: string
  row: (row: Row, n: 1 | -1) => string
}
const FIRST_LOG: LogShape = {
  columns: 'created_day, vacancy_id, status, origin, n',
  row: (row, n) => `(${row}.created_day, COALESCE(${row}.vacancy_id, 0), ${row}.status, ${row}.origin, ${n})`,
}
/** With the hire's month (NULL when not a hire), which the hires' tally is folded from. */
const logWithHires = (engine: Engine): LogShape => ({
  columns: 'created_day, vacancy_id, status, origin, hire_month, n',
  row: (row, n) => `(${row}.created_day, COALESCE(${row}.vacancy_id, 0), ${row}.status, ${row}.origin, ${hireMonth(row, engine)}, ${n})`,
})

/** What moves a tally: a change of its keys and, once hires are tallied, a hire's last action (it moves the hire to its month). */
const tallyChanged = (distinct: 'IS NOT' | 'IS DISTINCT FROM', hires: boolean) =>
  `OLD.status ${distinct} NEW.status OR OLD.created_day ${distinct} NEW.created_day OR OLD.vacancy_id ${distinct} NEW.vacancy_id OR OLD.origin ${distinct} NEW.origin` +
  (hires ? ` OR (OLD.last_action ${distinct} NEW.last_action AND (OLD.status = 'contratado' OR NEW.status = 'contratado'))` : '')

/** SQLite: the triggers that append each change of an entry to the tallies' log. */
const sqliteTallyTriggers = (log: LogShape, hires: boolean) => `
  CREATE TRIGGER candidate_index_added AFTER INSERT ON candidate_index BEGIN
    INSERT INTO candidate_tally_log (${log.columns}) VALUES ${log.row('NEW', 1)};
  END;
  CREATE TRIGGER candidate_index_removed AFTER DELETE ON candidate_index BEGIN
    INSERT INTO candidate_tally_log (${log.columns}) VALUES ${log.row('OLD', -1)};
  END;
  CREATE TRIGGER candidate_index_changed AFTER UPDATE ON candidate_index WHEN ${tallyChanged('IS NOT', hires)} BEGIN
    INSERT INTO candidate_tally_log (${log.columns}) VALUES ${log.row('OLD', -1)}, ${log.row('NEW', 1)};
  END;`

/** PostgreSQL: one trigger function for the tallies' log and the status history (`create`: CREATE, or CREATE OR REPLACE to change it). */
const postgresTallyFunction = (log: LogShape, create: 'CREATE' | 'CREATE OR REPLACE') => `
  ${create} FUNCTION candidate_index_tally() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      INSERT INTO candidate_tally_log (${log.columns}) VALUES ${log.row('OLD', -1)};
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      INSERT INTO candidate_tally_log (${log.columns}) VALUES ${log.row('NEW', 1)};
    END IF;
    IF TG_OP = 'UPDATE' AND OLD.status IS DISTINCT FROM NEW.status THEN
      INSERT INTO candidate_status_history (${HISTORY_COLUMNS}) VALUES (NEW.id, NEW.vacancy_id, OLD.status, NEW.status, NEW.last_action, NEW.seen_at);
    END IF;
    RETURN NULL;
  END $fn$;`
const postgresChangedTrigger = (hires: boolean) => `
  CREATE TRIGGER candidate_index_changed AFTER UPDATE ON candidate_index FOR EACH ROW WHEN (${tallyChanged('IS DISTINCT FROM', hires)})
    EXECUTE FUNCTION candidate_index_tally();`

const HIRES_TALLY = (engine: Engine) => `
  ALTER TABLE candidate_tally_log ADD COLUMN hire_month TEXT;
  CREATE TABLE candidate_tally_hires (hire_month TEXT NOT NULL, created_month TEXT NOT NULL, vacancy_id BIGINT NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (hire_month, created_month, vacancy_id));
  INSERT INTO candidate_tally_hires (hire_month, created_month, vacancy_id, n)
    SELECT ${hireMonth('c', engine)}, substr(c.created_day, 1, 7), COALESCE(c.vacancy_id, 0), COUNT(*) FROM candidate_index c WHERE c.status = 'contratado' GROUP BY 1, 2, 3;`

/** The fourth migration: hires per month counted as they change, not read from the rows (which grow with the base). */
const HIRES_TALLY_MIGRATION: Migration = {
  sqlite: `${HIRES_TALLY('sqlite')}
    DROP TRIGGER candidate_index_added;
    DROP TRIGGER candidate_index_removed;
    DROP TRIGGER candidate_index_changed;
    ${sqliteTallyTriggers(logWithHires('sqlite'), true)}`,
  postgres: `${HIRES_TALLY('postgres')}
    ${postgresTallyFunction(logWithHires('postgres'), 'CREATE OR REPLACE')}
    DROP TRIGGER candidate_index_changed ON candidate_index;
    ${postgresChangedTrigger(true)}`,
}

/**
 * Whether the entry `c` shares an e-mail or a WhatsApp with another entry anywhere in the index
 * ("possível duplicado"): kept in `candidate_record.shares_contact` as writes happen (store.ts,
 * markShared), so a page reads it with its records.
 */
export const SHARES_CONTACT = `CASE WHEN (c.email_key <> '' AND EXISTS (SELECT 1 FROM candidate_index o WHERE o.email_key = c.email_key AND o.id <> c.id))
  OR (c.phone_key <> '' AND EXISTS (SELECT 1 FROM candidate_index o WHERE o.phone_key = c.phone_key AND o.id <> c.id)) THEN 1 ELSE 0 END`

export const CANDIDATE_INDEX_MIGRATIONS: Migration[] = [
  // The first shape, as written then (migrations are appended, never edited); the third replaces it.
  {
    sqlite: `CREATE TABLE IF NOT EXISTS ${FIRST_TABLE.replace('{id}', 'INTEGER PRIMARY KEY')};
      CREATE VIRTUAL TABLE IF NOT EXISTS candidate_search USING fts5(search, company, phone_digits, tokenize = 'trigram');
      ${orderIndexes('')}`,
    postgres: `CREATE TABLE IF NOT EXISTS ${FIRST_TABLE.replace('{id}', 'BIGINT PRIMARY KEY')};
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX IF NOT EXISTS candidate_index_search ON candidate_index USING gin (search gin_trgm_ops);
      CREATE INDEX IF NOT EXISTS candidate_index_company ON candidate_index USING gin (company gin_trgm_ops);
      CREATE INDEX IF NOT EXISTS candidate_index_phone_digits ON candidate_index USING gin (phone_digits gin_trgm_ops);
      ${orderIndexes(' COLLATE "C"')}`,
  },
  // The records apart from their keys, the windows read, and the version.
  `CREATE TABLE IF NOT EXISTS candidate_record (id BIGINT PRIMARY KEY, record TEXT NOT NULL);
   CREATE TABLE IF NOT EXISTS candidate_index_windows (start_day TEXT PRIMARY KEY, end_day TEXT NOT NULL, total BIGINT NOT NULL, read_at BIGINT NOT NULL);
   CREATE TABLE IF NOT EXISTS candidate_index_version (id INTEGER PRIMARY KEY, version BIGINT NOT NULL);
   INSERT INTO candidate_index_version (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;`,
  // The second shape: origins and a record's hash among the keys, companies per vacancy, tallies
  // and the status history kept by triggers. The index is read again from the legacy (its windows
  // are forgotten); until it is complete, lists read the legacy as before.
  {
    sqlite: `DROP TABLE IF EXISTS candidate_search;
      DROP TABLE IF EXISTS candidate_index;
      CREATE TABLE ${TABLE.replace('{id}', 'INTEGER PRIMARY KEY')};
      ${orderIndexes('')}
      ${HIRES_INDEX}
      CREATE VIRTUAL TABLE candidate_search USING fts5(search, phone_digits, tokenize = 'trigram');
      CREATE TABLE candidate_tally_log (id INTEGER PRIMARY KEY, created_day TEXT NOT NULL, vacancy_id BIGINT NOT NULL, status TEXT NOT NULL, origin TEXT NOT NULL, n BIGINT NOT NULL);
      CREATE TABLE candidate_status_history (${HISTORY.replace('{id}', 'INTEGER PRIMARY KEY')});
      ${TALLIES}
      ${sqliteTallyTriggers(FIRST_LOG, false)}
      CREATE TRIGGER candidate_index_status_history AFTER UPDATE OF status ON candidate_index WHEN OLD.status IS NOT NEW.status BEGIN
        INSERT INTO candidate_status_history (${HISTORY_COLUMNS}) VALUES (NEW.id, NEW.vacancy_id, OLD.status, NEW.status, NEW.last_action, NEW.seen_at);
      END;`,
    postgres: `DROP TABLE IF EXISTS candidate_index CASCADE;
      CREATE TABLE ${TABLE.replace('{id}', 'BIGINT PRIMARY KEY')};
      ${orderIndexes(' COLLATE "C"')}
      ${HIRES_INDEX}
      CREATE INDEX candidate_index_search ON candidate_index USING gin (search gin_trgm_ops);
      CREATE INDEX candidate_index_phone_digits ON candidate_index USING gin (phone_digits gin_trgm_ops);
      CREATE TABLE candidate_tally_log (id BIGSERIAL PRIMARY KEY, created_day TEXT NOT NULL, vacancy_id BIGINT NOT NULL, status TEXT NOT NULL, origin TEXT NOT NULL, n BIGINT NOT NULL);
      CREATE TABLE candidate_status_history (${HISTORY.replace('{id}', 'BIGSERIAL PRIMARY KEY')});
      ${TALLIES}
      ${postgresTallyFunction(FIRST_LOG, 'CREATE')}
      CREATE TRIGGER candidate_index_added_removed AFTER INSERT OR DELETE ON candidate_index FOR EACH ROW EXECUTE FUNCTION candidate_index_tally();
      ${postgresChangedTrigger(false)}`,
  },
  HIRES_TALLY_MIGRATION,
  // SQLite: a search walks a list in last-action order checking each entry's search keys; from
  // these indexes it reads them next to each other, not one table row per entry spread over the
  // file (a walk's cost 2–6× less at a million candidates). PostgreSQL's, within a vacancy, is further down.
  {
    sqlite: `CREATE INDEX candidate_index_vacancy_walk ON candidate_index (vacancy_id, last_action, id, search, phone_digits);
      CREATE INDEX candidate_index_last_walk ON candidate_index (last_action, id, search, phone_digits, vacancy_id);`,
    postgres: 'SELECT 1',
  },
  // SQLite: a search of 4+ digits (a WhatsApp, an e-mail's digits) is found from the suffixes of each
  // record's digits (store.ts, digitKeysOf), each a word of an FTS5 table asked by prefix — a few
  // words whatever the base's size — where the trigram table reads whole posting lists of digit
  // trigrams (each in one record in twenty). FTS5, not a B-tree of the suffixes: it takes eleven
  // words a record in sorted segments, where a B-tree's random inserts rewrote a page each.
  // Records indexed before it are added in the background (fillDigits); until then such a search
  // asks the trigram table. PostgreSQL's came later, as a B-tree of the same keys (below): the same
  // words as a tsvector asked by prefix from GIN were tried first, and saved about a fifth of a
  // six-digit search's server time at a million candidates, when most of what grew was the page's
  // records (docs/performance.md).
  {
    sqlite: DIGITS_TABLE,
    postgres: 'SELECT 1',
  },
  // SQLite: the month's hires per vacancy (the dashboard) read from one index in the order they are
  // summed — about 1,200 tally rows at a million candidates, each otherwise a lookup in the table
  // (1.4 → 0.6 ms, measured). PostgreSQL's plan is its own.
  {
    sqlite: 'CREATE INDEX IF NOT EXISTS candidate_tally_hires_vacancy ON candidate_tally_hires (hire_month, vacancy_id, created_month, n);',
    postgres: 'SELECT 1',
  },
  // PostgreSQL: a search within a vacancy walks its list in last-action order reading each entry's
  // search keys. Its planner costed that walk from the vacancy's index (then a table row per entry)
  // and from the whole base's last-action index about the same, and took the second: at a million
  // candidates 85,000 entries read for one vacancy's first 1,224 (38 ms; 4.7 ms from the vacancy's
  // index). This index holds the keys, so the walk reads nothing else (0.6 ms) and is the one chosen.
  {
    sqlite: 'SELECT 1',
    postgres: `CREATE INDEX IF NOT EXISTS candidate_index_vacancy_walk ON candidate_index (vacancy_id, last_action, id) INCLUDE (search, phone_digits);
      DROP INDEX IF EXISTS candidate_index_vacancy;`,
  },
  // PostgreSQL: a page walked from an index alone visits the table for every entry on a page
  // written since the last VACUUM (the visibility map). By default autovacuum comes after a fifth
  // of the rows changed, 200,000 writes at a million: the pages the day's writes touched would
  // be read twice until then. Here it comes after one in two hundred (5,000 at a million), and
  // visits only the pages written since.
  {
    sqlite: 'SELECT 1',
    postgres: 'ALTER TABLE candidate_index SET (autovacuum_vacuum_scale_factor = 0.005, autovacuum_vacuum_insert_scale_factor = 0.005)',
  },
  // How many folds added hires to their tally: the only change to it after a build. Each instance
  // keeps a month's hires as read from the tally until this moves (store.ts, hiresByVacancy).
  'ALTER TABLE candidate_index_version ADD COLUMN hires_folds BIGINT NOT NULL DEFAULT 0',
  // PostgreSQL: a page's records and whether each shares an e-mail or a WhatsApp with another
  // (store.ts, recordsOf) from indexes alone: each record's keys by its id, and each key's ids. The
  // table was read for each record three times (its keys, then each key's holders, to leave the
  // record itself out); at a million candidates, PostgreSQL's CPU per click 1.8 → 1.3 ms and per
  // search 2.9 → 1.9 ms, for 75 MB more (docs/performance.md). SQLite's indexes hold the rowid already.
  {
    sqlite: 'SELECT 1',
    postgres: `CREATE INDEX IF NOT EXISTS candidate_index_keys ON candidate_index (id) INCLUDE (email_key, phone_key);
      CREATE INDEX IF NOT EXISTS candidate_index_email_id ON candidate_index (email_key, id);
      CREATE INDEX IF NOT EXISTS candidate_index_phone_id ON candidate_index (phone_key, id);
      DROP INDEX IF EXISTS candidate_index_email;
      DROP INDEX IF EXISTS candidate_index_phone;`,
  },
  // Whether each record shares an e-mail or a WhatsApp with another, kept with the record as writes
  // happen, not looked up for each record a page shows: at a million candidates those two lookups
  // per record were two thirds of a page's records read (1.2 → 0.3 ms, and 0.5 → 0.2 ms at ten
  // thousand: their indexes outgrow the processor's caches). Filled here once for what is indexed,
  // from the contacts held more than once (2.4 s at a million on PostgreSQL; asked record by record,
  // 11 s, past the time a plugin has to start).
  `ALTER TABLE candidate_record ADD COLUMN shares_contact INTEGER NOT NULL DEFAULT 0;
   UPDATE candidate_record SET shares_contact = 1 WHERE id IN (
     SELECT id FROM candidate_index WHERE email_key IN (SELECT email_key FROM candidate_index WHERE email_key <> '' GROUP BY email_key HAVING COUNT(*) > 1)
     UNION SELECT id FROM candidate_index WHERE phone_key IN (SELECT phone_key FROM candidate_index WHERE phone_key <> '' GROUP BY phone_key HAVING COUNT(*) > 1));`,
  // PostgreSQL: a search of digits alone (a WhatsApp's, 4 or more) is found from the suffixes of each
  // record's digits, as SQLite's is (digitKeysOf in store.ts; this function gives the same keys),
  // here rows of a B-tree asked by a range of keys: a few rows whatever the base's size, where the
  // trigram index read posting lists that grow with it (six digits at a million: 2–3.5 ms of
  // server time, against 0.05 ms; docs/decisions/postgresql-finds-digits-by-their-suffixes.md).
  // Triggers keep the keys with the entries (the entries a statement adds, at once: less than half
  // of a trigger per row, in a build); those indexed before are added in the background
  // (fillDigits), and until then such a search asks the trigram index.
  {
    sqlite: 'SELECT 1',
    postgres: `CREATE FUNCTION candidate_digit_keys_of(search TEXT, phone_digits TEXT) RETURNS TEXT[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
        SELECT COALESCE(array_agg(DISTINCT substr(d, g, ${DIGITS_KEPT})), '{}')
        FROM (SELECT DISTINCT regexp_replace(line, '[^0-9]', '', 'g') AS d FROM unnest(string_to_array(search, E'\\n') || phone_digits) AS line) lines,
          generate_series(1, length(d) - ${DIGITS_MIN - 1}) AS g
      $fn$;
      CREATE TABLE candidate_digit_keys (key TEXT COLLATE "C" NOT NULL, id BIGINT NOT NULL, PRIMARY KEY (key, id));
      ALTER TABLE candidate_digit_keys SET (autovacuum_vacuum_scale_factor = 0.005, autovacuum_vacuum_insert_scale_factor = 0.005);
      CREATE FUNCTION candidate_digit_keys_added() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        INSERT INTO candidate_digit_keys (key, id) SELECT unnest(candidate_digit_keys_of(search, phone_digits)), id FROM candidate_index_added ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $fn$;
      CREATE FUNCTION candidate_digit_keys_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        DELETE FROM candidate_digit_keys WHERE key = ANY (candidate_digit_keys_of(OLD.search, OLD.phone_digits)) AND id = OLD.id;
        IF TG_OP = 'UPDATE' THEN
          INSERT INTO candidate_digit_keys (key, id) SELECT unnest(candidate_digit_keys_of(NEW.search, NEW.phone_digits)), NEW.id ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END $fn$;
      CREATE TRIGGER candidate_index_digit_keys_added AFTER INSERT ON candidate_index REFERENCING NEW TABLE AS candidate_index_added
        FOR EACH STATEMENT EXECUTE FUNCTION candidate_digit_keys_added();
      CREATE TRIGGER candidate_index_digit_keys_removed AFTER DELETE ON candidate_index FOR EACH ROW EXECUTE FUNCTION candidate_digit_keys_changed();
      CREATE TRIGGER candidate_index_digit_keys_changed AFTER UPDATE OF search, phone_digits ON candidate_index FOR EACH ROW
        WHEN (OLD.search IS DISTINCT FROM NEW.search OR OLD.phone_digits IS DISTINCT FROM NEW.phone_digits) EXECUTE FUNCTION candidate_digit_keys_changed();`,
  },
  // A range of registration days is read day by day from the days' index (store.ts, mergedDays).
  // That index held each day's rows in last-action order and nothing else: a search there, or a
  // status on SQLite, read a table row for every entry it checked, spread over the file. This one,
  // in the same order, holds what they check, and replaces it. On SQLite a status has its own
  // (each day's rows of one status, in that order), as a vacancy does. At a million candidates,
  // the registration-days mix at 10 connections: SQLite 225 → 530 req/s (p50 43 → 17 ms); a name
  // over some days on PostgreSQL (read by moments then) 144 → 168 req/s (p99 335 → 181 ms); for
  // 134 MB (SQLite) and 95 MB (PostgreSQL) more (docs/decisions/a-range-of-days-is-read-day-by-day.md).
  // The indexes a migration adds are counted for SQLite's planner at once, not at the next build.
  {
    sqlite: `CREATE INDEX IF NOT EXISTS candidate_index_days_walk ON candidate_index (created_day, last_action, id, status, search, phone_digits, vacancy_id);
      CREATE INDEX IF NOT EXISTS candidate_index_day_status ON candidate_index (created_day, status, last_action, id);
      DROP INDEX IF EXISTS candidate_index_created;
      ANALYZE candidate_index_days_walk;
      ANALYZE candidate_index_day_status;`,
    postgres: `CREATE INDEX IF NOT EXISTS candidate_index_days_walk ON candidate_index (created_day, last_action, id) INCLUDE (status, search, phone_digits, vacancy_id);
      DROP INDEX IF EXISTS candidate_index_created;`,
  },
  // Some days in name, city or state order: SQLite walks that order's index and checks each row's
  // day (store.ts, walkTheOrder). The index held no day, so each row walked read its table row:
  // a past week's page at a million took 2–9 ms. These hold it, and replace those: 0.1 ms.
  // PostgreSQL plans that page for its values from its own statistics, not by this walk.
  {
    sqlite: `CREATE INDEX IF NOT EXISTS candidate_index_name_days ON candidate_index (name_key, id, created_day);
      CREATE INDEX IF NOT EXISTS candidate_index_city_days ON candidate_index (city_key, id, created_day);
      CREATE INDEX IF NOT EXISTS candidate_index_state_days ON candidate_index (state_key, id, created_day);
      DROP INDEX IF EXISTS candidate_index_name;
      DROP INDEX IF EXISTS candidate_index_city;
      DROP INDEX IF EXISTS candidate_index_state;
      ANALYZE candidate_index_name_days;
      ANALYZE candidate_index_city_days;
      ANALYZE candidate_index_state_days;`,
    postgres: '',
  },
]

/** Counts a fold that added hires to their tally (the instances' kept reads of it are then read again). */
export const COUNT_HIRES_FOLD = 'UPDATE candidate_index_version SET hires_folds = hires_folds + 1 WHERE id = 1'

/**
 * Folds the tallies' log into the tallies, in one transaction. On PostgreSQL one statement deletes
 * exactly the rows it adds up (a row a concurrent write appends meanwhile waits for the next fold)
 * and answers how many of them were hires; on SQLite the hires' statement changes as many rows
 * as the hires it adds.
 */
export const FOLD_TALLIES = {
  sqlite: {
    tallies: [
      `INSERT INTO candidate_tally_day (created_day, status, n) SELECT created_day, status, SUM(n) FROM candidate_tally_log WHERE id <= ? GROUP BY created_day, status
     ON CONFLICT (created_day, status) DO UPDATE SET n = candidate_tally_day.n + excluded.n`,
      `INSERT INTO candidate_tally_origin (created_day, origin, n) SELECT created_day, origin, SUM(n) FROM candidate_tally_log WHERE id <= ? GROUP BY created_day, origin
     ON CONFLICT (created_day, origin) DO UPDATE SET n = candidate_tally_origin.n + excluded.n`,
      `INSERT INTO candidate_tally_vacancy (vacancy_id, status, n) SELECT vacancy_id, status, SUM(n) FROM candidate_tally_log WHERE id <= ? GROUP BY vacancy_id, status
     ON CONFLICT (vacancy_id, status) DO UPDATE SET n = candidate_tally_vacancy.n + excluded.n`,
    ],
    hires: `INSERT INTO candidate_tally_hires (hire_month, created_month, vacancy_id, n)
     SELECT hire_month, substr(created_day, 1, 7), vacancy_id, SUM(n) FROM candidate_tally_log WHERE id <= ? AND hire_month IS NOT NULL GROUP BY hire_month, substr(created_day, 1, 7), vacancy_id
     ON CONFLICT (hire_month, created_month, vacancy_id) DO UPDATE SET n = candidate_tally_hires.n + excluded.n`,
    forget: 'DELETE FROM candidate_tally_log WHERE id <= ?',
  },
  postgres: `WITH moved AS (DELETE FROM candidate_tally_log RETURNING created_day, vacancy_id, status, origin, hire_month, n),
     hires AS (INSERT INTO candidate_tally_hires (hire_month, created_month, vacancy_id, n)
       SELECT hire_month, substr(created_day, 1, 7), vacancy_id, SUM(n) FROM moved WHERE hire_month IS NOT NULL GROUP BY hire_month, substr(created_day, 1, 7), vacancy_id
       ON CONFLICT (hire_month, created_month, vacancy_id) DO UPDATE SET n = candidate_tally_hires.n + excluded.n),
     days AS (INSERT INTO candidate_tally_day (created_day, status, n) SELECT created_day, status, SUM(n) FROM moved GROUP BY created_day, status
       ON CONFLICT (created_day, status) DO UPDATE SET n = candidate_tally_day.n + excluded.n),
     origins AS (INSERT INTO candidate_tally_origin (created_day, origin, n) SELECT created_day, origin, SUM(n) FROM moved GROUP BY created_day, origin
       ON CONFLICT (created_day, origin) DO UPDATE SET n = candidate_tally_origin.n + excluded.n),
     vacancies AS (INSERT INTO candidate_tally_vacancy (vacancy_id, status, n) SELECT vacancy_id, status, SUM(n) FROM moved GROUP BY vacancy_id, status
       ON CONFLICT (vacancy_id, status) DO UPDATE SET n = candidate_tally_vacancy.n + excluded.n)
     SELECT COUNT(*) AS hires FROM moved WHERE hire_month IS NOT NULL`,
} as const
