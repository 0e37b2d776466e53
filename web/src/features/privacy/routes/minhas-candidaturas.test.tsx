import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { APPLICANT_LINK_GONE, applicantStage } from '@mini-vagas/shared/domain/my-applications'
import type { MyApplicationsAnswer } from '@mini-vagas/shared/schemas/my-applications'
import { guest, mockBff, renderRoute, type Handler } from '../../../testing/render.tsx'

const TOKEN = 'a'.repeat(43)
const answer = (withdrawn = false): MyApplicationsAnswer => ({
  via: 'email',
  email: 'maria@example.com',
  name: 'Maria Aparecida Lima',
  whatsapp: '(84) 98888-1234',
  expiresAt: '2026-11-28T12:00:00.000Z',
  applications: [
    {
      id: 11,
      vacancy: 'Açougueiro',
      company: 'Supermercado Bom Preço',
      city: 'Natal',
      appliedAt: '2026-11-20T10:00:00.000Z',
      stage: applicantStage(withdrawn ? 'desistente' : ''),
      canWithdraw: !withdrawn,
      interview: null,
    },
    {
      id: 12,
      vacancy: 'Repositor',
      company: 'Mercadinho Sol',
      city: 'Parnamirim',
      appliedAt: '2026-11-02T10:00:00.000Z',
      stage: applicantStage('reprovado_empresa'),
      canWithdraw: false,
      interview: null,
    },
  ],
})
const explanation = {
  id: 12,
  at: '03/11/2026',
  vacancy: 'Repositor — Mercadinho Sol',
  method: 'Regras automáticas definidas pela agência compararam a sua candidatura com os critérios da vaga.',
  criteria: ['Mora em Parnamirim (obrigatório) — atende (Cidade: “Parnamirim”).'],
  outcome: 'A triagem indicou que a sua candidatura atende aos critérios da vaga.',
  decision: 'Este resultado não decide nada sozinho: uma pessoa da equipe o confere e decide os próximos passos.',
  review: 'Você pode pedir que uma pessoa revise esta avaliação.',
}
const withLink = (extra: Record<string, Handler> = {}) =>
  mockBff({
    'GET /bff/auth/session': guest,
    'POST /bff/public/my-applications': () => ({ status: 200, body: answer() }),
    'POST /bff/public/my-applications/screening': () => ({ status: 200, body: { explanations: [explanation] } }),
    ...extra,
  })

beforeEach(() => sessionStorage.clear())
afterEach(() => {
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
})

