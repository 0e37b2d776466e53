import { EMAIL, passwordProblem } from './user-registration.ts'

/** What a person of the agency's team may do: admins also run the team and its legacy login. */
export type PersonRole = 'admin' | 'recruiter'
export const PERSON_ROLE_LABELS: Record<PersonRole, string> = { admin: 'Administrador(a)', recruiter: 'Recrutador(a)' }

/** An e-mail as the team's accounts key it: trimmed, lower case (people type it both ways). */
export const accountEmail = (email: string) => email.trim().toLowerCase()

/** A TOTP code as typed: six digits, spaces allowed between them (apps show "123 456"). */
export const totpCode = (typed: string) => typed.replace(/\s/g, '')
export const isTotpCode = (typed: string) => /^\d{6}$/.test(totpCode(typed))

export interface PersonForm {
  name: string
  email: string
  role: PersonRole | ''
}

/** Field errors of the invitation and edit forms, in Portuguese; empty when valid. */
export function personErrors(form: PersonForm): Partial<Record<keyof PersonForm, string>> {
  const errors: Partial<Record<keyof PersonForm, string>> = {}
  if (!form.name.trim()) errors.name = 'Preencha o campo Nome.'
  if (!form.email.trim()) errors.email = 'Preencha o campo E-mail.'
  else if (!EMAIL.test(form.email.trim())) errors.email = 'Informe um e-mail válido.'
  if (form.role !== 'admin' && form.role !== 'recruiter') errors.role = 'Escolha o papel da pessoa na equipe.'
  return errors
}

export interface NewPasswordForm {
  password: string
  confirmation: string
}

/**
 * Field errors of a new password (set from a link, or changed by its owner): the same rule as the
 * legacy users' passwords — length over symbol rules — and not the person's own e-mail.
 */
export function newPasswordErrors(form: NewPasswordForm, email: string): Partial<Record<keyof NewPasswordForm, string>> {
  const errors: Partial<Record<keyof NewPasswordForm, string>> = {}
  const weak = passwordProblem(form.password, { cnpj: '', email })
  if (!form.password) errors.password = 'Preencha o campo Nova senha.'
  else if (form.password.length > 128) errors.password = 'A senha deve ter no máximo 128 caracteres.'
  else if (weak) errors.password = weak.replace('o CNPJ nem o e-mail', 'o seu e-mail')
  if (form.confirmation !== form.password) errors.confirmation = 'A confirmação não confere com a senha.'
  return errors
}
