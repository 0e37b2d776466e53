import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEAM_NOTES_MARK } from '../../shared/src/domain/candidate-timeline.ts'
import { UNSAFE_HEADERS, startStack, type Stack } from '../support/stack.ts'

// A candidate's timeline against the real stand-in: two recruiters with their own accounts, their
// notes and status changes with their names; the legacy's observation keeps a paragraph of the
// notes for its other clients; the company that owns the vacancy sees none of it, and its own
// saves of the observation lose nothing.
const A_CNPJ = '45723618000118'
let stack: Stack
let ana = ''
let rui = ''
let company = ''
let candidateId = 0
beforeAll(async () => {
  stack = await startStack({}, { candidates: 150 })
  ana = (await stack.person({ name: 'Ana Souza', email: 'ana@agencia.com.br', role: 'recruiter' })).cookie
  rui = (await stack.person({ name: 'Rui Barros', email: 'rui@agencia.com.br', role: 'recruiter' })).cookie
  company = await stack.login('empresa A')
  const vacancies = (await get('/api/processos_seletivos', ana)).json().data as { id: number; cnpj: string; candidates_count: number }[]
  const vacancy = vacancies.find((v) => v.cnpj === A_CNPJ && v.candidates_count > 0)!
  candidateId = (await get(`/api/processos_seletivos/${vacancy.id}/candidatos`, ana)).json().data[0].id
}, 60_000)
afterAll(() => stack.close())

const get = (url: string, cookie: string) => stack.app.inject({ method: 'GET', url, headers: { cookie } })
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, cookie: string) =>
  stack.app.inject({ method, url, headers: { ...UNSAFE_HEADERS, cookie }, payload: JSON.stringify(payload) })
const legacyObs = async () => (await get(`/api/candidatos/${candidateId}`, ana)).json().data.obs as string | null

describe('a candidate’s timeline', () => {
  it('shows each recruiter’s notes and status changes with their names, newest first', async () => {
    expect((await send('POST', `/bff/candidates/${candidateId}/notes`, { text: 'Ligou pedindo retorno.' }, ana)).statusCode).toBe(201)
    expect((await send('PUT', `/bff/candidates/${candidateId}/status`, { status: 'aprovado' }, rui)).statusCode).toBe(200)
    const added = await send('POST', `/bff/candidates/${candidateId}/notes`, { text: 'Entrevista marcada por telefone.' }, rui)
    expect(added.statusCode).toBe(201)
    const entries = (await get(`/bff/candidates/${candidateId}/timeline`, ana)).json().entries as { by: string; kind: string; text: string }[]
    expect(entries.slice(0, 3).map((e) => [e.by, e.kind, e.text])).toEqual([
      ['Rui Barros', 'nota', 'Entrevista marcada por telefone.'],
      ['Rui Barros', 'status', expect.stringMatching(/para Aprovado\.$/)],
      ['Ana Souza', 'nota', 'Ligou pedindo retorno.'],
    ])
  })

  it('keeps a paragraph of the notes in the legacy’s observation, which the BFF shows nobody', async () => {
    const obs = (await legacyObs())!
    expect(obs).toContain(TEAM_NOTES_MARK)
    expect(obs).toMatch(/Rui Barros: Entrevista marcada por telefone\.\n.*Ana Souza: Ligou pedindo retorno\./)
    expect((await get(`/bff/candidates/${candidateId}`, ana)).json().candidate.obs ?? '').not.toContain('Notas da equipe')
  })

  it('a company sees none of the agency’s notes, by any route, and its own note keeps them in the legacy', async () => {
    expect((await get(`/bff/candidates/${candidateId}/timeline`, company)).statusCode).toBe(403)
    expect((await send('POST', `/bff/candidates/${candidateId}/notes`, { text: 'x' }, company)).statusCode).toBe(403)
    expect((await get(`/bff/candidates/${candidateId}`, company)).body).not.toMatch(/Ligou pedindo|Notas da equipe/)
    expect((await get(`/api/candidatos/${candidateId}`, company)).body).not.toMatch(/Ligou pedindo|Notas da equipe/)
    const saved = await send('PUT', `/bff/candidates/${candidateId}/note`, { obs: 'Empresa: chamar para a segunda fase.' }, company)
    expect(saved.statusCode).toBe(200)
    expect(saved.body).not.toMatch(/Ligou pedindo|Notas da equipe/)
    const obs = (await legacyObs())!
    expect(obs.startsWith('Empresa: chamar para a segunda fase.')).toBe(true)
    expect(obs).toContain('Ana Souza: Ligou pedindo retorno.')
  })

  it('a staff edit of the observation keeps the notes’ paragraph too', async () => {
    expect((await send('PUT', `/bff/candidates/${candidateId}/note`, { obs: 'Observação revista pela agência.' }, ana)).statusCode).toBe(200)
    const obs = (await legacyObs())!
    expect(obs.startsWith('Observação revista pela agência.')).toBe(true)
    expect(obs.split(TEAM_NOTES_MARK)).toHaveLength(2)
  })

  it('refuses an empty note or one with control characters in Portuguese, keeping nothing', async () => {
    const before = (await get(`/bff/candidates/${candidateId}/timeline`, ana)).json().entries.length
    for (const text of ['', '   ', 'a\u0000b']) {
      const refused = await send('POST', `/bff/candidates/${candidateId}/notes`, { text }, ana)
      expect(refused.statusCode).toBe(422)
      expect(refused.json().errors.text[0]).toMatch(/[a-zà-ú]/)
    }
    expect((await get(`/bff/candidates/${candidateId}/timeline`, ana)).json().entries.length).toBe(before)
    expect((await send('POST', '/bff/candidates/999999999/notes', { text: 'ninguém' }, ana)).statusCode).toBe(404)
  })
})
