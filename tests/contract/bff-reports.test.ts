import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cnpjDigits } from '@mini-vagas/shared/domain/cnpj'
import { shiftDate, todayDate } from '@mini-vagas/shared/domain/dates'
import { DEMO_ACCOUNTS } from '../../infra/legacy-api/src/seed/demo-accounts.ts'
import { call } from '../../infra/legacy-api/src/testing.ts'
import { legacyAdminToken } from '../support/applicant.ts'
import { startStack, UNSAFE_HEADERS, type Stack } from '../support/stack.ts'

// The recruiting report against the real stand-in: its figures are the legacy's records as the
// candidate index holds them, a company sees only its own vacancies, the status changes made
// through the BFF become time in each stage, and the xlsx holds the same figures.
let stack: Stack
let admin: string
let company: string
let legacyToken: string
beforeAll(async () => {
  stack = await startStack({ CANDIDATE_INDEX: 'true' }, { candidates: 1500 })
  admin = await stack.login()
  company = await stack.login('empresa A')
  legacyToken = await legacyAdminToken(stack.legacy.url)
  await get('/bff/auth/me', admin)
  const started = Date.now()
  while (!(await stack.app.candidateIndex!.state()).ready) {
    if (Date.now() - started > 60_000) throw new Error('the index was not built')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}, 90_000)
afterAll(() => stack.close())

async function get(url: string, cookie: string) {
  const response = await stack.app.inject({ method: 'GET', url, headers: { cookie } })
  return { status: response.statusCode, body: response.headers['content-type']?.includes('json') ? JSON.parse(response.body) : response.rawPayload }
}
const legacy = async (path: string) => {
  const body = (await call(stack.legacy.url, `/api${path}`, { token: legacyToken })).body
  return (Array.isArray(body) ? body : Array.isArray(body.data) ? body.data : body.data.data) as Record<string, unknown>[]
}
const setStatus = async (id: number, status: string) => {
  const answer = await stack.app.inject({ method: 'PUT', url: `/bff/candidates/${id}/status`, headers: { ...UNSAFE_HEADERS, cookie: admin }, payload: { status } })
  expect(answer.statusCode).toBe(200)
}

describe('the recruiting report', () => {
  it('covers the vacancies opened in the period with the candidates and hires the legacy holds', async () => {
    const from = shiftDate(todayDate(), -365)
    const { status, body } = await get('/bff/reports/recruiting', admin)
    expect(status).toBe(200)
    expect(body.from).toBe(from)
    const vacancies = (await legacy('/processos_seletivos')).filter((v) => String(v.created_at).slice(0, 10) >= from)
    expect(body.totals.vacancies).toBe(vacancies.length)
    const counted = await Promise.all(vacancies.slice(0, 5).map(async (v) => [Number(v.id), await legacy(`/processos_seletivos/${v.id}/candidatos`)] as const))
    for (const [id, rows] of counted) {
      const row = body.vacancies.find((v: { id: number }) => v.id === id)
      expect(row.candidates, `vacancy ${id}`).toBe(rows.length)
      expect(row.hires, `vacancy ${id}`).toBe(rows.filter((r) => r.status === 'contratado').length)
      expect(row.funnel.inscritos).toBe(rows.length)
    }
    expect(body.sources.reduce((n: number, s: { candidates: number }) => n + s.candidates, 0)).toBe(body.totals.candidates)
    expect(body.recruiters.reduce((n: number, r: { hires: number }) => n + r.hires, 0)).toBe(body.totals.hires)
  })

  it('shows a company only its own vacancies, whatever company it asks for', async () => {
    const own = cnpjDigits(DEMO_ACCOUNTS.find((a) => a.label === 'empresa A')!.cnpj)
    const other = cnpjDigits(DEMO_ACCOUNTS.find((a) => a.label === 'empresa B')!.cnpj)
    const mine = await legacy('/processos_seletivos')
    const { status, body } = await get(`/bff/reports/recruiting?cnpj=${other}&from=2020-01-01`, company)
    expect(status).toBe(200)
    const ids = new Set(mine.filter((v) => cnpjDigits(String(v.cnpj)) === own).map((v) => Number(v.id)))
    expect(body.vacancies.length).toBe(ids.size)
    expect(body.vacancies.every((v: { id: number }) => ids.has(v.id))).toBe(true)
    expect(body.companies.map((c: { name: string }) => c.name)).toEqual(['Supermercado Bom Preço'])
    // Staff may narrow to one company.
    const narrowed = (await get(`/bff/reports/recruiting?cnpj=${other}&from=2020-01-01`, admin)).body
    expect(narrowed.companies.map((c: { name: string }) => c.name)).toEqual(['Farmácia Vida Nova'])
  })

  it('measures time in each stage from the changes of status made through Mini Vagas, and says since when', async () => {
    const before = (await get('/bff/reports/recruiting', admin)).body
    const vacancy = before.vacancies.find((v: { candidates: number }) => v.candidates > 5)
    const people = (await legacy(`/processos_seletivos/${vacancy.id}/candidatos`)).filter((r) => !r.status).slice(0, 2)
    expect(people).toHaveLength(2)
    // The stays are timed by the legacy's own clock (its records' last action): here, moments.
    // How days are measured is shared/src/domain/recruiting-report.test.ts's.
    for (const p of people) {
      await setStatus(Number(p.id), 'triado')
      await setStatus(Number(p.id), 'entrevista_online')
    }
    // One interviewed and then rejected: the funnel still counts their interview.
    await setStatus(Number(people[1]!.id), 'reprovado')
    const after = (await get('/bff/reports/recruiting', admin)).body
    expect(after.historyFrom).toMatch(/^\d{4}-\d\d-\d\dT/)
    const triagem = after.stageTimes.find((s: { stage: string }) => s.stage === 'triagem')
    expect(triagem.measured).toBe(2)
    expect(triagem.medianDays).toBe(0)
    const row = after.vacancies.find((v: { id: number }) => v.id === vacancy.id)
    const was = before.vacancies.find((v: { id: number }) => v.id === vacancy.id)
    expect(row.funnel.entrevista).toBe(was.funnel.entrevista + 2)
    expect(row.funnel.triagem).toBe(was.funnel.triagem + 2)
  })

  it('downloads as xlsx with the same figures, sheet by sheet', async () => {
    const report = (await get('/bff/reports/recruiting', admin)).body
    const response = await stack.app.inject({ method: 'GET', url: '/bff/reports/recruiting.xlsx', headers: { cookie: admin } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toMatch(/relatorio-recrutamento-.*\.xlsx/)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer)
    expect(book.worksheets.map((w) => w.name)).toEqual(['Resumo', 'Vagas', 'Fontes', 'Recrutadores', 'Empresas'])
    expect(book.getWorksheet('Vagas')!.rowCount).toBe(report.vacancies.length + 1)
    const summary = book.getWorksheet('Resumo')!
    const value = (label: string) => summary.getColumn(1).values.indexOf(label)
    expect(summary.getRow(value('Contratações')).getCell(2).value).toBe(report.totals.hires)
  })

  it('refuses dates that do not exist, in Portuguese', async () => {
    const { status, body } = await get('/bff/reports/recruiting?from=2026-02-30', admin)
    expect(status).toBe(400)
    expect(body.message).toBe('Informe datas válidas (dia, mês e ano que existam no calendário).')
  })
})
