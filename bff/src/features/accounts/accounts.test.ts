import nock from 'nock'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { CSRF_HEADERS, LEGACY, signedIn, testApp, testConfig } from '../../testing.ts'
import { buildApp } from '../../app.ts'
import { createSqliteStore, type Store } from '../../plugins/store.ts'
import { totpAt } from './totp.ts'
import { ACCOUNT_MESSAGES } from './index.ts'

const AGENCY = { id: 1, name: 'Administração Mini Vagas', email: 'admin@minivagas.com.br', role: 'admin', cnpj: '11222333000181' }
const COMPANY = { id: 2, name: 'Supermercado Bom Preço', email: 'rh@bompreco.com.br', role: 'company', cnpj: '45723618000118' }
const AGENCY_PASSWORD = 'senha-da-agencia-2026'

let app: FastifyInstance
let store: Store
let clock: number
const now = () => clock

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 27, 12)
  store = await createSqliteStore(':memory:')
  app = await testApp({}, { store, now })
})
afterEach(async () => {
  await app.close()
  await store.close()
  nock.cleanAll()
})

const send = (method: 'POST' | 'PUT' | 'PATCH' | 'GET', url: string, payload?: unknown, cookie?: string) =>
  app.inject({
    method,
    url,
    headers: payload === undefined ? { 'x-csrf': '1', origin: CSRF_HEADERS.origin, ...(cookie ? { cookie } : {}) } : { ...CSRF_HEADERS, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  })
const cookieOf = (answer: { headers: Record<string, unknown> }) => String(answer.headers['set-cookie']).split(';')[0]!
const tokenOf = (link: string) => link.split('#')[1]!

/** The agency's shared login binds itself; answers the admin's cookie and the binding's id. */
async function bootstrap() {
  const admin = await signedIn(app, AGENCY)
  nock(LEGACY)
    .post('/api/auth/login', { cnpj: AGENCY.cnpj, password: AGENCY_PASSWORD })
    .reply(200, { data: { token: '9|bind', user: AGENCY } })
  nock(LEGACY).post('/api/auth/logout').reply(204)
  const bound = await send('POST', '/bff/team/bindings', { label: '', cnpj: '11.222.333/0001-81', password: AGENCY_PASSWORD }, admin)
  expect(bound.statusCode).toBe(201)
  return { admin, bindingId: bound.json().binding.id as string }
}

async function invite(admin: string, bindingId: string, person: { name: string; email: string; role: string }) {
  const answer = await send('POST', '/bff/team/people', { ...person, bindingId }, admin)
  expect(answer.statusCode).toBe(201)
  return answer.json() as { person: { id: string }; link: string; expiresAt: string }
}

/** The person signs in with their own account; the BFF signs in to the legacy with the bound login. */
async function personLogin(email: string, password: string, code?: string, token = '5|pessoal') {
  nock(LEGACY)
    .post('/api/auth/login', { cnpj: AGENCY.cnpj, password: AGENCY_PASSWORD })
    .reply(200, { data: { token, user: AGENCY } })
  return send('POST', '/bff/auth/people/login', { email, password, ...(code ? { code } : {}) })
}

async function readyPerson(admin: string, bindingId: string, person = { name: 'Bruno Lima', email: 'Bruno@Agencia.com.br', role: 'recruiter' }, password = 'girassol-azul-42') {
  const { person: made, link } = await invite(admin, bindingId, person)
  expect((await send('POST', '/bff/auth/people/password', { token: tokenOf(link), password, confirmation: password })).statusCode).toBe(200)
  const login = await personLogin(person.email, password)
  expect(login.statusCode).toBe(200)
  return { id: made.id, cookie: cookieOf(login), user: login.json().user }
}

describe('personal accounts', () => {
  it('an admin binds the agency’s legacy login and invites a person, who sets a password by link and signs in as themself', async () => {
    const { admin, bindingId } = await bootstrap()
    const { link, expiresAt } = await invite(admin, bindingId, { name: 'Bruno Lima', email: ' Bruno@Agencia.com.br ', role: 'recruiter' })
    expect(link).toMatch(/^http:\/\/localhost:3000\/conta\/senha#[A-Za-z0-9_-]{43}$/)
    expect(Date.parse(expiresAt) - clock).toBe(72 * 3_600_000)
    const peek = await send('POST', '/bff/auth/people/link', { token: tokenOf(link) })
    expect(peek.json()).toEqual({ purpose: 'convite', name: 'Bruno Lima', email: 'bruno@agencia.com.br' })
    // No password yet: the invitation does not sign anyone in.
    expect((await send('POST', '/bff/auth/people/login', { email: 'bruno@agencia.com.br', password: 'qualquer-coisa-1' })).statusCode).toBe(401)
    const set = await send('POST', '/bff/auth/people/password', { token: tokenOf(link), password: 'girassol-azul-42', confirmation: 'girassol-azul-42' })
    expect(set.json()).toEqual({ message: 'Senha definida. Entre com o seu e-mail e a nova senha.' })
    const login = await personLogin('BRUNO@agencia.com.br', 'girassol-azul-42')
    expect(login.statusCode).toBe(200)
    expect(login.json().user).toMatchObject({ name: 'Bruno Lima', email: 'bruno@agencia.com.br', role: 'admin', cnpj: AGENCY.cnpj, person: { role: 'recruiter' } })
    expect(login.body).not.toContain('5|pessoal')
    const me = await send('GET', '/bff/auth/me', undefined, cookieOf(login))
    expect(me.json().user.email).toBe('bruno@agencia.com.br')
    // The trail names the person, not the shared login.
    const trail = await app.audit.between('2026-01-01', '2027-01-01')
    expect(trail.filter((e) => e.action === 'entrada').map((e) => e.actor)).toEqual(['bruno@agencia.com.br'])
    expect(trail.map((e) => e.action)).toEqual(['login_da_agencia_vinculado', 'pessoa_convidada', 'convite_gerado', 'senha_definida', 'entrada'])
  })

  // That every write and audit line names the person is proven against the real stand-in
  // (tests/contract/bff-accounts.test.ts): a write here would need another feature's route.

  it('answers a wrong password, an unknown e-mail and a deactivated person alike, and stops a guesser per e-mail', async () => {
    const { admin, bindingId } = await bootstrap()
    const bruno = await readyPerson(admin, bindingId)
    const wrong = await send('POST', '/bff/auth/people/login', { email: 'bruno@agencia.com.br', password: 'errada-123456' })
    const unknown = await send('POST', '/bff/auth/people/login', { email: 'ninguem@agencia.com.br', password: 'errada-123456' })
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401])
    expect(wrong.json()).toEqual(unknown.json())
    expect(wrong.json()).toEqual({ message: ACCOUNT_MESSAGES.wrongLogin })
    expect((await send('PATCH', `/bff/team/people/${bruno.id}`, { active: false }, admin)).statusCode).toBe(200)
    const inactive = await send('POST', '/bff/auth/people/login', { email: 'bruno@agencia.com.br', password: 'girassol-azul-42' })
    expect(inactive.json()).toEqual(unknown.json())
    for (let i = 0; i < 8; i++) await send('POST', '/bff/auth/people/login', { email: 'bruno@agencia.com.br', password: `errada-${i}-abc` })
    const limited = await send('POST', '/bff/auth/people/login', { email: 'bruno@agencia.com.br', password: 'girassol-azul-42' })
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
  })

  it('uses a link once, for its purpose, before it expires; a new link replaces the last; a guessed or altered one reveals nothing', async () => {
    const { admin, bindingId } = await bootstrap()
    const { person, link } = await invite(admin, bindingId, { name: 'Carla Dias', email: 'carla@agencia.com.br', role: 'admin' })
    const token = tokenOf(link)
    const gone = { message: ACCOUNT_MESSAGES.linkGone }
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')
    for (const bad of [altered, 'x'.repeat(43), token + 'x']) {
      const answer = await send('POST', '/bff/auth/people/link', { token: bad })
      expect([answer.statusCode, answer.json()]).toEqual([410, gone])
    }
    // Weak passwords are refused with the field's message; the link still works after.
    const weak = await send('POST', '/bff/auth/people/password', { token, password: 'curta', confirmation: 'curta' })
    expect(weak.statusCode).toBe(422)
    expect(weak.json().errors.password[0]).toMatch(/pelo menos 10/)
    // A new link for the person makes the earlier one worthless.
    const second = await send('POST', `/bff/team/people/${person.id}/link`, undefined, admin)
    expect((await send('POST', '/bff/auth/people/link', { token })).statusCode).toBe(410)
    const token2 = tokenOf(second.json().link)
    expect((await send('POST', '/bff/auth/people/password', { token: token2, password: 'girassol-azul-42', confirmation: 'girassol-azul-42' })).statusCode).toBe(200)
    const reused = await send('POST', '/bff/auth/people/password', { token: token2, password: 'outra-senha-boa-7', confirmation: 'outra-senha-boa-7' })
    expect([reused.statusCode, reused.json()]).toEqual([410, gone])
    // A new-password link expires after TEAM_LINK_HOURS.
    const reset = await send('POST', `/bff/team/people/${person.id}/link`, undefined, admin)
    expect((await send('POST', '/bff/auth/people/link', { token: tokenOf(reset.json().link) })).json().purpose).toBe('senha')
    clock += 72 * 3_600_000 + 1
    expect((await send('POST', '/bff/auth/people/link', { token: tokenOf(reset.json().link) })).statusCode).toBe(410)
    // The store keeps digests, never a link.
    const rows = await store.all<{ digest: string }>('SELECT digest FROM team_links')
    expect(rows.map((r) => r.digest).join()).not.toContain(token2)
  })

  it('keeps the agency’s legacy password sealed: not in the store, not in an answer, not in the log', async () => {
    const lines: string[] = []
    await app.close()
    app = await buildApp(testConfig({ LOG_LEVEL: 'debug' }), { store, now, logger: { level: 'debug', stream: { write: (line: string) => void lines.push(line) } } })
    const { admin } = await bootstrap()
    const team = await send('GET', '/bff/team', undefined, admin)
    expect(team.json().bindings).toMatchObject([{ cnpj: AGENCY.cnpj, legacyName: AGENCY.name, boundBy: AGENCY.email }])
    const everything = JSON.stringify(await store.all('SELECT * FROM team_legacy_logins')) + team.body + lines.join('\n')
    expect(everything).not.toContain(AGENCY_PASSWORD)
  })

  it('refuses to bind a login the legacy refuses, or one that is not the agency’s', async () => {
    const admin = await signedIn(app, AGENCY)
    nock(LEGACY).post('/api/auth/login').reply(401, { message: 'CNPJ ou senha inválidos.' })
    const refused = await send('POST', '/bff/team/bindings', { label: '', cnpj: AGENCY.cnpj, password: 'errada' }, admin)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().errors.password).toEqual(['O sistema de vagas recusou este CNPJ e senha.'])
    nock(LEGACY)
      .post('/api/auth/login')
      .reply(200, { data: { token: '3|c', user: COMPANY } })
    nock(LEGACY).post('/api/auth/logout').reply(204)
    const company = await send('POST', '/bff/team/bindings', { label: '', cnpj: COMPANY.cnpj, password: 'x' }, admin)
    expect(company.statusCode).toBe(422)
    expect(company.json().errors.cnpj[0]).toMatch(/não é da administração/)
  })

  it('gives recruiters the staff’s work but not the team, the legacy users or the audit trail', async () => {
    const { admin, bindingId } = await bootstrap()
    const bruno = await readyPerson(admin, bindingId)
    for (const [method, url] of [
      ['GET', '/bff/team'],
      ['POST', '/bff/team/bindings'],
      ['POST', '/bff/team/people'],
      ['POST', '/bff/users'],
      ['GET', '/bff/audit.csv?from=2026-11-01&to=2026-11-30'],
    ] as const) {
      expect((await send(method, url, method === 'POST' ? {} : undefined, bruno.cookie)).statusCode, url).toBe(403)
    }
    const carla = await readyPerson(admin, bindingId, { name: 'Carla Dias', email: 'carla@agencia.com.br', role: 'admin' })
    expect((await send('GET', '/bff/team', undefined, carla.cookie)).statusCode).toBe(200)
  })

  it('ends a deactivated person’s sessions at their next request, and keeps one active admin', async () => {
    const { admin, bindingId } = await bootstrap()
    const carla = await readyPerson(admin, bindingId, { name: 'Carla Dias', email: 'carla@agencia.com.br', role: 'admin' })
    const bruno = await readyPerson(admin, bindingId)
    expect((await send('GET', '/bff/auth/me', undefined, bruno.cookie)).statusCode).toBe(200)
    expect((await send('PATCH', `/bff/team/people/${bruno.id}`, { active: false }, carla.cookie)).json().person.active).toBe(false)
    expect((await send('GET', '/bff/auth/me', undefined, bruno.cookie)).statusCode).toBe(401)
    // Reactivated, the old cookie stays dead: a new sign-in is needed.
    await send('PATCH', `/bff/team/people/${bruno.id}`, { active: true }, carla.cookie)
    expect((await send('GET', '/bff/auth/me', undefined, bruno.cookie)).statusCode).toBe(401)
    // Carla is the only admin: she cannot step down or switch herself off.
    expect((await send('PATCH', `/bff/team/people/${carla.id}`, { active: false }, carla.cookie)).json().message).toBe(ACCOUNT_MESSAGES.notSelf)
    const demote = await send('PATCH', `/bff/team/people/${carla.id}`, { role: 'recruiter' }, carla.cookie)
    expect([demote.statusCode, demote.json().message]).toEqual([409, ACCOUNT_MESSAGES.lastAdmin])
    expect((await send('GET', '/bff/team', undefined, carla.cookie)).json().people.find((p: { id: string }) => p.id === carla.id).role).toBe('admin')
  })

  it('changing one’s password ends one’s other sessions and keeps this one', async () => {
    const { admin, bindingId } = await bootstrap()
    const first = await readyPerson(admin, bindingId)
    const second = cookieOf(await personLogin('bruno@agencia.com.br', 'girassol-azul-42', undefined, '6|outra'))
    clock += 1
    const wrong = await send('PUT', '/bff/account/password', { current: 'errada', password: 'nova-senha-forte-8', confirmation: 'nova-senha-forte-8' }, first.cookie)
    expect(wrong.json().errors).toEqual({ current: ['A senha não confere.'] })
    const changed = await send('PUT', '/bff/account/password', { current: 'girassol-azul-42', password: 'nova-senha-forte-8', confirmation: 'nova-senha-forte-8' }, first.cookie)
    expect(changed.statusCode).toBe(200)
    clock += 1
    expect((await send('GET', '/bff/auth/me', undefined, cookieOf(changed))).statusCode).toBe(200)
    expect((await send('GET', '/bff/auth/me', undefined, second)).statusCode).toBe(401)
    expect((await send('GET', '/bff/auth/me', undefined, first.cookie)).statusCode).toBe(401)
    expect((await personLogin('bruno@agencia.com.br', 'nova-senha-forte-8')).statusCode).toBe(200)
  })

  it('a second factor: set up with a code, then asked at every sign-in, each code good once; an admin can remove it', async () => {
    const { admin, bindingId } = await bootstrap()
    const bruno = await readyPerson(admin, bindingId)
    const setup = (await send('POST', '/bff/account/totp', undefined, bruno.cookie)).json()
    expect(setup.qrSvg).toMatch(/^<svg/)
    expect((await send('PUT', '/bff/account/totp', { code: '000000' }, bruno.cookie)).statusCode).toBe(422)
    const on = await send('PUT', '/bff/account/totp', { code: totpAt(setup.secret, clock) }, bruno.cookie)
    expect(on.json().person.totp).toBe(true)
    const stored = JSON.stringify(await store.all('SELECT totp_secret FROM team_people'))
    expect(stored).not.toContain(setup.secret)
    // The password alone is not enough.
    const noCode = await send('POST', '/bff/auth/people/login', { email: 'bruno@agencia.com.br', password: 'girassol-azul-42' })
    expect([noCode.statusCode, noCode.json()]).toEqual([200, { next: 'code', message: ACCOUNT_MESSAGES.codeNeeded }])
    expect(noCode.headers['set-cookie']).toBeUndefined()
    // The code used to turn it on is spent; the next step's code signs in, once.
    expect((await personLogin('bruno@agencia.com.br', 'girassol-azul-42', totpAt(setup.secret, clock))).json().errors).toEqual({ code: [ACCOUNT_MESSAGES.codeWrong] })
    nock.cleanAll()
    clock += 30_000
    const code = totpAt(setup.secret, clock)
    expect((await personLogin('bruno@agencia.com.br', 'girassol-azul-42', code)).statusCode).toBe(200)
    expect((await personLogin('bruno@agencia.com.br', 'girassol-azul-42', code)).statusCode).toBe(401)
    nock.cleanAll()
    // Lost phone: an admin removes it; the password alone signs in again.
    expect((await send('PATCH', `/bff/team/people/${bruno.id}`, { removeTotp: true }, admin)).json().person.totp).toBe(false)
    expect((await personLogin('bruno@agencia.com.br', 'girassol-azul-42')).statusCode).toBe(200)
  })

  it('reports field errors of an invitation in Portuguese, and a taken e-mail', async () => {
    const { admin, bindingId } = await bootstrap()
    const bad = await send('POST', '/bff/team/people', { name: '', email: 'x', role: 'chefe', bindingId: 'nenhum' }, admin)
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({
      name: ['Preencha o campo Nome.'],
      email: ['Informe um e-mail válido.'],
      role: ['Escolha o papel da pessoa na equipe.'],
      bindingId: ['Escolha o login da agência que a pessoa vai usar.'],
    })
    await invite(admin, bindingId, { name: 'Bruno', email: 'bruno@agencia.com.br', role: 'recruiter' })
    const taken = await send('POST', '/bff/team/people', { name: 'Outro Bruno', email: 'BRUNO@agencia.com.br', role: 'recruiter', bindingId }, admin)
    expect([taken.statusCode, taken.json().message]).toEqual([409, ACCOUNT_MESSAGES.emailTaken])
  })

  it('with AGENCY_CNPJ_LOGIN=false the shared admin login is refused and its token ended; companies still sign in', async () => {
    await app.close()
    app = await testApp({ AGENCY_CNPJ_LOGIN: 'false' }, { store, now })
    nock(LEGACY)
      .post('/api/auth/login')
      .reply(200, { data: { token: '1|shared', user: AGENCY } })
    const ended = nock(LEGACY, { reqheaders: { authorization: 'Bearer 1|shared' } })
      .post('/api/auth/logout')
      .reply(204)
    const shared = await send('POST', '/bff/auth/login', { cnpj: AGENCY.cnpj, password: 'x' })
    expect(shared.statusCode).toBe(403)
    expect(shared.headers['set-cookie']).toBeUndefined()
    ended.done()
    nock(LEGACY)
      .post('/api/auth/login')
      .reply(200, { data: { token: '2|c', user: COMPANY } })
    expect((await send('POST', '/bff/auth/login', { cnpj: COMPANY.cnpj, password: 'x' })).statusCode).toBe(200)
  })

  it('a person whose bound legacy login stopped working is told so, and no session starts', async () => {
    const { admin, bindingId } = await bootstrap()
    const { link } = await invite(admin, bindingId, { name: 'Bruno', email: 'bruno@agencia.com.br', role: 'recruiter' })
    await send('POST', '/bff/auth/people/password', { token: tokenOf(link), password: 'girassol-azul-42', confirmation: 'girassol-azul-42' })
    nock(LEGACY).post('/api/auth/login').reply(401, { message: 'CNPJ ou senha inválidos.' })
    const refused = await send('POST', '/bff/auth/people/login', { email: 'bruno@agencia.com.br', password: 'girassol-azul-42' })
    expect([refused.statusCode, refused.json().message]).toEqual([503, ACCOUNT_MESSAGES.bindingRefused])
    expect(refused.headers['set-cookie']).toBeUndefined()
  })

  it('seals a bound login again with the first secret at start, so the old secret can be dropped', async () => {
    await bootstrap()
    const before = (await store.get<{ sealed: string }>('SELECT sealed FROM team_legacy_logins'))!.sealed
    await app.close()
    const rotated = { SESSION_SECRET: 'the-new-secret-0123456789-0123456789,unit-test-secret-0123456789-0123456789' }
    app = await testApp(rotated, { store, now })
    await app.ready()
    const after = (await store.get<{ sealed: string }>('SELECT sealed FROM team_legacy_logins'))!.sealed
    expect(after).not.toBe(before)
    await app.close()
    app = await testApp({ SESSION_SECRET: 'the-new-secret-0123456789-0123456789' }, { store, now })
    const admin = await signedIn(app, AGENCY)
    const bindingId = (await send('GET', '/bff/team', undefined, admin)).json().bindings[0].id
    await readyPerson(admin, bindingId)
  })
})
