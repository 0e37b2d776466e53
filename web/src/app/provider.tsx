import type { ReactNode } from 'react'
import { SWRConfig } from 'swr'
import type { User } from '@mini-vagas/shared/schemas/user'
import { ToastProvider } from '../components/toast.tsx'
import { sessionKey } from '../features/auth/api/get-session.ts'

/** SWR for every read, seeded with the session (and what else `preloaded` holds) resolved before the first render. */
export function AppProvider({ session, preloaded = {}, children }: { session: User | null | undefined; preloaded?: Record<string, unknown>; children: ReactNode }) {
  return (
    <SWRConfig value={{ fallback: session === undefined ? preloaded : { ...preloaded, [sessionKey]: session }, shouldRetryOnError: false, revalidateOnFocus: false }}>
      <ToastProvider>{children}</ToastProvider>
    </SWRConfig>
  )
}
