import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { APPLY_MESSAGES } from '@mini-vagas/shared/domain/screening-apply'
import { HttpError } from '../../lib/http-error.ts'
import { createSqliteStore } from '../../plugins/store.ts'
import type { Outcome } from '@mini-vagas/shared/schemas/screening'
import { createScreeningStore } from './store.ts'
import { createScreeningApplier } from './apply.ts'

const legacy = () => expect.fail('nothing may be written')

async function setup(outcomes: (Outcome | null)[], status: 'screening' | 'done' = 'done') {
  const store = await createScreeningStore(await createSqliteStore(':memory:'))
  await store.createRun(
    { id: 'run-1', createdBy: 'a@x', mode: 'empresa', vacancy: { id: 1 }, provider: 'rules', total: outcomes.length },
    outcomes.map((_, i) => ({ id: i + 1, full_name: `C${i}` })),
  )
  await store.saveVerdicts(
    'run-1',
    outcomes.flatMap((o, i) => (o ? [{ candidateId: i + 1, outcome: o, explanation: 'x', evidence: [] }] : [])),
  )
  if (status === 'done') await store.finish('run-1', 'done', null)
  return createScreeningApplier({ store, legacy, log: pino({ level: 'silent' }), audit: { record: async () => expect.fail('nothing may be recorded') } })
}

const refusal = async (fn: () => Promise<unknown>) => {
  try {
    await fn()
  } catch (error) {
    return error instanceof HttpError ? [error.statusCode, error.message] : error
  }
  return null
}

describe('starting an apply (the product’s texts)', () => {
  it('refuses a run still screening', async () => {
    expect(await refusal(async () => (await setup([null], 'screening')).start('run-1', 't', 'r', 'a@x'))).toEqual([
      409,
      'A triagem ainda não terminou. Aguarde o fim para aplicar os resultados.',
    ])
  })
  it('says when there is no result, and when nobody is triado or in review', async () => {
    expect(await refusal(async () => (await setup([null, null])).start('run-1', 't', 'r', 'a@x'))).toEqual([422, 'Nenhum resultado para aplicar'])
    expect(await refusal(async () => (await setup(['nao_triado', 'nao_triado'])).start('run-1', 't', 'r', 'a@x'))).toEqual([422, 'Nenhum candidato para atualizar'])
    expect(await refusal(async () => (await setup(['nao_triado'])).start('missing', 't', 'r', 'a@x'))).toEqual([404, 'Triagem não encontrada.'])
  })
})

describe('an apply whose store fails', () => {
  it('is told as failed the moment the job gives up, even while its last store call (releasing the lease) still hangs', async () => {
    const base = await createScreeningStore(await createSqliteStore(':memory:'))
    await base.createRun({ id: 'run-1', createdBy: 'a@x', mode: 'empresa', vacancy: { id: 1 }, provider: 'rules', total: 1 }, [{ id: 1, full_name: 'C0' }])
    await base.saveVerdicts('run-1', [{ candidateId: 1, outcome: 'triado', explanation: 'x', evidence: [] }])
    await base.finish('run-1', 'done', null)
    let release!: () => void
    const released = new Promise<void>((r) => (release = r))
    let hanging = false
    const store: typeof base = Object.assign(Object.create(base) as typeof base, {
      steps: async () => Promise.reject(new Error('store frozen')),
      finishApply: async () => Promise.reject(new Error('store frozen')),
      releaseLease: async (...args: Parameters<typeof base.releaseLease>) => {
        hanging = true
        await released
        return base.releaseLease(...args)
      },
    })
    const applier = createScreeningApplier({
      store,
      legacy: () => ({}) as never,
      log: pino({ level: 'silent' }),
      audit: { record: async () => {} },
    })
    await applier.start('run-1', 't', 'r', 'a@x')
    await expect.poll(() => hanging).toBe(true)
    // The job has given up; the recruiter sees that now, not an endless "Aplicando...".
    expect(await applier.summary('run-1')).toMatchObject({ status: 'failed', message: APPLY_MESSAGES.failedStore })
    release()
    await expect.poll(() => applier.activeCount()).toBe(0)
    expect(await applier.summary('run-1')).toMatchObject({ status: 'failed', message: APPLY_MESSAGES.failedStore })
  })

  it('a new click while the failed job still says its last words waits for it, then starts a new job (not one lost as "interrompida")', async () => {
    const base = await createScreeningStore(await createSqliteStore(':memory:'))
    await base.createRun({ id: 'run-1', createdBy: 'a@x', mode: 'empresa', vacancy: { id: 1 }, provider: 'rules', total: 1 }, [{ id: 1, full_name: 'C0' }])
    await base.saveVerdicts('run-1', [{ candidateId: 1, outcome: 'triado', explanation: 'x', evidence: [] }])
    await base.finish('run-1', 'done', null)
    let frozen = true
    let release!: () => void
    const released = new Promise<void>((r) => (release = r))
    let hanging = false
    const store: typeof base = Object.assign(Object.create(base) as typeof base, {
      steps: async (...args: Parameters<typeof base.steps>) => (frozen ? Promise.reject(new Error('store frozen')) : base.steps(...args)),
      finishApply: async (...args: Parameters<typeof base.finishApply>) => (frozen ? Promise.reject(new Error('store frozen')) : base.finishApply(...args)),
      releaseLease: async (...args: Parameters<typeof base.releaseLease>) => {
        if (frozen) {
          hanging = true
          await released
        }
        return base.releaseLease(...args)
      },
    })
    // The second job's legacy never answers: it stays applying, which is what is looked at.
    const silentLegacy = new Proxy({}, { get: () => () => new Promise(() => {}) })
    const applier = createScreeningApplier({ store, legacy: () => silentLegacy as never, log: pino({ level: 'silent' }), audit: { record: async () => {} } })
    await applier.start('run-1', 't', 'r', 'a@x')
    await expect.poll(() => hanging).toBe(true)
    let secondStarted = false
    const second = applier.start('run-1', 't', 'r', 'a@x').then(() => (secondStarted = true))
    await new Promise((r) => setTimeout(r, 50))
    expect(secondStarted).toBe(false)
    frozen = false
    release()
    await second
    expect(applier.activeCount()).toBe(1)
    expect(await applier.summary('run-1')).toMatchObject({ status: 'applying' })
    expect((await base.getApply('run-1'))?.status).toBe('applying')
  })
})
