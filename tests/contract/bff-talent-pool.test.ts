import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GLOBAL_SCREENING_EXCLUDED_STATUSES } from '@mini-vagas/shared/constants/candidate-statuses'
import { nearbyCities } from '@mini-vagas/shared/domain/talent-pool'
import { foldText } from '@mini-vagas/shared/domain/text'
import { emailKey } from '@mini-vagas/shared/domain/candidate-identity'
import { call } from '../../infra/legacy-api/src/testing.ts'
import { legacyAdminToken } from '../support/applicant.ts'
import { startStack, UNSAFE_HEADERS, type Stack } from '../support/stack.ts'

// The talent pool against the real stand-in and the candidate index: tags kept by the BFF and
// never shown to a company, the all-candidates list narrowed to a tag, saved searches per person,
// and "sugerir do banco" judging the base by the screening rules.
let stack: Stack
let admin: string
let company: string
let legacyToken: string
beforeAll(async () => {
  stack = await startStack({ CANDIDATE_INDEX: 'true' }, { candidates: 1500 })
  admin = await stack.login()
  company = await stack.login('empresa A')
  legacyToken = await legacyAdminToken(stack.legacy.url)
  await send('GET', '/bff/auth/me', admin)
  const started = Date.now()
  while (!(await stack.app.candidateIndex!.state()).ready) {
    if (Date.now() - started > 60_000) throw new Error('the index was not built')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}, 90_000)
afterAll(() => stack.close())

async function send(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie: string, payload?: unknown) {
  // A body's content type only with a body (as the SPA sends it).
  const { 'content-type': json, ...unsafe } = UNSAFE_HEADERS
  const headers: Record<string, string> = { ...(method === 'GET' ? {} : unsafe), ...(payload === undefined ? {} : { 'content-type': json }), cookie }
  const response = await stack.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) })
  return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : null }
}
const legacy = async (path: string) => {
  const body = (await call(stack.legacy.url, `/api${path}`, { token: legacyToken })).body
  return (Array.isArray(body) ? body : Array.isArray(body.data) ? body.data : body.data.data) as Record<string, unknown>[]
}

