import { createHash } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'
import { CANDIDATE_STATUSES } from '@mini-vagas/shared/constants/candidate-statuses'
import { VACANCY_STATUSES } from '@mini-vagas/shared/constants/vacancy'
import { EDUCATION_EDIT, VEIOPOR_APPLY, VEIOPOR_EDIT } from '@mini-vagas/shared/constants/option-lists'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../db.ts'
import { verifyPassword } from '../passwords.ts'
import { RECRUITERS } from './reference-data.ts'
import { seedDatabase } from './seed.ts'

const now = new Date('2026-11-22T12:00:00-03:00')

function seeded(candidates: number, seed = 42) {
  const db = openDatabase(':memory:')
  const summary = seedDatabase(db, { candidates, seed, now })
  return { db, summary }
}

const values = (db: DatabaseSync, sql: string) => new Set((db.prepare(sql).all() as Record<string, unknown>[]).map((r) => Object.values(r)[0]))

function fingerprint(db: DatabaseSync): string {
  const hash = createHash('sha256')
  for (const table of ['job_postings', 'candidates']) {
    for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY id`).iterate()) hash.update(JSON.stringify(row))
  }
  return hash.digest('hex')
}

describe('seedDatabase', () => {
  it('is deterministic: the same options give the same rows, another seed other rows', () => {
    expect(fingerprint(seeded(400).db)).toBe(fingerprint(seeded(400).db))
    expect(fingerprint(seeded(400, 43).db)).not.toBe(fingerprint(seeded(400).db))
  })

  const { db, summary } = seeded(3000)

  it('creates the demo accounts with their passwords', () => {
    const users = db.prepare('SELECT role, cnpj, password_hash FROM users ORDER BY id').all() as { role: string; cnpj: string; password_hash: string }[]
    expect(users.map((u) => [u.role, u.cnpj])).toEqual([
      ['admin', '11222333000181'],
      ['company', '45723618000118'],
      ['company', '07654012000189'],
    ])
    expect(verifyPassword('demo-admin-2026', users[0]!.password_hash)).toBe(true)
    expect(verifyPassword('demo-empresa-b', users[2]!.password_hash)).toBe(true)
  })
  it('gives each demo company vacancies of its own, in both visibilities', () => {
    for (const cnpj of ['45723618000118', '07654012000189']) {
      const rows = db.prepare('SELECT obs FROM job_postings WHERE cnpj = ?').all(cnpj) as { obs: string }[]
      expect(rows.length).toBeGreaterThan(1)
    }
    expect(values(db, 'SELECT DISTINCT obs FROM job_postings')).toEqual(new Set(['mostrar', 'nao mostrar']))
  })
  it('covers every candidate status, the empty readings, and every vacancy status', () => {
    const statuses = values(db, 'SELECT DISTINCT status FROM candidates')
    for (const s of [...CANDIDATE_STATUSES, 'pendente', null]) expect(statuses).toContain(s)
    expect(values(db, 'SELECT DISTINCT status FROM job_postings')).toEqual(new Set(VACANCY_STATUSES))
  })
  it('uses both estado spellings, seven recruiters, and CE and RN cities (and some elsewhere)', () => {
    const estados = values(db, 'SELECT DISTINCT estado FROM job_postings')
    for (const e of ['ceara', 'CE', 'rio_grande_do_norte', 'RN']) expect(estados).toContain(e)
    expect(values(db, 'SELECT DISTINCT recrutador FROM job_postings')).toEqual(new Set(RECRUITERS))
    const cities = values(db, 'SELECT DISTINCT address_city FROM candidates')
    for (const c of ['Fortaleza', 'Natal', 'Mossoró', 'Recife']) expect(cities).toContain(c)
  })
  it('uses both readings of the option lists', () => {
    const veiopor = values(db, 'SELECT DISTINCT veiopor FROM candidates')
    for (const o of [...VEIOPOR_APPLY, ...VEIOPOR_EDIT]) expect(veiopor).toContain(o.value)
    const generos = values(db, 'SELECT DISTINCT genero FROM candidates')
    for (const g of ['masculino', 'feminino', 'outro', 'prefiro nao informar']) expect(generos).toContain(g)
    const education = values(db, 'SELECT DISTINCT education FROM candidates')
    for (const e of EDUCATION_EDIT) expect(education).toContain(e.value)
  })
  it('spreads dates over the 12 months before now, ids in creation order', () => {
    const { first, last } = db.prepare('SELECT MIN(created_at) AS first, MAX(updated_at) AS last FROM candidates').get() as { first: string; last: string }
    expect(new Date(first).getTime()).toBeGreaterThanOrEqual(now.getTime() - 366 * 86_400_000)
    expect(new Date(first).getTime()).toBeLessThan(now.getTime() - 300 * 86_400_000)
    expect(new Date(last).getTime()).toBeLessThanOrEqual(now.getTime())
    const ordered = db.prepare('SELECT COUNT(*) AS n FROM candidates a JOIN candidates b ON b.id = a.id + 1 WHERE b.created_at < a.created_at').get() as { n: number }
    expect(ordered.n).toBe(0)
  })
  it('puts 5% of candidates on the largest vacancy', () => {
    const { n } = db.prepare('SELECT COUNT(*) AS n FROM candidates WHERE job_posting_id = ?').get(summary.largestVacancyId) as { n: number }
    expect(n / 3000).toBeGreaterThan(0.035)
    expect(n / 3000).toBeLessThan(0.07)
  })
})
