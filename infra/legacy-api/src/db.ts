import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { DatabaseSync } from 'node:sqlite'

/**
 * The stand-in's SQLite schema: Laravel-style tables (users, personal_access_tokens,
 * job_postings, candidates). `search_text` and `company_search` hold accent- and case-folded
 * copies for searching, as MySQL's *_unicode_ci collation would behave in the real backend.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  role TEXT NOT NULL CHECK (role IN ('admin', 'company')),
  cnpj TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created_at TEXT,
  updated_at TEXT
);
CREATE TABLE IF NOT EXISTS personal_access_tokens (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT
);
CREATE TABLE IF NOT EXISTS job_postings (
  id INTEGER PRIMARY KEY,
  recrutador TEXT,
  description TEXT,
  company_name TEXT,
  cnpj TEXT,
  city TEXT,
  bairro TEXT,
  estado TEXT,
  requirements TEXT NOT NULL DEFAULT '[]',
  benefits TEXT NOT NULL DEFAULT '[]',
  criterios TEXT NOT NULL DEFAULT '[]',
  obs TEXT,
  vagas_abertas INTEGER,
  vagas_preenchidas INTEGER,
  status TEXT,
  redes_sociais TEXT,
  company_search TEXT NOT NULL DEFAULT '',
  created_at TEXT,
  updated_at TEXT
);
CREATE TABLE IF NOT EXISTS candidates (
  id INTEGER PRIMARY KEY,
  full_name TEXT,
  age INTEGER,
  genero TEXT,
  is_pcd INTEGER,
  email TEXT,
  whatsapp TEXT,
  address_street TEXT,
  address_neighborhood TEXT,
  address_city TEXT,
  address_state TEXT,
  cep TEXT,
  education TEXT,
  curso TEXT,
  experience_1 TEXT,
  experience_2 TEXT,
  experience_3 TEXT,
  veiopor TEXT,
  status TEXT,
  obs TEXT,
  job_posting_id INTEGER REFERENCES job_postings(id),
  search_text TEXT NOT NULL DEFAULT '',
  created_at TEXT,
  updated_at TEXT
);
`

const INDEXES = `
CREATE INDEX IF NOT EXISTS candidates_created ON candidates (created_at, id);
CREATE INDEX IF NOT EXISTS candidates_job ON candidates (job_posting_id, created_at);
CREATE INDEX IF NOT EXISTS candidates_status ON candidates (status, created_at);
CREATE INDEX IF NOT EXISTS tokens_user ON personal_access_tokens (user_id);
`

export function openDatabase(file: string): DatabaseSync {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const db = new DatabaseSync(file)
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;')
  migrate(db)
  return db
}

export function migrate(db: DatabaseSync): void {
  db.exec(SCHEMA)
  db.exec(INDEXES)
}

export function dropIndexes(db: DatabaseSync): void {
  for (const name of ['candidates_created', 'candidates_job', 'candidates_status']) db.exec(`DROP INDEX IF EXISTS ${name}`)
}

export function createIndexes(db: DatabaseSync): void {
  db.exec(INDEXES)
  db.exec('ANALYZE')
}

/** Runs fn inside one transaction, rolling back on error. */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec('BEGIN')
  try {
    const result = fn()
    db.exec('COMMIT')
    return result
  } catch (error) {
    db.exec('ROLLBACK')
    throw error
  }
}

/** Laravel serialises timestamps as ISO 8601 with microseconds: 2026-11-22T13:45:00.000000Z. */
export function timestamp(date: Date = new Date()): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z')
}
