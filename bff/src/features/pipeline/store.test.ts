import { describe, expect, it } from 'vitest'
import { bothStoreEngines } from '../../testing-store.ts'
import { createBulkStore } from './store.ts'

// Bulk actions' tables on both engines: a job with its people in one transaction, step states
// counted, an undo that takes only the steps done, purge by retention.
const engines = bothStoreEngines()

describe.each(['sqlite', 'postgres'] as const)('the bulk store on %s', (engine) => {
  it('keeps a job, its steps and their undo', async () => {
    const store = await engines.open(await engines.places[engine]())
    try {
      const bulk = await createBulkStore(store)
      const people = Array.from({ length: 450 }, (_, i) => ({ candidateId: i + 1, vacancyId: 7, name: `Pessoa ${i + 1}` }))
      const job = {
        id: '11111111-1111-4111-8111-111111111111',
        action: 'status' as const,
        vacancyId: 7,
        target: 'triado',
        targetLabel: 'Triado',
        actor: 'a@x',
        actorName: 'Ana',
        createdAt: '2026-11-27T10:00:00.000Z',
      }
      await bulk.create(job, people)
      expect(await bulk.job(job.id)).toMatchObject({ status: 'running', actorName: 'Ana', target: 'triado' })
      expect((await bulk.steps(job.id)).length).toBe(450)
      await bulk.setStep(job.id, 1, 'sending', { prevStatus: 'revisao' })
      await bulk.setStep(job.id, 1, 'done')
      await bulk.setStep(job.id, 2, 'failed', { message: 'Não foi possível alterar Pessoa 2: x.' })
      await bulk.setStep(job.id, 3, 'skipped', { message: 'já estava' })
      const counts = await bulk.counts(job.id)
      expect(Object.fromEntries(counts.map((c) => [c.state, c.n]))).toEqual({ pending: 447, done: 1, failed: 1, skipped: 1 })
      expect(await bulk.failures(job.id, 10)).toEqual([{ candidateId: 2, message: 'Não foi possível alterar Pessoa 2: x.' }])
      expect((await bulk.steps(job.id))[0]).toMatchObject({ candidateId: 1, prevStatus: 'revisao', state: 'done' })
      await bulk.finish(job.id, 'done', 'ok')
      expect(await bulk.beginUndo(job.id)).toBe(1)
      expect((await bulk.job(job.id))!.undoStatus).toBe('running')
      expect((await bulk.unfinished()).map((j) => j.id)).toEqual([job.id])
      await bulk.setUndo(job.id, 1, 'done')
      await bulk.finishUndo(job.id, 'done', 'desfeito')
      expect(await bulk.beginUndo(job.id)).toBe(0)
      expect((await bulk.jobsOf(7, 5)).map((j) => j.id)).toEqual([job.id])
      // Names are personal data: gone with the job after the retention.
      await bulk.purge('2026-11-28T00:00:00.000Z')
      expect(await bulk.job(job.id)).toBeNull()
      expect(await bulk.steps(job.id)).toEqual([])
    } finally {
      await store.close()
    }
  })
})
