import { render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { LoadStates } from './load-states.tsx'

describe('LoadStates', () => {
  it('shows loading as a status, a failure as an alert with its reason and a retry, and the empty state with its hint', async () => {
    const retry = vi.fn()
    const { rerender } = render(<LoadStates loading="Carregando vagas..." error={null} failed="Erro" onRetry={retry} />)
    expect(screen.getByRole('status').textContent).toContain('Carregando vagas...')
    rerender(<LoadStates loading={null} error={new Error('Sistema fora do ar')} failed="Erro ao carregar vagas" onRetry={retry} />)
    expect(screen.getByRole('alert').textContent).toContain('Erro ao carregar vagasSistema fora do ar')
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(retry).toHaveBeenCalledOnce()
    rerender(<LoadStates loading={null} error={new Error('x')} failed="Erro" showReason={false} onRetry={retry} />)
    expect(screen.getByRole('alert').textContent).not.toContain('x')
    rerender(<LoadStates loading={null} error={null} failed="Erro" onRetry={retry} empty={{ title: 'Nenhuma vaga encontrada', hint: 'Tente ajustar os filtros de busca' }} />)
    expect(screen.getByRole('status').textContent).toBe('Nenhuma vaga encontradaTente ajustar os filtros de busca')
    rerender(<LoadStates loading={null} error={null} failed="Erro" onRetry={retry} empty={null} />)
    expect(screen.queryByRole('status')).toBeNull()
  })
})
