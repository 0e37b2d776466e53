import { screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { formatSlot, INTERVIEW_MESSAGES } from '@mini-vagas/shared/domain/interviews'
import { guest, mockBff, renderRoute } from '../../../testing/render.tsx'

const TOKEN = 'b'.repeat(43)
const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()
const slots = [
  { id: 0, startsAt: later(2) },
  { id: 1, startsAt: later(3) },
]
const page = (extra: Record<string, unknown> = {}) => ({
  name: 'Rita',
  vacancy: 'Açougueiro',
  company: 'Bom Preço',
  mode: 'presencial',
  place: 'Av. Santos Dumont, 1500',
  interviewer: 'Ana Souza',
  durationMinutes: 45,
  status: 'proposta',
  slots,
  startsAt: null,
  ...extra,
})

beforeEach(() => sessionStorage.clear())
afterEach(() => {
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
})

describe('the candidate’s interview page', () => {
  it('opens by the link in the fragment, offers the proposed times, and confirms the one chosen', async () => {
    window.history.replaceState(null, '', `/entrevista#${TOKEN}`)
    const { calls } = mockBff({
      'GET /bff/auth/session': guest,
      'POST /bff/public/interview': () => ({ status: 200, body: page() }),
      'POST /bff/public/interview/answer': () => ({ status: 200, body: page({ status: 'confirmada', startsAt: slots[1]!.startsAt, message: INTERVIEW_MESSAGES.chosen }) }),
    })
    renderRoute('/entrevista')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('radio', { name: formatSlot(slots[1]!.startsAt) }))
    expect(window.location.hash).toBe('')
    await user.click(screen.getByRole('button', { name: 'Confirmar horário' }))
    expect(await screen.findByText(INTERVIEW_MESSAGES.chosen)).toBeTruthy()
    expect(screen.getByText(`Confirmada para ${formatSlot(slots[1]!.startsAt)}.`)).toBeTruthy()
    expect(calls.find((c) => c.path === '/bff/public/interview/answer')?.body).toEqual({ token: TOKEN, action: 'escolher', slotId: 1 })
  })

  it('says so when the link no longer opens, and offers nothing to answer', async () => {
    window.history.replaceState(null, '', `/entrevista#${TOKEN}`)
    mockBff({
      'GET /bff/auth/session': guest,
      'POST /bff/public/interview': () => ({ status: 410, body: { message: INTERVIEW_MESSAGES.linkGone } }),
    })
    renderRoute('/entrevista')
    expect(await screen.findByText(INTERVIEW_MESSAGES.linkGone)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Cancelar entrevista' })).toBeNull()
  })
})
