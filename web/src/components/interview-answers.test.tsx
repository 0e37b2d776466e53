import { render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { formatSlot } from '@mini-vagas/shared/domain/interviews'
import { InterviewAnswers } from './interview-answers.tsx'

const DAY = 86_400_000
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString()
const slots = [
  { id: 0, startsAt: at(-1) },
  { id: 1, startsAt: at(2) },
  { id: 2, startsAt: at(3) },
]

describe('a candidate’s answers to an interview', () => {
  it('offers only the times still ahead, and confirms the one chosen', async () => {
    const onAnswer = vi.fn(async () => {})
    render(<InterviewAnswers id="h" interview={{ status: 'proposta', startsAt: null, slots }} onAnswer={onAnswer} />)
    expect(screen.getAllByRole('radio')).toHaveLength(2)
    expect(screen.queryByRole('radio', { name: formatSlot(slots[0]!.startsAt) })).toBeNull()
    expect(screen.getByRole('radio', { name: formatSlot(slots[1]!.startsAt) })).toBeTruthy()
    const confirm = screen.getByRole('button', { name: 'Confirmar horário' })
    expect(confirm.hasAttribute('disabled')).toBe(true)
    await userEvent.click(screen.getByRole('radio', { name: formatSlot(slots[2]!.startsAt) }))
    await userEvent.click(confirm)
    expect(onAnswer).toHaveBeenCalledWith('escolher', 2)
  })

  it('once confirmed, offers the other times to change to; after asking for another time, no second ask', async () => {
    const { rerender } = render(<InterviewAnswers id="h" interview={{ status: 'confirmada', startsAt: slots[1]!.startsAt, slots }} onAnswer={async () => {}} />)
    expect(screen.getByRole('group', { name: 'Trocar para outro horário proposto' })).toBeTruthy()
    expect(screen.getAllByRole('radio')).toHaveLength(1)
    rerender(<InterviewAnswers id="h" interview={{ status: 'remarcar', startsAt: null, slots }} onAnswer={async () => {}} />)
    expect(screen.queryByRole('button', { name: 'Pedir outro horário' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Cancelar entrevista' })).toBeTruthy()
  })

  it('offers nothing once cancelled or missed', () => {
    for (const status of ['cancelada', 'faltou']) {
      const { container, unmount } = render(<InterviewAnswers id="h" interview={{ status, startsAt: null, slots }} onAnswer={async () => {}} />)
      expect(container.innerHTML).toBe('')
      unmount()
    }
  })

  it('keeps the choice when the answer failed, for another try', async () => {
    const onAnswer = vi.fn(async () => {
      throw new Error('falhou')
    })
    render(<InterviewAnswers id="h" interview={{ status: 'proposta', startsAt: null, slots }} onAnswer={onAnswer} />)
    const radio = screen.getByRole('radio', { name: formatSlot(slots[1]!.startsAt) }) as HTMLInputElement
    await userEvent.click(radio)
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar horário' }))
    expect(onAnswer).toHaveBeenCalledOnce()
    expect(radio.checked).toBe(true)
    expect(screen.getByRole('button', { name: 'Confirmar horário' }).hasAttribute('disabled')).toBe(false)
  })
})
