import nock from 'nock'
import { afterEach, describe, expect, it } from 'vitest'
import { testApp, signedIn } from '../testing.ts'
import { HttpError, MESSAGES } from '../lib/http-error.ts'
import { createAuditTrail, type AuditTrail } from './audit.ts'
import { UpstreamError } from '../legacy/client.ts'
import { createSqliteStore, StoreDownError, type Store } from './store.ts'

afterEach(() => nock.cleanAll())

describe('audit trail', () => {
  it('keeps events in order between two instants and forgets those past the retention', async () => {
    let clock = Date.parse('2026-05-01T12:00:00Z')
    const trail = await createAuditTrail(await createSqliteStore(':memory:'), () => clock)
    await trail.record({ actor: 'ana@x', action: 'triagem_iniciada', subject: 'triagem:r1', detail: { provider: 'openai', model: 'gpt-4.1-mini' } })
    clock = Date.parse('2026-11-20T12:00:00Z')
    await trail.record({ actor: 'ana@x', action: 'status_alterado', subject: 'candidato:7', detail: { from: '', to: 'triado', via: 'triagem' } })
    await trail.record({ actor: 'rui@x', action: 'status_alterado', subject: 'candidato:8', detail: { from: 'triado', to: 'aprovado', via: 'manual' } })
    const all = await trail.between('2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z')
    expect(all.map((e) => [e.actor, e.action, e.subject, e.detail])).toEqual([
      ['ana@x', 'triagem_iniciada', 'triagem:r1', { provider: 'openai', model: 'gpt-4.1-mini' }],
      ['ana@x', 'status_alterado', 'candidato:7', { from: '', to: 'triado', via: 'triagem' }],
      ['rui@x', 'status_alterado', 'candidato:8', { from: 'triado', to: 'aprovado', via: 'manual' }],
    ])
    expect(await trail.purge('2026-05-20T00:00:00Z')).toBe(1)
    expect((await trail.between('2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z')).length).toBe(2)
  })

  it('purges at start what is older than AUDIT_RETENTION_DAYS (default 183), and exports a period as CSV for admins only', async () => {
    const now = Date.parse('2026-11-23T12:00:00Z')
    const store = await createSqliteStore(':memory:')
    const old = await createAuditTrail(store, () => now - 200 * 86_400_000)
    await old.record({ actor: 'ana@x', action: 'triagem_iniciada', subject: 'triagem:velha' })
    const recent = await createAuditTrail(store, () => now - 100 * 86_400_000)
    await recent.record({ actor: 'ana@x', action: 'triagem_iniciada', subject: 'triagem:recente', detail: { criteria: ['CNH; categoria B'] } })
    const app = await testApp({}, { store, now: () => now })
    await app.ready()
    expect((await app.audit.between('2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z')).map((e) => e.subject)).toEqual(['triagem:recente'])

    const user = (role: string) => ({ name: 'Ana', email: 'ana@x', role, cnpj: '11222333000181' })
    const login = (role: string) => signedIn(app, user(role), 't')
    const admin = await login('admin')
    const csv = await app.inject({ url: '/bff/audit.csv?start_date=2026-08-01&end_date=2026-11-23', headers: { cookie: admin } })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-disposition']).toBe('attachment; filename="auditoria-2026-08-01-a-2026-11-23.csv"')
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('Data e hora;Quem;Ação;Sobre;Detalhes;Resultado')
    expect(lines.slice(1)).toEqual(['15/08/2026, 09:00:00;ana@x;Triagem iniciada;triagem:recente;"{""criteria"":[""CNH; categoria B""]}";concluída'])
    expect((await app.inject({ url: '/bff/audit.csv?start_date=2026-11-23&end_date=2026-11-01', headers: { cookie: admin } })).statusCode).toBe(422)
    // Bounded like the report (SECURITY.md 29): real dates, at most two years.
    expect((await app.inject({ url: '/bff/audit.csv?start_date=2026-02-30&end_date=2026-03-01', headers: { cookie: admin } })).statusCode).toBe(422)
    expect((await app.inject({ url: '/bff/audit.csv?start_date=2000-01-01&end_date=2026-11-23', headers: { cookie: admin } })).json().message).toMatch(/no máximo 731 dias/)
    expect((await app.inject({ url: '/bff/audit.csv?start_date=2026-11-01&end_date=2026-11-23', headers: { cookie: await login('company') } })).statusCode).toBe(403)
    expect((await app.inject({ url: '/bff/audit.csv?start_date=2026-11-01&end_date=2026-11-23' })).statusCode).toBe(401)
    await app.close()
  })
})

describe('a write recorded before it runs (SECURITY.md 34)', () => {
  /** A real store whose writes can be made to fail as a full disk or a stopped server would. */
  async function failingStore() {
    const store = await createSqliteStore(':memory:')
    const fail = { inserts: false, updates: false }
    const down = () => new StoreDownError('sqlite', Object.assign(new Error('database or disk is full'), { errcode: 13 }))
    const wrapped: Store = {
      ...store,
      run: async (sql, params) => {
        if ((fail.inserts && sql.startsWith('INSERT')) || (fail.updates && sql.startsWith('UPDATE'))) throw down()
        return store.run(sql, params)
      },
    }
    return { store: wrapped, fail }
  }
  const event = { actor: 'ana@x', action: 'status_alterado', subject: 'candidato:7', detail: { to: 'triado' } }
  const outcomes = async (trail: AuditTrail) => (await trail.between('2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z')).map((e) => e.outcome)

  it('records the write, runs it, and says it went through', async () => {
    const trail = await createAuditTrail((await failingStore()).store)
    expect(await trail.around(event, async () => 'escrito')).toBe('escrito')
    expect(await outcomes(trail)).toEqual(['ok'])
  })
  it('does not run the write when the store cannot record it', async () => {
    const { store, fail } = await failingStore()
    const trail = await createAuditTrail(store)
    fail.inserts = true
    let ran = false
    await expect(trail.around(event, async () => void (ran = true))).rejects.toBeInstanceOf(StoreDownError)
    expect(ran).toBe(false)
  })
  it('keeps the record of a write that happened when its outcome cannot be stored, as pendente', async () => {
    const { store, fail } = await failingStore()
    const logged: unknown[] = []
    const trail = await createAuditTrail(store, Date.now, (error) => logged.push(error))
    fail.updates = true
    expect(await trail.around(event, async () => 'escrito')).toBe('escrito')
    expect(await outcomes(trail)).toEqual(['pendente'])
    expect(logged).toHaveLength(1)
  })
  it('says a refused write failed, and a write with no answer is to be checked, in words the user reads', async () => {
    const trail = await createAuditTrail((await failingStore()).store)
    await expect(trail.around(event, async () => Promise.reject(new HttpError(422, 'Status inválido.')))).rejects.toThrow('Status inválido.')
    const unanswered = trail.around(event, async () => Promise.reject(new UpstreamError('timeout')))
    await expect(unanswered).rejects.toMatchObject({ statusCode: 504, message: MESSAGES.writeUnconfirmed })
    expect(await outcomes(trail)).toEqual(['falhou', 'a conferir'])
  })
})
