import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startPostgres, type TestPostgres } from '../../bff/src/testing-postgres.ts'
import {
  applyEnded,
  expectAppliedOnce,
  applyWhenFree,
  bffRefusing,
  ledger,
  login,
  screened,
  faultBed,
  smallDisk,
  startApply,
  startUndo,
  recordsIn,
  startLegacy,
  until,
  view,
  type Bff,
  type Legacy,
  type RunView,
} from './harness.ts'
import { todayDate } from '@mini-vagas/shared/domain/dates'

// The apply's fault suite: the promise "nothing lost, nothing written twice, no crash" tried with
// real faults on real processes — SIGKILL mid-apply, two instances on one store, a store whose
// disk fills up, unusable store paths, a legacy that stalls, fails and resets — and every test
// ends by counting what the stand-in's database holds.
let legacy: Legacy
let vacancyId: number
let postgres: TestPostgres
const bed = faultBed({ legacy: () => legacy, postgres: () => postgres })
const { dir, bff, stores: STORES } = bed

beforeAll(async () => {
  postgres = await startPostgres()
  // Each legacy call takes ~25 ms, as over a network, so an apply lasts long enough to be cut.
  legacy = await startLegacy({ LEGACY_LATENCY_MS: '25' })
  vacancyId = await bed.publicVacancyId()
}, 120_000)
// Each test counts only the writes it caused.
beforeEach(() => legacy.clearLog())
afterEach(async () => {
  await bed.killAll()
  await fetch(`${legacy.url}/__control/faults`, { method: 'DELETE' })
})
afterAll(async () => {
  await legacy?.stop()
  await postgres?.stop()
  bed.removeScratch()
})

/** A global run over the last months: status writes and forwards to the vacancy. */
const GLOBAL = () => ({ mode: 'global', vacancyId, start_date: '2026-07-01', end_date: todayDate() })
const targets = (run: RunView) => run.results.filter((r) => r.outcome === 'triado' || r.outcome === 'revisao')

/** Two instances sharing one new store, signed in on the first, with a screened global run. */
async function twoInstancesAndARun(shared: () => Promise<(env?: Record<string, string>) => Promise<Bff>>, env: Record<string, string> = {}) {
  const instanceOn = await shared()
  const a = await instanceOn(env)
  const b = await instanceOn(env)
  const cookie = await login(a)
  return { instanceOn, a, b, cookie, run: await screened(a, cookie, GLOBAL()) }
}

/** Every write of a finished apply landed exactly once, as the stand-in's database shows. */
const expectExactlyOnce = (run: RunView, final: RunView) => expectAppliedOnce(legacy, vacancyId, run, final)

