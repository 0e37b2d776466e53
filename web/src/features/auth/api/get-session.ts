import useSWR from 'swr'
import type { SessionAnswer } from '@mini-vagas/shared/schemas/auth'
import type { User } from '@mini-vagas/shared/schemas/user'
import { api, ApiError } from '../../../lib/api-client.ts'

export const sessionKey = '/bff/auth/me'

/** The signed-in user, or null for a guest (a 401 here is an answer, not an error). */
export async function getSession(): Promise<User | null> {
  try {
    return (await api<SessionAnswer>(sessionKey, { on401: 'return' })).user
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

export function useSession() {
  const { data, error, isLoading, mutate } = useSWR<User | null>(sessionKey, getSession, { revalidateOnFocus: true })
  return { user: data ?? null, error, isLoading: isLoading && data === undefined, mutate }
}
