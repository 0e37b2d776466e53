import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screeningNote } from '../../shared/src/domain/screening-apply.ts'
import { startStack, UNSAFE_HEADERS, type Stack } from '../support/stack.ts'

// The SPA's writes in domain terms, against the real stand-in. Each answers with the
// changed row as the writer may see it, and costs only the legacy calls it needs.
let stack: Stack
let admin: string
let company: string
let ownCandidate: { id: number; job_posting_id: number }
beforeAll(async () => {
  stack = await startStack({}, { candidates: 300 })
  admin = await stack.login('admin')
  company = await stack.login('empresa A')
  const vacancies = (await stack.app.inject({ method: 'GET', url: '/bff/vacancies', headers: { cookie: company } })).json().vacancies as { id: number; candidates_count: number }[]
  const own = vacancies.find((v) => v.candidates_count > 0)!
  ownCandidate = (await stack.app.inject({ method: 'GET', url: `/bff/vacancies/${own.id}/candidates`, headers: { cookie: company } })).json().items[0]
})
afterAll(() => stack.close())

const send = (method: 'PUT' | 'POST', url: string, cookie: string, body: unknown) =>
  stack.app.inject({ method, url, headers: { ...UNSAFE_HEADERS, cookie }, payload: JSON.stringify(body) })

/** The legacy calls one BFF request made, as the stand-in logged them. */
async function legacyCalls(request: () => Promise<unknown>): Promise<string[]> {
  await stack.resetLegacyLog()
  await request()
  return (await stack.legacyRequests()).map((r) => `${r.method} ${r.url.replace(/\?.*/, '')}`)
}

describe('candidate writes through /bff', () => {
  it('a status change is one legacy write for an admin, three calls for a company (its ownership check), and answers the row', async () => {
    let answer: { candidate: { id: number; status: string } } | undefined
    const byAdmin = await legacyCalls(async () => {
      answer = (await send('PUT', `/bff/candidates/${ownCandidate.id}/status`, admin, { status: 'entrevista_presencial' })).json()
    })
    expect(byAdmin).toEqual([`PUT /api/candidatos/${ownCandidate.id}`])
    expect(answer!.candidate).toMatchObject({ id: ownCandidate.id, status: 'entrevista_presencial' })
    const byCompany = await legacyCalls(async () => {
      answer = (await send('PUT', `/bff/candidates/${ownCandidate.id}/status`, company, { status: 'aprovado' })).json()
    })
    expect(byCompany).toEqual([`GET /api/candidatos/${ownCandidate.id}`, `GET /api/processos_seletivos/${ownCandidate.job_posting_id}`, `PUT /api/candidatos/${ownCandidate.id}`])
    expect(answer!.candidate).toMatchObject({ id: ownCandidate.id, status: 'aprovado' })
    // Both writes are in the audit trail; the company's with the status before (its ownership check read it).
    const events = (await stack.app.audit.between('2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z')).filter((e) => e.subject === `candidato:${ownCandidate.id}`)
    expect(events.map((e) => e.detail).slice(-2)).toEqual([
      { to: 'entrevista_presencial', via: 'manual' },
      { from: 'entrevista_presencial', to: 'aprovado', via: 'manual' },
    ])
  })
  it('a note keeps what its writer was not shown, and answers the row as that writer sees it', async () => {
    const stored = screeningNote({
      runId: '12345678-0000-0000-0000-000000000000',
      candidateId: ownCandidate.id,
      outcome: 'triado',
      explanation: 'Perfil aderente.',
      vacancy: { id: ownCandidate.job_posting_id },
      provider: 'rules',
      date: '21/11/2026',
    })
    await stack.app.inject({ method: 'PUT', url: `/api/candidatos/${ownCandidate.id}`, headers: { ...UNSAFE_HEADERS, cookie: admin }, payload: JSON.stringify({ obs: stored }) })
    const seen = (await send('PUT', `/bff/candidates/${ownCandidate.id}/note`, company, { obs: 'Começa segunda.' })).json().candidate
    expect(seen.obs).toBe('Começa segunda.')
    const full = (await stack.app.inject({ method: 'GET', url: `/bff/candidates/${ownCandidate.id}`, headers: { cookie: admin } })).json().candidate
    expect(full.obs).toContain('Começa segunda.')
    expect(full.obs).toContain('Perfil aderente.')
  })
  it('refuses bad input with a Portuguese message and writes nothing', async () => {
    const calls = await legacyCalls(async () => {
      const bad = await send('PUT', `/bff/candidates/${ownCandidate.id}/status`, admin, { status: 'Aprovado!' })
      expect(bad.statusCode).toBe(422)
      expect(bad.json().message).toMatch(/[A-Za-zçã]/)
    })
    expect(calls).toEqual([])
    const notMine = await send('PUT', `/bff/candidates/${ownCandidate.id}/status`, company, { status: 'triado' })
    expect(notMine.statusCode).toBe(422)
  })
  it('a forward is built by the BFF from the stored record and answers the new one', async () => {
    const vacancies = (await stack.app.inject({ method: 'GET', url: '/bff/vacancies', headers: { cookie: admin } })).json().vacancies as { id: number }[]
    const target = vacancies.find((v) => v.id !== ownCandidate.job_posting_id)!
    const answer = await send('POST', `/bff/candidates/${ownCandidate.id}/forwards`, admin, { vacancyId: target.id })
    expect(answer.statusCode).toBe(201)
    const created = answer.json().candidate
    expect(created).toMatchObject({ job_posting_id: target.id })
    expect(created.id).not.toBe(ownCandidate.id)
    // Sent again to the same vacancy, the person is already there — it says so and creates nothing.
    const before = (await stack.app.inject({ method: 'GET', url: `/bff/vacancies/${target.id}/candidates?page=1`, headers: { cookie: admin } })).json().counts.all
    const again = await send('POST', `/bff/candidates/${ownCandidate.id}/forwards`, admin, { vacancyId: target.id })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toMatch(/ já está nesta vaga \(mesmo e-mail ou WhatsApp\); nada foi enviado\.$/)
    expect((await stack.app.inject({ method: 'GET', url: `/bff/vacancies/${target.id}/candidates?page=1`, headers: { cookie: admin } })).json().counts.all).toBe(before)
  })
  it('vacancy writes answer with the vacancy as written', async () => {
    // A description and a company are required; a new vacancy starts hidden.
    const empty = await send('POST', '/bff/vacancies', admin, {})
    expect(empty.statusCode).toBe(422)
    expect(empty.json().errors).toEqual({ description: ['Preencha o título da vaga.'], company_name: ['Preencha o nome da empresa.'] })
    const created = await send('POST', '/bff/vacancies', admin, { description: 'Repositor noturno', company_name: 'Mercado Bom Preço', city: 'Fortaleza' })
    expect(created.statusCode).toBe(201)
    expect(created.json().vacancy.obs).toBe('nao mostrar')
    const { vacancy } = created.json()
    expect(vacancy).toMatchObject({ description: 'Repositor noturno', city: 'Fortaleza' })
    const updated = await send('PUT', `/bff/vacancies/${vacancy.id}`, admin, { description: 'Repositor noturno (2 vagas)' })
    expect(updated.json().vacancy).toMatchObject({ id: vacancy.id, description: 'Repositor noturno (2 vagas)' })
  })
})
