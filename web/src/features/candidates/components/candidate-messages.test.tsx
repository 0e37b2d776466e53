import { render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { SWRConfig } from 'swr'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_TEMPLATES, MESSAGE_PURPOSES } from '@mini-vagas/shared/domain/messages'
import { ToastProvider } from '../../../components/toast.tsx'
import { mockBff, type Handler } from '../../../testing/render.tsx'
import type { StaffCandidate } from '../api/types.ts'
import { CandidateMessages } from './candidate-messages.tsx'

afterEach(() => vi.unstubAllGlobals())

const candidate = {
  id: 7,
  full_name: 'Paula Regina Costa',
  email: 'paula@example.com',
  whatsapp: '(84) 99876-5432',
  job_posting: { description: 'Açougueiro', company_name: 'Bom Preço', city: 'Natal' },
} as unknown as StaffCandidate
const templates = { templates: MESSAGE_PURPOSES.map((p) => ({ ...DEFAULT_TEMPLATES[p.value], standard: true, updatedBy: null, updatedAt: null })), mailConfigured: true }
const bff = (extra: Record<string, Handler> = {}, optedOut: unknown = null) =>
  mockBff({
    'GET /bff/messages/templates': () => ({ status: 200, body: templates }),
    'GET /bff/candidates/7/contact': () => ({ status: 200, body: { optedOut, email: 'paula@example.com', whatsapp: '(84) 99876-5432' } }),
    'GET /bff/candidates/7/timeline': () => ({ status: 200, body: { entries: [] } }),
    ...extra,
  })
const show = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <CandidateMessages candidate={candidate} />
      </ToastProvider>
    </SWRConfig>,
  )

describe('messages to one candidate', () => {
  it('fills the template with the record and what the sender types, then sends the e-mail with the words as adjusted', async () => {
    const { calls } = bff({
      'POST /bff/candidates/7/messages': () => ({ status: 200, body: { message: '"Convite para entrevista" enviada por e-mail para paula@example.com.', link: null } }),
    })
    show()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Enviar mensagem' }))
    await user.selectOptions(screen.getByLabelText('Mensagem'), 'convite_entrevista')
    await user.type(screen.getByLabelText(/^Data/), '02/12/2026')
    const text = screen.getByLabelText('Texto (você pode ajustar)') as HTMLTextAreaElement
    expect(text.value).toContain('Olá, Paula! Tudo bem?')
    expect(text.value).toContain('vaga de Açougueiro (Bom Preço)')
    expect(text.value).toContain('Data: 02/12/2026')
    expect(screen.getByText('Assunto do e-mail: Convite para entrevista — Açougueiro')).toBeTruthy()
    // The WhatsApp link carries the same words.
    expect(screen.getByRole('link', { name: 'Abrir no WhatsApp' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5584998765432\?text=Ol%C3%A1%2C%20Paula!/)
    await user.type(text, ' Até lá!')
    await user.click(screen.getByRole('button', { name: 'Enviar por e-mail' }))
    expect(await screen.findByText('"Convite para entrevista" enviada por e-mail para paula@example.com.')).toBeTruthy()
    const sent = calls.find((c) => c.method === 'POST')!.body as { purpose: string; channel: string; values: { data: string }; text: string }
    expect(sent).toMatchObject({ purpose: 'convite_entrevista', channel: 'email', values: { data: '02/12/2026' } })
    expect(sent.text.endsWith(' Até lá!')).toBe(true)
  })

  it('says first that the person asked not to be contacted, offers nothing to send, and lets staff lift it', async () => {
    const { calls } = bff(
      { 'PUT /bff/candidates/7/contact': () => ({ status: 200, body: { optedOut: null, email: 'paula@example.com', whatsapp: '' } }) },
      { source: 'link', at: '2026-11-27T10:00:00.000Z' },
    )
    show()
    const notice = await screen.findByRole('status')
    expect(notice.textContent).toMatch(/^Pediu para não ser contatado\(a\) \(pelo link do e-mail, em 27\/11\/2026/)
    expect(screen.queryByRole('button', { name: 'Enviar mensagem' })).toBeNull()
    await userEvent.click(within(notice).getByRole('button', { name: 'Liberar contato' }))
    expect(await screen.findByRole('button', { name: 'Enviar mensagem' })).toBeTruthy()
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ optedOut: false })
  })
})
