import nock from 'nock'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { CSRF_HEADERS, LEGACY, testApp } from '../../testing.ts'
import { CONSENT_MESSAGES, PRIVACY_NOTICE } from '@mini-vagas/shared/constants/privacy'
import { APPLICATION_SUCCESS, DUPLICATE_APPLICATION } from './index.ts'

const vacancies = [
  {
    id: 3,
    description: 'Caixa',
    company_name: 'Loja',
    city: 'Natal',
    bairro: 'Tirol',
    requirements: ['Ensino médio'],
    benefits: ['VT'],
    obs: 'mostrar',
    cnpj: '45723618000118',
    recrutador: 'Ana',
  },
  { id: 1, description: 'Repositor', company_name: 'Mercado', city: 'Caucaia', bairro: 'Centro', requirements: [], benefits: [], obs: 'mostrar' },
  { id: 2, description: 'Oculta', company_name: 'X', city: 'Aquiraz', bairro: null, requirements: [], benefits: [], obs: 'nao mostrar' },
  { id: 4, description: 'Açougueiro', company_name: 'Y', city: 'Álvaro', neighborhood: 'Vila', requirements: 'x', benefits: [''], obs: 'mostrar' },
]

let app: FastifyInstance
beforeEach(async () => {
  app = await testApp({ PUBLIC_CACHE_SECONDS: '30' })
})
afterEach(async () => {
  await app.close()
  nock.cleanAll()
})

describe('GET /bff/public/vacancies', () => {
  it.each([
    ['a bare array', vacancies],
    ['{data: [...]}', { data: vacancies }],
    ['{data: {data: [...]}}', { data: { data: vacancies } }],
  ])('reads %s, keeps only mostrar with public fields, sorted by city in pt-BR', async (_shape, body) => {
    nock(LEGACY).get('/api/vagas-publicas').reply(200, body)
    const response = await app.inject({ method: 'GET', url: '/bff/public/vacancies' })
    expect(response.statusCode).toBe(200)
    const list = JSON.parse(response.body).vacancies
    expect(list.map((v: { id: number }) => v.id)).toEqual([4, 1, 3])
    expect(list[2]).toEqual({ id: 3, description: 'Caixa', company_name: 'Loja', city: 'Natal', bairro: 'Tirol', requirements: ['Ensino médio'], benefits: ['VT'] })
    expect(list[0]).toMatchObject({ bairro: 'Vila', requirements: [], benefits: [] })
    expect(response.headers['cache-control']).toBe('public, max-age=30')
  })
  it('caches briefly: one upstream call for many requests', async () => {
    const scope = nock(LEGACY).get('/api/vagas-publicas').once().reply(200, vacancies)
    for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: '/bff/public/vacancies' })).statusCode).toBe(200)
    scope.done()
  })
  it('answers 502 {message} when the legacy fails and there is nothing cached', async () => {
    nock(LEGACY).get('/api/vagas-publicas').reply(500, { message: 'Server Error', trace: 'x' })
    const response = await app.inject({ method: 'GET', url: '/bff/public/vacancies' })
    expect(response.statusCode).toBe(502)
    expect(JSON.parse(response.body)).toEqual({ message: expect.stringMatching(/indisponível/) })
  })
  it('serves the last list when the legacy fails after the cache expired', async () => {
    const zero = await testApp({ PUBLIC_CACHE_SECONDS: '0' })
    try {
      nock(LEGACY).get('/api/vagas-publicas').reply(200, vacancies).get('/api/vagas-publicas').reply(503)
      expect((await zero.inject({ method: 'GET', url: '/bff/public/vacancies' })).statusCode).toBe(200)
      const stale = await zero.inject({ method: 'GET', url: '/bff/public/vacancies' })
      expect(stale.statusCode).toBe(200)
      expect(JSON.parse(stale.body).vacancies).toHaveLength(3)
    } finally {
      await zero.close()
    }
  })
})

describe('GET /bff/public/vacancies/:id', () => {
  it('answers a public vacancy, 404 for hidden or missing ones, 400 for a bad id', async () => {
    nock(LEGACY).get('/api/vagas-publicas').reply(200, vacancies)
    expect(JSON.parse((await app.inject({ method: 'GET', url: '/bff/public/vacancies/3' })).body).vacancy.id).toBe(3)
    const hidden = await app.inject({ method: 'GET', url: '/bff/public/vacancies/2' })
    expect(hidden.statusCode).toBe(404)
    expect(JSON.parse(hidden.body)).toEqual({ message: 'Vaga não encontrada.' })
    expect((await app.inject({ method: 'GET', url: '/bff/public/vacancies/999' })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: '/bff/public/vacancies/abc' })).statusCode).toBe(400)
  })
})

const application = {
  fullName: 'Maria da Silva',
  age: 27,
  genero: 'feminino',
  whatsapp: '(85) 98877-6655',
  email: 'maria@example.com',
  isPCD: false,
  address: { street: 'Rua A', neighborhood: 'Centro', city: 'Fortaleza', state: 'CE', cep: '60055400' },
  education: 'ensino médio completo',
  curso: '',
  veiopor: 'instagram',
  experience: ['sim trabalhei em supermercado', '', ''],
  jobId: 3,
  consent: { version: PRIVACY_NOTICE.version, accepted: true },
}

