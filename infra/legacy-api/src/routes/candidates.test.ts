import { dayRangeInstants } from '@mini-vagas/shared/domain/dates'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startLegacyApi, type RunningLegacyApi } from '../testing.ts'

let api: RunningLegacyApi
let token: string
beforeAll(async () => {
  api = await startLegacyApi({ candidates: 300 })
  token = await api.login()
})
afterAll(() => api.close())

const application = {
  fullName: 'Maria Aparecida da Silva',
  age: 27,
  genero: 'feminino',
  whatsapp: '(85) 98877-6655',
  email: 'maria.aparecida@example.com',
  isPCD: false,
  address: { street: 'Avenida Aguanambi', neighborhood: 'José Bonifácio', city: 'Fortaleza', state: 'CE', cep: '60055400' },
  education: 'ensino médio completo',
  curso: '',
  veiopor: 'instagram',
  experience: ['sim trabalhei em supermercado', 'Repositora no Mercadinho Central', ''],
  jobId: 1,
}

async function allPages(query = '') {
  const first = await call(api.url, `/api/candidatos?page=1${query}`, { token })
  const rows = [...first.body.data]
  for (let page = 2; page <= first.body.pagination.last_page; page++) {
    rows.push(...(await call(api.url, `/api/candidatos?page=${page}${query}`, { token })).body.data)
  }
  return { rows, pagination: first.body.pagination }
}

describe('GET /api/candidatos (paginated)', () => {
  it('answers data and the Laravel pagination object', async () => {
    const res = await call(api.url, '/api/candidatos?page=2', { token })
    expect(res.status).toBe(200)
    expect(res.body.pagination).toEqual({ current_page: 2, last_page: 15, per_page: 20, total: 300 })
    expect(res.body.data).toHaveLength(20)
  })
  it('pages newest first without gaps or repeats', async () => {
    const { rows } = await allPages()
    expect(rows).toHaveLength(300)
    expect(new Set(rows.map((c) => c.id)).size).toBe(300)
    const created = rows.map((c) => c.created_at)
    expect(created).toEqual([...created].sort().reverse())
  })
  it('returns each candidate in the shape (docs/product.md, Candidate) with its vacancy nested', async () => {
    const [candidate] = (await call(api.url, '/api/candidatos?page=1', { token })).body.data
    expect(Object.keys(candidate).sort()).toEqual([
      'address_city',
      'address_neighborhood',
      'address_state',
      'address_street',
      'age',
      'cep',
      'company_name',
      'created_at',
      'curso',
      'education',
      'email',
      'experience_1',
      'experience_2',
      'experience_3',
      'full_name',
      'genero',
      'id',
      'is_pcd',
      'job_posting',
      'job_posting_id',
      'obs',
      'status',
      'ultima_acao',
      'updated_at',
      'veiopor',
      'whatsapp',
    ])
    expect(Object.keys(candidate.job_posting).sort()).toEqual(['city', 'company_name', 'created_at', 'description', 'estado', 'recrutador'])
    expect(typeof candidate.is_pcd).toBe('boolean')
    expect(candidate.ultima_acao >= candidate.created_at).toBe(true)
  })
  it('reads a page past the end as empty and an unreadable page as page 1', async () => {
    expect((await call(api.url, '/api/candidatos?page=99', { token })).body.data).toEqual([])
    expect((await call(api.url, '/api/candidatos?page=abc', { token })).body.pagination.current_page).toBe(1)
  })
  it('filters by inclusive calendar days in America/Fortaleza', async () => {
    const { rows: everyone } = await allPages()
    const { from, until } = dayRangeInstants('2026-06-01', '2026-08-31')
    const expected = everyone.filter((c) => new Date(c.created_at) >= from && new Date(c.created_at) < until)
    const { rows, pagination } = await allPages('&start_date=2026-06-01&end_date=2026-08-31')
    expect(expected.length).toBeGreaterThan(0)
    expect(pagination.total).toBe(expected.length)
    expect(rows.map((c) => c.id).sort()).toEqual(expected.map((c) => c.id).sort())
  })
  it('reads blank dates as absent, as Laravel trims and nulls empty strings', async () => {
    const res = await call(api.url, '/api/candidatos?page=1&start_date=%20&end_date=', { token })
    expect(res.status).toBe(200)
    expect(res.body.pagination.total).toBe(300)
  })
  it('refuses bad dates with 422', async () => {
    const bad = await call(api.url, '/api/candidatos?start_date=01/06/2026', { token })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.start_date).toEqual(['O campo start date não é uma data válida.'])
    const reversed = await call(api.url, '/api/candidatos?start_date=2026-06-02&end_date=2026-06-01', { token })
    expect(reversed.status).toBe(422)
    expect(reversed.body.errors).toHaveProperty('end_date')
  })
  it('needs a token', async () => {
    expect((await call(api.url, '/api/candidatos?page=2')).status).toBe(401)
  })
})

