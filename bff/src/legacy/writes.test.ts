import { describe, expect, it } from 'vitest'
import { candidateWrite } from './writes.ts'

const answer = (body: unknown) => ({ status: 200, headers: new Headers(), raw: Buffer.alloc(0), body })

describe('candidateWrite', () => {
  it('reads the record from the legacy’s answer, with its vacancy', () => {
    expect(
      candidateWrite({ path: '/candidatos/7', body: { status: 'aprovado' }, answer: answer({ message: 'ok', data: { id: 7, status: 'aprovado', job_posting_id: 3 } }) }),
    ).toEqual({
      id: 7,
      record: { id: 7, status: 'aprovado', job_posting_id: 3 },
      vacancyId: 3,
    })
  })
  it('falls back on what was sent when the answer carries no record; a note is the observation', () => {
    expect(candidateWrite({ path: '/candidatos/7', body: { status: 'triado', obs: 'x' }, answer: answer(null) })).toEqual({
      id: 7,
      record: { id: 7, status: 'triado', obs: 'x' },
      vacancyId: null,
    })
    expect(candidateWrite({ path: '/candidatos/7/observacao', body: { observacao: 'Ligar' }, answer: answer({}) })?.record).toEqual({ id: 7, obs: 'Ligar' })
  })
  it('reads a new record from its answer, and nothing else as a candidate write', () => {
    expect(candidateWrite({ path: '/candidatos', body: { fullName: 'A', jobId: 2 }, answer: answer({ data: { id: 90, job_posting_id: 2 } }) })).toMatchObject({
      id: 90,
      vacancyId: 2,
    })
    expect(candidateWrite({ path: '/candidatos', body: {}, answer: answer(null) })).toEqual({ id: null, record: null, vacancyId: null })
    expect(candidateWrite({ path: '/processos_seletivos/2', body: {}, answer: answer(null) })).toBeNull()
  })
})