describe('applying under real faults', () => {
  it.each(Object.entries(STORES))(
    'SIGKILL at random points of an apply, three times (%s): every status, note and forward lands once',
    async (_engine, shared) => {
      const instanceOn = await shared()
      let instance = await instanceOn()
      const cookie = await login(instance)
      const run = await screened(instance, cookie, GLOBAL())
      expect(targets(run).length).toBeGreaterThan(40)
      const kills: (number | string)[] = []
      for (let life = 0; life < 3; life++) {
        await applyWhenFree(instance, cookie, run.run.id)
        const at = 300 + Math.floor(Math.random() * 900)
        kills.push(at)
        await new Promise((r) => setTimeout(r, at))
        const progress = (await view(instance, cookie, run.run.id)).apply!
        kills.push(`${progress.processed}/${progress.total}`)
        await instance.kill()
        instance = await instanceOn()
      }
      console.log(`SIGKILL after (ms, steps done/total): ${kills.join(', ')}`)
      // Each kill fell in the middle of the work, not after it.
      expect(kills.filter((k) => typeof k === 'string' && Number(k.split('/')[0]) < Number(k.split('/')[1])).length).toBeGreaterThanOrEqual(2)
      // The last life finds the dead one's lease, waits it out, and carries on.
      await applyWhenFree(instance, cookie, run.run.id)
      const final = await applyEnded(instance, cookie, run.run.id)
      await expectExactlyOnce(run, final)
    },
    240_000,
  )

  it.each(Object.entries(STORES))(
    'two instances on one store (%s) asked at once: one applies, the other says so, nothing is written twice',
    async (_engine, shared) => {
      const { a, b, cookie, run } = await twoInstancesAndARun(shared)
      const answers = await Promise.all([startApply(a, cookie, run.run.id), startApply(b, cookie, run.run.id)])
      expect(answers.map((x) => x.status).sort()).toEqual([202, 409])
      expect(answers.find((x) => x.status === 409)!.body.message).toBe('Os resultados desta triagem já estão sendo aplicados.')
      // Asked again while it runs, the other instance still refuses; both stay up and agree at the end.
      await new Promise((r) => setTimeout(r, 500))
      const again = await Promise.all([startApply(a, cookie, run.run.id), startApply(b, cookie, run.run.id)])
      expect(again.map((x) => x.status)).toContain(409)
      const final = await applyEnded(a, cookie, run.run.id)
      expect((await view(b, cookie, run.run.id)).apply).toMatchObject({ status: 'applied', updated: final.apply!.updated, sent: final.apply!.sent })
      expect(a.alive() && b.alive()).toBe(true)
      await expectExactlyOnce(run, final)
    },
    180_000,
  )

  it.each(Object.entries(STORES))(
    'an instance SIGKILLed mid-apply (%s): the other one, already running, finishes the job once the lease runs out, each write once',
    async (_engine, shared) => {
      const { a, b, cookie, run } = await twoInstancesAndARun(shared)
      expect((await startApply(a, cookie, run.run.id)).status).toBe(202)
      await new Promise((r) => setTimeout(r, 400 + Math.floor(Math.random() * 600)))
      await a.kill()
      const cut = (await view(b, cookie, run.run.id)).apply!
      console.log(`SIGKILL of one of two instances at ${cut.processed}/${cut.total} steps`)
      // The dead instance's lease (2 s here) is what B waits out; then it carries the run on.
      const asked = Date.now()
      await applyWhenFree(b, cookie, run.run.id)
      expect(Date.now() - asked).toBeLessThan(10_000)
      const final = await applyEnded(b, cookie, run.run.id)
      await expectExactlyOnce(run, final)
    },
    180_000,
  )
  it.each(Object.entries(STORES))(
    'SIGTERM mid-apply (%s): the instance lets its current steps land, gives the run up at once and exits; another carries it on, each write once',
    async (_engine, shared) => {
      // A long lease: the other instance can take the run at once only if the first gives it up.
      const { a, b, cookie, run } = await twoInstancesAndARun(shared, { JOB_LEASE_SECONDS: '60', SHUTDOWN_GRACE_SECONDS: '10' })
      expect((await startApply(a, cookie, run.run.id)).status).toBe(202)
      await new Promise((r) => setTimeout(r, 600))
      const stopping = Date.now()
      const code = await a.service.stop()
      const took = Date.now() - stopping
      console.log(`SIGTERM mid-apply: exit ${code} after ${took} ms`)
      expect(code).toBe(0)
      expect(took).toBeLessThan(10_000)
      const interrupted = (await view(b, cookie, run.run.id)).apply!
      expect(interrupted.status).toBe('interrupted')
      expect(interrupted.processed).toBeLessThan(interrupted.total)
      expect((await startApply(b, cookie, run.run.id)).status).toBe(202)
      const final = await applyEnded(b, cookie, run.run.id)
      await expectExactlyOnce(run, final)
    },
    180_000,
  )

  it.each(Object.entries(STORES))(
    'an undo whose instance is SIGKILLed midway (%s) is carried on by the other one: every record back as it was, each restored with one write',
    async (_engine, shared) => {
      const { a, b, cookie, run } = await twoInstancesAndARun(shared)
      const ids = run.results.map((r) => r.candidateId)
      const before = recordsIn(legacy, ids)
      await applyWhenFree(a, cookie, run.run.id)
      const applied = await applyEnded(a, cookie, run.run.id)
      await expectExactlyOnce(run, applied)
      await legacy.clearLog()

      expect((await startUndo(a, cookie, run.run.id)).status).toBe(202)
      await until('the undo under way', async () => ((await view(b, cookie, run.run.id)).undo?.processed ?? 0) > 5, 30_000)
      await a.kill()
      const cut = (await view(b, cookie, run.run.id)).undo!
      console.log(`SIGKILL of the undoing instance at ${cut.processed}/${cut.total} steps`)
      expect(cut.processed).toBeLessThan(cut.total)
      // Once the dead instance's lease runs out, the other one carries the undo on.
      await until('the run to be free to undo', async () => (await startUndo(b, cookie, run.run.id)).status === 202, 30_000, 200)
      await until('the undo to end', async () => (await view(b, cookie, run.run.id)).undo?.status === 'undone', 120_000)
      const undone = (await view(b, cookie, run.run.id)).undo!
      expect(undone.failed).toEqual([])
      expect(undone.restored).toBe(applied.apply!.updated)

      // What the legacy holds: every record of the run as before the apply, and each restored one written once.
      const after = recordsIn(legacy, ids)
      expect(ids.filter((id) => JSON.stringify(after.get(id)) !== JSON.stringify(before.get(id)))).toEqual([])
      const writes = await legacy.statusWrites()
      expect([...writes].filter(([, n]) => n > 1)).toEqual([])
      expect(writes.size).toBe(undone.restored)
    },
    240_000,
  )

  it('a legacy that stalls past the timeout, answers 500 and resets connections mid-apply: reported, then finished once', async () => {
    const storeFile = join(dir(), 'bff.sqlite')
    const instance = await bff(storeFile, { LEGACY_TIMEOUT_MS: '1500', LEGACY_RETRIES: '0' })
    const cookie = await login(instance)
    const run = await screened(instance, cookie, GLOBAL())
    // A write held 4 s (it lands after the BFF gave up on it), two 500s, two resets.
    await legacy.fault({ mode: 'stall', ms: 4000, method: 'PUT', path: '/api/candidatos/' })
    await legacy.fault({ mode: 'status', status: 500, count: 2, method: 'PUT', path: '/api/candidatos/' })
    await legacy.fault({ mode: 'reset', count: 2, method: 'POST', path: '/api/candidatos' })
    await applyWhenFree(instance, cookie, run.run.id)
    const first = await applyEnded(instance, cookie, run.run.id)
    expect(first.apply!.status).toBe('applied')
    expect(first.apply!.failed).toBeGreaterThan(0)
    await new Promise((r) => setTimeout(r, 4500)) // the stalled write lands meanwhile
    await applyWhenFree(instance, cookie, run.run.id)
    const final = await applyEnded(instance, cookie, run.run.id)
    expect(instance.alive()).toBe(true)
    await expectExactlyOnce(run, final)
  }, 180_000)
})

