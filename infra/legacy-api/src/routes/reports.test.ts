import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startLegacyApi, type RunningLegacyApi } from '../testing.ts'

let api: RunningLegacyApi
let token: string
beforeAll(async () => {
  api = await startLegacyApi({ candidates: 120 })
  token = await api.login()
})
afterAll(() => api.close())

describe('GET /api/excel_relatorio', () => {
  it('answers a bare array of report rows for the range, oldest first', async () => {
    const res = await call(api.url, '/api/excel_relatorio?start_date=2025-11-01&end_date=2026-11-30', { token })
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(120)
    expect(Object.keys(res.body[0])).toEqual([
      'full_name',
      'age',
      'whatsapp',
      'email',
      'address_street',
      'address_neighborhood',
      'address_city',
      'address_state',
      'education',
      'curso',
      'experience_1',
      'experience_2',
      'experience_3',
      'created_at',
      'ultima_acao',
      'job_description',
      'company_name',
      'job_city',
      'job_created_at',
      'veiopor',
      'genero',
      'cep',
      'is_pcd',
    ])
    const created = res.body.map((r: { created_at: string }) => r.created_at)
    expect(created).toEqual([...created].sort())
  })
  it('answers an empty array for a range without candidates', async () => {
    expect((await call(api.url, '/api/excel_relatorio?start_date=2020-01-01&end_date=2020-01-31', { token })).body).toEqual([])
  })
  it('needs both dates (422) and a token (401)', async () => {
    const res = await call(api.url, '/api/excel_relatorio?start_date=2026-01-01', { token })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ end_date: ['O campo end date é obrigatório.'] })
    expect((await call(api.url, '/api/excel_relatorio?start_date=2026-01-01&end_date=2026-02-01')).status).toBe(401)
  })
})

describe('GET /ws/:cep/json/ (ViaCEP-shaped)', () => {
  it('answers a known CE postal code in ViaCEP’s shape', async () => {
    const res = await call(api.url, '/ws/60055400/json/')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ cep: '60055-400', logradouro: 'Avenida Aguanambi', bairro: 'José Bonifácio', localidade: 'Fortaleza', uf: 'CE' })
  })
  it('answers a known RN postal code', async () => {
    expect((await call(api.url, '/ws/59080450/json')).body).toMatchObject({ localidade: 'Natal', uf: 'RN', bairro: 'Neópolis' })
  })
  it('answers {erro: "true"} for an unknown CEP and 400 for a malformed one', async () => {
    expect((await call(api.url, '/ws/60999999/json/')).body).toEqual({ erro: 'true' })
    expect((await call(api.url, '/ws/6005540/json/')).status).toBe(400)
    expect((await call(api.url, '/ws/abcdefgh/json/')).status).toBe(400)
  })
})

describe('Laravel-like edges', () => {
  it('answers 404 with the route for unknown paths and methods', async () => {
    const res = await call(api.url, '/api/nada')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'The route api/nada could not be found.' })
    expect((await call(api.url, '/api/vagas-publicas', { method: 'DELETE' })).status).toBe(404)
  })
  it('answers 400 for malformed JSON and 413 for a body over 1 MB', async () => {
    const bad = await call(api.url, '/api/candidatos', { method: 'POST', body: '{"fullName":' })
    expect(bad.status).toBe(400)
    expect(bad.body).toHaveProperty('message')
    const huge = await call(api.url, '/api/candidatos', { method: 'POST', body: JSON.stringify({ obs: 'x'.repeat(1_100_000) }) })
    expect(huge.status).toBe(413)
  })
})
