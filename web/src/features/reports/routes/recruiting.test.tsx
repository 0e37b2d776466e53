import { screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, COMPANY, mockBff, renderRoute } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())

const line = { vacancies: 2, candidates: 40, hires: 3, filledVacancies: 1, medianDaysToFill: 18.5, medianDaysToFirstHire: 9 }
const report = {
  scope: 'agency',
  from: '2025-11-26',
  to: '2026-11-26',
  generatedAt: '2026-11-26T13:00:00.000Z',
  indexedAt: '2026-11-26T12:55:00.000Z',
  historyFrom: '2026-10-01T12:00:00.000Z',
  totals: line,
  funnel: [
    { stage: 'inscritos', label: 'Inscritos', count: 40 },
    { stage: 'triagem', label: 'Triagem', count: 20 },
    { stage: 'entrevista', label: 'Entrevista', count: 8 },
    { stage: 'aprovado', label: 'Aprovado', count: 4 },
    { stage: 'contratado', label: 'Contratado', count: 3 },
  ],
  stageTimes: [{ stage: 'triagem', label: 'Em triagem', medianDays: 2.5, measured: 12 }],
  sources: [{ origin: 'Instagram', candidates: 25, hires: 2, rate: 8 }],
  recruiters: [{ name: 'Ana Lima', ...line }],
  companies: [{ name: 'Supermercado Bom Preço', ...line }],
  vacancies: [
    {
      id: 7,
      description: 'Repositor',
      company: 'Supermercado Bom Preço',
      city: 'Fortaleza',
      recruiter: 'Ana Lima',
      status: 'aberta',
      openedAt: '2026-09-01T12:00:00.000Z',
      requested: 3,
      candidates: 30,
      hires: 2,
      daysToFill: null,
      daysToFirstHire: 9,
      funnel: { inscritos: 30, entrevista: 6 },
    },
  ],
}
const vacancies = { vacancies: [{ id: 7, cnpj: '45723618000118', company_name: 'Supermercado Bom Preço' }] }

describe('Relatórios de recrutamento', () => {
  it('shows the period’s figures, says since when stages are measured, and narrows to a company and dates', async () => {
    const { calls } = mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }),
      'GET /bff/vacancies': () => ({ status: 200, body: vacancies }),
      'GET /bff/reports/recruiting?': () => ({ status: 200, body: report }),
      'GET /bff/reports/recruiting?cnpj=45723618000118': () => ({ status: 200, body: report }),
      'GET /bff/reports/recruiting?from=2026-01-01&cnpj=45723618000118': () => ({ status: 200, body: report }),
    })
    renderRoute('/relatorios')
    expect(await screen.findByText('Repositor')).toBeTruthy()
    expect(screen.getAllByText('18,5 dias').length).toBe(3)
    expect(screen.getByText('em aberto')).toBeTruthy()
    expect(screen.getByText(/desde 01\/10\/2026/)).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Por empresa cliente' })).toBeTruthy()
    await userEvent.selectOptions(await screen.findByLabelText('Empresa'), '45723618000118')
    await userEvent.type(screen.getByLabelText('Abertas a partir de'), '2026-01-01')
    expect(await screen.findByRole('link', { name: 'Baixar planilha (.xlsx)' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Baixar planilha (.xlsx)' }).getAttribute('href')).toBe('/bff/reports/recruiting.xlsx?from=2026-01-01&cnpj=45723618000118')
    expect(calls.some((c) => c.path === '/bff/reports/recruiting?from=2026-01-01&cnpj=45723618000118')).toBe(true)
  })

  it('shows a company its own report without the choice of company', async () => {
    const { calls } = mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: COMPANY } }),
      'GET /bff/reports/recruiting?': () => ({ status: 200, body: { ...report, scope: 'company' } }),
    })
    renderRoute('/relatorios')
    expect(await screen.findByText('Repositor')).toBeTruthy()
    expect(screen.queryByLabelText('Empresa')).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Por empresa cliente' })).toBeNull()
    expect(calls.some((c) => c.path === '/bff/vacancies')).toBe(false)
  })

  it('says when the end comes before the start, and asks nothing', async () => {
    const { calls } = mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: COMPANY } }),
      'GET /bff/reports/recruiting?': () => ({ status: 200, body: report }),
    })
    renderRoute('/relatorios')
    await screen.findByText('Repositor')
    await userEvent.type(screen.getByLabelText('Abertas a partir de'), '2026-05-10')
    await userEvent.type(screen.getByLabelText('Até'), '2026-05-01')
    expect((await screen.findByRole('alert')).textContent).toBe('A data final deve ser igual ou posterior à data inicial.')
    expect(calls.filter((c) => c.path.startsWith('/bff/reports')).every((c) => !c.path.includes('to=2026-05-01'))).toBe(true)
  })
})
