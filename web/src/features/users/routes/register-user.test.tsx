import { screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, mockBff, renderRoute } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())
const me = () => ({ status: 200, body: { user: ADMIN } })

async function fill(values: { name?: string; email?: string; cnpj?: string; password?: string; confirmation?: string; role?: RegExp }) {
  if (values.name) await userEvent.type(await screen.findByLabelText(/^Nome/), values.name)
  if (values.email) await userEvent.type(screen.getByLabelText(/^E-mail/), values.email)
  if (values.role) await userEvent.click(screen.getByRole('radio', { name: values.role }))
  if (values.cnpj) await userEvent.type(screen.getByLabelText(/^CNPJ/), values.cnpj)
  if (values.password) await userEvent.type(screen.getByLabelText(/^Senha/), values.password)
  if (values.confirmation) await userEvent.type(screen.getByLabelText(/^Confirme a senha/), values.confirmation)
}

describe('CadastrarUsuario', () => {
  it('checks every field before sending, with the password rule', async () => {
    const { calls } = mockBff({ 'GET /bff/auth/session': me })
    renderRoute('/cadastrar-usuario')
    await fill({ name: 'Padaria', email: 'rh@', cnpj: '123', password: 'curta1', confirmation: 'outra' })
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar' }))
    expect(await screen.findByText('Informe um e-mail válido.')).toBeTruthy()
    expect(screen.getByText('Escolha o perfil do usuário.')).toBeTruthy()
    expect(screen.getByText('O CNPJ deve ter 14 caracteres (12 letras ou números e 2 dígitos).')).toBeTruthy()
    expect(screen.getByText('A senha deve ter pelo menos 10 caracteres.')).toBeTruthy()
    expect(screen.getByText('A confirmação não confere com a senha.')).toBeTruthy()
    expect(calls.filter((c) => c.path === '/bff/users')).toEqual([])
  })
  it('registers a company user and says how they log in; the legacy’s field errors land at the fields', async () => {
    let taken = false
    const { calls } = mockBff({
      'GET /bff/auth/session': me,
      'POST /bff/users': () =>
        taken
          ? { status: 422, body: { message: 'Dados inválidos. Verifique os campos e tente novamente.', errors: { email: ['O campo e-mail já está sendo utilizado.'] } } }
          : ((taken = true), { status: 201, body: { message: 'Usuário cadastrado com sucesso!' } }),
    })
    renderRoute('/cadastrar-usuario')
    const user = {
      name: 'Padaria Pão Dourado',
      email: 'rh@paodourado.com.br',
      role: /Empresa cliente/,
      cnpj: '11444777000161',
      password: 'forno-quente-2026',
      confirmation: 'forno-quente-2026',
    }
    await fill(user)
    expect((screen.getByLabelText(/^CNPJ/) as HTMLInputElement).value).toBe('11.444.777/0001-61')
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar' }))
    expect(await screen.findByText(/^Usuário cadastrado com sucesso! Padaria Pão Dourado já pode entrar com o CNPJ 11\.444\.777\/0001-61/)).toBeTruthy()
    expect(calls.find((c) => c.path === '/bff/users')!.body).toEqual({
      name: user.name,
      email: user.email,
      role: 'company',
      cnpj: '11.444.777/0001-61',
      password: user.password,
      password_confirmation: user.password,
    })
    await waitFor(() => expect((screen.getByLabelText(/^Nome/) as HTMLInputElement).value).toBe(''))
    await fill(user)
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar' }))
    expect(await screen.findByText('O campo e-mail já está sendo utilizado.')).toBeTruthy()
    expect(document.activeElement?.id).toBe('email')
  })
})
