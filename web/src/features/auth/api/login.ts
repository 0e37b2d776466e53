import type { User } from '@mini-vagas/shared/schemas/user'
import { cnpjDigits } from '@mini-vagas/shared/domain/cnpj'
import { api } from '../../../lib/api-client.ts'

/** Logs in through the BFF (which keeps the legacy token); the browser gets only the user. */
export async function login(cnpj: string, password: string): Promise<User> {
  return (await api<{ user: User }>('/bff/auth/login', { method: 'POST', body: { cnpj: cnpjDigits(cnpj), password }, on401: 'return' })).user
}
