import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BoardCard, BulkJob } from '../../shared/src/schemas/pipeline.ts'
import { UNSAFE_HEADERS, startStack, type Stack } from '../support/stack.ts'

// A vacancy's board and bulk actions against the real stand-in: two recruiters with their own
// accounts, a status change for many people as one job (one legacy read, one write each), its
// undo (only where nobody changed the person since), a forward that never sends anyone twice,
// refusals in Portuguese, and a company kept out.
let stack: Stack
let ana = ''
let rui = ''
let company = ''
let vacancyId = 0
let otherVacancyId = 0
beforeAll(async () => {
  stack = await startStack({}, { candidates: 400 })
  ana = (await stack.person({ name: 'Ana Souza', email: 'ana@agencia.com.br', role: 'recruiter' })).cookie
  rui = (await stack.person({ name: 'Rui Barros', email: 'rui@agencia.com.br', role: 'recruiter' })).cookie
  company = await stack.login('empresa A')
  const vacancies = (await get('/bff/vacancies', ana)).json().vacancies as { id: number; candidates_count: number }[]
  const ordered = [...vacancies].sort((a, b) => b.candidates_count - a.candidates_count)
  vacancyId = ordered[0]!.id
  otherVacancyId = ordered[1]!.id
}, 60_000)
afterAll(() => stack.close())

const get = (url: string, cookie: string) => stack.app.inject({ method: 'GET', url, headers: { cookie } })
const post = (url: string, payload: unknown, cookie: string) => stack.app.inject({ method: 'POST', url, headers: { ...UNSAFE_HEADERS, cookie }, payload: JSON.stringify(payload) })
const board = async () => (await get(`/bff/vacancies/${vacancyId}/board`, ana)).json().cards as BoardCard[]
/** The job once it has stopped running. */
async function settled(id: string, part: 'job' | 'undo' = 'job'): Promise<BulkJob> {
  for (;;) {
    const job = (await get(`/bff/bulk/${id}`, ana)).json().job as BulkJob
    if (part === 'job' ? job.status !== 'running' : job.undo && job.undo.status !== 'running') return job
    await new Promise((r) => setTimeout(r, 25))
  }
}
const legacyStatus = async (id: number) => (await get(`/api/candidatos/${id}`, ana)).json().data.status as string | null

describe('a vacancy’s board', () => {
  it('lists every candidate of the vacancy as a card, with status, city and last action', async () => {
    const cards = await board()
    const rows = (await get(`/api/processos_seletivos/${vacancyId}/candidatos`, ana)).json().data as { id: number }[]
    expect(cards.length).toBe(rows.length)
    expect(cards.length).toBeGreaterThan(10)
    expect(cards[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      status: expect.any(String),
      city: expect.any(String),
      at: expect.any(String),
      whatsapp: expect.any(String),
      optedOut: false,
    })
  })
  it('is the agency’s: a company gets 403', async () => {
    expect((await get(`/bff/vacancies/${vacancyId}/board`, company)).statusCode).toBe(403)
    expect((await post('/bff/bulk', { action: 'status', vacancyId, ids: [1], status: 'triado' }, company)).statusCode).toBe(403)
  })
})