describe('sessions across restarts and instances', () => {
  it.each(Object.entries(STORES))(
    'a logged-out cookie (%s) is refused after a SIGKILL restart and on another instance at once, on every route that reads the session',
    async (_engine, shared) => {
      const { instanceOn, a, b, cookie, run } = await twoInstancesAndARun(shared)
      const logout = await fetch(`${a.url}/bff/auth/logout`, { method: 'POST', headers: { 'x-csrf': '1', origin: a.url, cookie } })
      expect(logout.status).toBe(204)
      // Instance B shares the store: refused at once. Then A dies and comes back: still refused.
      const replays = async (instance: Bff) => [
        (await fetch(`${instance.url}/bff/auth/me`, { headers: { cookie } })).status,
        (await fetch(`${instance.url}/bff/screening/runs/${run.run.id}`, { headers: { cookie } })).status,
        (await startApply(instance, cookie, run.run.id)).status,
      ]
      expect(await replays(b)).toEqual([401, 401, 401])
      await a.kill()
      const again = await instanceOn()
      expect(await replays(again)).toEqual([401, 401, 401])
      expect(ledger(legacy, run.run.id, vacancyId).notes.size).toBe(0)
    },
    120_000,
  )
  it.each(Object.entries(STORES))(
    'login limits (%s) count across instances: failures on one block the CNPJ on the other',
    async (_engine, shared) => {
      const instanceOn = await shared()
      const limits = { LOGIN_LIMIT_PER_CNPJ: '3', LOGIN_LIMIT_PER_IP: '1000' }
      const a = await instanceOn(limits)
      const b = await instanceOn(limits)
      const attempt = (instance: Bff) =>
        fetch(`${instance.url}/bff/auth/login`, {
          method: 'POST',
          headers: { 'x-csrf': '1', origin: instance.url, 'content-type': 'application/json' },
          body: JSON.stringify({ cnpj: '11222333000181', password: 'errada' }),
        })
      expect((await attempt(a)).status).toBe(401)
      expect((await attempt(b)).status).toBe(401)
      expect((await attempt(a)).status).toBe(401)
      const blocked = await attempt(b)
      expect(blocked.status).toBe(429)
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await attempt(a)).status).toBe(429)
    },
    120_000,
  )
})

