import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { candidateListView, paginate } from '@mini-vagas/shared/domain/candidate-list'
import { possibleDuplicates } from '@mini-vagas/shared/domain/candidate-identity'
import { filledCounts, hireWindow, originCounts, statusCounts } from '@mini-vagas/shared/domain/dashboard'
import { monthRange } from '@mini-vagas/shared/domain/dates'
import { call, TEST_NOW } from '../../infra/legacy-api/src/testing.ts'
import { legacyAdminToken } from '../support/applicant.ts'
import { startStack, UNSAFE_HEADERS, type Stack } from '../support/stack.ts'

// The candidate index against the real stand-in: built through the legacy door on a staff
// member's token, answering the same lists the legacy path answers, current at once for writes
// through the BFF and within its refresh for writes made elsewhere.
const REFRESH_SECONDS = 60
let stack: Stack
let admin: string
let legacyToken: string
beforeAll(async () => {
  stack = await startStack({ CANDIDATE_INDEX: 'true', CANDIDATE_INDEX_REFRESH_SECONDS: String(REFRESH_SECONDS) }, { candidates: 2000 })
  admin = await stack.login()
  legacyToken = await legacyAdminToken(stack.legacy.url)
  // Any staff request lends the builder its token.
  await get('/bff/auth/me')
  await until(async () => (await stack.app.candidateIndex!.state()).ready, 60_000)
}, 90_000)
afterAll(() => stack.close())

async function get(url: string) {
  const response = await stack.app.inject({ method: 'GET', url, headers: { cookie: admin } })
  return { status: response.statusCode, body: JSON.parse(response.body) }
}

