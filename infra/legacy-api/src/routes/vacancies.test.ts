import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startLegacyApi, type RunningLegacyApi } from '../testing.ts'

let api: RunningLegacyApi
let token: string
beforeAll(async () => {
  api = await startLegacyApi({ candidates: 200 })
  token = await api.login()
})
afterAll(() => api.close())

describe('GET /api/vagas-publicas (public)', () => {
  it('answers a bare array of every vacancy with public fields and visibility, sorted by city', async () => {
    const res = await call(api.url, '/api/vagas-publicas')
    expect(res.status).toBe(200)
    expect(Array.isArray(res.body)).toBe(true)
    expect(res.body).toHaveLength(api.summary.vacancies)
    expect(Object.keys(res.body[0]).sort()).toEqual(['bairro', 'benefits', 'city', 'company_name', 'description', 'id', 'obs', 'requirements'])
    const cities = res.body.map((v: { city: string }) => v.city)
    expect(cities).toEqual([...cities].sort())
    expect(new Set(res.body.map((v: { obs: string }) => v.obs))).toEqual(new Set(['mostrar', 'nao mostrar']))
  })
})

describe('GET /api/processos_seletivos', () => {
  it('answers {data: [...]} with candidate counts, newest first', async () => {
    const res = await call(api.url, '/api/processos_seletivos', { token })
    expect(res.status).toBe(200)
    expect(res.body.data).toHaveLength(api.summary.vacancies)
    const total = res.body.data.reduce((n: number, v: { candidates_count: number }) => n + v.candidates_count, 0)
    expect(total).toBe(200)
    const created = res.body.data.map((v: { created_at: string }) => v.created_at)
    expect(created).toEqual([...created].sort().reverse())
  })
  it('needs a token', async () => {
    expect((await call(api.url, '/api/processos_seletivos')).status).toBe(401)
  })
})

describe('GET /api/processos_seletivos/:id', () => {
  it('answers one vacancy under data', async () => {
    const res = await call(api.url, '/api/processos_seletivos/1', { token })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: 1, cnpj: '45723618000118', company_name: 'Supermercado Bom Preço', obs: 'mostrar' })
    expect(Array.isArray(res.body.data.requirements)).toBe(true)
  })
  it('answers 404 for a missing or malformed id', async () => {
    for (const id of ['999999', 'abc', '0', '-1']) {
      const res = await call(api.url, `/api/processos_seletivos/${id}`, { token })
      expect(res.status).toBe(404)
      expect(res.body.message).toMatch(/No query results/)
    }
  })
})

describe('POST and PUT /api/processos_seletivos', () => {
  const vacancy = {
    recrutador: 'Carla Menezes',
    description: 'Operador de Empilhadeira',
    company_name: 'Atacarejo Nordeste',
    cnpj: '45723618000118',
    city: 'Maracanaú',
    neighborhood: 'Distrito Industrial',
    estado: 'ceara',
    requirements: ['  CNH categoria B ', '', '   '],
    benefits: ['Vale-transporte'],
    criterios: ['Experiência em logística'],
    obs: 'nao mostrar',
    vagas_abertas: 3,
    vagas_preenchidas: 0,
    status: 'aberta',
    redes_sociais: 'instagram',
  }
  it('creates a vacancy (201), trimming lists and reading neighborhood as bairro', async () => {
    const res = await call(api.url, '/api/processos_seletivos', { method: 'POST', token, body: vacancy })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ description: 'Operador de Empilhadeira', bairro: 'Distrito Industrial', requirements: ['CNH categoria B'], candidates_count: 0 })
    const read = await call(api.url, `/api/processos_seletivos/${res.body.data.id}`, { token })
    expect(read.body.data.criterios).toEqual(['Experiência em logística'])
  })
  it('accepts an empty form: the legacy form has no required fields', async () => {
    const res = await call(api.url, '/api/processos_seletivos', { method: 'POST', token, body: {} })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ requirements: [], benefits: [], description: null })
  })
  it('refuses wrong types and values with 422 field errors', async () => {
    const res = await call(api.url, '/api/processos_seletivos', {
      method: 'POST',
      token,
      body: { vagas_abertas: -1, vagas_preenchidas: 'duas', obs: 'talvez', status: 'pausada', requirements: 'CNH' },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      vagas_abertas: ['O campo vagas solicitadas deve ser pelo menos 0.'],
      vagas_preenchidas: ['O campo vagas preenchidas deve ser um número inteiro.'],
      obs: ['O visibilidade selecionado é inválido.'],
      status: ['O status selecionado é inválido.'],
      requirements: ['O campo requirements deve ser uma matriz.'],
    })
  })
  it('updates only the fields sent', async () => {
    const res = await call(api.url, '/api/processos_seletivos/2', { method: 'PUT', token, body: { obs: 'mostrar', vagas_preenchidas: 1, status: 'divulgação' } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: 2, obs: 'mostrar', vagas_preenchidas: 1, status: 'divulgação' })
    expect(res.body.data.updated_at > res.body.data.created_at).toBe(true)
    expect((await call(api.url, '/api/processos_seletivos/999999', { method: 'PUT', token, body: {} })).status).toBe(404)
  })
})

describe('GET /api/processos_seletivos/:id/candidatos', () => {
  it('answers {data: [...]} with every candidate of the vacancy', async () => {
    const vacancy = await call(api.url, '/api/processos_seletivos/1', { token })
    const res = await call(api.url, '/api/processos_seletivos/1/candidatos', { token })
    expect(res.status).toBe(200)
    expect(res.body.data).toHaveLength(vacancy.body.data.candidates_count)
    expect(res.body.data.every((c: { job_posting_id: number }) => c.job_posting_id === 1)).toBe(true)
    expect((await call(api.url, '/api/processos_seletivos/999999/candidatos', { token })).status).toBe(404)
  })
})
