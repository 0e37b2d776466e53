import { describe, expect, it } from 'vitest'
import { accountEmail, isTotpCode, newPasswordErrors, personErrors } from './staff-accounts.ts'

describe('staff accounts', () => {
  it('keys e-mails trimmed and in lower case', () => {
    expect(accountEmail('  Ana.Souza@MiniVagas.com.br ')).toBe('ana.souza@minivagas.com.br')
  })
  it('takes six-digit codes with spaces between them', () => {
    expect(isTotpCode('123 456')).toBe(true)
    expect(isTotpCode('12345')).toBe(false)
    expect(isTotpCode('12345a')).toBe(false)
  })
  it('words every missing or wrong field of a person', () => {
    expect(personErrors({ name: ' ', email: 'ana', role: '' })).toEqual({
      name: 'Preencha o campo Nome.',
      email: 'Informe um e-mail válido.',
      role: 'Escolha o papel da pessoa na equipe.',
    })
    expect(personErrors({ name: 'Ana', email: 'ana@x.com.br', role: 'recruiter' })).toEqual({})
  })
  it('refuses short, letter-only, own-e-mail, too long and unconfirmed passwords', () => {
    const email = 'ana.souza@x.com.br'
    expect(newPasswordErrors({ password: '', confirmation: '' }, email).password).toBe('Preencha o campo Nova senha.')
    expect(newPasswordErrors({ password: 'curta1', confirmation: 'curta1' }, email).password).toMatch(/pelo menos 10/)
    expect(newPasswordErrors({ password: 'semnumeroalgum', confirmation: 'semnumeroalgum' }, email).password).toBe('A senha deve ter letras e números.')
    expect(newPasswordErrors({ password: 'ana.souza2026', confirmation: 'ana.souza2026' }, email).password).toBe('A senha não pode conter o seu e-mail.')
    expect(newPasswordErrors({ password: 'a1'.repeat(65), confirmation: 'a1'.repeat(65) }, email).password).toMatch(/128/)
    expect(newPasswordErrors({ password: 'girassol-azul-42', confirmation: 'girassol-azul-43' }, email)).toEqual({ confirmation: 'A confirmação não confere com a senha.' })
    expect(newPasswordErrors({ password: 'girassol-azul-42', confirmation: 'girassol-azul-42' }, email)).toEqual({})
  })
})
