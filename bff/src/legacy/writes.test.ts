import { describe, expect, it } from 'vitest'
import { candidateWrite, legacyEvent } from './writes.ts'

const answer = (body: unknown) => ({ status: 200, headers: new Headers(), raw: Buffer.alloc(0), body })

describe('candidateWrite', () => {
  it('reads the record from the legacy’s answer, with its vacancy', () => {
    expect(
      candidateWrite({ path: '/candidatos/7', body: { status: 'aprovado' }, answer: answer({ message: 'ok', data: { id: 7, status: 'aprovado', job_posting_id: 3 } }) }),
    ).toEqual({
      id: 7,
      record: { id: 7, status: 'aprovado', job_posting_id: 3 },
      answered: true,
      vacancyId: 3,
    })
  })
  it('falls back on what was sent when the answer carries no record; a note is the observation', () => {
    expect(candidateWrite({ path: '/candidatos/7', body: { status: 'triado', obs: 'x' }, answer: answer(null) })).toEqual({
      id: 7,
      record: { id: 7, status: 'triado', obs: 'x' },
      answered: false,
      vacancyId: null,
    })
    expect(candidateWrite({ path: '/candidatos/7/observacao', body: { observacao: 'Ligar' }, answer: answer({}) })?.record).toEqual({ id: 7, obs: 'Ligar' })
  })
  it('reads a new record from its answer, and nothing else as a candidate write', () => {
    expect(candidateWrite({ path: '/candidatos', body: { fullName: 'A', jobId: 2 }, answer: answer({ data: { id: 90, job_posting_id: 2 } }) })).toMatchObject({
      id: 90,
      vacancyId: 2,
    })
    expect(candidateWrite({ path: '/candidatos', body: {}, answer: answer(null) })).toEqual({ id: null, record: null, answered: false, vacancyId: null })
    expect(candidateWrite({ path: '/processos_seletivos/2', body: {}, answer: answer(null) })).toBeNull()
  })
})

describe('legacyEvent', () => {
  const write = (method: 'POST' | 'PUT', path: string, body: unknown, answered: unknown = null) => legacyEvent({ method, path, body, answer: answer(answered) })
  it('says what a candidate write changed', () => {
    expect(write('PUT', '/candidatos/7', { status: 'aprovado' })).toMatchObject({ kind: 'candidate', change: 'status', id: 7 })
    expect(write('PUT', '/candidatos/7', { obs: 'Ligar amanhã' })).toMatchObject({ kind: 'candidate', change: 'note', id: 7 })
    expect(write('POST', '/candidatos/7/observacao', { observacao: 'Ligar' })).toMatchObject({ kind: 'candidate', change: 'note', id: 7 })
    expect(write('PUT', '/candidatos/7', { full_name: 'Ana', obs: 'x' })).toMatchObject({ kind: 'candidate', change: 'edit', id: 7 })
    expect(write('POST', '/candidatos', { job_posting_id: 2 }, { data: { id: 90 } })).toMatchObject({ kind: 'candidate', change: 'created', id: 90, vacancyId: 2 })
  })
  it('reads vacancy writes, and logins and logouts as no event', () => {
    expect(write('PUT', '/processos_seletivos/4', { description: 'Padeiro' }, { data: { id: 4, description: 'Padeiro' } })).toEqual({
      kind: 'vacancy',
      change: 'edit',
      id: 4,
      record: { id: 4, description: 'Padeiro' },
    })
    expect(write('POST', '/processos_seletivos', {}, null)).toEqual({ kind: 'vacancy', change: 'created', id: null, record: null })
    expect(write('POST', '/auth/login', { cnpj: '1' })).toBeNull()
    expect(write('POST', '/auth/logout', {})).toBeNull()
  })
})
