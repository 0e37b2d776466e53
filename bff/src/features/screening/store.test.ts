import { describe, expect, it } from 'vitest'
import { bothStoreEngines } from '../../testing-store.ts'
import { createScreeningStore } from './store.ts'

const run = { id: 'r1', createdBy: 'admin@x', mode: 'empresa' as const, vacancy: { id: 1, description: 'Caixa' }, provider: 'rules', total: 3 }
const candidates = [
  { id: 10, full_name: 'A' },
  { id: 11, full_name: 'B' },
  { id: 12, full_name: 'C' },
]

const { places: ENGINES, open } = bothStoreEngines()

/** Screening's tables on a fresh (or reopened) store; `close` closes the store under them. */
async function screeningStore(place: string) {
  const store = await open(place)
  return Object.assign(await createScreeningStore(store), { close: () => store.close() })
}

describe.each(Object.entries(ENGINES))('screening store on %s', (_engine, place) => {
  it('keeps runs and verdicts across a reopen, and pending candidates in order', async () => {
    {
      const file = await place()
      const store = await screeningStore(file)
      expect(await store.createRun(run, candidates)).toMatchObject({ id: 'r1', status: 'screening', total: 3, done: 0 })
      const evidence = [{ key: 'idade', label: 'Idade de 18 a 65 anos', hard: true, status: 'atende' as const, field: 'Idade', value: '30 anos', by: 'regras' as const }]
      await store.saveVerdicts('r1', [{ candidateId: 10, outcome: 'triado', explanation: 'ok', evidence }])
      await store.close()
      const reopened = await screeningStore(file)
      expect(await reopened.getRun('r1')).toMatchObject({ done: 1, status: 'screening' })
      expect((await reopened.results('r1'))[0]).toMatchObject({ outcome: 'triado', evidence })
      expect((await reopened.pending('r1', 10)).map((p) => p.candidateId)).toEqual([11, 12])
      expect((await reopened.unfinishedRuns()).map((r) => r.id)).toEqual(['r1'])
      await reopened.close()
    }
  })
  it('never overwrites a verdict (a resumed batch writes nothing twice)', async () => {
    const store = await screeningStore(await place())
    await store.createRun(run, candidates)
    await store.saveVerdicts('r1', [{ candidateId: 10, outcome: 'triado', explanation: 'first', evidence: [] }])
    await store.saveVerdicts('r1', [
      { candidateId: 10, outcome: 'nao_triado', explanation: 'second', evidence: [] },
      { candidateId: 11, outcome: 'revisao', explanation: 'b', evidence: [] },
    ])
    expect((await store.results('r1')).map((r) => [r.candidateId, r.outcome, r.explanation])).toEqual([
      [10, 'triado', 'first'],
      [11, 'revisao', 'b'],
      [12, null, null],
    ])
    expect((await store.getRun('r1'))!.done).toBe(2)
    expect(await store.outcomeCounts('r1')).toEqual(
      new Map<string | null, number>([
        [null, 1],
        ['revisao', 1],
        ['triado', 1],
      ]),
    )
    await store.finish('r1', 'done', null)
    expect(await store.unfinishedRuns()).toEqual([])
  })
  it('keeps apply steps: added once, failed ones tried again, done ones never again', async () => {
    const store = await screeningStore(await place())
    await store.createRun(run, candidates)
    const steps = [
      { candidateId: 10, kind: 'status' as const },
      { candidateId: 10, kind: 'forward' as const },
      { candidateId: 11, kind: 'status' as const },
    ]
    await store.beginApply('r1', steps)
    expect(await store.getApply('r1')).toMatchObject({ status: 'applying' })
    await store.setStep('r1', steps[0]!, 'done')
    await store.setStep('r1', steps[1]!, 'sending')
    await store.setStep('r1', steps[1]!, 'done', { legacyId: 501 })
    await store.setStep('r1', steps[2]!, 'failed', { message: 'Erro ao processar candidato B: x' })
    expect((await store.stepCounts('r1')).sort((a, b) => a.kind.localeCompare(b.kind) || a.state.localeCompare(b.state))).toEqual([
      { kind: 'forward', state: 'done', count: 1, reported: 0 },
      { kind: 'status', state: 'done', count: 1, reported: 0 },
      { kind: 'status', state: 'failed', count: 1, reported: 1 },
    ])
    await store.finishApply('r1', 'applied', 'fim')
    expect(await store.unfinishedApplies()).toEqual([])
    await store.beginApply('r1', steps)
    expect((await store.steps('r1')).map((s) => [s.candidateId, s.kind, s.state, s.legacyId])).toEqual([
      [10, 'status', 'done', null],
      [10, 'forward', 'done', 501],
      [11, 'status', 'pending', null],
    ])
    expect((await store.unfinishedApplies()).map((a) => a.runId)).toEqual(['r1'])
  })
  it('forgets finished runs past the retention, keeping unfinished ones', async () => {
    const store = await screeningStore(await place())
    await store.createRun(run, candidates)
    await store.createRun({ ...run, id: 'r2' }, candidates)
    await store.finish('r1', 'done', null)
    expect(await store.purge('2000-01-01T00:00:00.000Z')).toBe(0)
    expect(await store.purge('2999-01-01T00:00:00.000Z')).toBe(1)
    expect(await store.getRun('r1')).toBeNull()
    expect(await store.results('r1')).toEqual([])
    expect(await store.getRun('r2')).not.toBeNull()
  })
})