describe('GET /api/candidatos/:id', () => {
  it('answers the candidate under data, 404 when missing', async () => {
    expect((await call(api.url, '/api/candidatos/5', { token })).body.data.id).toBe(5)
    const missing = await call(api.url, '/api/candidatos/999999', { token })
    expect(missing.status).toBe(404)
    expect((await call(api.url, '/api/candidatos/5')).status).toBe(401)
  })
})

describe('POST /api/candidatos (public apply and forward)', () => {
  it('creates the candidate without a token and stores every field', async () => {
    const res = await call(api.url, '/api/candidatos', { method: 'POST', body: application })
    expect(res.status).toBe(201)
    const stored = (await call(api.url, `/api/candidatos/${res.body.data.id}`, { token })).body.data
    expect(stored).toMatchObject({
      full_name: 'Maria Aparecida da Silva',
      age: 27,
      is_pcd: false,
      address_street: 'Avenida Aguanambi',
      address_neighborhood: 'José Bonifácio',
      cep: '60055400',
      experience_1: 'sim trabalhei em supermercado',
      experience_2: 'Repositora no Mercadinho Central',
      experience_3: '',
      job_posting_id: 1,
      status: null,
    })
    expect(stored.created_at).toBe(stored.updated_at)
  })
  it('keeps status and obs when forwarding sends them', async () => {
    const res = await call(api.url, '/api/candidatos', { method: 'POST', body: { ...application, jobId: 2, status: 'triado', obs: 'Triagem IA' } })
    expect(res.body.data).toMatchObject({ status: 'triado', obs: 'Triagem IA', job_posting_id: 2 })
  })
  it('answers 422 with a message per field for a malformed application', async () => {
    const res = await call(api.url, '/api/candidatos', {
      method: 'POST',
      body: { ...application, fullName: ' ', age: 'vinte', email: 'maria@', isPCD: 'talvez', address: { ...application.address, cep: '' }, jobId: 999999 },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      fullName: ['O campo nome completo é obrigatório.'],
      age: ['O campo idade deve ser um número.'],
      email: ['O campo e-mail deve ser um endereço de e-mail válido.'],
      isPCD: ['O campo PCD deve ser verdadeiro ou falso.'],
      'address.cep': ['O campo CEP é obrigatório.'],
      jobId: ['O vaga selecionado é inválido.'],
    })
    expect(res.body.message).toBe('O campo nome completo é obrigatório. (e mais 5 erros)')
  })
  it('answers 422 (not a crash) for a body that is not an object', async () => {
    for (const body of ['[]', '"texto"', 'null', '42']) {
      const res = await call(api.url, '/api/candidatos', { method: 'POST', body })
      expect(res.status).toBe(422)
    }
  })
})

