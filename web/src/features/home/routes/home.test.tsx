import { screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, mockBff, renderRoute } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())
const vacancy = (id: number, recrutador: string, extra: Record<string, unknown> = {}) => ({
  id,
  description: `Vaga ${id}`,
  company_name: 'Empresa',
  city: 'Natal',
  recrutador,
  obs: 'mostrar',
  candidates_count: 10,
  created_at: '2026-11-01T12:00:00Z',
  ...extra,
})
const stages = { neutral: 2, screening: 3, interview: 1, waiting: 0, success: 1, danger: 3 }
const home = (indexedAt: string | null = '2026-11-27T10:00:00Z') => ({
  since: '2026-11-26T09:00:00Z',
  firstVisit: false,
  waitingDays: 7,
  indexedAt,
  vacancies: indexedAt ? { 1: { stages, total: 10, fresh: 1, waiting: 4 }, 2: { stages, total: 10, fresh: 5, waiting: 0 }, 3: { stages, total: 10, fresh: 0, waiting: 9 } } : {},
})
const ANA = { ...ADMIN, name: 'Ana Souza', email: 'ana@agencia.com.br', person: { id: 'p1', role: 'recruiter' } }

function bff(user: object, answer: ReturnType<typeof home> | Promise<ReturnType<typeof home>> = home(), interviews: unknown[] = []) {
  return mockBff({
    'GET /bff/auth/session': () => ({ status: 200, body: { user } }),
    'GET /bff/vacancies': () => ({
      status: 200,
      body: {
        vacancies: [
          vacancy(1, 'Ana'),
          vacancy(2, 'Ana Souza'),
          vacancy(3, 'Bruno'),
          vacancy(4, 'Ana', { obs: 'ocultar', awaitingPublication: true, description: 'Pedido da empresa' }),
        ],
      },
    }),
    'GET /bff/home': async () => ({ status: 200, body: await answer }),
    'GET /bff/interviews/today': () => ({ status: 200, body: { interviews } }),
  })
}

describe('Início', () => {
  it('shows a recruiter their open vacancies, the most new first, with what waits, and the month’s dashboard one click away', async () => {
    bff(ANA)
    renderRoute('/inicio')
    const table = await screen.findByRole('table', { name: 'Minhas vagas abertas' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getByRole('link', { name: /^Vaga/ }).textContent)).toEqual(['Vaga 2', 'Vaga 1'])
    expect(screen.getByText('6 novos desde sua última visita (26/11/2026, 06:00) · 4 esperando há mais de 7 dias')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Todas' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Painel do mês' }).getAttribute('href')).toBe('/painel_de_controle_mini_vagas')
    expect(within(screen.getByRole('region', { name: /Aguardando publicação/ })).getByRole('link', { name: 'Pedido da empresa' })).toBeTruthy()
  })
  it('lets an admin see every open vacancy', async () => {
    bff({ ...ANA, person: { id: 'p2', role: 'admin' } })
    renderRoute('/inicio')
    await screen.findByRole('table', { name: 'Minhas vagas abertas' })
    await userEvent.click(screen.getByRole('button', { name: 'Todas' }))
    const rows = within(screen.getByRole('table', { name: 'Vagas abertas' }))
      .getAllByRole('row')
      .slice(1)
    expect(rows).toHaveLength(3)
  })
  it('shows the rows only once the counts answered, so they never reorder under the reader', async () => {
    let counts!: (answer: ReturnType<typeof home>) => void
    bff(ANA, new Promise((resolve) => (counts = resolve)))
    renderRoute('/inicio')
    expect(await screen.findByText('Carregando vagas...')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    counts(home())
    const table = await screen.findByRole('table', { name: 'Minhas vagas abertas' })
    expect(
      within(table)
        .getAllByRole('link', { name: /^Vaga/ })
        .map((a) => a.textContent),
    ).toEqual(['Vaga 2', 'Vaga 1'])
  })
  it('lists today’s interviews with their time, person, vacancy and state', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString()
    bff(ANA, home(), [
      {
        id: 'i1',
        candidateId: 7,
        candidateName: 'Joana Batista',
        vacancyId: 1,
        vacancy: 'Vaga 1',
        company: 'Empresa',
        mode: 'online',
        place: 'https://meet.example.com/x',
        interviewer: 'Ana Souza',
        durationMinutes: 45,
        status: 'confirmada',
        slots: [{ id: 0, startsAt: at }],
        startsAt: at,
        createdBy: 'Ana',
        createdAt: at,
      },
    ])
    renderRoute('/inicio')
    const section = await screen.findByRole('region', { name: 'Entrevistas de hoje (1)' })
    expect(section.textContent).toMatch(/Joana Batista — Vaga 1 Online · com Ana Souza · Confirmada/)
  })
  it('says when the counts wait for the candidate index', async () => {
    bff(ADMIN, home(null))
    renderRoute('/inicio')
    expect(await screen.findByText('As contagens por etapa aparecem quando o índice de candidatos estiver pronto.')).toBeTruthy()
  })
})
