import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ScreeningResults } from './screening-results.tsx'

const result = (candidateId: number, outcome: 'triado' | 'revisao' | 'nao_triado', review: null | { decision: 'triado' | 'revisao' | 'nao_triado' } = null) => ({
  candidateId,
  name: `Pessoa ${candidateId}`,
  outcome,
  explanation: 'Atende aos critérios.',
  evidence: [
    {
      key: 'criterio_1',
      label: 'Experiência com caixa',
      hard: false,
      status: 'desconhecido' as const,
      field: '',
      value: 'não encontrado nos dados do candidato',
      by: 'regras' as const,
    },
  ],
  review: review && { ...review, by: 'Ana Souza', byEmail: 'ana@x', reason: 'Conferi o currículo.', at: '2026-11-27T10:00:00.000Z' },
})

describe('screening results', () => {
  it('shows a reviewed person under the group the reviewer decided, saying what the screening had said', () => {
    render(<ScreeningResults results={[result(1, 'triado', { decision: 'revisao' }), result(2, 'triado')]} />)
    const review = screen.getByRole('region', { name: 'Revisão (1)' })
    expect(within(review).getByText('Pessoa 1')).toBeTruthy()
    expect(within(review).getByText(/a triagem indicou Triado/)).toBeTruthy()
    expect(within(screen.getByRole('region', { name: 'Triados (1)' })).getByText('Pessoa 2')).toBeTruthy()
  })
  it('reads a criterion without a field found as the value alone, never "— —:"', () => {
    render(<ScreeningResults results={[result(3, 'revisao')]} />)
    expect(screen.getByText(/Experiência com caixa — não encontrado nos dados do candidato/)).toBeTruthy()
    expect(document.body.textContent).not.toMatch(/— —|— :/)
  })
})
