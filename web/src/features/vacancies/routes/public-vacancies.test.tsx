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
    expect(screen.getByText('Procure por vaga, cidade, bairro ou empresa')).toBeTruthy()
    expect(await screen.findByRole('heading', { name: 'Repositor' })).toBeTruthy()
    expect(screen.getByText('Ensino médio completo')).toBeTruthy()
    expect(screen.getByText('Vale-transporte')).toBeTruthy()
    expect(screen.getByText('Fortaleza · Centro')).toBeTruthy()
    const links = screen.getAllByRole('link', { name: /Candidatar-se/ })
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/candidato/1', '/candidato/2'])
    // The title opens the vacancy's own page.
    expect(screen.getByRole('link', { name: 'Repositor' }).getAttribute('href')).toBe('/vagas/repositor-supermercado-bom-preco-fortaleza-1')
  })
  it('finds by title, city, neighbourhood or company, any words in any order, ignoring accents, and keeps the search in the address', async () => {
    mockBff({ 'GET /bff/auth/session': guest, 'GET /bff/public/vacancies': () => ({ status: 200, body: { vacancies } }) })
    const { router } = renderRoute('/')
    await screen.findByRole('heading', { name: 'Repositor' })
    const box = screen.getByLabelText('Buscar por vaga, cidade, bairro ou empresa')
    expect(box.getAttribute('placeholder')).toBe('Buscar por vaga, cidade, bairro ou empresa...')
    await userEvent.type(box, 'mossoro')
    expect(screen.queryByRole('heading', { name: 'Repositor' })).toBeNull()
    expect(screen.getByRole('heading', { name: 'Caixa' })).toBeTruthy()
    expect(router.state.location.search).toBe('?busca=mossoro')
    await userEvent.clear(box)
    await userEvent.type(box, 'centro repositor')
    expect(screen.getByRole('heading', { name: 'Repositor' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Caixa' })).toBeNull()
    await userEvent.clear(box)
    await userEvent.type(box, 'recife')
    expect(await screen.findByText('Nenhuma vaga encontrada')).toBeTruthy()
    expect(screen.getByText('Tente ajustar os filtros de busca')).toBeTruthy()
  })
  it('opens on the search in the address, and shows the cards a page at a time with "Mostrar mais vagas"', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      id: i + 1,
      description: `Padeiro ${i + 1}`,
      company_name: 'Padaria',
      city: 'Natal',
      bairro: null,
      requirements: [],
      benefits: [],
    }))
    mockBff({ 'GET /bff/auth/session': guest, 'GET /bff/public/vacancies': () => ({ status: 200, body: { vacancies: [...many, ...vacancies] } }) })
    renderRoute('/vagas?busca=padeiro')
    await screen.findByRole('heading', { name: 'Padeiro 1' })
    expect((screen.getByLabelText('Buscar por vaga, cidade, bairro ou empresa') as HTMLInputElement).value).toBe('padeiro')
    expect(screen.getByText('30 vagas')).toBeTruthy()
    expect(screen.getAllByRole('article')).toHaveLength(24)
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar mais vagas' }))
    expect(screen.getAllByRole('article')).toHaveLength(30)
    expect(screen.queryByRole('button', { name: 'Mostrar mais vagas' })).toBeNull()
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
