import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UNSAFE_HEADERS, cookieFrom, startStack, type Stack } from '../support/stack.ts'

// against the real stand-in: a company's own vacancy, its lists, and user registration.
const A_CNPJ = '45723618000118'
let stack: Stack
let admin: string
let A: string
let B: string
beforeAll(async () => {
  stack = await startStack({}, { candidates: 300 })
  admin = await stack.login('admin')
  A = await stack.login('empresa A')
  B = await stack.login('empresa B')
})
afterAll(() => stack.close())

const post = (url: string, cookie: string, body: unknown) => stack.app.inject({ method: 'POST', url, headers: { ...UNSAFE_HEADERS, cookie }, payload: JSON.stringify(body) })
const get = async (url: string, cookie: string) => JSON.parse((await stack.app.inject({ method: 'GET', url, headers: { cookie } })).body)

describe('a company’s own vacancy', () => {
  it('is created with the session’s company name and CNPJ, hidden until staff publish it, whatever the body says', async () => {
    const response = await post('/bff/company/vacancies', A, {
      description: 'Repositor noturno',
      city: 'Fortaleza',
      bairro: 'Centro',
      estado: 'ceara',
      requirements: ['Ensino médio completo'],
      vagas_abertas: 3,
      company_name: 'Outra Empresa',
      cnpj: '07654012000189',
      obs: 'mostrar',
    })
    expect(response.statusCode).toBe(201)
    const { vacancy } = JSON.parse(response.body)
    expect(vacancy).toMatchObject({ description: 'Repositor noturno', cnpj: A_CNPJ, obs: 'nao mostrar', status: 'aberta', vagas_abertas: 3 })
    expect(vacancy.company_name).toBe((await get('/bff/auth/me', A)).user.name)
    expect((await get('/bff/vacancies', A)).vacancies.map((v: { id: number }) => v.id)).toContain(vacancy.id)
    expect((await get('/bff/vacancies', B)).vacancies.map((v: { id: number }) => v.id)).not.toContain(vacancy.id)
    expect((await get('/bff/vacancies', admin)).vacancies.map((v: { id: number }) => v.id)).toContain(vacancy.id)
    expect((await get('/bff/public/vacancies', A)).vacancies.map((v: { id: number }) => v.id)).not.toContain(vacancy.id)
  })
  it('needs a description and a city, in Portuguese', async () => {
    const response = await post('/bff/company/vacancies', A, { description: ' ', city: '' })
    expect(response.statusCode).toBe(422)
    expect(JSON.parse(response.body)).toEqual({
      message: 'Dados inválidos. Verifique os campos e tente novamente.',
      errors: { description: ['Campo obrigatório.'], city: ['Campo obrigatório.'] },
    })
  })
})

describe('lists a company sees hold only its own rows', () => {
  it('the candidates of its vacancy, paged and exported, belong to that vacancy', async () => {
    const own = (await get('/bff/vacancies', A)).vacancies.find((v: { candidates_count?: number }) => (v.candidates_count ?? 0) > 0)
    const page = await get(`/bff/vacancies/${own.id}/candidates?page=1`, A)
    expect(page.items.length).toBeGreaterThan(0)
    expect(page.items.every((c: { job_posting_id: number }) => c.job_posting_id === own.id)).toBe(true)
    const csv = await stack.app.inject({ method: 'GET', url: `/bff/vacancies/${own.id}/candidates.csv`, headers: { cookie: A } })
    expect(csv.statusCode).toBe(200)
    const lines = csv.body.trim().split('\n')
    expect(lines.length - 1).toBe(page.total)
  })
})

describe('user registration (admin)', () => {
  const user = {
    name: 'Padaria Pão Dourado',
    email: `rh${Date.now()}@paodourado.com.br`,
    role: 'company',
    cnpj: '11.444.777/0001-61',
    password: 'forno-quente-2026',
    password_confirmation: 'forno-quente-2026',
  }
  it('registers a company user who can then log in as a company', async () => {
    const response = await post('/bff/users', admin, user)
    expect(response.statusCode, response.body).toBe(201)
    expect(JSON.parse(response.body).message).toBe('Usuário cadastrado com sucesso!')
    const login = await stack.app.inject({
      method: 'POST',
      url: '/bff/auth/login',
      headers: UNSAFE_HEADERS,
      payload: JSON.stringify({ cnpj: '11444777000161', password: user.password }),
    })
    expect(login.statusCode).toBe(200)
    expect(JSON.parse(login.body).user).toMatchObject({ role: 'company', cnpj: '11444777000161', email: user.email })
    expect(cookieFrom(login)).toMatch(/=/)
  })
  it('an alphanumeric CNPJ registers, logs in however it is typed, and scopes the company to its own vacancies', async () => {
    const alnum = { ...user, email: `rh${Date.now()}@alfanumerica.com.br`, cnpj: '12.abc.345/01de-35' }
    expect((await post('/bff/users', admin, alnum)).statusCode).toBe(201)
    const login = await stack.app.inject({ method: 'POST', url: '/bff/auth/login', headers: UNSAFE_HEADERS, payload: { cnpj: '12ABC34501DE35', password: user.password } })
    expect(login.statusCode).toBe(200)
    expect(login.json().user).toMatchObject({ role: 'company', cnpj: '12ABC34501DE35' })
    const company = cookieFrom(login)
    const again = await stack.app.inject({ method: 'POST', url: '/bff/auth/login', headers: UNSAFE_HEADERS, payload: { cnpj: '12.abc.345/01de-35', password: user.password } })
    expect(again.statusCode).toBe(200)
    // Staff create a vacancy under that CNPJ; the company sees it, and only its own.
    const created = await post('/bff/vacancies', admin, {
      description: 'Caixa alfanumérico',
      company_name: 'Padaria',
      cnpj: '12ABC34501DE35',
      city: 'Fortaleza',
      obs: 'nao mostrar',
    })
    expect(created.statusCode, created.body).toBe(201)
    const own = (await get('/bff/vacancies', company)).vacancies as { id: number; cnpj: string }[]
    expect(own.map((v) => v.id)).toEqual([created.json().vacancy.id])
    expect((await stack.app.inject({ method: 'GET', url: `/bff/vacancies/${own[0]!.id}`, headers: { cookie: A } })).statusCode).toBe(403)
    // The check digits are checked: a wrong one is refused at registration.
    const wrong = await post('/bff/users', admin, { ...alnum, email: `x${Date.now()}@alfanumerica.com.br`, cnpj: '12ABC34501DE36' })
    expect(wrong.statusCode).toBe(422)
  })
  it('answers each field’s problem at the field, from our rules and from the legacy’s', async () => {
    const weak = await post('/bff/users', admin, { ...user, password: 'abc', password_confirmation: 'abd', cnpj: '123' })
    expect(weak.statusCode).toBe(422)
    expect(JSON.parse(weak.body).errors).toMatchObject({
      password: ['A senha deve ter pelo menos 10 caracteres.'],
      password_confirmation: ['A confirmação não confere com a senha.'],
      cnpj: ['O CNPJ deve ter 14 caracteres (12 letras ou números e 2 dígitos).'],
    })
    const taken = await post('/bff/users', admin, user)
    expect(taken.statusCode).toBe(422)
    const errors = JSON.parse(taken.body).errors
    expect(errors.email?.[0] ?? errors.cnpj?.[0]).toMatch(/já está sendo utilizado/)
  })
})
