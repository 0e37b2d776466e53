import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, mockBff, renderRoute } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())

describe('Excel screen', () => {
  it('needs both dates', async () => {
    const { calls } = mockBff({ 'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }) })
    renderRoute('/excel')
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar relatorio.xlsx' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Por favor, selecione as datas inicial e final.')
    expect(calls.some((c) => c.path.startsWith('/bff/exports'))).toBe(false)
  })
  it('downloads the report for the range and says so', async () => {
    const { calls } = mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }),
      'GET /bff/exports/relatorio.xlsx?start_date=2026-11-01&end_date=2026-11-30': () => ({ status: 200, body: {} }),
    })
    URL.createObjectURL = vi.fn(() => 'blob:x')
    URL.revokeObjectURL = vi.fn()
    renderRoute('/excel')
    fireEvent.change(await screen.findByLabelText('Data inicial'), { target: { value: '2026-11-01' } })
    fireEvent.change(screen.getByLabelText('Data final'), { target: { value: '2026-11-30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Baixar relatorio.xlsx' }))
    expect(await screen.findByText('Planilha gerada: relatorio.xlsx')).toBeTruthy()
    // The session may be checked again meanwhile (a revalidation on a slow machine): the export is among the calls, not necessarily last.
    expect(calls.filter((c) => c.path.startsWith('/bff/exports/')).map((c) => c.path)).toEqual(['/bff/exports/relatorio.xlsx?start_date=2026-11-01&end_date=2026-11-30'])
  })
  it('shows the spec’s message when the export fails', async () => {
    mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }),
      'GET /bff/exports/relatorio.xlsx?start_date=2026-11-01&end_date=2026-11-30': () => ({ status: 502, body: { message: 'x' } }),
    })
    renderRoute('/excel')
    fireEvent.change(await screen.findByLabelText('Data inicial'), { target: { value: '2026-11-01' } })
    fireEvent.change(screen.getByLabelText('Data final'), { target: { value: '2026-11-30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Baixar relatorio.xlsx' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Erro ao carregar dados para o Excel.'))
  })
})