describe('POST /bff/public/applications', () => {
  it('sends the payload (docs/product.md, Application) to the legacy without a token and answers the spec’s success text', async () => {
    nock(LEGACY).get('/api/vagas-publicas').reply(200, vacancies)
    const scope = nock(LEGACY, { badheaders: ['authorization', 'cookie'] })
      .post('/api/candidatos', (body) => body.fullName === 'Maria da Silva' && body.jobId === 3 && !('status' in body) && !('hack' in body) && !('consent' in body))
      .reply(201, { data: { id: 77 } })
    const response = await app.inject({
      method: 'POST',
      url: '/bff/public/applications',
      headers: { ...CSRF_HEADERS, cookie: 'mv_session=x' },
      payload: { ...application, status: 'contratado', obs: 'x', hack: 1 },
    })
    expect(response.statusCode).toBe(201)
    expect(JSON.parse(response.body)).toEqual({ message: APPLICATION_SUCCESS, id: 77 })
    scope.done()
  })
  it('needs consent to the current privacy notice, and keeps its version and time with the application', async () => {
    for (const [consent, message] of [
      [undefined, CONSENT_MESSAGES.required],
      [{ version: PRIVACY_NOTICE.version, accepted: false }, CONSENT_MESSAGES.required],
      [{ version: '2020-01-01', accepted: true }, CONSENT_MESSAGES.outdated],
    ] as const) {
      const refused = await app.inject({ method: 'POST', url: '/bff/public/applications', headers: CSRF_HEADERS, payload: { ...application, consent } })
      expect(refused.statusCode).toBe(422)
      expect(refused.json()).toEqual({ message, errors: { consent: [message] } })
    }
    expect(nock.pendingMocks()).toEqual([])
    nock(LEGACY).get('/api/vagas-publicas').reply(200, vacancies)
    nock(LEGACY)
      .post('/api/candidatos')
      .reply(201, { data: { id: 78 } })
    const before = Date.now()
    expect((await app.inject({ method: 'POST', url: '/bff/public/applications', headers: CSRF_HEADERS, payload: { ...application, email: 'Maria@Example.com' } })).statusCode).toBe(
      201,
    )
    const kept = await app.store.get<{ candidate_id: number; email: string; vacancy_id: number; version: string; accepted_at: string }>(
      'SELECT * FROM applicant_consents WHERE candidate_id = 78',
    )
    expect(kept).toMatchObject({ email: 'maria@example.com', vacancy_id: 3, version: PRIVACY_NOTICE.version })
    expect(Date.parse(kept!.accepted_at)).toBeGreaterThanOrEqual(before - 1000)
  })
  it('refuses a second application of the same person (e-mail or WhatsApp) to one vacancy, and lets them retry after a failure', async () => {
    nock(LEGACY).get('/api/vagas-publicas').reply(200, vacancies)
    nock(LEGACY).post('/api/candidatos').reply(500, 'boom')
    const send = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/bff/public/applications', headers: CSRF_HEADERS, payload: { ...application, ...payload } })
    expect((await send({ email: 'ana@example.com', whatsapp: '85911112222' })).statusCode).toBe(502)
    nock(LEGACY)
      .post('/api/candidatos')
      .reply(201, { data: { id: 90 } })
    expect((await send({ email: 'ana@example.com', whatsapp: '85911112222' })).statusCode).toBe(201)
    for (const again of [
      { email: 'ANA@Example.com', whatsapp: '85900000000' },
      { email: 'outra@example.com', whatsapp: '(85) 91111-2222' },
    ]) {
      const refused = await send(again)
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toEqual({ message: DUPLICATE_APPLICATION })
    }
    // Another vacancy is another application.
    nock(LEGACY)
      .post('/api/candidatos')
      .reply(201, { data: { id: 91 } })
    expect((await send({ email: 'ana@example.com', whatsapp: '85911112222', jobId: 1 })).statusCode).toBe(201)
    expect(nock.pendingMocks()).toEqual([])
  })
  it('answers 422 with Portuguese field errors for a malformed form, before calling the legacy', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/bff/public/applications',
      headers: CSRF_HEADERS,
      payload: { ...application, fullName: ' ', age: 12, email: 'maria@', address: { ...application.address, cep: '123' }, genero: undefined },
    })
    expect(response.statusCode).toBe(422)
    const body = JSON.parse(response.body)
    expect(body.errors).toMatchObject({
      fullName: ['Campo obrigatório.'],
      age: ['Informe um valor a partir de 14.'],
      email: ['Informe um e-mail válido.'],
      'address.cep': ['Formato inválido.'],
      genero: ['Campo obrigatório.'],
    })
    expect(nock.pendingMocks()).toEqual([])
  })
  it('refuses a vacancy that is not public', async () => {
    nock(LEGACY).get('/api/vagas-publicas').reply(200, vacancies)
    const response = await app.inject({ method: 'POST', url: '/bff/public/applications', headers: CSRF_HEADERS, payload: { ...application, jobId: 2 } })
    expect(response.statusCode).toBe(422)
    expect(JSON.parse(response.body).errors).toEqual({ jobId: ['Esta vaga não está mais disponível.'] })
  })
  it('passes the legacy’s 422 field errors on, and nothing else of its body', async () => {
    nock(LEGACY).get('/api/vagas-publicas').reply(200, vacancies)
    nock(LEGACY)
      .post('/api/candidatos')
      .reply(422, { message: 'O campo e-mail já existe.', errors: { email: ['O campo e-mail já está sendo utilizado.'] }, exception: 'Illuminate' })
    const response = await app.inject({ method: 'POST', url: '/bff/public/applications', headers: CSRF_HEADERS, payload: application })
    expect(response.statusCode).toBe(422)
    expect(JSON.parse(response.body)).toEqual({ message: expect.any(String), errors: { email: ['O campo e-mail já está sendo utilizado.'] } })
    expect(response.body).not.toContain('Illuminate')
  })
})