describe('the store’s own faults', () => {
  it('an unusable STORE_FILE stops the BFF at once with exit 2, naming it: under a file, under /proc, a read-only mount', async () => {
    const base = dir()
    writeFileSync(join(base, 'plain-file'), 'x')
    const paths = [join(base, 'plain-file', 'bff.sqlite'), '/proc/self/mini-vagas/bff.sqlite']
    const readOnly = join(base, 'ro')
    mkdirSync(readOnly)
    let mounted = false
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', readOnly], { stdio: 'ignore' })
      mounted = true
      paths.push(join(readOnly, 'bff.sqlite'))
    } catch {
      console.log('read-only case skipped: this machine cannot mount a tmpfs (needs root)')
    }
    try {
      for (const path of paths) {
        const result = await bffRefusing(path, legacy.url)
        expect({ path, code: result.code }).toEqual({ path, code: 2 })
        expect(result.output).toContain(`STORE_FILE=${path} cannot be used`)
        expect(result.output).not.toMatch(/\n\s+at /) // a message, not a stack
      }
    } finally {
      if (mounted) execFileSync('umount', [readOnly])
    }
  }, 60_000)

  it('PostgreSQL frozen mid-apply: the apply says the database failed (never "restarted"), a write left unconfirmed is "a conferir", and the next apply finishes once', async () => {
    const instanceOn = await STORES.postgres()
    const instance = await instanceOn()
    const cookie = await login(instance)
    const run = await screened(instance, cookie, GLOBAL())
    await applyWhenFree(instance, cookie, run.run.id)
    await until('some results applied', async () => ((await view(instance, cookie, run.run.id)).apply?.processed ?? 0) >= 5, 60_000, 20)
    postgres.freeze()
    try {
      // The job's next store call times out (5 s), the job stops, and saying so fails too: its last words are logged.
      await until('the apply gave up on the store', async () => instance.service.output().includes('the store refused a write'), 60_000)
    } finally {
      postgres.thaw()
    }
    await until('the store is back', async () => (await fetch(`${instance.url}/readyz`)).status === 200, 30_000)
    const stopped = (await view(instance, cookie, run.run.id)) as RunView & { apply: { failures?: { message: string }[] } }
    expect(stopped.apply!.status).not.toBe('applied')
    expect(stopped.apply!.message).toMatch(/banco de dados do Mini Vagas/)
    expect(stopped.apply!.message).not.toMatch(/reiniciado/)
    // A step whose write was in flight is to be checked, not reported as failed.
    for (const failure of stopped.apply!.failures ?? []) if (/pode ter sido gravado/.test(failure.message)) expect(failure.message).toMatch(/a conferir/)
    await applyWhenFree(instance, cookie, run.run.id)
    const final = await applyEnded(instance, cookie, run.run.id)
    await expectExactlyOnce(run, final)
  }, 240_000)

  it('a full disk during an apply fails the job cleanly, the BFF stays up and says it is not ready; with room again, the apply finishes once', async (context) => {
    const disk = smallDisk(dir())
    if (!disk) return context.skip()
    try {
      const instance = await bff(join(disk.path, 'bff.sqlite'))
      const cookie = await login(instance)
      const run = await screened(instance, cookie, GLOBAL())
      await applyWhenFree(instance, cookie, run.run.id)
      await new Promise((r) => setTimeout(r, 300))
      // Fill what is left of the disk: the store's next write fails with SQLITE_FULL.
      disk.fill()
      const failed = await applyEnded(instance, cookie, run.run.id)
      expect(failed.apply!.status).toBe('failed')
      expect(instance.alive()).toBe(true)
      expect((await fetch(`${instance.url}/healthz`)).status).toBe(200)
      const ready = await fetch(`${instance.url}/readyz`)
      expect(ready.status).toBe(503)
      expect(((await ready.json()) as { checks: Record<string, string> }).checks.store).toMatch(/^unwritable/)

      disk.free()
      await until('ready again', async () => (await fetch(`${instance.url}/readyz`)).status === 200, 10_000)
      await applyWhenFree(instance, cookie, run.run.id)
      const final = await applyEnded(instance, cookie, run.run.id)
      await expectExactlyOnce(run, final)
    } finally {
      await bed.killAll()
      disk.unmount()
    }
  }, 180_000)
})
