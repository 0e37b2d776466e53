import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../bff/src/app.ts'
import { createHttpClient, type HttpClient, type UpstreamRequest } from '../../bff/src/legacy/client.ts'
import { CANDIDATE_STATUSES } from '../../shared/src/constants/candidate-statuses.ts'
import { screeningMayChange } from '../../shared/src/domain/candidate-status.ts'
import { applyMarker, markedCandidates } from '../../shared/src/domain/screening-apply.ts'
import { call } from '../../infra/legacy-api/src/testing.ts'
import { UNSAFE_HEADERS, cookieFrom, startStack, type Stack } from '../support/stack.ts'
import { startScreening } from '../support/screening.ts'

// Applying screening results against the real stand-in: what is written, that nothing is written
// twice (a second apply, a failure in the middle, a restart in the middle), and the messages (docs/product.md, Texts).
let stack: Stack
let admin: string
let token: string
beforeAll(async () => {
  stack = await startStack({}, { candidates: 400 })
  admin = await stack.login()
  token = stack.open(admin)!.token
})
afterAll(() => stack.close())
beforeEach(async () => {
  await fetch(`${stack.legacy.url}/__control/faults`, { method: 'DELETE' })
  // Everyone in the company-mode vacancy starts without a status, so every triado and revisão is
  // open to screening (people past it are kept: their own test below).
  const list = (await call(stack.legacy.url, '/api/processos_seletivos/1/candidatos', { token })).body.data as { id: number; status: string | null }[]
  for (const c of list) if (c.status) await call(stack.legacy.url, `/api/candidatos/${c.id}`, { method: 'PUT', token, body: { status: '' } })
})

type View = {
  run: { id: string; status: string; total: number; mode: string }
  results: { candidateId: number; name: string; outcome: string; explanation: string }[]
  apply: null | {
    status: string
    message: string
    total: number
    processed: number
    updated: number
    sent: number
    skipped: number
    failed: number
    failures: { candidateId: number; name: string; message: string }[]
  }
}