describe('Minhas candidaturas', () => {
  it('without a link, asks for the e-mail and says the same thing whatever it is', async () => {
    const { calls } = mockBff({
      'GET /bff/auth/session': guest,
      'POST /bff/public/my-applications/link': () => ({ status: 202, body: { message: 'Se houver candidaturas com este e-mail, enviaremos um link.' } }),
    })
    renderRoute('/minhas-candidaturas')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/E-mail usado na candidatura/), 'maria@')
    await user.click(screen.getByRole('button', { name: 'Receber link' }))
    expect(await screen.findByText('Informe o e-mail que você usou na candidatura.')).toBeTruthy()
    expect(calls.filter((c) => c.path === '/bff/public/my-applications/link')).toEqual([])
    await user.type(screen.getByLabelText(/E-mail usado na candidatura/), 'example.com')
    await user.click(screen.getByRole('button', { name: 'Receber link' }))
    expect((await screen.findByRole('status')).textContent).toBe('Se houver candidaturas com este e-mail, enviaremos um link.')
    expect(calls.find((c) => c.path === '/bff/public/my-applications/link')?.body).toEqual({ email: 'maria@example.com' })
  })

  it('asks by WhatsApp where the agency set it up', async () => {
    const { calls } = mockBff({
      'GET /bff/auth/session': guest,
      'GET /bff/public/my-applications/channels': () => ({ status: 200, body: { email: true, whatsapp: true } }),
      'POST /bff/public/my-applications/link': () => ({ status: 202, body: { message: 'Se houver candidaturas com este WhatsApp, enviaremos um link.' } }),
    })
    renderRoute('/minhas-candidaturas')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('radio', { name: 'WhatsApp' }))
    await user.type(screen.getByLabelText(/WhatsApp usado na candidatura/), '(85) 98877-6655')
    await user.click(screen.getByRole('button', { name: 'Receber link' }))
    expect((await screen.findByRole('status')).textContent).toBe('Se houver candidaturas com este WhatsApp, enviaremos um link.')
    expect(calls.find((c) => c.path === '/bff/public/my-applications/link')?.body).toEqual({ whatsapp: '(85) 98877-6655' })
  })

  it('opens the link from the address’s fragment, takes it off the address bar and lists the applications in plain words', async () => {
    window.history.replaceState(null, '', `/minhas-candidaturas#${TOKEN}`)
    const { calls } = withLink()
    renderRoute('/minhas-candidaturas')
    expect(await screen.findByRole('heading', { name: 'Açougueiro', level: 2 })).toBeTruthy()
    expect(window.location.hash).toBe('')
    expect(calls.find((c) => c.path === '/bff/public/my-applications')?.body).toEqual({ token: TOKEN })
    const first = screen.getByRole('article', { name: 'Açougueiro' })
    expect(within(first).getByText('Em análise')).toBeTruthy()
    expect(within(first).queryByText('Entenda a triagem')).toBeNull()
    const second = screen.getByRole('article', { name: 'Repositor' })
    expect(within(second).getByText('Processo encerrado')).toBeTruthy()
    expect(within(second).queryByRole('button', { name: 'Desistir da candidatura' })).toBeNull()
    await userEvent.click(within(second).getByText('Entenda a triagem'))
    expect(within(second).getByText('Mora em Parnamirim (obrigatório) — atende (Cidade: “Parnamirim”).')).toBeTruthy()
    expect(within(second).getByText(/uma pessoa da equipe o confere/)).toBeTruthy()
  })

  it('withdraws after a confirmation and says so', async () => {
    window.history.replaceState(null, '', `/minhas-candidaturas#${TOKEN}`)
    const { calls } = withLink({ 'POST /bff/public/my-applications/withdraw': () => ({ status: 200, body: answer(true) }) })
    renderRoute('/minhas-candidaturas')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Desistir da candidatura' }))
    const dialog = await screen.findByRole('dialog', { name: 'Desistir desta candidatura?' })
    await user.click(within(dialog).getByRole('button', { name: 'Desistir' }))
    expect(await screen.findByText('Você desistiu da candidatura para Açougueiro. A agência foi avisada.')).toBeTruthy()
    expect(calls.find((c) => c.path === '/bff/public/my-applications/withdraw')?.body).toEqual({ token: TOKEN, id: 11 })
    expect(within(screen.getByRole('article', { name: 'Açougueiro' })).getByText('Você desistiu')).toBeTruthy()
  })

  it('opens "Meus dados" filled in with what the person applied with', async () => {
    window.history.replaceState(null, '', `/minhas-candidaturas#${TOKEN}`)
    withLink()
    const { router } = renderRoute('/minhas-candidaturas')
    await userEvent.click(await screen.findByRole('button', { name: 'Correção de dados' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/meus-dados'))
    expect(((await screen.findByLabelText(/Nome completo/)) as HTMLInputElement).value).toBe('Maria Aparecida Lima')
    expect((screen.getByLabelText(/E-mail usado na candidatura/) as HTMLInputElement).value).toBe('maria@example.com')
    expect((screen.getByLabelText(/WhatsApp usado na candidatura/) as HTMLInputElement).value).toBe('(84) 98888-1234')
    expect((screen.getByRole('radio', { name: 'Correção de dados' }) as HTMLInputElement).checked).toBe(true)
  })

  it('says why a link does not open and asks for a new one', async () => {
    window.history.replaceState(null, '', `/minhas-candidaturas#${TOKEN}`)
    withLink({ 'POST /bff/public/my-applications': () => ({ status: 410, body: { message: APPLICANT_LINK_GONE } }) })
    renderRoute('/minhas-candidaturas')
    expect((await screen.findByRole('alert')).textContent).toContain(APPLICANT_LINK_GONE)
    expect(screen.getByRole('button', { name: 'Receber link' })).toBeTruthy()
    expect(sessionStorage.getItem('minhas-candidaturas')).toBeNull()
  })
})
