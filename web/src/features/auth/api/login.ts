import type { LoginBody, SessionAnswer } from '@mini-vagas/shared/schemas/auth'
import type { PersonLoginAnswer, PersonLoginBody } from '@mini-vagas/shared/schemas/accounts'
import type { User } from '@mini-vagas/shared/schemas/user'
import { cnpjDigits } from '@mini-vagas/shared/domain/cnpj'
import { api } from '../../../lib/api-client.ts'

/** Logs in through the BFF (which keeps the legacy token); the browser gets only the user. */
export async function login(cnpj: string, password: string): Promise<User> {
  const body: LoginBody = { cnpj: cnpjDigits(cnpj), password }
  return (await api<SessionAnswer>('/bff/auth/login', { method: 'POST', body, on401: 'return' })).user
}

/**
 * Logs a person of the agency's team in with their own account: the user, or the next step (the
 * authenticator's code) for an account with a second factor when no code was sent.
 */
export async function personLogin(email: string, password: string, code?: string): Promise<PersonLoginAnswer> {
  const body: PersonLoginBody = { email: email.trim(), password, ...(code ? { code } : {}) }
  return api<PersonLoginAnswer>('/bff/auth/people/login', { method: 'POST', body, on401: 'return' })
}
