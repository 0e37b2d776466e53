import useSWR from 'swr'
import type { SessionState } from '@mini-vagas/shared/schemas/auth'
import type { User } from '@mini-vagas/shared/schemas/user'
import { api } from './api-client.ts'
import { sessionKey } from './session-key.ts'

/** The signed-in user, or null for a guest: the BFF answers a guest with 200 and null (no 401 in a guest's console). */
export async function getSession(): Promise<User | null> {
  return (await api<SessionState>(sessionKey, { on401: 'return' })).user
}

/** Who is signed in (the layouts, the guards, and any screen that adapts to its user). */
export function useSession() {
  const { data, error, isLoading, mutate } = useSWR<User | null>(sessionKey, getSession, { revalidateOnFocus: true })
  return { user: data ?? null, error, isLoading: isLoading && data === undefined, mutate }
}
