import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, loggerOptions } from '../../bff/src/app.ts'
import { totpAt } from '../../bff/src/features/accounts/totp.ts'
import { REVOCATION_RECHECK_MS } from '../../bff/src/plugins/session.ts'
import { DEMO_ACCOUNTS } from '../../infra/legacy-api/src/seed/demo-accounts.ts'
import { UNSAFE_HEADERS, cookieFrom, startStack, type Stack } from '../support/stack.ts'

// SECURITY.md 35 (personal staff accounts) and 36 for the links this product hands out so far
// (invitations and new passwords), against the real legacy stand-in, with two BFF instances
// sharing one store file — the threat model of docs/accounts.md, one test per threat.
const AGENCY = DEMO_ACCOUNTS.find((a) => a.label === 'admin')!
const dir = mkdtempSync(join(tmpdir(), 'mv-accounts-'))
let stack: Stack
let second: FastifyInstance
let secondOffset = 0
const secondLogs: string[] = []
beforeAll(async () => {
  stack = await startStack({ STORE_FILE: join(dir, 'bff.sqlite'), LOGIN_LIMIT_PER_IP: '1000', LOGIN_LIMIT_PER_CNPJ: '4' }, { candidates: 120 })
  // A second instance of the BFF on the same store, as behind a load balancer.
  second = await buildApp(stack.config, { now: () => Date.now() + secondOffset, logger: loggerOptions('info', { write: (line: string) => void secondLogs.push(line) }) })
}, 60_000)
afterAll(async () => {
  await second?.close()
  await stack?.close()
  rmSync(dir, { recursive: true, force: true })
})

const on = (app: FastifyInstance) => ({
  post: (url: string, payload?: unknown, cookie?: string, ip = '127.0.0.1') =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: payload === undefined ? { 'x-csrf': '1', origin: UNSAFE_HEADERS.origin, ...(cookie ? { cookie } : {}) } : { ...UNSAFE_HEADERS, ...(cookie ? { cookie } : {}) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    }),
  send: (method: 'PUT' | 'PATCH', url: string, payload: unknown, cookie: string) =>
    app.inject({ method, url, headers: { ...UNSAFE_HEADERS, cookie }, payload: JSON.stringify(payload) }),
  get: (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} }),
})
const first = () => on(stack.app)
const other = () => on(second)
const allLogs = () => [...stack.logs, ...secondLogs].join('\n')
const tokenOf = (link: string) => link.split('#')[1]!

async function invite(admin: string, name: string, email: string, role: 'admin' | 'recruiter') {
  const bindingId = (await first().get('/bff/team', admin)).json().bindings[0].id
  const invited = await first().post('/bff/team/people', { name, email, role, bindingId }, admin)
  expect(invited.statusCode, invited.body).toBe(201)
  return invited.json() as { person: { id: string }; link: string }
}

const secrets: string[] = [AGENCY.password]
let admin = ''
let carla = { id: '', cookie: '', password: 'girassol-azul-42' }

