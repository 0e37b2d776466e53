import { describe, expect, it } from 'vitest'
import { passwordProblem, registrationErrors } from './user-registration.ts'

const valid = {
  name: 'Padaria Pão Dourado',
  email: 'rh@paodourado.com.br',
  role: 'company' as const,
  cnpj: '45.723.618/0001-18',
  password: 'forno-quente-2026',
  password_confirmation: 'forno-quente-2026',
}

describe('user registration rules', () => {
  it('accepts a complete form', () => {
    expect(registrationErrors(valid)).toEqual({})
  })
  it('names every missing or wrong field', () => {
    expect(registrationErrors({ name: ' ', email: 'x@', role: '', cnpj: '123', password: '', password_confirmation: 'a' })).toEqual({
      name: 'Preencha o campo Nome.',
      email: 'Informe um e-mail válido.',
      role: 'Escolha o perfil do usuário.',
      cnpj: 'O CNPJ deve ter 14 caracteres (12 letras ou números e 2 dígitos).',
      password: 'Preencha o campo Senha.',
      password_confirmation: 'A confirmação não confere com a senha.',
    })
    expect(registrationErrors({ ...valid, cnpj: '' }).cnpj).toBe('Preencha o CNPJ da empresa.')
  })
  it('wants a long password with letters and digits, not the CNPJ or the e-mail', () => {
    expect(passwordProblem('abc123', valid)).toBe('A senha deve ter pelo menos 10 caracteres.')
    expect(passwordProblem('abcdefghijk', valid)).toBe('A senha deve ter letras e números.')
    expect(passwordProblem('x45723618000118', valid)).toBe('A senha não pode conter o CNPJ nem o e-mail.')
    expect(passwordProblem('paodourado99', { ...valid, email: 'paodourado@x.com' })).toBe('A senha não pode conter o CNPJ nem o e-mail.')
    expect(passwordProblem('forno-quente-2026', valid)).toBeNull()
  })
})
