import { screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { guest, mockBff, renderRoute } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())

const vacancies = [
  {
    id: 1,
    description: 'Repositor',
    company_name: 'Supermercado Bom Preço',
    city: 'Fortaleza',
    bairro: 'Centro',
    requirements: ['Ensino médio completo'],
    benefits: ['Vale-transporte'],
  },
  { id: 2, description: 'Caixa', company_name: 'Farmácia Vida Nova', city: 'Mossoró', bairro: null, requirements: [], benefits: [] },
]

describe('public vacancy list', () => {
  it('shows the title, the loading state, then a card per vacancy with its lists and the apply link', async () => {
    mockBff({ 'GET /bff/auth/session': guest, 'GET /bff/public/vacancies': () => ({ status: 200, body: { vacancies } }) })
    renderRoute('/')
    expect(await screen.findByRole('heading', { name: 'Vagas Disponíveis', level: 1 })).toBeTruthy()
    expect(screen.getByText('Procure por cidade ou por empresa')).toBeTruthy()
    expect(await screen.findByRole('heading', { name: 'Repositor' })).toBeTruthy()
    expect(screen.getByText('Ensino médio completo')).toBeTruthy()
    expect(screen.getByText('Vale-transporte')).toBeTruthy()
    expect(screen.getByText('Fortaleza · Centro')).toBeTruthy()
    const links = screen.getAllByRole('link', { name: /Candidatar-se/ })
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/candidato/1', '/candidato/2'])
  })
  it('filters by city or company as the user types, ignoring accents', async () => {
    mockBff({ 'GET /bff/auth/session': guest, 'GET /bff/public/vacancies': () => ({ status: 200, body: { vacancies } }) })
    renderRoute('/')
    await screen.findByRole('heading', { name: 'Repositor' })
    await userEvent.type(screen.getByPlaceholderText('Buscar por cidade ou empresa...'), 'mossoro')
    expect(screen.queryByRole('heading', { name: 'Repositor' })).toBeNull()
    expect(screen.getByRole('heading', { name: 'Caixa' })).toBeTruthy()
    await userEvent.clear(screen.getByLabelText('Buscar por cidade ou empresa'))
    await userEvent.type(screen.getByLabelText('Buscar por cidade ou empresa'), 'recife')
    expect(await screen.findByText('Nenhuma vaga encontrada')).toBeTruthy()
    expect(screen.getByText('Tente ajustar os filtros de busca')).toBeTruthy()
  })
  it('says when there are no vacancies at all', async () => {
    mockBff({ 'GET /bff/auth/session': guest, 'GET /bff/public/vacancies': () => ({ status: 200, body: { vacancies: [] } }) })
    renderRoute('/')
    expect(await screen.findByText('Nenhuma vaga encontrada')).toBeTruthy()
    expect(screen.getByText('Não há vagas disponíveis no momento')).toBeTruthy()
  })
  it('shows the error block when the list fails', async () => {
    mockBff({ 'GET /bff/auth/session': guest, 'GET /bff/public/vacancies': () => ({ status: 502, body: { message: 'O sistema de vagas está indisponível no momento.' } }) })
    renderRoute('/')
    expect((await screen.findByRole('alert')).textContent).toContain('Erro ao carregar vagas')
  })
})