describe('SECURITY.md 35 and 36: the team’s own accounts', () => {
  it('the agency’s legacy password is checked against the legacy, then kept sealed: not in the store, an answer or a log', async () => {
    admin = await stack.login('admin')
    const bound = await first().post('/bff/team/bindings', { label: 'Administração', cnpj: AGENCY.cnpj, password: AGENCY.password }, admin)
    expect(bound.statusCode).toBe(201)
    expect(bound.body).not.toContain(AGENCY.password)
    const team = await first().get('/bff/team', admin)
    expect(team.body).not.toContain(AGENCY.password)
    const stored = JSON.stringify(await stack.app.store.all('SELECT * FROM team_legacy_logins'))
    expect(stored).not.toContain(AGENCY.password)
    expect(stored).toMatch(/"sealed":"v1\./)
    // A wrong one is refused by the legacy and kept nowhere.
    const wrong = await first().post('/bff/team/bindings', { label: 'x', cnpj: AGENCY.cnpj, password: 'nao-e-esta' }, admin)
    expect(wrong.statusCode).toBe(422)
  })

  it('passwords are Argon2id hashes (memory-hard, salted); the person signs in, and the legacy sees a token of the agency’s login', async () => {
    const made = await invite(admin, 'Carla Dias', 'carla@agencia.com.br', 'admin')
    secrets.push(tokenOf(made.link), carla.password)
    expect((await first().post('/bff/auth/people/password', { token: tokenOf(made.link), password: carla.password, confirmation: carla.password })).statusCode).toBe(200)
    const row = await stack.app.store.get<{ password_hash: string }>('SELECT password_hash FROM team_people WHERE id = ?', [made.person.id])
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    await stack.resetLegacyLog()
    const login = await other().post('/bff/auth/people/login', { email: 'carla@agencia.com.br', password: carla.password })
    expect(login.statusCode).toBe(200)
    expect(login.json().user).toMatchObject({ email: 'carla@agencia.com.br', person: { role: 'admin' } })
    carla = { ...carla, id: made.person.id, cookie: cookieFrom(login) }
    expect((await stack.legacyRequests()).map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/auth/login'])
  })

  it('every write and audit line names the person', async () => {
    const candidate = (await other().get('/api/candidatos?page=1', carla.cookie)).json().data[0]
    const changed = await other().send('PUT', `/bff/candidates/${candidate.id}/status`, { status: 'aprovado' }, carla.cookie)
    expect(changed.statusCode, changed.body).toBe(200)
    const trail = await stack.app.audit.between('2000-01-01', '2100-01-01')
    const write = trail.filter((e) => e.action === 'status_alterado' && e.subject === `candidato:${candidate.id}`).at(-1)
    expect(write?.actor).toBe('carla@agencia.com.br')
    // "Desfazer": the status it had, back, recorded as an undo by the same person.
    await other().send('PUT', `/bff/candidates/${candidate.id}/status`, { status: candidate.status ?? '', undo: true }, carla.cookie)
    const undone = (await stack.app.audit.between('2000-01-01', '2100-01-01')).filter((e) => e.subject === `candidato:${candidate.id}`).at(-1)
    expect(undone).toMatchObject({ actor: 'carla@agencia.com.br', action: 'status_alterado', detail: { to: candidate.status ?? '', via: 'desfazer' } })
    expect(trail.filter((e) => e.action === 'entrada').map((e) => e.actor)).toContain('carla@agencia.com.br')
  })

  it('login is limited per account (any address) and per address; unknown, wrong and deactivated answer alike', async () => {
    const made = await invite(admin, 'Rui Barros', 'rui@agencia.com.br', 'recruiter')
    await first().post('/bff/auth/people/password', { token: tokenOf(made.link), password: 'rui-senha-forte-2', confirmation: 'rui-senha-forte-2' })
    const answers = new Set<string>()
    for (const [i, email] of ['rui@agencia.com.br', 'rui@agencia.com.br', 'ninguem@agencia.com.br', 'rui@agencia.com.br', 'rui@agencia.com.br'].entries()) {
      const refused = await first().post('/bff/auth/people/login', { email, password: 'errada-123456' }, undefined, `10.9.0.${i + 1}`)
      expect(refused.statusCode).toBe(401)
      answers.add(refused.body)
    }
    expect(answers.size).toBe(1)
    // Four failures from four addresses: the account is locked, even with its right password, from another.
    const locked = await first().post('/bff/auth/people/login', { email: 'rui@agencia.com.br', password: 'rui-senha-forte-2' }, undefined, '10.9.0.9')
    expect(locked.statusCode).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('deactivating a person ends their sessions on every instance within a second', async () => {
    const made = await invite(admin, 'Lia Prado', 'lia@agencia.com.br', 'recruiter')
    await first().post('/bff/auth/people/password', { token: tokenOf(made.link), password: 'lia-senha-forte-3', confirmation: 'lia-senha-forte-3' })
    const lia = cookieFrom(await other().post('/bff/auth/people/login', { email: 'lia@agencia.com.br', password: 'lia-senha-forte-3' }))
    // Both instances know her session now (the second one has just checked it).
    expect((await other().get('/bff/auth/me', lia)).statusCode).toBe(200)
    expect((await first().get('/bff/auth/me', lia)).statusCode).toBe(200)
    expect((await first().send('PATCH', `/bff/team/people/${made.person.id}`, { active: false }, carla.cookie)).statusCode).toBe(200)
    // The instance that deactivated her refuses at once; the other once its one-second check is due.
    expect((await first().get('/bff/auth/me', lia)).statusCode).toBe(401)
    secondOffset += REVOCATION_RECHECK_MS + 1
    expect((await other().get('/bff/auth/me', lia)).statusCode).toBe(401)
    expect((await other().get('/api/candidatos?page=1', lia)).statusCode).toBe(401)
    // Reactivated, the old cookie stays dead.
    await first().send('PATCH', `/bff/team/people/${made.person.id}`, { active: true }, carla.cookie)
    secondOffset += REVOCATION_RECHECK_MS + 1
    expect((await other().get('/bff/auth/me', lia)).statusCode).toBe(401)
  })

  it('a TOTP second factor is asked, its secret sealed at rest, and each code is good once across instances', async () => {
    const setup = (await first().post('/bff/account/totp', undefined, carla.cookie)).json()
    secrets.push(setup.secret)
    expect((await first().send('PUT', '/bff/account/totp', { code: totpAt(setup.secret, Date.now()) }, carla.cookie)).json().person.totp).toBe(true)
    expect(JSON.stringify(await stack.app.store.all('SELECT * FROM team_people'))).not.toContain(setup.secret)
    const step = await first().post('/bff/auth/people/login', { email: 'carla@agencia.com.br', password: carla.password })
    expect(step.json()).toMatchObject({ next: 'code' })
    expect(step.headers['set-cookie']).toBeUndefined()
    const code = totpAt(setup.secret, Date.now() + 30_000)
    expect((await first().post('/bff/auth/people/login', { email: 'carla@agencia.com.br', password: carla.password, code })).statusCode).toBe(200)
    // The same code on the other instance: refused.
    expect((await other().post('/bff/auth/people/login', { email: 'carla@agencia.com.br', password: carla.password, code })).statusCode).toBe(401)
  })

  it('36. a link is single-purpose, expiring, unguessable and useless after use; a refusal reveals nothing', async () => {
    const made = await invite(admin, 'Téo Lima', 'teo@agencia.com.br', 'recruiter')
    const token = tokenOf(made.link)
    secrets.push(token)
    expect(token).toMatch(/^[\w-]{43}$/) // 256 random bits
    const refusal = async (t: string) => {
      const answer = await first().post('/bff/auth/people/link', { token: t })
      return [answer.statusCode, answer.body]
    }
    const gone = await refusal('x'.repeat(43))
    expect(gone[0]).toBe(410)
    expect(await refusal(token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'))).toEqual(gone)
    // Used: no second password from it, and the same refusal as a guess.
    await first().post('/bff/auth/people/password', { token, password: 'teo-senha-forte-4', confirmation: 'teo-senha-forte-4' })
    expect(await refusal(token)).toEqual(gone)
    // Expired: a new-password link is refused once TEAM_LINK_HOURS have passed.
    const reset = (await first().post(`/bff/team/people/${made.person.id}/link`, undefined, admin)).json()
    secrets.push(tokenOf(reset.link))
    stack.advance(stack.config.teamLinkHours * 3_600_000 + 1000)
    expect(await refusal(tokenOf(reset.link))).toEqual(gone)
    stack.resetClock()
    // The refusal names no person, e-mail or reason of its own.
    expect(String(gone[1])).not.toMatch(/teo|@|expirou em|usado por/i)
  })

  it('no unsafe route of the team’s takes a request without the CSRF header', async () => {
    for (const url of ['/bff/auth/people/login', '/bff/auth/people/password', '/bff/team/people', '/bff/team/bindings', '/bff/account/totp']) {
      const refused = await stack.app.inject({ method: 'POST', url, headers: { origin: UNSAFE_HEADERS.origin, 'content-type': 'application/json', cookie: admin }, payload: '{}' })
      expect(refused.statusCode, url).toBe(403)
    }
  })

  it('no password, sealed secret, TOTP secret, link token or legacy token reached a log of either instance or any answer above', async () => {
    const logs = allLogs()
    for (const secret of secrets) expect(logs.includes(secret), 'a secret in the logs').toBe(false)
    expect(logs).not.toMatch(/Bearer \d+\|/)
  })
})
