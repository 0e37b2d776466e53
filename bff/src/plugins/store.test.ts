import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createSqliteStore, StoreUnavailableError } from './store.ts'

describe('store migrations (issue 12)', () => {
  it('applies each owner’s migrations once, in order, and later ones on a reopen', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mv-store-'))
    try {
      const file = join(dir, 'bff.sqlite')
      const first = createSqliteStore(file)
      first.migrate('feature', ['CREATE TABLE a (x INTEGER)'])
      first.migrate('feature', ['CREATE TABLE a (x INTEGER)'])
      first.close()
      const again = createSqliteStore(file)
      again.migrate('feature', ['CREATE TABLE a (x INTEGER)', 'ALTER TABLE a ADD COLUMN y TEXT'])
      again.db.prepare('INSERT INTO a (x, y) VALUES (1, ?)').run('ok')
      expect(again.db.prepare('SELECT y FROM a').get()).toEqual({ y: 'ok' })
      expect(again.db.prepare("SELECT COUNT(*) AS n FROM store_migrations WHERE owner = 'feature'").get()).toEqual({ n: 2 })
      again.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('store location and leases (issue 11)', () => {
  it('refuses an unusable STORE_FILE at once, naming it: under a file, under /proc, a directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mv-store-'))
    try {
      writeFileSync(join(dir, 'plain-file'), 'x')
      for (const file of [join(dir, 'plain-file', 'bff.sqlite'), '/proc/self/mini-vagas/bff.sqlite', '/proc/self/bff.sqlite', dir]) {
        const started = Date.now()
        expect(() => createSqliteStore(file), file).toThrow(StoreUnavailableError)
        expect(() => createSqliteStore(file), file).toThrow(`STORE_FILE=${file} cannot be used`)
        expect(Date.now() - started).toBeLessThan(5000)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
  it('gives a lease to one owner at a time across two connections, until it is released or expires', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mv-store-'))
    const a = createSqliteStore(join(dir, 'bff.sqlite'))
    const b = createSqliteStore(join(dir, 'bff.sqlite'))
    try {
      expect(a.takeLease('apply:r1', 'A', 60_000)).toBe(true)
      expect(b.takeLease('apply:r1', 'B', 60_000)).toBe(false)
      expect(b.leaseHeld('apply:r1')).toBe(true)
      expect(a.takeLease('apply:r1', 'A', 60_000)).toBe(true) // renewed by its owner
      a.releaseLease('apply:r1', 'B') // not B's to release
      expect(b.takeLease('apply:r1', 'B', 60_000)).toBe(false)
      a.releaseLease('apply:r1', 'A')
      expect(b.takeLease('apply:r1', 'B', 20)).toBe(true)
      await new Promise((r) => setTimeout(r, 40))
      expect(a.leaseHeld('apply:r1')).toBe(false)
      expect(a.takeLease('apply:r1', 'A', 60_000)).toBe(true) // B's expired
      a.probeWrite()
    } finally {
      a.close()
      b.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