describe('PUT /api/candidatos/:id and observations', () => {
  it('updates a status alone and moves updated_at', async () => {
    const before = (await call(api.url, '/api/candidatos/10', { token })).body.data
    const res = await call(api.url, '/api/candidatos/10', { method: 'PUT', token, body: { status: 'aprovado' } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ status: 'aprovado', full_name: before.full_name })
    expect(res.body.data.updated_at >= before.updated_at).toBe(true)
  })
  it('updates the edit screen payload, keeping search in step', async () => {
    const res = await call(api.url, '/api/candidatos/11', {
      method: 'PUT',
      token,
      body: { full_name: 'Zuleica Íris Tavares', age: 33, is_pcd: true, status: '', obs: 'Atualizado' },
    })
    expect(res.body.data).toMatchObject({ full_name: 'Zuleica Íris Tavares', age: 33, is_pcd: true, status: '', obs: 'Atualizado' })
    const found = await call(api.url, '/api/candidatos/busca-avancada?nome=zuleica%20iris', { token })
    expect(found.body.data.map((c: { id: number }) => c.id)).toEqual([11])
  })
  it('refuses unknown statuses and bad values with 422, missing candidates with 404', async () => {
    const res = await call(api.url, '/api/candidatos/10', { method: 'PUT', token, body: { status: 'inventado', age: 'x', email: 'a', full_name: '' } })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['age', 'email', 'full_name', 'status'])
    expect((await call(api.url, '/api/candidatos/999999', { method: 'PUT', token, body: {} })).status).toBe(404)
  })
  it('POST /api/candidatos/:id/observacao saves the note', async () => {
    const res = await call(api.url, '/api/candidatos/12/observacao', { method: 'POST', token, body: { observacao: 'Ligar amanhã' } })
    expect(res.status).toBe(200)
    expect((await call(api.url, '/api/candidatos/12', { token })).body.data.obs).toBe('Ligar amanhã')
    expect((await call(api.url, '/api/candidatos/12/observacao', { method: 'POST', token, body: {} })).status).toBe(422)
    expect((await call(api.url, '/api/candidatos/999999/observacao', { method: 'POST', token, body: { observacao: 'x' } })).status).toBe(404)
  })
})

describe('status lists and counts', () => {
  it('GET /api/candidatos/status/:status lists only that status', async () => {
    const res = await call(api.url, '/api/candidatos/status/contratado', { token })
    expect(res.status).toBe(200)
    expect(res.body.data.length).toBeGreaterThan(0)
    expect(res.body.data.every((c: { status: string }) => c.status === 'contratado')).toBe(true)
    const ranged = await call(api.url, '/api/candidatos/status/contratado?start_date=2026-11-01&end_date=2026-11-30', { token })
    expect(ranged.body.data.every((c: { created_at: string }) => c.created_at >= '2026-11-01T03:00')).toBe(true)
  })
  it('GET /api/candidatos/sem-status lists null, empty and pendente', async () => {
    const res = await call(api.url, '/api/candidatos/sem-status', { token })
    expect(new Set(res.body.data.map((c: { status: string | null }) => c.status))).toEqual(new Set([null, '', 'pendente']))
  })
  it('GET /api/candidatos/status-quantidades counts every stored value, summing to the total', async () => {
    const res = await call(api.url, '/api/candidatos/status-quantidades', { token })
    const total = (await call(api.url, '/api/candidatos?page=1', { token })).body.pagination.total
    expect(res.body.data.reduce((n: number, r: { total: number }) => n + r.total, 0)).toBe(total)
    expect(res.body.data.length).toBeGreaterThanOrEqual(19)
  })
})

describe('GET /api/candidatos/busca-avancada', () => {
  it('matches name without accents or case, e-mail, WhatsApp digits and company', async () => {
    const sample = (await call(api.url, '/api/candidatos/20', { token })).body.data
    const firstName = sample.full_name
      .split(' ')[0]
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toUpperCase()
    const byName = await call(api.url, `/api/candidatos/busca-avancada?nome=${encodeURIComponent(firstName)}`, { token })
    expect(byName.body.data.map((c: { id: number }) => c.id)).toContain(20)
    const digits = sample.whatsapp.replace(/\D/g, '')
    const byPhone = await call(api.url, `/api/candidatos/busca-avancada?nome=${digits}`, { token })
    expect(byPhone.body.data.map((c: { id: number }) => c.id)).toContain(20)
    const byCompany = await call(api.url, '/api/candidatos/busca-avancada?nome=bom%20preco', { token })
    expect(byCompany.body.data.length).toBeGreaterThan(0)
    expect(byCompany.body.data.every((c: { company_name: string }) => c.company_name === 'Supermercado Bom Preço')).toBe(true)
  })
  it('treats LIKE wildcards as text and needs nome', async () => {
    expect((await call(api.url, '/api/candidatos/busca-avancada?nome=%25%25', { token })).body.data).toEqual([])
    expect((await call(api.url, '/api/candidatos/busca-avancada', { token })).status).toBe(422)
  })
})