describe('bulk status change', () => {
  let moved: number[] = []
  let jobId = ''
  it('moves the chosen people as one job: one read of the vacancy, one write each, each in the audit trail with the person’s name', async () => {
    const cards = (await board()).filter((c) => c.status !== 'segunda_fase')
    moved = cards.slice(0, 8).map((c) => c.id)
    await stack.resetLegacyLog()
    const started = await post('/bff/bulk', { action: 'status', vacancyId, ids: moved, status: 'segunda_fase' }, ana)
    expect(started.statusCode).toBe(202)
    jobId = started.json().job.id
    const job = await settled(jobId)
    expect(job).toMatchObject({ status: 'done', total: 8, done: 8, skipped: 0, failed: 0, by: 'Ana Souza', target: 'Segunda Fase', undoable: true })
    expect(job.message).toBe('8 candidatos movidos para "Segunda Fase".')
    const calls = (await stack.legacyRequests()).map((r) => `${r.method} ${r.url.replace(/\?.*/, '')}`)
    expect(calls.filter((c) => c.startsWith('GET'))).toEqual([`GET /api/processos_seletivos/${vacancyId}/candidatos`])
    expect(calls.filter((c) => c.startsWith('PUT')).sort()).toEqual(moved.map((id) => `PUT /api/candidatos/${id}`).sort())
    for (const id of moved) expect(await legacyStatus(id)).toBe('segunda_fase')
    const timeline = (await get(`/bff/candidates/${moved[0]}/timeline`, rui)).json().entries as { by: string; text: string }[]
    expect(timeline[0]).toMatchObject({ by: 'Ana Souza', text: expect.stringMatching(/para Segunda Fase \(ação em massa\)\.$/) })
  })
  it('a second run on the same people writes nothing and says they were already there', async () => {
    await stack.resetLegacyLog()
    const job = await settled((await post('/bff/bulk', { action: 'status', vacancyId, ids: moved.slice(0, 3), status: 'segunda_fase' }, ana)).json().job.id)
    expect(job).toMatchObject({ status: 'done', done: 0, skipped: 3 })
    expect((await stack.legacyRequests()).filter((r) => r.method === 'PUT')).toEqual([])
  })
  it('undo puts back the earlier status, except for a person someone moved since', async () => {
    expect(
      (await stack.app.inject({ method: 'PUT', url: `/bff/candidates/${moved[0]}/status`, headers: { ...UNSAFE_HEADERS, cookie: rui }, payload: '{"status":"aprovado"}' }))
        .statusCode,
    ).toBe(200)
    const before = await board()
    expect((await post(`/bff/bulk/${jobId}/undo`, {}, rui)).statusCode).toBe(202)
    const job = await settled(jobId, 'undo')
    expect(job.undo).toMatchObject({ status: 'done', restored: 7, kept: 1 })
    expect(job.undo!.message).toMatch(/^Desfeito: 7 candidatos voltaram ao status anterior \(1 mantido/)
    expect(await legacyStatus(moved[0]!)).toBe('aprovado')
    for (const id of moved.slice(1)) expect(await legacyStatus(id)).not.toBe('segunda_fase')
    expect(before.find((c) => c.id === moved[0])!.status).toBe('aprovado')
    // Undone once: a second undo has nothing left to do.
    expect((await post(`/bff/bulk/${jobId}/undo`, {}, rui)).json().message).toBe('Não há mudanças desta ação para desfazer.')
  })
  it('takes "all that match this filter" from the list, as the screen filters it', async () => {
    const cards = await board()
    const triados = cards.filter((c) => c.status === 'triado').length
    expect(triados).toBeGreaterThan(0)
    const job = await settled((await post('/bff/bulk', { action: 'status', vacancyId, filter: { status: 'triado' }, status: 'entrar_contato' }, ana)).json().job.id)
    expect(job).toMatchObject({ status: 'done', total: triados, done: triados })
    expect((await board()).filter((c) => c.status === 'triado')).toEqual([])
  })
})

describe('bulk forward', () => {
  it('sends the chosen people to another vacancy once: someone already there is not sent again', async () => {
    const ids = (await board()).slice(0, 3).map((c) => c.id)
    const first = await settled((await post('/bff/bulk', { action: 'forward', vacancyId, ids, targetVacancyId: otherVacancyId }, ana)).json().job.id)
    expect(first).toMatchObject({ status: 'done', total: 3, undoable: false })
    expect(first.done + first.skipped).toBe(3)
    const again = await settled((await post('/bff/bulk', { action: 'forward', vacancyId, ids, targetVacancyId: otherVacancyId }, ana)).json().job.id)
    expect(again).toMatchObject({ status: 'done', done: 0, skipped: 3 })
    expect((await post(`/bff/bulk/${again.id}/undo`, {}, ana)).statusCode).toBe(409)
  })
})

describe('bulk refusals', () => {
  it('answers bad input in Portuguese and starts nothing', async () => {
    const refused = async (body: unknown) => {
      const answer = await post('/bff/bulk', body, ana)
      expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400)
      expect(answer.statusCode).toBeLessThan(500)
      return answer.json() as { message: string; errors?: Record<string, string[]> }
    }
    expect((await refused({ action: 'status', vacancyId, ids: [], status: 'triado' })).errors!.ids).toEqual(['Selecione ao menos um candidato.'])
    expect((await refused({ action: 'status', vacancyId, ids: [1], filter: {}, status: 'triado' })).errors!.ids![0]).toMatch(/não os dois/)
    expect((await refused({ action: 'status', vacancyId, ids: [(await board())[0]!.id] })).errors!.status).toEqual(['Escolha o status para onde mover os candidatos.'])
    expect((await refused({ action: 'status', vacancyId, ids: [999_999_999], status: 'triado' })).errors!.ids).toEqual(['Um dos candidatos escolhidos não está nesta vaga.'])
    expect((await refused({ action: 'forward', vacancyId, ids: [1], targetVacancyId: vacancyId })).errors!.targetVacancyId).toEqual(['Escolha uma vaga diferente da atual.'])
    expect((await refused({ action: 'status', vacancyId, ids: [1], status: 'xx' })).errors!.status).toEqual(['Status desconhecido.'])
    expect((await get('/bff/bulk/00000000-0000-0000-0000-000000000000', ana)).json().message).toBe('Ação em massa não encontrada.')
  })
})

describe('a selection’s CSV', () => {
  it('holds the chosen people only', async () => {
    const ids = (await board()).slice(0, 2).map((c) => c.id)
    const csv = await post(`/bff/vacancies/${vacancyId}/candidates/selection.csv`, { ids }, ana)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toMatch(/text\/csv/)
    expect(csv.body.trim().split('\n')).toHaveLength(3)
  })
})