describe('the talent pool', () => {
  it('keeps the agency’s tags on people, lists the people of a tag, and never shows them to a company', async () => {
    const vacancies = await legacy('/processos_seletivos')
    const own = vacancies.find((v) => v.cnpj === '45723618000118' && Number(v.candidates_count) > 3)!
    const people = (await legacy(`/processos_seletivos/${own.id}/candidatos`)).slice(0, 3)
    for (const p of people)
      expect((await send('PUT', `/bff/candidates/${p.id}/tags`, admin, { tags: ['Turno da noite', ' CNH  B '] })).body).toEqual({ tags: ['Turno da noite', 'CNH B'] })
    // The same tag whatever the accents and case (kept as first written); removing one leaves the other.
    expect((await send('PUT', `/bff/candidates/${people[0]!.id}/tags`, admin, { tags: ['turno da NOITE'] })).body).toEqual({ tags: ['Turno da noite'] })
    expect((await send('GET', '/bff/tags', admin)).body.tags).toEqual([
      { tag: 'Turno da noite', count: 3 },
      { tag: 'CNH B', count: 2 },
    ])
    const tagged = await send('GET', `/bff/candidates?tag=${encodeURIComponent('cnh b')}`, admin)
    expect(tagged.status).toBe(200)
    expect(tagged.body.items.map((c: { id: number }) => c.id).sort()).toEqual(
      people
        .slice(1)
        .map((p) => Number(p.id))
        .sort(),
    )
    expect(tagged.body.counts.all).toBe(2)
    expect(tagged.body.tags[String(people[1]!.id)]).toEqual(['Turno da noite', 'CNH B'])
    // The vacancy's list carries its people's tags for staff; its company sees the list without them.
    const staffList = (await send('GET', `/bff/vacancies/${own.id}/candidates`, admin)).body
    expect(Object.keys(staffList.tags ?? {}).length).toBeGreaterThan(0)
    const companyList = (await send('GET', `/bff/vacancies/${own.id}/candidates`, company)).body
    expect(companyList.tags).toBeUndefined()
    expect((await send('PUT', `/bff/candidates/${people[0]!.id}/tags`, company, { tags: ['x'] })).status).toBe(403)
    expect((await send('GET', '/bff/tags', company)).status).toBe(403)
  })

  it('refuses a tag too short or too many tags, in Portuguese, and changes nothing', async () => {
    const [person] = await legacy('/candidatos/busca-avancada?nome=%40')
    const before = (await send('GET', '/bff/tags', admin)).body.tags
    const short = await send('PUT', `/bff/candidates/${person!.id}/tags`, admin, { tags: ['x'] })
    expect(short.status).toBe(422)
    expect(short.body.errors.tags).toEqual(['Cada etiqueta deve ter entre 2 e 40 caracteres.'])
    const many = await send('PUT', `/bff/candidates/${person!.id}/tags`, admin, { tags: Array.from({ length: 21 }, (_, i) => `etiqueta ${i}`) })
    expect(many.status).toBe(422)
    expect(many.body.errors.tags).toEqual(['Um candidato pode ter no máximo 20 etiquetas.'])
    expect((await send('GET', '/bff/tags', admin)).body.tags).toEqual(before)
  })

  it('keeps each person’s saved searches: saved, listed, a name used twice refused, deleted', async () => {
    const query = { q: 'maria', status: 'triado', order: 'name_asc', start_date: '2026-01-01', tag: 'CNH B' }
    const saved = await send('POST', '/bff/saved-searches', admin, { name: '  Marias triadas ', query })
    expect(saved.status).toBe(201)
    expect(saved.body.search).toMatchObject({ name: 'Marias triadas', query })
    const again = await send('POST', '/bff/saved-searches', admin, { name: 'marias TRIADAS', query: {} })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Já existe uma busca salva com este nome.')
    expect((await send('GET', '/bff/saved-searches', admin)).body.searches.map((s: { name: string }) => s.name)).toEqual(['Marias triadas'])
    expect((await send('POST', '/bff/saved-searches', admin, { name: '   ', query: {} })).body.errors.name).toEqual(['Campo obrigatório.'])
    expect((await send('POST', '/bff/saved-searches', admin, { name: 'x'.repeat(61), query: {} })).body.errors.name).toEqual(['Dê à busca um nome de até 60 caracteres.'])
    expect((await send('DELETE', `/bff/saved-searches/${saved.body.search.id}`, admin)).status).toBe(204)
    expect((await send('DELETE', `/bff/saved-searches/${saved.body.search.id}`, admin)).status).toBe(404)
    expect((await send('GET', '/bff/saved-searches', admin)).body.searches).toEqual([])
  })

  it('suggests people of the base near the vacancy, not in it, judged by the screening rules with their evidence; one sent is not suggested again', async () => {
    const vacancies = await legacy('/processos_seletivos')
    const vacancy = vacancies.find((v) => foldText(String(v.city)) === 'fortaleza')!
    const { status, body } = await send('GET', `/bff/vacancies/${vacancy.id}/suggestions`, admin)
    expect(status).toBe(200)
    expect(body.evaluated).toBeGreaterThan(0)
    expect(body.suggestions.length).toBeGreaterThan(0)
    const inVacancy = new Set((await legacy(`/processos_seletivos/${vacancy.id}/candidatos`)).map((c) => emailKey(c.email)))
    const near = new Set(nearbyCities(String(vacancy.city)))
    for (const s of body.suggestions) {
      expect(['triado', 'revisao']).toContain(s.outcome)
      expect(s.evidence.length).toBeGreaterThan(0)
      expect(near.has(foldText(s.candidate.address_city))).toBe(true)
      expect(inVacancy.has(emailKey(s.candidate.email))).toBe(false)
      expect(GLOBAL_SCREENING_EXCLUDED_STATUSES as readonly string[]).not.toContain(s.candidate.status ?? '')
    }
    // Those the rules put through come first.
    const outcomes = body.suggestions.map((s: { outcome: string }) => s.outcome)
    expect(outcomes).toEqual([...outcomes].sort((a: string, b: string) => Number(a !== 'triado') - Number(b !== 'triado')))
    const first = body.suggestions[0].candidate
    const forwarded = await send('POST', `/bff/candidates/${first.id}/forwards`, admin, { vacancyId: vacancy.id })
    expect(forwarded.status).toBe(201)
    const after = (await send('GET', `/bff/vacancies/${vacancy.id}/suggestions`, admin)).body
    expect(after.suggestions.map((s: { candidate: { email: string } }) => emailKey(s.candidate.email))).not.toContain(emailKey(first.email))
    expect((await send('GET', `/bff/vacancies/${vacancy.id}/suggestions`, company)).status).toBe(403)
  })
})
