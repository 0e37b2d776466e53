import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { startPostgres, type TestPostgres } from '../../bff/src/testing-postgres.ts'
import { startModelStub } from '../support/model-stub.ts'
import { faultBed, login, startLegacy, startRun, until, view, type Legacy } from './harness.ts'
import { todayDate } from '@mini-vagas/shared/domain/dates'

// A screening run is a job any instance may carry on. The model is a slow stand-in of
// the Responses API (a real HTTP server the BFFs call through the openai package), so the run is
// still going when its instance is SIGKILLed; the other instance takes it over once the lease
// runs out, and what the model was asked is counted.
let legacy: Legacy
let postgres: TestPostgres
let model: Awaited<ReturnType<typeof startModelStub>>
let vacancyId: number
const bed = faultBed({ legacy: () => legacy, postgres: () => postgres })
const STORES = bed.stores

beforeAll(async () => {
  postgres = await startPostgres()
  legacy = await startLegacy()
  model = await startModelStub({ delayMs: 150 })
  vacancyId = await bed.publicVacancyId()
}, 120_000)
afterEach(async () => {
  await bed.killAll()
})
afterAll(async () => {
  await legacy?.stop()
  await postgres?.stop()
  await model?.close()
  bed.removeScratch()
})

it.each(Object.entries(STORES))(
  'an instance SIGKILLed mid-run (%s): the other one takes the screening run over from its first unsaved batch and finishes it; each candidate gets one verdict',
  async (_engine, shared) => {
    const instanceOn = await shared()
    // The openai provider against the slow model: one call at a time, a dozen candidates a call.
    const ai = { OPENAI_API_KEY: 'sk-fault-test', OPENAI_BASE_URL: model.url, OPENAI_MAX_INPUT_TOKENS: '2000', OPENAI_CONCURRENCY: '1' }
    const a = await instanceOn(ai)
    const b = await instanceOn(ai)
    const cookie = await login(a)
    const before = model.candidatesAsked()
    const runId = await startRun(a, cookie, { mode: 'global', vacancyId, start_date: '2026-07-01', end_date: todayDate() })
    // Killed once its first batch is saved and before the last one is.
    await until('a first batch saved', async () => (await view(b, cookie, runId)).run.done > 0, 60_000)
    await a.kill()
    const cut = (await view(b, cookie, runId)).run
    console.log(`SIGKILL of the screening instance at ${cut.done}/${cut.total} candidates`)
    expect(cut.status).toBe('screening')
    expect(cut.done).toBeLessThan(cut.total)
    expect(cut.total).toBeGreaterThan(150)

    // B's sweep (every half lease) finds the dead lease (2 s here) and carries the run on.
    const killed = Date.now()
    await until('the run taken over', async () => (await view(b, cookie, runId)).run.done > cut.done, 15_000)
    console.log(`taken over after ${Date.now() - killed} ms`)
    await until('the run to end', async () => (await view(b, cookie, runId)).run.status !== 'screening', 120_000)
    const final = await view(b, cookie, runId)
    expect(final.run).toMatchObject({ status: 'done', provider: 'openai', done: cut.total })
    // Every candidate once, each with a verdict (the model's, or review where a hard rule bars it).
    expect(final.results).toHaveLength(cut.total)
    expect(new Set(final.results.map((r) => r.candidateId)).size).toBe(cut.total)
    expect(final.results.filter((r) => r.outcome !== 'triado' && r.outcome !== 'revisao')).toEqual([])
    // The model was asked again only about the batch the dead instance had not saved (a run's batch is 100).
    const asked = model.candidatesAsked() - before
    console.log(`candidates sent to the model: ${asked} for ${cut.total}`)
    expect(asked).toBeGreaterThanOrEqual(cut.total)
    expect(asked - cut.total).toBeLessThanOrEqual(100)
  },
  180_000,
)
