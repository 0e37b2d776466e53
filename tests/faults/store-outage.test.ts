import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startPostgres, type TestPostgres } from '../../bff/src/testing-postgres.ts'
import { faultBed, login, smallDisk, startLegacy, until, type Bff, type Legacy } from './harness.ts'

// SECURITY.md 34 and what a store outage looks like from outside (real processes, real faults):
// a write either lands in the legacy and in the audit trail, or is refused before the legacy is
// touched (503 naming the store); while PostgreSQL is stopped or frozen, store-backed routes answer
// 503 in Portuguese and /readyz answers within its 2 s deadline, naming the store.
let legacy: Legacy
let postgres: TestPostgres
const bed = faultBed({ legacy: () => legacy, postgres: () => postgres })
beforeAll(async () => {
  legacy = await startLegacy({}, 60)
  postgres = await startPostgres()
}, 120_000)
afterEach(() => bed.killAll())
afterAll(async () => {
  await legacy?.stop()
  await postgres?.stop()
  bed.removeScratch()
})

const unsafe = (bff: Bff, cookie: string) => ({ 'x-csrf': '1', origin: bff.url, 'content-type': 'application/json', cookie })
const STORE_DOWN = /banco de dados do Mini Vagas está indisponível/

/** Status, note and edit of one candidate, as staff would send them; each answer's status. */
async function writesTo(bff: Bff, cookie: string, id: number, round: number) {
  const put = (path: string, body: unknown) => fetch(`${bff.url}${path}`, { method: 'PUT', headers: unsafe(bff, cookie), body: JSON.stringify(body) })
  const answers = [
    await put(`/bff/candidates/${id}/status`, { status: round % 2 ? 'triado' : 'aprovado' }),
    await put(`/bff/candidates/${id}/note`, { obs: `Nota ${round}` }),
    await put(`/bff/candidates/${id}`, { curso: `Curso ${round}` }),
  ]
  const out: { status: number; message: string }[] = []
  for (const a of answers) out.push({ status: a.status, message: a.status === 200 ? '' : (((await a.json()) as { message: string }).message ?? '') })
  return out
}

/** The audit events about each candidate, read from the store file itself. */
function auditedWrites(storeFile: string): Map<number, number> {
  const db = new DatabaseSync(storeFile, { readOnly: true })
  try {
    const rows = db.prepare("SELECT subject, COUNT(*) AS n FROM audit_events WHERE subject LIKE 'candidato:%' GROUP BY subject").all() as { subject: string; n: number }[]
    return new Map(rows.map((r) => [Number(r.subject.split(':')[1]), Number(r.n)]))
  } finally {
    db.close()
  }
}

describe('a write lands in the legacy and the audit trail, or is refused before the legacy is touched', () => {
  it('with the store’s disk full: every answer is 200 or 503, and matches what the legacy and the trail hold', async (context) => {
    const disk = smallDisk(bed.dir())
    if (!disk) return context.skip()
    const storeFile = join(disk.path, 'bff.sqlite')
    try {
      const bff = await bed.bff(storeFile)
      const cookie = await login(bff)
      await legacy.clearLog()
      disk.fill()
      const ids = Array.from({ length: 19 }, (_, i) => i + 1)
      const answered = new Map<number, { status: number; message: string }[]>()
      for (const [round, id] of ids.entries()) answered.set(id, await writesTo(bff, cookie, id, round))
      disk.free()
      expect(bff.alive()).toBe(true)

      const landed = await legacy.statusWrites()
      const audited = auditedWrites(storeFile)
      const all = [...answered.values()].flat()
      // Nothing else: no 500, no "try again" for something that happened.
      expect(all.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([])
      for (const a of all.filter((x) => x.status === 503)) expect(a.message).toMatch(STORE_DOWN)
      for (const id of ids) {
        const ok = answered.get(id)!.filter((a) => a.status === 200).length
        // Each write that answered 200 is one update in the legacy; each 503 is none.
        expect(landed.get(id) ?? 0, `candidate ${id}: legacy updates vs answers ${JSON.stringify(answered.get(id))}`).toBe(ok)
        // The trail has every write that landed (recorded before it ran).
        expect(audited.get(id) ?? 0, `candidate ${id}: audit events`).toBeGreaterThanOrEqual(ok)
      }
      // The disk was full: the store refused, so the legacy was not written at all here.
      expect(all.filter((a) => a.status === 503).length).toBeGreaterThan(0)
    } finally {
      await bed.killAll()
      disk.unmount()
    }
  }, 180_000)
})

describe('while PostgreSQL is down', () => {
  it('stopped, then frozen: store-backed routes answer 503 naming the store, /readyz answers within its deadline, writes never reach the legacy', async () => {
    const url = await postgres.createDatabase()
    const bff = await bed.bff(':memory:', { DATABASE_URL: url, LEGACY_TIMEOUT_MS: '3000' })
    const cookie = await login(bff)
    const runView = () => fetch(`${bff.url}/bff/screening/runs/00000000-0000-4000-8000-000000000001`, { headers: { cookie } })
    expect((await runView()).status).toBe(404)
    const timedReady = async () => {
      const started = performance.now()
      const answer = await fetch(`${bff.url}/readyz`)
      return { ms: performance.now() - started, status: answer.status, body: (await answer.json()) as { checks: { store: string } } }
    }
    for (const fault of ['stopped', 'frozen'] as const) {
      await legacy.clearLog()
      if (fault === 'stopped') postgres.halt()
      else postgres.freeze()
      try {
        // The session check asks the store too: every store-backed answer is a 503 that says so.
        const view = await runView()
        expect(view.status, fault).toBe(503)
        expect(((await view.json()) as { message: string }).message).toMatch(STORE_DOWN)
        const ready = await timedReady()
        expect(ready.status, fault).toBe(503)
        expect(ready.body.checks.store, fault).not.toBe('ok')
        // Readiness has a 2 s deadline; the rest is this machine's scheduling, generously allowed for.
        expect(ready.ms, fault).toBeLessThan(4500)
        const write = await fetch(`${bff.url}/bff/candidates/3/status`, { method: 'PUT', headers: unsafe(bff, cookie), body: JSON.stringify({ status: 'triado' }) })
        expect(write.status, fault).toBe(503)
        expect((await legacy.statusWrites()).size, `${fault}: nothing written to the legacy`).toBe(0)
        expect(bff.alive()).toBe(true)
      } finally {
        if (fault === 'stopped') postgres.start()
        else postgres.thaw()
      }
      // Back: ready again, and the same routes answer as before.
      await until('ready again', async () => (await fetch(`${bff.url}/readyz`)).status === 200, 30_000)
      await until('store-backed routes again', async () => (await runView()).status === 404, 30_000)
    }
  }, 180_000)
})
