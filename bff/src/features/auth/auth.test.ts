import nock from 'nock'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { CSRF_HEADERS, LEGACY, testApp, signedIn } from '../../testing.ts'

let app: FastifyInstance
beforeEach(async () => {
  app = await testApp()
})
afterEach(async () => {
  await app.close()
  nock.cleanAll()
})

const login = (payload: unknown) => app.inject({ method: 'POST', url: '/bff/auth/login', headers: CSRF_HEADERS, payload: JSON.stringify(payload) })
const user = { id: 1, name: 'Ana', email: 'ana@example.com', role: 'admin', cnpj: '11222333000181' }

describe('POST /bff/auth/login', () => {
  it.each([
    ['data', { data: { token: '1|abc', user } }],
    ['data.data', { data: { data: { token: '1|abc', user } } }],
    ['the top level', { token: '1|abc', user }],
  ])('reads the login answer under %s, sends the CNPJ digits, answers the user only', async (_shape, body) => {
    const scope = nock(LEGACY).post('/api/auth/login', { cnpj: '11222333000181', password: 'pw' }).reply(200, body)
    const response = await login({ cnpj: '11.222.333/0001-81', password: 'pw' })
    expect(response.statusCode).toBe(200)
    expect(JSON.parse(response.body)).toEqual({ user: { name: 'Ana', email: 'ana@example.com', role: 'admin', cnpj: '11222333000181' } })
    expect(response.body).not.toContain('1|abc')
    scope.done()
  })
  it("shows the legacy's message on failure, or 'Erro ao fazer login'", async () => {
    nock(LEGACY).post('/api/auth/login').reply(401, { message: 'CNPJ ou senha inválidos.' })
    const wrong = await login({ cnpj: '1', password: 'x' })
    expect(wrong.statusCode).toBe(401)
    expect(JSON.parse(wrong.body)).toEqual({ message: 'CNPJ ou senha inválidos.' })
    nock(LEGACY).post('/api/auth/login').reply(401, '')
    expect(JSON.parse((await login({ cnpj: '1', password: 'x' })).body)).toEqual({ message: 'Erro ao fazer login' })
  })
  it('refuses a role the product does not know', async () => {
    nock(LEGACY)
      .post('/api/auth/login')
      .reply(200, { data: { token: 't', user: { ...user, role: 'candidate' } } })
    const response = await login({ cnpj: '1', password: 'x' })
    expect(response.statusCode).toBe(403)
    expect(response.headers['set-cookie']).toBeUndefined()
  })
  it('answers 422 for missing fields without calling the legacy', async () => {
    const response = await login({ cnpj: '' })
    expect(response.statusCode).toBe(422)
    expect(JSON.parse(response.body).errors).toEqual({ cnpj: ['Campo obrigatório.'], password: ['Campo obrigatório.'] })
  })
  it('answers 502 for a legacy failure and 504 when it is too slow', async () => {
    nock(LEGACY).post('/api/auth/login').reply(500, 'boom')
    expect((await login({ cnpj: '1', password: 'x' })).statusCode).toBe(502)
  })
})

describe('GET /bff/auth/me and logout', () => {
  it('answers from the session, and 401 without one', async () => {
    const cookie = await signedIn(app, user)
    const me = await app.inject({ method: 'GET', url: '/bff/auth/me', headers: { cookie } })
    expect(JSON.parse(me.body).user.name).toBe('Ana')
    expect((await app.inject({ method: 'GET', url: '/bff/auth/me' })).statusCode).toBe(401)
  })
  it('GET /bff/auth/session answers the user, or null for a guest — never a 401', async () => {
    const cookie = await signedIn(app, user)
    const withSession = await app.inject({ method: 'GET', url: '/bff/auth/session', headers: { cookie } })
    expect(withSession.json().user.name).toBe('Ana')
    const guest = await app.inject({ method: 'GET', url: '/bff/auth/session' })
    expect(guest.statusCode).toBe(200)
    expect(guest.json()).toEqual({ user: null })
    expect(guest.headers['cache-control']).toBe('no-store')
  })
  it('ends the session even when the legacy logout fails', async () => {
    const cookie = await signedIn(app, user)
    nock(LEGACY).post('/api/auth/logout').reply(500)
    const out = await app.inject({ method: 'POST', url: '/bff/auth/logout', headers: { 'x-csrf': '1', cookie } })
    expect(out.statusCode).toBe(204)
    expect((await app.inject({ method: 'GET', url: '/bff/auth/me', headers: { cookie } })).statusCode).toBe(401)
  })
})