async function until(condition: () => Promise<boolean>, withinMs: number) {
  const started = Date.now()
  while (!(await condition())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

type Row = { id: number; full_name: string; email: string; whatsapp: string; status: string | null; created_at: string; updated_at: string }
const legacyRows = async (path: string): Promise<Row[]> => {
  const body = (await call(stack.legacy.url, `/api${path}`, { token: legacyToken })).body
  return Array.isArray(body) ? body : Array.isArray(body.data) ? body.data : body.data.data
}

describe('the candidate index', () => {
  it('holds every record of the legacy', async () => {
    expect(await stack.app.candidateIndex!.count()).toBe(2000)
  })

  it('answers a vacancy’s list as the legacy path does, for every order, status and search', async () => {
    const rows = await legacyRows('/processos_seletivos/1/candidatos')
    const view = candidateListView(rows as never[])
    const sample = rows[3]!
    for (const order of ['last_action_desc', 'name_asc', 'city_desc'])
      for (const status of ['', 'triado', undefined])
        for (const q of ['', sample.email, sample.full_name.split(' ')[0]!.slice(0, 4)]) {
          const expected = view.select({ q, status, order: order as never })
          const params = new URLSearchParams({ order, ...(status === undefined ? {} : { status }), ...(q ? { q } : {}) })
          const { body } = await get(`/bff/vacancies/1/candidates?${params}`)
          const label = params.toString()
          expect(body.indexedAt, label).toMatch(/^\d{4}-\d\d-\d\dT/)
          // A search's counts come apart from its page (the page costs the same at any size) until
          // counted once; without a search, with it.
          if (q) {
            if (body.counts !== null) expect(body.counts, label).toEqual(expected.counts)
            expect(body.hasMore, label).toBe(expected.rows.length > 20)
            const counted = await get(`/bff/vacancies/1/candidates/counts?${new URLSearchParams({ q })}`)
            expect(counted.body.counts, label).toEqual(expected.counts)
          } else expect(body.counts, label).toEqual(expected.counts)
          expect(
            body.items.map((c: Row) => c.id),
            label,
          ).toEqual(paginate(expected.rows, 1).items.map((c: { id: number }) => c.id))
        }
  })

  it('lists all candidates from dates alone, and finds by company what the legacy’s search finds', async () => {
    const days = await get('/bff/candidates?start_date=2026-01-01&end_date=2026-03-31')
    expect(days.status).toBe(200)
    expect(days.body.idle).toBe(false)
    const inRange = await legacyRows('/candidatos/busca-avancada?nome=%40&start_date=2026-01-01&end_date=2026-03-31')
    expect(days.body.total).toBe(inRange.length)
    const company = await get('/bff/candidates?q=bom%20preco')
    const legacyFound = await legacyRows('/candidatos/busca-avancada?nome=bom%20preco')
    expect(company.body.items.map((c: Row) => c.id)).toEqual(
      candidateListView(legacyFound as never[])
        .select({})
        .rows.slice(0, 20)
        .map((c: { id: number }) => c.id),
    )
    const counted = await get('/bff/candidates/counts?q=bom%20preco')
    expect(counted.body.counts.all).toBe(legacyFound.length)
    expect(counted.body.counts.all).toBeGreaterThan(20)
    // Once counted, the search's pages come with their counts until the index changes.
    expect((await get('/bff/candidates?q=bom%20preco&page=2')).body.total).toBe(legacyFound.length)
  })

  it('marks possible duplicates across the whole base, not only within the page', async () => {
    const all = await legacyRows('/candidatos/busca-avancada?nome=%40')
    const marked = possibleDuplicates(all as never[])
    const { body } = await get('/bff/vacancies/1/candidates')
    expect(body.possibleDuplicates).toEqual(body.items.map((c: Row) => c.id).filter((id: number) => marked.has(id)))
  })

  it('shows a write through the BFF at once', async () => {
    const { body } = await get('/bff/vacancies/1/candidates?status=triado')
    const target = body.items[0] as Row
    const before = (await get('/bff/vacancies/1/candidates')).body.counts
    const answer = await stack.app.inject({
      method: 'PUT',
      url: `/bff/candidates/${target.id}/status`,
      headers: { ...UNSAFE_HEADERS, cookie: admin },
      payload: { status: 'entrevista_online' },
    })
    expect(answer.statusCode).toBe(200)
    // The tabs too: counts kept between clicks are dropped when the index changes.
    const counts = (await get('/bff/vacancies/1/candidates')).body.counts
    expect(counts.triado).toBe(before.triado - 1)
    expect(counts.entrevista_online).toBe((before.entrevista_online ?? 0) + 1)
    const after = (await get(`/bff/vacancies/1/candidates?q=${encodeURIComponent(target.email)}`)).body
    expect(after.items.find((c: Row) => c.id === target.id)?.status).toBe('entrevista_online')
  })

  it('reads a page again after a write as the list stands then: rows placed by earlier pages are forgotten with the change', async () => {
    const pageIds = async (page: number) => (await get(`/bff/vacancies/1/candidates?page=${page}`)).body.items.map((c: Row) => c.id)
    const third = await pageIds(3)
    for (const page of [1, 2, 3, 2]) await pageIds(page)
    // A candidate from the third page acts now: the list's first row, every row before it one place further.
    const moved = third[5]
    const answer = await stack.app.inject({
      method: 'PUT',
      url: `/bff/candidates/${moved}/status`,
      headers: { ...UNSAFE_HEADERS, cookie: admin },
      payload: { status: 'triado' },
    })
    expect(answer.statusCode).toBe(200)
    const expected = candidateListView((await legacyRows('/processos_seletivos/1/candidatos')) as never[])
      .select({ q: '', status: undefined, order: 'last_action_desc' })
      .rows.map((c: { id: number }) => c.id)
    expect(expected[0]).toBe(moved)
    for (const page of [2, 3, 1]) expect(await pageIds(page), `page ${page}`).toEqual(paginate(expected, page).items)
  })

  it('counts the dashboard from the index as the legacy’s own reports count it, and reads only the vacancies from the legacy (once a minute)', async () => {
    for (const [month, reads] of [
      ['2026-11', ['/api/processos_seletivos']],
      ['2026-10', []],
    ] as const) {
      await stack.resetLegacyLog()
      const { status, body } = await get(`/bff/dashboard?month=${month}`)
      expect(status).toBe(200)
      expect(body.indexedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
      expect((await stack.legacyRequests()).map((r) => r.url.split('?')[0])).toEqual(reads)
      // The same figures the legacy path computes from the legacy's status counts, report and hires.
      const { start, end } = monthRange(month)
      const hired = hireWindow(month)
      const dates = `start_date=${start}&end_date=${end}`
      const raw = async (path: string) => (await call(stack.legacy.url, `/api${path}`, { token: legacyToken })).body
      expect(body.statuses, month).toEqual(statusCounts((await raw(`/candidatos/status-quantidades?${dates}`)).data))
      expect(body.origins, month).toEqual(originCounts(await raw(`/excel_relatorio?${dates}`)))
      const hires = (await raw(`/candidatos/status/contratado?start_date=${hired.start}&end_date=${hired.end}`)).data
      expect(body.filled, month).toEqual(
        filledCounts(
          hires,
          month,
          Object.keys(body.filled.byRecruiter).filter((r) => r !== 'Sem recrutador'),
        ),
      )
    }
  })

  it('counts a status change through the BFF in the next dashboard, from the index', async () => {
    const before = (await get('/bff/dashboard?month=2026-11')).body
    const { body } = await get('/bff/candidates?start_date=2026-11-01&end_date=2026-11-30&status=triado')
    const target = body.items[0] as Row
    const answer = await stack.app.inject({
      method: 'PUT',
      url: `/bff/candidates/${target.id}/status`,
      headers: { ...UNSAFE_HEADERS, cookie: admin },
      payload: { status: 'aprovado' },
    })
    expect(answer.statusCode).toBe(200)
    await stack.resetLegacyLog()
    const after = (await get('/bff/dashboard?month=2026-11')).body
    expect(after.statuses.triado).toBe(before.statuses.triado - 1)
    expect(after.statuses.aprovado).toBe((before.statuses.aprovado ?? 0) + 1)
    // Nothing read from the legacy: the figures are the index's, the vacancies were read within the minute.
    expect(await stack.legacyRequests()).toEqual([])
  })

  it('counts a screening quick range on the index as the load finds it (global, the exclusions taken out)', async () => {
    // The ranges end on the BFF's today: it is the seed's, whose candidates end there, whatever the
    // calendar says (a session from the real today would be from the future there: a new one).
    stack.advance(TEST_NOW.getTime() - stack.app.now())
    try {
      const cookie = await stack.login()
      for (const query of ['mode=global&kind=last-6-months', 'mode=global&kind=last-7-days']) {
        const fit = (await stack.app.inject({ method: 'GET', url: `/bff/screening/fit?${query}`, headers: { cookie } })).json() as {
          start: string
          end: string
          total: number | null
          clamped: boolean
        }
        expect(fit.total, query).toBeGreaterThan(0)
        expect(fit.clamped).toBe(false)
        const load = await stack.app.inject({
          method: 'POST',
          url: '/bff/screening/candidates',
          headers: { ...UNSAFE_HEADERS, cookie },
          payload: { mode: 'global', start_date: fit.start, end_date: fit.end },
        })
        expect(load.statusCode, load.body).toBe(200)
        expect(load.json().total, query).toBe(fit.total)
      }
    } finally {
      stack.resetClock()
    }
  })

  it(`shows a write made directly in the legacy within its refresh (${REFRESH_SECONDS} s)`, async () => {
    const { body } = await get('/bff/vacancies/1/candidates?status=triado')
    const target = body.items[0] as Row
    const direct = await call(stack.legacy.url, `/api/candidatos/${target.id}`, { method: 'PUT', token: legacyToken, body: { status: 'contratado' } })
    expect(direct.status).toBe(200)
    const statusNow = async () => (await get(`/bff/vacancies/1/candidates?q=${encodeURIComponent(target.email)}`)).body.items.find((c: Row) => c.id === target.id)?.status
    // Before the refresh is due the index still says what it read…
    expect(await statusNow()).toBe('triado')
    // …and once its windows are older than the refresh, the next read brings the change.
    stack.advance(REFRESH_SECONDS * 1000 + 1000)
    const refreshedFrom = stack.app.now()
    await get('/bff/auth/me')
    await until(async () => (await statusNow()) === 'contratado', 30_000)
    // Every window is read again; the list then says it holds every change since the refresh began.
    await until(async () => ((await stack.app.candidateIndex!.state()).asOf ?? 0) >= refreshedFrom, 30_000)
    const { indexedAt } = (await get('/bff/vacancies/1/candidates')).body
    expect(Date.parse(indexedAt)).toBeGreaterThanOrEqual(refreshedFrom)
  })
})
