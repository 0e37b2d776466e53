import { DatabaseSync } from 'node:sqlite'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { BulkJob } from '../../shared/src/schemas/pipeline.ts'
import { startPostgres, type TestPostgres } from '../../bff/src/testing-postgres.ts'
import { faultBed, login, startLegacy, until, type Bff, type Legacy } from './harness.ts'

// Bulk actions under real faults: a status change for every candidate of the largest vacancy,
// the instance running it SIGKILLed at random points three times and a new one carrying it on
// ("Continuar"), and two instances asked to carry it on at once — then the stand-in's database
// is counted: every person holds the new status, and each was written once at most.
let legacy: Legacy
let postgres: TestPostgres
const bed = faultBed({ legacy: () => legacy, postgres: () => postgres })

beforeAll(async () => {
  postgres = await startPostgres()
  // Each legacy call takes ~25 ms, as over a network, so a job lasts long enough to be cut.
  legacy = await startLegacy({ LEGACY_LATENCY_MS: '25' }, 1500)
}, 120_000)
beforeEach(() => legacy.clearLog())
afterEach(() => bed.killAll())
afterAll(async () => {
  await legacy?.stop()
  await postgres?.stop()
  bed.removeScratch()
})

const headers = (bff: Bff, cookie: string) => ({ 'x-csrf': '1', origin: bff.url, 'content-type': 'application/json', cookie })
const post = (bff: Bff, cookie: string, path: string, body: unknown = {}) =>
  fetch(`${bff.url}${path}`, { method: 'POST', headers: headers(bff, cookie), body: JSON.stringify(body) })
const jobOn = async (bff: Bff, cookie: string, id: string) => ((await (await fetch(`${bff.url}/bff/bulk/${id}`, { headers: { cookie } })).json()) as { job: BulkJob }).job

/** The largest vacancy's people and their statuses, as the stand-in's database holds them. */
function people(): { vacancyId: number; statuses: Map<number, string | null> } {
  const db = new DatabaseSync(legacy.db, { readOnly: true })
  try {
    const { id } = db.prepare('SELECT job_posting_id AS id FROM candidates GROUP BY job_posting_id ORDER BY COUNT(*) DESC LIMIT 1').get() as { id: number }
    const rows = db.prepare('SELECT id, status FROM candidates WHERE job_posting_id = ?').all(id) as { id: number; status: string | null }[]
    return { vacancyId: id, statuses: new Map(rows.map((r) => [r.id, r.status])) }
  } finally {
    db.close()
  }
}

/** Carries the job on as soon as no instance holds it (the dead one's lease runs out). */
async function resumeWhenFree(bff: Bff, cookie: string, id: string) {
  await until('the job to be free', async () => {
    const answer = await post(bff, cookie, `/bff/bulk/${id}/resume`)
    if (answer.status === 202) return true
    const job = await jobOn(bff, cookie, id)
    return job.status === 'done'
  })
}

