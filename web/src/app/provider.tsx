import type { ReactNode } from 'react'
import { SWRConfig } from 'swr'
import type { User } from '@mini-vagas/shared/schemas/user'
import { ToastProvider } from '../components/toast.tsx'
import { sessionKey } from '../features/auth/api/get-session.ts'

/** SWR for every read, seeded with the session resolved before the first render. */
export function AppProvider({ session, children }: { session: User | null | undefined; children: ReactNode }) {
  return (
    <SWRConfig value={{ fallback: session === undefined ? {} : { [sessionKey]: session }, shouldRetryOnError: false, revalidateOnFocus: false }}>
      <ToastProvider>{children}</ToastProvider>
    </SWRConfig>
  )
}
