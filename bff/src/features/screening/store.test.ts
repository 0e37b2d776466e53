import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createSqliteStore } from '../../plugins/store.ts'
import { createScreeningStore } from './store.ts'

const run = { id: 'r1', createdBy: 'admin@x', mode: 'empresa' as const, vacancy: { id: 1, description: 'Caixa' }, provider: 'rules', total: 3 }
const candidates = [
  { id: 10, full_name: 'A' },
  { id: 11, full_name: 'B' },
  { id: 12, full_name: 'C' },
]

/** Screening's tables on a fresh (or reopened) store; `close` closes the store under them. */
function screeningStore(file: string) {
  const store = createSqliteStore(file)
  return Object.assign(createScreeningStore(store), { close: () => store.close() })
}

describe('screening store', () => {
  it('keeps runs and verdicts across a reopen, and pending candidates in order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mv-store-'))
    try {
      const file = join(dir, 'bff.sqlite')
      const store = screeningStore(file)
      expect(store.createRun(run, candidates)).toMatchObject({ id: 'r1', status: 'screening', total: 3, done: 0 })
      store.saveVerdicts('r1', [{ candidateId: 10, outcome: 'triado', explanation: 'ok' }])
      store.close()
      const reopened = screeningStore(file)
      expect(reopened.getRun('r1')).toMatchObject({ done: 1, status: 'screening' })
      expect(reopened.pending('r1', 10).map((p) => p.candidateId)).toEqual([11, 12])
      expect(reopened.unfinishedRuns().map((r) => r.id)).toEqual(['r1'])
      reopened.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
  it('never overwrites a verdict (a resumed batch writes nothing twice)', () => {
    const store = screeningStore(':memory:')
    store.createRun(run, candidates)
    store.saveVerdicts('r1', [{ candidateId: 10, outcome: 'triado', explanation: 'first' }])
    store.saveVerdicts('r1', [
      { candidateId: 10, outcome: 'nao_triado', explanation: 'second' },
      { candidateId: 11, outcome: 'revisao', explanation: 'b' },
    ])
    expect(store.results('r1').map((r) => [r.candidateId, r.outcome, r.explanation])).toEqual([
      [10, 'triado', 'first'],
      [11, 'revisao', 'b'],
      [12, null, null],
    ])
    expect(store.getRun('r1')!.done).toBe(2)
    expect(store.outcomeCounts('r1')).toEqual(
      new Map<string | null, number>([
        [null, 1],
        ['revisao', 1],
        ['triado', 1],
      ]),
    )
    store.finish('r1', 'done', null)
    expect(store.unfinishedRuns()).toEqual([])
  })
  it('keeps apply steps: added once, failed ones tried again, done ones never again', () => {
    const store = screeningStore(':memory:')
    store.createRun(run, candidates)
    const steps = [
      { candidateId: 10, kind: 'status' as const },
      { candidateId: 10, kind: 'forward' as const },
      { candidateId: 11, kind: 'status' as const },
    ]
    store.beginApply('r1', steps)
    expect(store.getApply('r1')).toMatchObject({ status: 'applying' })
    store.setStep('r1', steps[0]!, 'done')
    store.setStep('r1', steps[1]!, 'sending')
    store.setStep('r1', steps[1]!, 'done', { legacyId: 501 })
    store.setStep('r1', steps[2]!, 'failed', { message: 'Erro ao processar candidato B: x' })
    expect(store.stepCounts('r1').sort((a, b) => a.kind.localeCompare(b.kind) || a.state.localeCompare(b.state))).toEqual([
      { kind: 'forward', state: 'done', count: 1, reported: 0 },
      { kind: 'status', state: 'done', count: 1, reported: 0 },
      { kind: 'status', state: 'failed', count: 1, reported: 1 },
    ])
    store.finishApply('r1', 'applied', 'fim')
    expect(store.unfinishedApplies()).toEqual([])
    store.beginApply('r1', steps)
    expect(store.steps('r1').map((s) => [s.candidateId, s.kind, s.state, s.legacyId])).toEqual([
      [10, 'status', 'done', null],
      [10, 'forward', 'done', 501],
      [11, 'status', 'pending', null],
    ])
    expect(store.unfinishedApplies().map((a) => a.runId)).toEqual(['r1'])
  })
  it('forgets finished runs past the retention, keeping unfinished ones', () => {
    const store = screeningStore(':memory:')
    store.createRun(run, candidates)
    store.createRun({ ...run, id: 'r2' }, candidates)
    store.finish('r1', 'done', null)
    expect(store.purge('2000-01-01T00:00:00.000Z')).toBe(0)
    expect(store.purge('2999-01-01T00:00:00.000Z')).toBe(1)
    expect(store.getRun('r1')).toBeNull()
    expect(store.results('r1')).toEqual([])
    expect(store.getRun('r2')).not.toBeNull()
  })
})
