import { cnpjDigits, cnpjWarning, isValidCnpj } from './cnpj.ts'

/** The registration form: who may log in, as what. */
export interface RegistrationForm {
  name: string
  email: string
  role: 'admin' | 'company' | ''
  cnpj: string
  password: string
  password_confirmation: string
}
export type RegistrationField = keyof RegistrationForm

export const PASSWORD_MIN = 10
// Deliberately loose: the browser's type=email rule, not RFC 5322.
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * A password a person can remember and a guesser will not: at least 10 characters, letters and
 * digits both, not the CNPJ or the e-mail. Length beats symbol rules (NIST SP 800-63B).
 */
export function passwordProblem(password: string, form: Pick<RegistrationForm, 'cnpj' | 'email'>): string | null {
  if (password.length < PASSWORD_MIN) return `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres.`
  if (!/\p{L}/u.test(password) || !/\d/.test(password)) return 'A senha deve ter letras e números.'
  const lower = password.toLowerCase()
  const digits = cnpjDigits(form.cnpj)
  const mailbox = form.email.trim().toLowerCase().split('@')[0] ?? ''
  if ((digits && lower.includes(digits)) || (mailbox.length >= 4 && lower.includes(mailbox))) {
    return 'A senha não pode conter o CNPJ nem o e-mail.'
  }
  return null
}

/**
 * Field errors of the registration form, in Portuguese; empty when valid. Login is by CNPJ, so
 * every user needs one (for a company it is the company's, which ties it to its vacancies).
 */
export function registrationErrors(form: RegistrationForm): Partial<Record<RegistrationField, string>> {
  const errors: Partial<Record<RegistrationField, string>> = {}
  if (!form.name.trim()) errors.name = 'Preencha o campo Nome.'
  if (!form.email.trim()) errors.email = 'Preencha o campo E-mail.'
  else if (!EMAIL.test(form.email.trim())) errors.email = 'Informe um e-mail válido.'
  if (form.role !== 'admin' && form.role !== 'company') errors.role = 'Escolha o perfil do usuário.'
  const digits = cnpjDigits(form.cnpj)
  if (!digits) errors.cnpj = form.role === 'company' ? 'Preencha o CNPJ da empresa.' : 'Preencha o CNPJ (usado para entrar no sistema).'
  else if (digits.length !== 14) errors.cnpj = 'O CNPJ deve ter 14 caracteres (12 letras ou números e 2 dígitos).'
  // A new user's CNPJ is new data: its check digits must match (stored CNPJs are only warned about).
  else if (!isValidCnpj(digits)) errors.cnpj = cnpjWarning(digits)!
  const weak = passwordProblem(form.password, form)
  if (!form.password) errors.password = 'Preencha o campo Senha.'
  else if (weak) errors.password = weak
  if (form.password_confirmation !== form.password) errors.password_confirmation = 'A confirmação não confere com a senha.'
  return errors
}
