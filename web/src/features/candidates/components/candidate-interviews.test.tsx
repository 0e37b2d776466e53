import { render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { SWRConfig } from 'swr'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { INTERVIEW_MESSAGES } from '@mini-vagas/shared/domain/interviews'
import { ToastProvider } from '../../../components/toast.tsx'
import { ADMIN, mockBff } from '../../../testing/render.tsx'
import { CandidateInterviews } from './candidate-interviews.tsx'

afterEach(() => vi.unstubAllGlobals())

const show = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ToastProvider>
        <CandidateInterviews candidate={{ id: 7, email: 'paula@example.com', whatsapp: '(84) 99876-5432' }} />
      </ToastProvider>
    </SWRConfig>,
  )
const interview = {
  id: 'i1',
  candidateId: 7,
  candidateName: 'Paula Regina Costa',
  vacancyId: 3,
  vacancy: 'Açougueiro',
  company: 'Bom Preço',
  mode: 'online',
  place: 'https://meet.example.com/x',
  interviewer: 'Ana Souza',
  durationMinutes: 45,
  status: 'proposta',
  slots: [{ id: 0, startsAt: '2026-12-03T17:30:00.000Z' }],
  startsAt: null,
  createdBy: 'Ana Souza',
  createdAt: '2026-11-27T12:00:00.000Z',
}

describe('scheduling an interview', () => {
  it('says each refusal beside its field and keeps what was typed; then sends by WhatsApp and offers the conversation to open', async () => {
    let tries = 0
    const { calls } = mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }),
      'GET /bff/candidates/7/interviews': () => ({ status: 200, body: { interviews: tries > 1 ? [interview] : [] } }),
      'GET /bff/candidates/7/timeline': () => ({ status: 200, body: { entries: [] } }),
      'POST /bff/candidates/7/interviews': () =>
        ++tries === 1
          ? { status: 422, body: { message: 'Verifique os campos destacados.', errors: { 'slots.0': [INTERVIEW_MESSAGES.slotPast], place: [INTERVIEW_MESSAGES.link] } } }
          : { status: 201, body: { interview, message: INTERVIEW_MESSAGES.createdWhatsapp, whatsappUrl: 'https://wa.me/5584998765432?text=Ol%C3%A1' } },
    })
    show()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Agendar entrevista' }))
    await user.type(screen.getByLabelText('Data 1'), '2026-12-03')
    await user.type(screen.getByLabelText('Horário 1'), '14:30')
    await user.click(screen.getByRole('radio', { name: 'Online' }))
    await user.type(screen.getByLabelText('Link da entrevista'), 'meet')
    await user.type(screen.getByLabelText('Quem entrevista'), 'Ana Souza')
    await user.click(screen.getByRole('radio', { name: /WhatsApp/ }))
    await user.click(screen.getByRole('button', { name: 'Enviar convite' }))
    expect(await screen.findByText(INTERVIEW_MESSAGES.slotPast)).toBeTruthy()
    expect(screen.getByText(INTERVIEW_MESSAGES.link)).toBeTruthy()
    expect((screen.getByLabelText('Link da entrevista') as HTMLInputElement).value).toBe('meet')
    expect((screen.getByLabelText('Quem entrevista') as HTMLInputElement).value).toBe('Ana Souza')

    await user.clear(screen.getByLabelText('Link da entrevista'))
    await user.type(screen.getByLabelText('Link da entrevista'), 'https://meet.example.com/x')
    await user.click(screen.getByRole('button', { name: 'Enviar convite' }))
    expect((await screen.findByRole('link', { name: 'Abrir o WhatsApp com o convite' })).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/55/)
    expect(await screen.findByText('Aguardando o candidato')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      slots: [{ date: '2026-12-03', time: '14:30' }],
      durationMinutes: 45,
      mode: 'online',
      place: 'https://meet.example.com/x',
      interviewer: 'Ana Souza',
      channel: 'whatsapp',
    })
  })
})

describe('a confirmed interview', () => {
  it('says how each reminder goes or went', async () => {
    const confirmed = {
      ...interview,
      status: 'confirmada',
      startsAt: '2026-12-03T17:30:00.000Z',
      reminders: [
        { kind: 'vespera', dueAt: '2026-12-02T17:30:00.000Z', state: 'sent', via: 'whatsapp', delivery: 'failed' },
        { kind: 'uma_hora', dueAt: '2026-12-03T16:30:00.000Z', state: 'pending', via: 'whatsapp', delivery: null },
      ],
    }
    mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }),
      'GET /bff/candidates/7/interviews': () => ({ status: 200, body: { interviews: [confirmed] } }),
      'GET /bff/candidates/7/timeline': () => ({ status: 200, body: { entries: [] } }),
    })
    show()
    expect(await screen.findByText('Lembretes — Véspera: não entregue pelo WhatsApp (a Meta avisou): avise a pessoa · 1 hora antes: agendado (WhatsApp)')).toBeTruthy()
  })
})
