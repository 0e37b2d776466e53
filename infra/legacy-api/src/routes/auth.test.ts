import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startLegacyApi, type RunningLegacyApi } from '../testing.ts'

let api: RunningLegacyApi
beforeAll(async () => {
  api = await startLegacyApi({ candidates: 50 })
})
afterAll(() => api.close())

describe('POST /api/auth/login', () => {
  it('returns a Sanctum-style token and the user under data', async () => {
    const res = await call(api.url, '/api/auth/login', { method: 'POST', body: { cnpj: '11222333000181', password: 'demo-admin-2026' } })
    expect(res.status).toBe(200)
    expect(res.body.data.token).toMatch(/^\d+\|[\w-]{40}$/)
    expect(res.body.data.user).toEqual({
      id: 1,
      name: 'Administração Mini Vagas',
      email: 'admin@minivagas.com.br',
      role: 'admin',
      cnpj: '11222333000181',
    })
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/)
  })
  it('logs in each demo company with its role', async () => {
    for (const [cnpj, password] of [
      ['45723618000118', 'demo-empresa-a'],
      ['07654012000189', 'demo-empresa-b'],
    ]) {
      const res = await call(api.url, '/api/auth/login', { method: 'POST', body: { cnpj, password } })
      expect(res.body.data.user.role).toBe('company')
    }
  })
  it('answers 401 with a message for a wrong password or unknown CNPJ', async () => {
    for (const body of [
      { cnpj: '11222333000181', password: 'nope' },
      { cnpj: '99999999000199', password: 'x' },
    ]) {
      const res = await call(api.url, '/api/auth/login', { method: 'POST', body })
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: 'CNPJ ou senha inválidos.' })
    }
  })
  it('answers 422 with field errors when fields are missing', async () => {
    const res = await call(api.url, '/api/auth/login', { method: 'POST', body: {} })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ cnpj: ['O campo cnpj é obrigatório.'], password: ['O campo senha é obrigatório.'] })
  })
})

describe('bearer tokens', () => {
  it('GET /api/auth/me answers the user for a valid token and 401 without one', async () => {
    const token = await api.login('empresa A')
    const me = await call(api.url, '/api/auth/me', { token })
    expect(me.status).toBe(200)
    expect(me.body.data).toMatchObject({ role: 'company', cnpj: '45723618000118' })
    for (const bad of [undefined, 'garbage', '1|wrongsecretwrongsecretwrongsecretwrongs', token.replace(/.$/, '#')]) {
      const res = await call(api.url, '/api/auth/me', bad ? { token: bad } : {})
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: 'Unauthenticated.' })
    }
  })
  it('expire after the configured time', async () => {
    const token = await api.login()
    expect((await call(api.url, '/api/auth/me', { token })).status).toBe(200)
    api.advanceClock(api.config.tokenTtlMinutes * 60_000 + 1000)
    expect((await call(api.url, '/api/auth/me', { token })).status).toBe(401)
  })
  it('are revoked by logout', async () => {
    const token = await api.login()
    const out = await call(api.url, '/api/auth/logout', { method: 'POST', token })
    expect(out.status).toBe(200)
    expect((await call(api.url, '/api/auth/me', { token })).status).toBe(401)
    expect((await call(api.url, '/api/auth/logout', { method: 'POST', token })).status).toBe(401)
  })
})

describe('POST /api/auth/register', () => {
  const user = {
    name: 'Padaria Pão Dourado',
    email: 'rh@paodourado.com.br',
    password: 'senha-segura-1',
    password_confirmation: 'senha-segura-1',
    role: 'company',
    cnpj: '12.345.678/0001-95',
  }
  it('lets an admin register a user who can then log in', async () => {
    const token = await api.login()
    const res = await call(api.url, '/api/auth/register', { method: 'POST', token, body: user })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ name: user.name, role: 'company', cnpj: '12345678000195' })
    const login = await call(api.url, '/api/auth/login', { method: 'POST', body: { cnpj: '12345678000195', password: user.password } })
    expect(login.status).toBe(200)
  })
  it('refuses duplicates, mismatched confirmation and bad values with 422', async () => {
    const token = await api.login()
    const res = await call(api.url, '/api/auth/register', {
      method: 'POST',
      token,
      body: { ...user, email: 'RH@paodourado.com.br', password_confirmation: 'outra', role: 'root', cnpj: '123' },
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['cnpj', 'email', 'password', 'role'])
    expect(res.body.errors.email).toEqual(['O campo e-mail já está sendo utilizado.'])
  })
  it('answers 403 to a company and 401 without a token', async () => {
    const company = await api.login('empresa B')
    expect((await call(api.url, '/api/auth/register', { method: 'POST', token: company, body: user })).status).toBe(403)
    expect((await call(api.url, '/api/auth/register', { method: 'POST', body: user })).status).toBe(401)
  })
})
