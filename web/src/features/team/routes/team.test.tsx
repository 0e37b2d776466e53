import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, guest, mockBff, renderRoute } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())

const BINDING = {
  id: 'b1',
  label: 'Administração',
  cnpj: '11222333000181',
  legacyName: 'Administração Mini Vagas',
  boundBy: 'admin@minivagas.com.br',
  boundAt: '2026-11-27T12:00:00.000Z',
}
const person = (over: Record<string, unknown> = {}) => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Bruno Lima',
  email: 'bruno@agencia.com.br',
  role: 'recruiter',
  active: true,
  hasPassword: true,
  totp: false,
  bindingId: 'b1',
  lastLoginAt: null,
  createdAt: '2026-11-27T12:00:00.000Z',
  ...over,
})
const RECRUITER = { ...ADMIN, name: 'Bruno Lima', email: 'bruno@agencia.com.br', person: { id: person().id, role: 'recruiter' } }

describe('Equipe', () => {
  it('asks to bind the agency’s login first, checks it with the BFF, then lets the admin invite', async () => {
    let bindings: unknown[] = []
    const { calls } = mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }),
      'GET /bff/team': () => ({ status: 200, body: { people: [], bindings } }),
      'POST /bff/team/bindings': () => ((bindings = [BINDING]), { status: 201, body: { binding: BINDING } }),
    })
    renderRoute('/equipe')
    expect(((await screen.findByRole('button', { name: 'Convidar pessoa' })) as HTMLButtonElement).disabled).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Vincular' }))
    expect(screen.getByText('Preencha o CNPJ do login da agência.')).toBeTruthy()
    await userEvent.type(screen.getByLabelText(/^CNPJ do login/), '11222333000181')
    await userEvent.type(screen.getByLabelText(/^Senha do login/), 'demo-admin-2026')
    await userEvent.click(screen.getByRole('button', { name: 'Vincular' }))
    await waitFor(() => expect((screen.getByRole('button', { name: 'Convidar pessoa' }) as HTMLButtonElement).disabled).toBe(false))
    expect(calls.find((c) => c.path === '/bff/team/bindings')?.body).toEqual({ label: '', cnpj: '11.222.333/0001-81', password: 'demo-admin-2026' })
    expect(screen.getByText(/vinculado por admin@minivagas.com.br/)).toBeTruthy()
  })

  it('invites a person and shows the one-time link to hand over', async () => {
    const made = { person: person({ hasPassword: false }), link: 'http://localhost:3000/conta/senha#abc', expiresAt: '2026-11-30T12:00:00.000Z' }
    const { calls } = mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }),
      'GET /bff/team': () => ({ status: 200, body: { people: [], bindings: [BINDING] } }),
      'POST /bff/team/people': () => ({ status: 201, body: made }),
    })
    renderRoute('/equipe')
    await userEvent.click(await screen.findByRole('button', { name: 'Convidar pessoa' }))
    const dialog = await screen.findByRole('dialog', { name: 'Convidar pessoa' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Convidar' }))
    expect(within(dialog).getByText('Preencha o campo Nome.')).toBeTruthy()
    expect(calls.some((c) => c.path === '/bff/team/people')).toBe(false)
    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Bruno Lima')
    await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'bruno@agencia.com.br')
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Papel/), 'recruiter')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Convidar' }))
    const shown = await screen.findByRole('dialog', { name: 'Link para Bruno Lima' })
    expect((within(shown).getByLabelText('Link') as HTMLInputElement).value).toBe(made.link)
    expect(calls.find((c) => c.path === '/bff/team/people')?.body).toEqual({ name: 'Bruno Lima', email: 'bruno@agencia.com.br', role: 'recruiter', bindingId: 'b1' })
  })

  it('deactivates a person, and never offers the signed-in admin to switch themself off', async () => {
    const me = person({ id: '00000000-0000-4000-8000-000000000002', name: 'Carla Dias', email: 'carla@agencia.com.br', role: 'admin' })
    let people = [me, person()]
    const { calls } = mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: { ...ADMIN, name: 'Carla Dias', person: { id: me.id, role: 'admin' } } } }),
      'GET /bff/team': () => ({ status: 200, body: { people, bindings: [BINDING] } }),
      [`PATCH /bff/team/people/${person().id}`]: () => {
        people = [me, person({ active: false })]
        return { status: 200, body: { person: people[1] } }
      },
    })
    renderRoute('/equipe')
    await userEvent.click(await screen.findByRole('button', { name: 'Desativar Bruno Lima' }))
    expect(screen.queryByRole('button', { name: 'Desativar Carla Dias' })).toBeNull()
    expect(await screen.findByRole('button', { name: 'Reativar Bruno Lima' })).toBeTruthy()
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ active: false })
  })

  it('is not a recruiter’s: the guard sends them to the panel, and the menu has no Equipe', async () => {
    mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: RECRUITER } }),
      'GET /bff/dashboard': () => ({ status: 500, body: { message: 'x' } }),
    })
    const { router } = renderRoute('/equipe')
    await waitFor(() => expect(router.state.location.pathname).toBe('/inicio'))
    expect(screen.queryByRole('link', { name: 'Equipe' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Cadastrar Usuário' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Bruno Lima' }).getAttribute('href')).toBe('/minha-conta')
  })
})

describe('Criar senha (/conta/senha#…)', () => {
  it('reads the link, takes the token off the address, checks the rule and saves the password', async () => {
    window.history.replaceState(null, '', '/conta/senha#token-do-link')
    const { calls } = mockBff({
      'GET /bff/auth/session': guest,
      'POST /bff/auth/people/link': () => ({ status: 200, body: { purpose: 'convite', name: 'Bruno Lima', email: 'bruno@agencia.com.br' } }),
      'POST /bff/auth/people/password': () => ({ status: 200, body: { message: 'Senha definida. Entre com o seu e-mail e a nova senha.' } }),
    })
    renderRoute('/conta/senha')
    expect(await screen.findByText(/Bruno Lima, você vai entrar/)).toBeTruthy()
    expect(window.location.hash).toBe('')
    await userEvent.type(screen.getByLabelText(/^Nova senha/), 'curta')
    await userEvent.click(screen.getByRole('button', { name: 'Salvar senha' }))
    expect(screen.getByText('A senha deve ter pelo menos 10 caracteres.')).toBeTruthy()
    await userEvent.clear(screen.getByLabelText(/^Nova senha/))
    await userEvent.type(screen.getByLabelText(/^Nova senha/), 'girassol-azul-42')
    await userEvent.type(screen.getByLabelText(/^Confirme a nova senha/), 'girassol-azul-42')
    await userEvent.click(screen.getByRole('button', { name: 'Salvar senha' }))
    expect(await screen.findByText('Senha definida. Entre com o seu e-mail e a nova senha.')).toBeTruthy()
    expect(calls.find((c) => c.path === '/bff/auth/people/password')?.body).toEqual({ token: 'token-do-link', password: 'girassol-azul-42', confirmation: 'girassol-azul-42' })
  })
  it('says plainly when the link no longer works', async () => {
    window.history.replaceState(null, '', '/conta/senha#usado')
    mockBff({
      'GET /bff/auth/session': guest,
      'POST /bff/auth/people/link': () => ({ status: 410, body: { message: 'Este link não vale mais: ele expirou, já foi usado ou foi substituído por outro.' } }),
    })
    renderRoute('/conta/senha')
    expect(await screen.findByText(/Este link não vale mais/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toBeTruthy()
  })
})
