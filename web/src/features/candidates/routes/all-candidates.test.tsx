import { screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, mockBff, renderRoute } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())
const me = () => ({ status: 200, body: { user: ADMIN } })
const counts = { all: 5000, triado: 300, contratado: 120, '': 2800 }
const row = {
  id: 3,
  full_name: 'Maria Araújo',
  email: 'maria@x.com',
  whatsapp: '85',
  address_city: 'Natal',
  address_state: 'RN',
  company_name: 'Loja',
  status: 'contratado',
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
}

describe('ListaTodosCandidatos', () => {
  it('loads nothing with Todos and no search, but shows the counts', async () => {
    mockBff({
      'GET /bff/auth/session': me,
      'GET /bff/candidates?page=1&order=last_action_desc': () => ({ status: 200, body: { idle: true, items: [], page: 1, pageCount: 1, total: 0, pageSize: 20, counts } }),
    })
    renderRoute('/todos-candidatos')
    expect(await screen.findByText('Escolha um status ou faça uma busca')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Todos (5.000)' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Triagem com IA' }).getAttribute('href')).toBe('/triagem-ai')
  })
  it('asks for 4 characters before searching, then searches with the dates', async () => {
    const { calls } = mockBff({
      'GET /bff/auth/session': me,
      'GET /bff/candidates?page=1&order=last_action_desc': () => ({ status: 200, body: { idle: true, items: [], page: 1, pageCount: 1, total: 0, pageSize: 20, counts } }),
      'GET /bff/candidates?page=1&order=last_action_desc&q=maria': () => ({
        status: 200,
        body: { idle: false, items: [row], page: 1, pageCount: 1, total: 1, pageSize: 20, counts },
      }),
    })
    renderRoute('/todos-candidatos')
    await userEvent.type(await screen.findByLabelText('Buscar'), 'mar')
    expect((await screen.findByRole('alert')).textContent).toBe('Digite pelo menos 4 caracteres para realizar a busca.')
    expect(calls.some((c) => c.path.includes('q=mar&') || c.path.endsWith('q=mar'))).toBe(false)
    await userEvent.type(screen.getByLabelText('Buscar'), 'ia')
    expect(await screen.findByText('Maria Araújo')).toBeTruthy()
    expect(screen.getByText('Loja')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Exportar lista (CSV)' }).getAttribute('href')).toBe('/bff/candidates.csv?order=last_action_desc&q=maria')
  })
  it('lists everyone with Todos once the list comes from the index, and says how current it is', async () => {
    mockBff({
      'GET /bff/auth/session': me,
      'GET /bff/candidates?page=1&order=last_action_desc': () => ({
        status: 200,
        body: { idle: false, items: [row], page: 1, pageCount: 1, total: 1, pageSize: 20, counts, possibleDuplicates: [], indexedAt: '2026-11-25T13:05:00.000Z' },
      }),
    })
    renderRoute('/todos-candidatos')
    expect(await screen.findByText('Maria Araújo')).toBeTruthy()
    // 13:05 UTC is 10:05 in Fortaleza.
    expect(screen.getByText(/atualizada em 25\/11\/2026.*10:05/)).toBeTruthy()
  })
  it('shows the first page of a search at once, and its counts when they are counted', async () => {
    let countsAsked = 0
    let answerCounts: (() => void) | undefined
    const counted = new Promise<void>((resolve) => (answerCounts = resolve))
    mockBff({
      'GET /bff/auth/session': me,
      'GET /bff/candidates?page=1&order=last_action_desc': () => ({
        status: 200,
        body: { idle: true, items: [], page: 1, pageCount: 1, total: 0, pageSize: 20, hasMore: false, counts },
      }),
      'GET /bff/candidates?page=1&order=last_action_desc&q=maria': () => ({
        status: 200,
        body: {
          idle: false,
          items: [row],
          page: 1,
          pageCount: null,
          total: null,
          pageSize: 20,
          hasMore: true,
          counts: null,
          possibleDuplicates: [],
          indexedAt: '2026-11-25T13:05:00.000Z',
        },
      }),
      'GET /bff/candidates/counts?q=maria': async () => {
        countsAsked++
        await counted
        return { status: 200, body: { counts: { all: 45, contratado: 45 }, indexedAt: '2026-11-25T13:05:00.000Z' } }
      },
    })
    renderRoute('/todos-candidatos')
    await userEvent.type(await screen.findByLabelText('Buscar'), 'maria')
    expect(await screen.findByText('Maria Araújo')).toBeTruthy()
    // The page is shown before its counts: the tabs wait, the pager offers the next page.
    expect(screen.getByRole('button', { name: 'Todos (…)' })).toBeTruthy()
    expect(screen.getByText(/Contando candidatos… · página 1/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Página 2' })).toBeTruthy()
    answerCounts!()
    expect(await screen.findByRole('button', { name: 'Todos (45)' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Contratado (45)' })).toBeTruthy()
    expect(screen.getByText(/45 candidatos · página 1 de 3/)).toBeTruthy()
    expect(countsAsked).toBe(1)
  })
})
