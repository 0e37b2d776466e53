import { render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { SWRConfig } from 'swr'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockBff } from '../../../testing/render.tsx'
import { CandidateTimeline } from './candidate-timeline.tsx'

afterEach(() => vi.unstubAllGlobals())

const entry = (by: string, kind: string, text: string, at: string) => ({ by, kind, text, at })

describe('a candidate’s timeline', () => {
  it('adds a note as a new entry with its author, keeping the earlier ones, and refuses an empty one without sending', async () => {
    let entries = [
      entry('Ana Souza', 'nota', 'Ligou pedindo retorno.', '2026-11-27T10:00:00.000Z'),
      entry('Rui Barros', 'status', 'Alterou o status de Triado para Aprovado.', '2026-11-27T09:00:00.000Z'),
    ]
    const { calls } = mockBff({
      'GET /bff/candidates/7/timeline': () => ({ status: 200, body: { entries } }),
      'POST /bff/candidates/7/notes': (init) => {
        entries = [entry('Rui Barros', 'nota', JSON.parse(String(init?.body)).text, '2026-11-27T11:00:00.000Z'), ...entries]
        return { status: 201, body: { entries } }
      },
    })
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <CandidateTimeline candidateId={7} />
      </SWRConfig>,
    )
    expect(await screen.findByText('Ligou pedindo retorno.')).toBeTruthy()
    expect(screen.getByText('Alterou o status de Triado para Aprovado.')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar nota' }))
    expect(screen.getByText('Escreva a nota antes de adicionar.')).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    await userEvent.type(screen.getByLabelText('Nova nota'), 'Entrevista marcada.')
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar nota' }))
    expect(await screen.findByText('Entrevista marcada.')).toBeTruthy()
    await waitFor(() => expect((screen.getByLabelText('Nova nota') as HTMLTextAreaElement).value).toBe(''))
    const items = screen.getAllByRole('listitem').map((li) => li.textContent)
    expect(items).toHaveLength(3)
    expect(items[0]).toMatch(/^Nota · Rui Barros · .*Entrevista marcada\.$/)
    expect(items[1]).toMatch(/Ana Souza.*Ligou pedindo retorno\./)
  })
})