describe('a bulk status change under real faults', () => {
  it.each([
    ['sqlite', 'segunda_fase'],
    ['postgres', 'aguardando_retorno'],
  ] as const)(
    'SIGKILL at random points, three times (%s): every person ends with the new status, each written once',
    async (engine, TARGET) => {
      const instanceOn = await bed.stores[engine]()
      let instance = await instanceOn()
      const cookie = await login(instance)
      const before = people()
      const ids = [...before.statuses].filter(([, status]) => status !== TARGET).map(([id]) => id)
      expect(ids.length).toBeGreaterThan(40)
      const started = await post(instance, cookie, '/bff/bulk', { action: 'status', vacancyId: before.vacancyId, ids, status: TARGET })
      expect(started.status).toBe(202)
      const jobId = ((await started.json()) as { job: BulkJob }).job.id
      const kills: string[] = []
      for (let life = 0; life < 3; life++) {
        await new Promise((r) => setTimeout(r, 200 + Math.floor(Math.random() * 600)))
        const progress = await jobOn(instance, cookie, jobId)
        kills.push(`${progress.processed}/${progress.total}`)
        await instance.kill()
        instance = await instanceOn()
        await resumeWhenFree(instance, cookie, jobId)
      }
      console.log(`SIGKILL at (steps done/total): ${kills.join(', ')}`)
      expect(kills.filter((k) => Number(k.split('/')[0]) < Number(k.split('/')[1])).length).toBeGreaterThanOrEqual(2)
      await until('the job to end', async () => (await jobOn(instance, cookie, jobId)).status !== 'running', 180_000)
      const final = await jobOn(instance, cookie, jobId)
      expect(final).toMatchObject({ status: 'done', total: ids.length, failed: 0 })
      expect(final.done + final.skipped).toBe(ids.length)
      const after = people().statuses
      expect(ids.filter((id) => after.get(id) !== TARGET)).toEqual([])
      const writes = await legacy.statusWrites()
      expect([...writes].filter(([, n]) => n > 1)).toEqual([])
      expect(ids.filter((id) => (writes.get(id) ?? 0) === 0).length).toBe(final.skipped)
      // Nobody outside the selection was touched.
      expect([...writes.keys()].filter((id) => !ids.includes(id))).toEqual([])
    },
    240_000,
  )

  it('two instances asked to carry it on at once: one does, the other says so, nobody is written twice', async () => {
    const instanceOn = await bed.stores.sqlite()
    const a = await instanceOn()
    const b = await instanceOn()
    const cookie = await login(a)
    const before = people()
    const ids = [...before.statuses].filter(([, status]) => status !== 'entrar_contato').map(([id]) => id)
    const jobId = ((await (await post(a, cookie, '/bff/bulk', { action: 'status', vacancyId: before.vacancyId, ids, status: 'entrar_contato' })).json()) as { job: BulkJob }).job.id
    await new Promise((r) => setTimeout(r, 300))
    await a.kill()
    // Both asked as soon as A's lease runs out: exactly one takes it.
    let answers: number[] = []
    await until('a taker', async () => {
      answers = (await Promise.all([post(b, cookie, `/bff/bulk/${jobId}/resume`), post(b, cookie, `/bff/bulk/${jobId}/resume`)])).map((r) => r.status)
      return answers.includes(202)
    })
    expect(answers.sort()).toEqual([202, 409])
    await until('the job to end', async () => (await jobOn(b, cookie, jobId)).status !== 'running', 180_000)
    const writes = await legacy.statusWrites()
    expect([...writes].filter(([, n]) => n > 1)).toEqual([])
    const after = people().statuses
    expect(ids.filter((id) => after.get(id) !== 'entrar_contato')).toEqual([])
  }, 180_000)
})

describe('undoing a bulk status change under real faults', () => {
  it('the undoing instance SIGKILLed midway, "Desfazer" asked again on a new one: everyone back as they were, each written once by the move and once by the undo', async () => {
    const instanceOn = await bed.stores.sqlite()
    let instance = await instanceOn()
    const cookie = await login(instance)
    const before = people()
    const ids = [...before.statuses].filter(([, status]) => status !== 'interessado').map(([id]) => id)
    const jobId = ((await (await post(instance, cookie, '/bff/bulk', { action: 'status', vacancyId: before.vacancyId, ids, status: 'interessado' })).json()) as { job: BulkJob })
      .job.id
    await until('the move to end', async () => (await jobOn(instance, cookie, jobId)).status === 'done', 180_000)
    expect((await post(instance, cookie, `/bff/bulk/${jobId}/undo`)).status).toBe(202)
    await new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 400)))
    const cut = (await jobOn(instance, cookie, jobId)).undo!
    console.log(`SIGKILL of the undoing instance at ${cut.processed}/${cut.total}`)
    await instance.kill()
    instance = await instanceOn()
    // The dead one's lease runs out; then the undo is carried on.
    await until('the undo to be taken again', async () => (await post(instance, cookie, `/bff/bulk/${jobId}/undo`)).status === 202)
    await until('the undo to end', async () => (await jobOn(instance, cookie, jobId)).undo?.status === 'done', 180_000)
    const after = people().statuses
    expect(ids.filter((id) => (after.get(id) ?? '') !== (before.statuses.get(id) ?? '')).map((id) => `${id}:${before.statuses.get(id)}→${after.get(id)}`)).toEqual([])
    const writes = await legacy.statusWrites()
    expect(ids.filter((id) => writes.get(id) !== 2).map((id) => [id, writes.get(id), before.statuses.get(id), after.get(id)])).toEqual([])
  }, 240_000)
})
