import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../bff/src/app.ts'
import type { ScreeningProvider } from '../../bff/src/features/screening/provider.ts'
import { createRulesProvider } from '../../bff/src/features/screening/rules-provider.ts'
import { UNSAFE_HEADERS, startStack, type Stack } from '../support/stack.ts'
import { startScreening } from '../support/screening.ts'
import { todayDate } from '../../shared/src/domain/dates.ts'
import { anApplication } from '../support/applicant.ts'
import { vacancyCriteria } from '../../shared/src/domain/screening-rules.ts'

// Screening runs with the rules provider, against the real stand-in; runs live in the BFF store.
let stack: Stack
let admin: string
beforeAll(async () => {
  stack = await startStack({}, { candidates: 2000 })
  admin = await stack.login()
})
afterAll(() => stack.close())

async function poll(app: { inject: Stack['app']['inject'] }, id: string, cookie: string) {
  for (let i = 0; i < 200; i++) {
    const view = JSON.parse((await app.inject({ method: 'GET', url: `/bff/screening/runs/${id}`, headers: { cookie } })).body)
    if (view.run.status !== 'screening') return view
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error('run did not finish')
}

describe('screening runs', () => {
  it('screens a vacancy’s candidates in company mode and groups the verdicts with justifications', async () => {
    const start = await startScreening(stack.app, admin, JSON.stringify({ mode: 'empresa', vacancyId: 1, start_date: '2020-01-01', end_date: '2026-11-22' }))
    expect(start.statusCode).toBe(202)
    const { run } = JSON.parse(start.body)
    const view = await poll(stack.app, run.id, admin)
    expect(view.run).toMatchObject({ status: 'done', provider: 'rules', done: view.run.total })
    expect(view.counts.triado + view.counts.revisao + view.counts.nao_triado).toBe(view.run.total)
    expect(view.counts.pendente).toBe(0)
    expect(view.run.message).toBe(`Triagem concluída! ${view.counts.triado} candidatos triados.`)
    expect(view.results.every((r: { explanation: string }) => r.explanation.length > 10)).toBe(true)
    // The rules provider's evidence covers every criterion of the vacancy, and a done run has its bias report.
    const keys = vacancyCriteria(view.run.vacancy, { mode: 'empresa' }).map((c) => c.key)
    expect(
      view.results.every((r: { evidence: { key: string; by: string }[] }) => r.evidence.map((e) => e.key).join() === keys.join() && r.evidence.every((e) => e.by === 'regras')),
    ).toBe(true)
    expect(view.run).toMatchObject({ model: null, fieldsSent: [] })
    expect(view.bias.screened).toBe(view.run.total)
  })
  it('screens exactly the candidates the load showed, even when the vacancy gains one meanwhile', async () => {
    const headers = { ...UNSAFE_HEADERS, cookie: admin }
    const range = { mode: 'empresa', vacancyId: 1, start_date: '2020-01-01', end_date: todayDate() }
    const count = async () => ((await stack.app.inject({ method: 'GET', url: '/bff/vacancies/1/candidates?page=1', headers })).json() as { counts: { all: number } }).counts.all
    const load = await stack.app.inject({ method: 'POST', url: '/bff/screening/candidates', headers, payload: JSON.stringify(range) })
    expect(load.statusCode).toBe(200)
    const shown = load.json() as { draftId: string; total: number; candidates: { id: number }[] }
    const listed = await count()
    const applied = await stack.app.inject({
      method: 'POST',
      url: '/bff/public/applications',
      headers: UNSAFE_HEADERS,
      payload: JSON.stringify(anApplication({ fullName: 'Pessoa Nova Depois da Busca', whatsapp: '85999990000', email: 'nova-depois@example.com', jobId: 1 })),
    })
    expect(applied.statusCode).toBe(201)
    expect(await count()).toBe(listed + 1)
    const start = await stack.app.inject({ method: 'POST', url: '/bff/screening/runs', headers, payload: JSON.stringify({ draftId: shown.draftId }) })
    expect(start.statusCode).toBe(202)
    const view = await poll(stack.app, start.json().run.id, admin)
    expect(view.run.total).toBe(shown.total)
    expect(view.results.map((r: { candidateId: number }) => r.candidateId).sort()).toEqual(shown.candidates.map((c) => c.id).sort())
    // A draft starts once; a run id is no draft.
    expect((await stack.app.inject({ method: 'POST', url: '/bff/screening/runs', headers, payload: JSON.stringify({ draftId: shown.draftId }) })).statusCode).toBe(409)
  })
  it('streams progress as server-sent events until the run ends', async () => {
    const start = await startScreening(stack.app, admin, JSON.stringify({ mode: 'empresa', vacancyId: 1, start_date: '2020-01-01', end_date: '2026-11-22' }))
    const { run } = JSON.parse(start.body)
    const events = await stack.app.inject({ method: 'GET', url: `/bff/screening/runs/${run.id}/events`, headers: { cookie: admin } })
    expect(events.statusCode).toBe(200)
    expect(events.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(events.headers['cache-control']).toBe('no-store')
    const progress = events.body
      .trim()
      .split('\n\n')
      .map((block) => {
        const [event, data] = block.split('\n')
        expect(event).toBe('event: progress')
        return JSON.parse(data!.replace(/^data: /, ''))
      })
    expect(progress.at(-1)).toMatchObject({ status: 'done', total: run.total, done: run.total })
    const done = progress.map((p: { done: number }) => p.done)
    expect(done).toEqual([...done].sort((a, b) => a - b))
    expect((await stack.app.inject({ method: 'GET', url: '/bff/screening/runs/00000000-0000-0000-0000-000000000000/events', headers: { cookie: admin } })).statusCode).toBe(404)
  })
  it('a run created while a later page fails says so on the run: how many of how many', async () => {
    await stack.fault({ mode: 'status', status: 500, count: 5, method: 'GET', path: '/api/candidatos?start_date=2026-11-01&end_date=2026-11-22&page=2' })
    const start = await startScreening(stack.app, admin, JSON.stringify({ mode: 'global', vacancyId: 2, start_date: '2026-11-01', end_date: '2026-11-22' }))
    await fetch(`${stack.legacy.url}/__control/faults`, { method: 'DELETE' })
    expect(start.statusCode).toBe(202)
    const view = await poll(stack.app, JSON.parse(start.body).run.id, admin)
    const [, loaded, expected] =
      /^Carga parcial: ([\d.]+) de ([\d.]+) candidatos do período foram carregados \(a página 2 falhou\); os demais não entraram nesta triagem\. Busque os candidatos novamente para uma triagem completa\.$/.exec(
        view.run.warning,
      )!
    expect(Number(loaded!.replace('.', ''))).toBeLessThan(Number(expected!.replace('.', '')))
    // A complete load carries no warning.
    const whole = await startScreening(stack.app, admin, JSON.stringify({ mode: 'global', vacancyId: 2, start_date: '2026-11-01', end_date: '2026-11-22' }))
    expect((await poll(stack.app, JSON.parse(whole.body).run.id, admin)).run.warning).toBeNull()
  })
  it('screens in global mode with the vacancy’s criteria', async () => {
    const start = await startScreening(stack.app, admin, JSON.stringify({ mode: 'global', vacancyId: 2, start_date: '2026-11-10', end_date: '2026-11-22' }))
    expect(start.statusCode).toBe(202)
    const view = await poll(stack.app, JSON.parse(start.body).run.id, admin)
    expect(view.run.status).toBe('done')
    expect(view.run.total).toBeGreaterThan(0)
  })
  it('resumes an interrupted run after a restart, screening each candidate once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mv-runs-'))
    const storeFile = join(dir, 'bff.sqlite')
    let calls = 0
    // First life: the provider never answers, as if the BFF died mid-batch.
    const stuck: ScreeningProvider = {
      name: 'rules',
      model: null,
      fieldsSent: [],
      screen: () => new Promise(() => void calls++),
      testConnection: async () => ({ ok: true, message: '' }),
    }
    const first = await buildApp({ ...stack.config, storeFile }, { logger: false, screening: stuck })
    const cookie = (
      await first.inject({ method: 'POST', url: '/bff/auth/login', headers: UNSAFE_HEADERS, payload: JSON.stringify({ cnpj: '11222333000181', password: 'demo-admin-2026' }) })
    ).headers['set-cookie']!.toString().split(';')[0]!
    const start = await startScreening(first, cookie, JSON.stringify({ mode: 'empresa', vacancyId: 1, start_date: '2026-06-01', end_date: '2026-11-22' }))
    const id = JSON.parse(start.body).run.id
    expect(calls).toBe(1)
    await Promise.race([first.close(), new Promise((r) => setTimeout(r, 6000))])
    try {
      // Second life: the run carries on by itself and finishes.
      let screened = 0
      const counting = createRulesProvider()
      const second = await buildApp(
        { ...stack.config, storeFile },
        { logger: false, screening: { ...counting, screen: async (v, c) => ((screened += c.length), counting.screen(v, c)) } },
      )
      await second.ready()
      const view = await poll(second, id, cookie)
      expect(view.run.status).toBe('done')
      expect(screened).toBe(view.run.total)
      await second.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 30_000)
  it('needs an admin, a vacancy and a known run', async () => {
    expect((await startScreening(stack.app, admin, JSON.stringify({ mode: 'empresa', start_date: '2026-11-01', end_date: '2026-11-22' }))).statusCode).toBe(422)
    expect((await stack.app.inject({ method: 'GET', url: '/bff/screening/runs/00000000-0000-0000-0000-000000000000', headers: { cookie: admin } })).statusCode).toBe(404)
    const company = await stack.login('empresa A')
    expect((await startScreening(stack.app, company, JSON.stringify({ mode: 'empresa', vacancyId: 1, start_date: '2026-11-01', end_date: '2026-11-22' }))).statusCode).toBe(403)
  })
})
