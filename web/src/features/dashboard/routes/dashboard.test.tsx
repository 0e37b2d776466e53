import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { monthName, previousMonth, todayDate } from '@mini-vagas/shared/domain/dates'
import { ADMIN, mockBff, renderRoute } from '../../../testing/render.tsx'

/** The number a summary card shows, once loaded. */
async function card(title: string) {
  const label = await screen.findByText(title)
  return label.parentElement!.querySelector('.stat-value')!.textContent
}

afterEach(() => vi.unstubAllGlobals())
const month = todayDate().slice(0, 7)
const answer = (m: string, filled = 7, statuses: Record<string, number> = { '': 100, triado: 20, contratado: 7 }) => ({
  month: m,
  generatedAt: '2026-11-22T13:00:00.000Z',
  stale: false,
  vacancies: { vacanciesByState: { CE: 12, RN: 5, outros: 1 }, openPositionsByState: { CE: 30, RN: 8, outros: 2 }, openPositions: 40, visibleVacancies: 18 },
  filled: { filled, byState: { CE: 5, RN: 2, outros: 0 }, byRecruiter: { 'Ana Paula Lima': 4, 'Bruno Cavalcante': 3 } },
  statuses,
  origins: { Instagram: 40, 'Não informado': 10 },
})

describe('PainelDeControle', () => {
  it('shows the cards, the charts with text alternatives and the buttons', async () => {
    mockBff({ 'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }), [`GET /bff/dashboard?month=${month}`]: () => ({ status: 200, body: answer(month) }) })
    renderRoute('/painel_de_controle_mini_vagas')
    await screen.findByRole('figure', { name: 'Vagas visíveis por estado' })
    expect(await card('Vagas visíveis no Ceará')).toBe('12')
    expect(await card('Posições em aberto')).toBe('40')
    const recruiters = screen.getByRole('figure', { name: 'Contratações no mês por recrutador' })
    expect(within(recruiters).getByRole('table', { hidden: true })).toBeTruthy()
    expect(within(recruiters).getByRole('rowheader', { name: 'Ana Paula Lima', hidden: true })).toBeTruthy()
    expect(screen.getByRole('figure', { name: 'Candidatos inscritos no mês por status' }).textContent).toContain('Sem Status')
    // The two hire figures say why they differ.
    expect(screen.getByRole('figure', { name: 'Candidatos inscritos no mês por status' }).textContent).toMatch(/"Contratações no mês" conta outra coisa/)
    const main = screen.getByRole('main')
    for (const link of ['Criar processo seletivo', 'Administração de vagas', 'Vagas', 'Todos os candidatos', 'Triagem com IA'])
      expect(within(main).getByRole('link', { name: link })).toBeTruthy()
  })
  it('asks for another month', async () => {
    mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }),
      [`GET /bff/dashboard?month=${month}`]: () => ({ status: 200, body: answer(month) }),
      'GET /bff/dashboard?month=2026-01': () => ({ status: 200, body: answer('2026-01', 3) }),
    })
    renderRoute('/painel_de_controle_mini_vagas')
    await screen.findByRole('figure', { name: 'Vagas visíveis por estado' })
    expect(await card('Contratações no mês')).toBe('7')
    // A month input takes its value whole (typing digit by digit is not how browsers fill it).
    fireEvent.change(screen.getByLabelText('Mês'), { target: { value: '2026-01' } })
    await screen.findByRole('figure', { name: 'Vagas visíveis por estado' })
    await vi.waitFor(async () => expect(await card('Contratações no mês')).toBe('3'))
  })
  it('says how fresh the figures are, and from the candidate index up to when changes made elsewhere are in', async () => {
    mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }),
      [`GET /bff/dashboard?month=${month}`]: () => ({ status: 200, body: { ...answer(month), indexedAt: '2026-11-22T12:50:00.000Z' } }),
    })
    renderRoute('/painel_de_controle_mini_vagas')
    expect(await screen.findByText(/^Atualizado em 22\/11\/2026, 10:00 · alterações feitas fora do Mini Vagas: até 22\/11\/2026, 09:50$/)).toBeTruthy()
  })
  it('says so when the dashboard cannot load', async () => {
    mockBff({ 'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }), [`GET /bff/dashboard?month=${month}`]: () => ({ status: 502, body: { message: 'x' } }) })
    renderRoute('/painel_de_controle_mini_vagas')
    expect(await screen.findByText('Falha ao carregar as informações do painel.')).toBeTruthy()
  })

  it('compares the month with the month before', async () => {
    const before = previousMonth(month)
    mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }),
      [`GET /bff/dashboard?month=${month}`]: () => ({ status: 200, body: answer(month, 7) }),
      [`GET /bff/dashboard?month=${before}`]: () => ({ status: 200, body: answer(before, 4, { '': 130 }) }),
    })
    renderRoute('/painel_de_controle_mini_vagas')
    expect(await screen.findAllByText(`+3 em relação a ${monthName(before)}`)).toHaveLength(2) // the hires card and chart: 7 against 4
    expect(screen.getAllByText(`−3 em relação a ${monthName(before)}`)).toHaveLength(2) // the card and the status chart: 127 against 130
  })
  it('an empty month: one line instead of empty bars', async () => {
    mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }),
      [`GET /bff/dashboard?month=${month}`]: () => ({
        status: 200,
        body: { ...answer(month, 0, {}), filled: { filled: 0, byState: { CE: 0, RN: 0, outros: 0 }, byRecruiter: { 'Ana Paula Lima': 0 } }, origins: { Instagram: 0 } },
      }),
    })
    renderRoute('/painel_de_controle_mini_vagas')
    const hires = await screen.findByRole('figure', { name: 'Contratações no mês por recrutador' })
    expect(within(hires).getByText(`Nenhuma contratação em ${monthName(month)}.`)).toBeTruthy()
    expect(within(hires).queryByText('Ana Paula Lima')).toBeNull()
    expect(within(screen.getByRole('figure', { name: 'Candidatos inscritos no mês por status' })).getByText(`Nenhum candidato inscrito em ${monthName(month)}.`)).toBeTruthy()
  })
})
