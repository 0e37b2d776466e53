import { screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, mockBff, renderRoute } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())
const vacancy = { id: 1, description: 'Caixa', company_name: 'Loja', city: 'Natal' }
const page = { vacancy, items: [{ id: 4, full_name: 'Rui', email: 'r@x.com', whatsapp: '84', obs: 'antiga' }], page: 1, pageCount: 1, total: 1, pageSize: 20, counts: { all: 1 } }

describe('VerCandidatos', () => {
  it('saves a row’s observation with its own button and says so', async () => {
    const { calls } = mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }),
      'GET /bff/vacancies/by-slug/caixa-loja-natal-1': () => ({ status: 200, body: { vacancy } }),
      'GET /bff/vacancies/1/candidates?page=1&order=last_action_desc': () => ({ status: 200, body: page }),
      'PUT /bff/candidates/4/note': () => ({ status: 200, body: { candidate: { id: 4, full_name: 'Rui', obs: 'Nova nota' } } }),
    })
    renderRoute('/vagas/caixa-loja-natal-1/candidatos')
    const input = await screen.findByLabelText('Observação de Rui')
    expect((input as HTMLInputElement).value).toBe('antiga')
    await userEvent.clear(input)
    await userEvent.type(input, 'Nova nota')
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Observação salva com sucesso!')).toBeTruthy()
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ obs: 'Nova nota' })
  })
  it('says when saving fails', async () => {
    mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }),
      'GET /bff/vacancies/by-slug/caixa-loja-natal-1': () => ({ status: 200, body: { vacancy } }),
      'GET /bff/vacancies/1/candidates?page=1&order=last_action_desc': () => ({ status: 200, body: page }),
      'PUT /bff/candidates/4/note': () => ({ status: 502, body: { message: 'x' } }),
    })
    renderRoute('/vagas/caixa-loja-natal-1/candidatos')
    await userEvent.click(await screen.findByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao salvar observação.')).toBeTruthy()
  })
})
