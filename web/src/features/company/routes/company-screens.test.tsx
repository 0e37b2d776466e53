import { screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { COMPANY, mockBff, renderRoute } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())
const me = () => ({ status: 200, body: { user: COMPANY } })
const vacancies = [
  {
    id: 12,
    description: 'Repositor',
    company_name: COMPANY.name,
    city: 'Fortaleza',
    bairro: 'Centro',
    status: 'aberta',
    obs: 'mostrar',
    candidates_count: 31,
    created_at: '2026-11-01T12:00:00Z',
  },
  {
    id: 40,
    description: 'Caixa noturno',
    company_name: COMPANY.name,
    city: 'Fortaleza',
    status: 'aberta',
    obs: 'nao mostrar',
    candidates_count: 0,
    created_at: '2026-11-20T12:00:00Z',
  },
]

describe('VagaEmpresa', () => {
  it('lists the company’s vacancies with status, visibility and candidates, each linking to its candidates', async () => {
    mockBff({ 'GET /bff/auth/session': me, 'GET /bff/vacancies': () => ({ status: 200, body: { vacancies } }) })
    renderRoute('/vaga-empresa')
    const first = await screen.findByRole('article', { name: 'Repositor' })
    expect(first.textContent).toContain('31')
    expect(first.textContent).toContain('Mostrar')
    expect(screen.getByRole('article', { name: 'Caixa noturno' }).textContent).toContain('Aguardando publicação pela equipe')
    expect(screen.getByRole('link', { name: 'Ver candidatos de Repositor' }).getAttribute('href')).toMatch(/^\/candidatos-empresa\/repositor-.*-c$/)
    expect(screen.getByRole('link', { name: 'Nova vaga' }).getAttribute('href')).toBe('/nova-vaga-empresa')
  })
})

describe('FormVagaEmpresa', () => {
  it('asks for description and city, sends the vacancy without company data, and goes back to the list', async () => {
    const { calls } = mockBff({
      'GET /bff/auth/session': me,
      'POST /bff/company/vacancies': () => ({ status: 201, body: { vacancy: { id: 41 } } }),
      'GET /bff/vacancies': () => ({ status: 200, body: { vacancies } }),
    })
    const { router } = renderRoute('/nova-vaga-empresa')
    expect((await screen.findAllByText(COMPANY.name)).length).toBeGreaterThan(1) // the nav bar and the form
    expect(screen.getByText('45.723.618/0001-18')).toBeTruthy()
    await userEvent.click(await screen.findByRole('button', { name: 'Criar vaga' }))
    expect(await screen.findByText('Preencha o campo Descrição da vaga.')).toBeTruthy()
    expect(screen.getByText('Preencha o campo Cidade.')).toBeTruthy()
    expect(document.activeElement?.id).toBe('description')
    await userEvent.type(screen.getByLabelText(/Descrição da vaga/), 'Padeiro')
    await userEvent.type(screen.getByLabelText(/^Cidade/), 'Fortaleza')
    await userEvent.type(screen.getByLabelText('Requisitos'), 'Experiência com forno{Enter}')
    await userEvent.click(screen.getByRole('button', { name: 'Criar vaga' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/vaga-empresa'))
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      description: 'Padeiro',
      city: 'Fortaleza',
      bairro: '',
      estado: '',
      vagas_abertas: 1,
      requirements: ['Experiência com forno'],
      benefits: [],
      criterios: [],
    })
    expect((await screen.findAllByText('Vaga criada! Ela aparecerá para os candidatos depois que a equipe publicá-la.')).length).toBeGreaterThan(0)
  })
  it('shows the server’s field errors at the fields', async () => {
    mockBff({
      'GET /bff/auth/session': me,
      'POST /bff/company/vacancies': () => ({
        status: 422,
        body: { message: 'Dados inválidos. Verifique os campos e tente novamente.', errors: { city: ['Cidade desconhecida.'] } },
      }),
    })
    renderRoute('/nova-vaga-empresa')
    await userEvent.type(await screen.findByLabelText(/Descrição da vaga/), 'Padeiro')
    await userEvent.type(screen.getByLabelText(/^Cidade/), 'X')
    await userEvent.click(screen.getByRole('button', { name: 'Criar vaga' }))
    expect(await screen.findByText('Cidade desconhecida.')).toBeTruthy()
    expect((screen.getByLabelText(/Descrição da vaga/) as HTMLInputElement).value).toBe('Padeiro')
  })
})
