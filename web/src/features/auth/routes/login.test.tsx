import { fireEvent, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, COMPANY, guest, mockBff, renderRoute } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())

describe('login screen', () => {
  it('masks the CNPJ while typing, keeps Entrar disabled until both fields are filled, sends the digits', async () => {
    let resolve: (v: { status: number; body: unknown }) => void = () => {}
    let signedIn: unknown = null
    const { calls } = mockBff({
      // Like the real BFF: once logged in, the session probe answers the user.
      'GET /bff/auth/session': () => (signedIn ? { status: 200, body: { user: signedIn } } : guest()),
      'POST /bff/auth/login': () => new Promise((r) => (resolve = r)),
    })
    const { router } = renderRoute('/login')
    expect(await screen.findByText('Faça login para acessar o sistema')).toBeTruthy()
    const cnpj = screen.getByLabelText('CNPJ') as HTMLInputElement
    const button = screen.getByRole('button', { name: 'Entrar' }) as HTMLButtonElement
    expect(cnpj.placeholder).toBe('00.000.000/0000-00')
    expect(cnpj.maxLength).toBe(18)
    expect(screen.getByPlaceholderText('Digite sua senha')).toBeTruthy()
    expect(button.disabled).toBe(true)
    await userEvent.type(cnpj, '11222333000181')
    expect(cnpj.value).toBe('11.222.333/0001-81')
    expect(button.disabled).toBe(true)
    await userEvent.type(screen.getByLabelText('Senha'), 'demo-admin-2026')
    expect(button.disabled).toBe(false)
    fireEvent.click(button)
    expect(await screen.findByRole('button', { name: 'Entrando...' })).toHaveProperty('disabled', true)
    expect(calls.filter((c) => c.method === 'POST')).toMatchObject([{ method: 'POST', path: '/bff/auth/login', body: { cnpj: '11222333000181', password: 'demo-admin-2026' } }])
    signedIn = ADMIN
    resolve({ status: 200, body: { user: ADMIN } })
    await waitFor(() => expect(router.state.location.pathname).toBe('/inicio'))
  })
  it('lands a company on /vaga-empresa', async () => {
    let signedIn = false
    mockBff({
      'GET /bff/auth/session': () => (signedIn ? { status: 200, body: { user: COMPANY } } : guest()),
      'POST /bff/auth/login': () => {
        signedIn = true
        return { status: 200, body: { user: COMPANY } }
      },
    })
    const { router } = renderRoute('/login')
    await userEvent.type(await screen.findByLabelText('CNPJ'), '45723618000118')
    await userEvent.type(screen.getByLabelText('Senha'), 'demo-empresa-a')
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/vaga-empresa'), { timeout: 10_000 })
  })
  it('shows the error message and lets the user try again', async () => {
    mockBff({ 'GET /bff/auth/session': guest, 'POST /bff/auth/login': () => ({ status: 401, body: { message: 'CNPJ ou senha inválidos.' } }) })
    const { router } = renderRoute('/login')
    await userEvent.type(await screen.findByLabelText('CNPJ'), '11222333000181')
    await userEvent.type(screen.getByLabelText('Senha'), 'errada')
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }))
    expect((await screen.findByRole('alert')).textContent).toBe('CNPJ ou senha inválidos.')
    expect(router.state.location.pathname).toBe('/login')
    expect(screen.getByRole('button', { name: 'Entrar' })).toHaveProperty('disabled', false)
  })
})

describe('login with a personal account', () => {
  it('signs a person in by e-mail, asks for the authenticator’s code when the account has one, and remembers the way chosen', async () => {
    localStorage.removeItem('mv-login-way')
    let signedIn: unknown = null
    const PERSON = { ...ADMIN, name: 'Bruno Lima', email: 'bruno@agencia.com.br', person: { id: 'p1', role: 'recruiter' } }
    const { calls } = mockBff({
      'GET /bff/auth/session': () => (signedIn ? { status: 200, body: { user: signedIn } } : guest()),
      'POST /bff/auth/people/login': (init) => {
        const body = JSON.parse(String(init?.body))
        if (!body.code) return { status: 200, body: { next: 'code', message: 'Informe o código de 6 dígitos do seu aplicativo autenticador.' } }
        signedIn = PERSON
        return { status: 200, body: { user: PERSON } }
      },
    })
    const { router } = renderRoute('/login')
    await userEvent.click(await screen.findByRole('button', { name: 'Equipe da agência (e-mail)' }))
    await userEvent.type(screen.getByLabelText('E-mail'), 'bruno@agencia.com.br')
    await userEvent.type(screen.getByLabelText('Senha'), 'girassol-azul-42')
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }))
    const code = await screen.findByLabelText('Código do autenticador')
    expect(screen.queryByRole('alert')).toBeNull()
    await userEvent.type(code, '123 456')
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/inicio'))
    expect(calls.filter((c) => c.path === '/bff/auth/people/login').map((c) => c.body)).toEqual([
      { email: 'bruno@agencia.com.br', password: 'girassol-azul-42' },
      { email: 'bruno@agencia.com.br', password: 'girassol-azul-42', code: '123 456' },
    ])
    expect(localStorage.getItem('mv-login-way')).toBe('email')
    localStorage.removeItem('mv-login-way')
  })
})