async function until(app: FastifyInstance, id: string, cookie: string, done: (view: View) => boolean): Promise<View> {
  for (let i = 0; i < 600; i++) {
    const view = JSON.parse((await app.inject({ method: 'GET', url: `/bff/screening/runs/${id}`, headers: { cookie } })).body) as View
    if (done(view)) return view
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error('timed out waiting for the run')
}

async function screened(app: FastifyInstance, cookie: string, body: Record<string, unknown>): Promise<View> {
  const start = await startScreening(app, cookie, JSON.stringify(body))
  expect(start.statusCode).toBe(202)
  return until(app, JSON.parse(start.body).run.id, cookie, (v) => v.run.status !== 'screening')
}

async function apply(app: FastifyInstance, id: string, cookie: string) {
  const response = await app.inject({ method: 'POST', url: `/bff/screening/runs/${id}/apply`, headers: { 'x-csrf': '1', origin: UNSAFE_HEADERS.origin, cookie } })
  return { status: response.statusCode, body: JSON.parse(response.body) }
}

const applied = (app: FastifyInstance, id: string, cookie: string) => until(app, id, cookie, (v) => v.apply !== null && v.apply.status !== 'applying')
const candidate = async (id: number) => (await call(stack.legacy.url, `/api/candidatos/${id}`, { token })).body.data
const writes = async () => (await stack.legacyRequests()).filter((r) => r.method === 'PUT' || r.method === 'POST')
const targets = (view: View) => view.results.filter((r) => r.outcome === 'triado' || r.outcome === 'revisao')
const COMPANY = { mode: 'empresa', vacancyId: 1, start_date: '2020-01-01', end_date: '2026-11-22' }

/** A legacy client whose `n`th matching call reaches the legacy but is never answered: the BFF "dies" there. */
function dyingAt(n: number, matches: (request: UpstreamRequest) => boolean) {
  const real = createHttpClient({ baseUrl: stack.config.legacyApiUrl, timeoutMs: 1500, retries: 0 })
  let seen = 0
  const client: HttpClient = {
    async request(request) {
      const response = await real.request(request)
      if (matches(request) && ++seen === n) return new Promise(() => {})
      return response
    },
  }
  return { client, seen: () => seen }
}

describe('applying screening results', () => {
  it('writes status and note for triados and revisões, keeps the stored observation, leaves não triados alone', async () => {
    const view = await screened(stack.app, admin, COMPANY)
    expect(targets(view).length).toBeGreaterThan(0)
    const first = targets(view)[0]!
    await call(stack.legacy.url, `/api/candidatos/${first.candidateId}/observacao`, { method: 'POST', token, body: { observacao: 'Prefere turno da manhã.' } })
    const untouched = view.results.find((r) => r.outcome === 'nao_triado')
    const before = untouched && (await candidate(untouched.candidateId))

    expect((await apply(stack.app, view.run.id, admin)).status).toBe(202)
    const done = await applied(stack.app, view.run.id, admin)
    expect(done.apply).toMatchObject({
      status: 'applied',
      failed: 0,
      updated: targets(view).length,
      message: `Resultados aplicados com sucesso! ${targets(view).length} candidatos atualizados.`,
    })
    for (const t of targets(view)) {
      const record = await candidate(t.candidateId)
      expect(record.status).toBe(t.outcome)
      expect(record.obs).toContain(applyMarker(view.run.id, t.candidateId))
      expect(record.obs).toContain(t.explanation)
    }
    expect((await candidate(first.candidateId)).obs).toMatch(/^Prefere turno da manhã\.\n\nTriagem por regras em \d\d\/\d\d\/\d{4} — vaga #1 /)
    if (untouched) expect(await candidate(untouched.candidateId)).toEqual(before)
  })

  it('never moves anyone backwards: over all 18 statuses only those at or before screening change, as the confirmation said', async () => {
    // The vacancy with most candidates among those whose criteria force no review; its future
    // triados and revisões get every status there is, then it is screened again.
    const vacancies = (await call(stack.legacy.url, '/api/processos_seletivos', { token })).body.data as { id: number; candidates_count: number }[]
    const busiest = vacancies.filter((v) => v.id % 3 === 2).sort((a, b) => b.candidates_count - a.candidates_count)[0]!
    const COMPANY = { mode: 'empresa', vacancyId: busiest.id, start_date: '2020-01-01', end_date: '2026-11-22' }
    const first = await screened(stack.app, admin, COMPANY)
    const people = targets(first)
    expect(people.length).toBeGreaterThanOrEqual(CANDIDATE_STATUSES.length)
    const given = new Map(people.map((p, i) => [p.candidateId, CANDIDATE_STATUSES[i % CANDIDATE_STATUSES.length]!]))
    for (const [id, status] of given) await call(stack.legacy.url, `/api/candidatos/${id}`, { method: 'PUT', token, body: { status } })
    const view = await screened(stack.app, admin, COMPANY)
    const before = new Map(await Promise.all(targets(view).map(async (t) => [t.candidateId, await candidate(t.candidateId)] as const)))

    const preview = await stack.app.inject({ method: 'GET', url: `/bff/screening/runs/${view.run.id}/apply-preview`, headers: { cookie: admin } })
    expect(preview.statusCode).toBe(200)
    const plan = JSON.parse(preview.body) as { changes: number; forwards: number; kept: { status: string; count: number }[] }
    await apply(stack.app, view.run.id, admin)
    const done = await applied(stack.app, view.run.id, admin)

    let changed = 0
    for (const t of targets(view)) {
      const was = before.get(t.candidateId)!
      const now = await candidate(t.candidateId)
      if (screeningMayChange(was.status)) {
        expect(now.status).toBe(t.outcome)
        changed++
      } else {
        expect({ id: t.candidateId, status: now.status, obs: now.obs }).toEqual({ id: t.candidateId, status: was.status, obs: was.obs })
      }
    }
    const keptStatuses = new Set(
      targets(view)
        .map((t) => before.get(t.candidateId)!.status)
        .filter((s) => !screeningMayChange(s)),
    )
    expect(keptStatuses.size).toBe(CANDIDATE_STATUSES.length - 3)
    expect(done.apply).toMatchObject({ status: 'applied', failed: 0, updated: changed, skipped: targets(view).length - changed })
    expect(plan.changes).toBe(done.apply!.updated)
    expect(plan.kept.reduce((n, k) => n + k.count, 0)).toBe(done.apply!.skipped)
    expect(plan.kept.map((k) => k.status)).toContain('Contratado')
    expect(done.apply!.message).toContain(`${done.apply!.skipped} candidatos mantidos no status atual (já avançaram além da triagem).`)
  })

  it('screening notes stay readable for staff without markers, never reach the company, and survive both sides’ saves', async () => {
    const company = await stack.login('empresa A')
    const vacancies = (await call(stack.legacy.url, '/api/processos_seletivos', { token })).body.data as { id: number; cnpj: string; candidates_count: number }[]
    const own = vacancies.filter((v) => v.cnpj === '45723618000118' && v.candidates_count > 0).sort((a, b) => b.candidates_count - a.candidates_count)[0]!
    const list = (await call(stack.legacy.url, `/api/processos_seletivos/${own.id}/candidatos`, { token })).body.data as { id: number; status: string | null }[]
    for (const c of list) if (c.status) await call(stack.legacy.url, `/api/candidatos/${c.id}`, { method: 'PUT', token, body: { status: '' } })
    const view = await screened(stack.app, admin, { mode: 'empresa', vacancyId: own.id, start_date: '2020-01-01', end_date: '2026-11-22' })
    await apply(stack.app, view.run.id, admin)
    expect((await applied(stack.app, view.run.id, admin)).apply!.status).toBe('applied')
    const noted = targets(view)[0]!
    expect((await candidate(noted.candidateId)).obs).toContain(applyMarker(view.run.id, noted.candidateId))

    const get = async (url: string, cookie: string) => {
      const response = await stack.app.inject({ method: 'GET', url, headers: { cookie } })
      expect(response.statusCode).toBe(200)
      return response.body
    }
    // What the company reads, every way it can: no note, no marker.
    for (const url of [
      `/bff/vacancies/${own.id}/candidates?page=1`,
      `/api/processos_seletivos/${own.id}/candidatos`,
      `/api/candidatos/${noted.candidateId}`,
      `/bff/candidates/${noted.candidateId}`,
      `/bff/vacancies/${own.id}/candidates.csv`,
    ]) {
      const body = await get(url, company)
      expect(body, url).not.toContain('[triagem')
      expect(body, url).not.toContain('Triagem por regras')
    }
    // Staff read the note, without its marker.
    const staffView = JSON.parse(await get(`/bff/candidates/${noted.candidateId}`, admin)).candidate.obs as string
    expect(staffView).toContain('Triagem por regras')
    expect(staffView).not.toContain('[triagem')

    // A company note keeps the agency's note after it; a staff save of what it was shown keeps the marker.
    const save = (cookie: string, observacao: string) =>
      stack.app.inject({ method: 'POST', url: `/api/candidatos/${noted.candidateId}/observacao`, headers: { ...UNSAFE_HEADERS, cookie }, payload: JSON.stringify({ observacao }) })
    expect((await save(company, 'Começa segunda.')).statusCode).toBe(200)
    let stored = (await candidate(noted.candidateId)).obs as string
    expect(stored.startsWith('Começa segunda.\n\n')).toBe(true)
    expect(markedCandidates(stored, view.run.id)).toEqual([noted.candidateId])
    const shown = JSON.parse(await get(`/bff/candidates/${noted.candidateId}`, admin)).candidate.obs as string
    expect((await save(admin, `${shown}\n\nLigou de volta.`)).statusCode).toBe(200)
    stored = (await candidate(noted.candidateId)).obs as string
    expect(markedCandidates(stored, view.run.id)).toEqual([noted.candidateId])
    expect(stored.endsWith('Ligou de volta.')).toBe(true)
    // And a later apply of the same run still finds the write landed: nothing is sent again.
    await stack.resetLegacyLog()
    await apply(stack.app, view.run.id, admin)
    await applied(stack.app, view.run.id, admin)
    expect(await writes()).toEqual([])
  })

  it('writes nothing on a second apply', async () => {
    const view = await screened(stack.app, admin, COMPANY)
    await apply(stack.app, view.run.id, admin)
    await applied(stack.app, view.run.id, admin)
    await stack.resetLegacyLog()
    expect((await apply(stack.app, view.run.id, admin)).status).toBe(202)
    const again = await applied(stack.app, view.run.id, admin)
    expect(again.apply!.status).toBe('applied')
    expect(await writes()).toEqual([])
  })

  it('in global mode sends triados from other vacancies to the screened vacancy with status triado, once', async () => {
    const view = await screened(stack.app, admin, { mode: 'global', vacancyId: 5, start_date: '2026-06-01', end_date: '2026-11-22' })
    await apply(stack.app, view.run.id, admin)
    const done = await applied(stack.app, view.run.id, admin)
    const triados = view.results.filter((r) => r.outcome === 'triado')
    const list = (await call(stack.legacy.url, '/api/processos_seletivos/5/candidatos', { token })).body.data as {
      id: number
      status: string
      obs: string | null
      full_name: string
    }[]
    const screenedIds = new Set(view.results.map((r) => r.candidateId))
    const arrived = list.filter((c) => !screenedIds.has(c.id) && c.obs?.includes(`[triagem ${view.run.id.slice(0, 8)}/`))
    expect(done.apply!.sent).toBe(arrived.length)
    expect(arrived.length).toBeGreaterThan(0)
    expect(arrived.length).toBeLessThanOrEqual(triados.length)
    expect(arrived.every((c) => c.status === 'triado')).toBe(true)
    expect(done.apply!.message).toContain(`${arrived.length} candidatos triados enviados para a vaga selecionada.`)
    await stack.resetLegacyLog()
    await apply(stack.app, view.run.id, admin)
    await applied(stack.app, view.run.id, admin)
    expect(await writes()).toEqual([])
  })

  it('reports a candidate the legacy refuses by name, goes on with the rest, and writes only that one on the next apply', async () => {
    const view = await screened(stack.app, admin, COMPANY)
    const ids = targets(view).map((t) => String(t.candidateId))
    const victim = targets(view).find((t) => ids.filter((id) => id.startsWith(String(t.candidateId))).length === 1)!
    await stack.fault({ mode: 'status', status: 500, count: 1, method: 'PUT', path: `/api/candidatos/${victim.candidateId}` })
    await apply(stack.app, view.run.id, admin)
    const done = await applied(stack.app, view.run.id, admin)
    expect(done.apply!.failures).toEqual([
      { candidateId: victim.candidateId, name: victim.name, kind: 'status', message: `Erro ao processar candidato ${victim.name}: o sistema respondeu com erro (HTTP 500)` },
    ])
    expect(done.apply!.updated).toBe(targets(view).length - 1)
    expect(done.apply!.message).toBe(`Resultados aplicados com sucesso! ${targets(view).length - 1} candidatos atualizados. 1 candidatos não puderam ser atualizados.`)

    await stack.resetLegacyLog()
    await apply(stack.app, view.run.id, admin)
    const again = await applied(stack.app, view.run.id, admin)
    expect(again.apply).toMatchObject({ failed: 0, updated: targets(view).length })
    expect((await writes()).map((w) => `${w.method} ${w.url}`)).toEqual([`PUT /api/candidatos/${victim.candidateId}`])
  })

  it('waits out a 429 with its Retry-After and carries on', async () => {
    const view = await screened(stack.app, admin, COMPANY)
    await stack.fault({ mode: 'status', status: 429, count: 2, retryAfter: '1', method: 'PUT' })
    await apply(stack.app, view.run.id, admin)
    const done = await applied(stack.app, view.run.id, admin)
    expect(done.apply).toMatchObject({ status: 'applied', failed: 0, updated: targets(view).length })
  }, 20_000)

  it('stops when the legacy ends the session, says so, and the next apply finishes with each candidate written once', async () => {
    const view = await screened(stack.app, admin, COMPANY)
    await stack.resetLegacyLog()
    await stack.fault({ mode: 'status', status: 401, count: 1, method: 'PUT' })
    await apply(stack.app, view.run.id, admin)
    const stopped = await applied(stack.app, view.run.id, admin)
    expect(stopped.apply).toMatchObject({
      status: 'interrupted',
      message: "Sua sessão expirou durante a aplicação. Entre novamente e clique em 'Aplicar Resultados' para continuar de onde parou.",
    })
    expect(stopped.apply!.updated).toBeLessThan(targets(view).length)
    await apply(stack.app, view.run.id, admin)
    const done = await applied(stack.app, view.run.id, admin)
    expect(done.apply).toMatchObject({ status: 'applied', failed: 0, updated: targets(view).length })
    const puts = (await writes()).filter((w) => w.method === 'PUT')
    // One refused PUT (the 401), then exactly one accepted write per candidate.
    expect(puts.length).toBe(targets(view).length + 1)
    expect(new Set(puts.map((w) => w.url)).size).toBe(targets(view).length)
  })

  it('is for admins only, and for known runs', async () => {
    const company = await stack.login('empresa A')
    const view = await screened(stack.app, admin, COMPANY)
    expect((await apply(stack.app, view.run.id, company)).status).toBe(403)
    expect((await apply(stack.app, '00000000-0000-0000-0000-000000000000', admin)).status).toBe(404)
  })

  it('a forward that landed before a restart is recognised by its marker and never sent again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mv-apply-'))
    const storeFile = join(dir, 'bff.sqlite')
    // First life: the second forward reaches the legacy, then the BFF "dies" before hearing back.
    const dying = dyingAt(2, (request) => request.method === 'POST' && request.path === '/candidatos')
    const first = await buildApp({ ...stack.config, storeFile }, { logger: false, legacy: dying.client })
    const cookie = cookieFrom(
      await first.inject({ method: 'POST', url: '/bff/auth/login', headers: UNSAFE_HEADERS, payload: JSON.stringify({ cnpj: '11222333000181', password: 'demo-admin-2026' }) }),
    )
    try {
      const view = await screened(first, cookie, { mode: 'global', vacancyId: 8, start_date: '2026-06-01', end_date: '2026-11-22' })
      await apply(first, view.run.id, cookie)
      for (let i = 0; i < 400 && dying.seen() < 2; i++) await new Promise((r) => setTimeout(r, 25))
      expect(dying.seen()).toBeGreaterThanOrEqual(2)
      await Promise.race([first.close(), new Promise((r) => setTimeout(r, 6000))])

      const second = await buildApp({ ...stack.config, storeFile }, { logger: false })
      await second.ready()
      try {
        await apply(second, view.run.id, cookie)
        const done = await applied(second, view.run.id, cookie)
        expect(done.apply).toMatchObject({ status: 'applied', failed: 0 })
        const list = (await call(stack.legacy.url, '/api/processos_seletivos/8/candidatos', { token })).body.data as { obs: string | null }[]
        const forwards = list.flatMap((c) => markedCandidates(c.obs, view.run.id)).filter((id) => view.results.some((r) => r.candidateId === id))
        const perCandidate = new Map<number, number>()
        for (const id of forwards) perCandidate.set(id, (perCandidate.get(id) ?? 0) + 1)
        expect(done.apply!.sent).toBeGreaterThanOrEqual(2)
        expect([...perCandidate.values()].filter((n) => n > 1)).toEqual([])
      } finally {
        await second.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('after a restart in the middle says where it stopped, and the next apply writes nothing twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mv-apply-'))
    const storeFile = join(dir, 'bff.sqlite')
    // First life: the third write reaches the legacy, then the BFF "dies" before hearing back.
    const dying = dyingAt(3, (request) => request.method === 'PUT')
    const first = await buildApp({ ...stack.config, storeFile }, { logger: false, legacy: dying.client })
    const cookie = cookieFrom(
      await first.inject({ method: 'POST', url: '/bff/auth/login', headers: UNSAFE_HEADERS, payload: JSON.stringify({ cnpj: '11222333000181', password: 'demo-admin-2026' }) }),
    )
    try {
      const view = await screened(first, cookie, COMPANY)
      expect(targets(view).length).toBeGreaterThan(4)
      await stack.resetLegacyLog()
      await apply(first, view.run.id, cookie)
      for (let i = 0; i < 200 && dying.seen() < 3; i++) await new Promise((r) => setTimeout(r, 25))
      await Promise.race([first.close(), new Promise((r) => setTimeout(r, 6000))])

      const second = await buildApp({ ...stack.config, storeFile }, { logger: false })
      await second.ready()
      try {
        const stopped = JSON.parse((await second.inject({ method: 'GET', url: `/bff/screening/runs/${view.run.id}`, headers: { cookie } })).body) as View
        expect(stopped.apply!.status).toBe('interrupted')
        expect(stopped.apply!.message).toMatch(
          /^Aplicação interrompida após \d+ de \d+ alterações(?: \(o servidor foi reiniciado\)\.|: o servidor que aplicava parou ou perdeu o contato com o banco de dados do Mini Vagas\.) Clique em 'Aplicar Resultados' para continuar de onde parou; nada será gravado duas vezes\.$/,
        )
        await apply(second, view.run.id, cookie)
        const done = await applied(second, view.run.id, cookie)
        expect(done.apply).toMatchObject({ status: 'applied', failed: 0, updated: targets(view).length })
        const perCandidate = new Map<string, number>()
        for (const w of await writes()) perCandidate.set(w.url, (perCandidate.get(w.url) ?? 0) + 1)
        expect(perCandidate.size).toBe(targets(view).length)
        expect([...perCandidate.values()].every((n) => n === 1)).toBe(true)
      } finally {
        await second.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 40_000)
})
