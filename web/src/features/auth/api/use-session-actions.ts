import { useSWRConfig } from 'swr'
import type { User } from '@mini-vagas/shared/schemas/user'
import { sessionKey } from './get-session.ts'
import { logout } from './logout.ts'

/** Session changes applied to this app's SWR cache (not a global one), so every view agrees. */
export function useSessionActions() {
  const { mutate } = useSWRConfig()
  return {
    signedIn: (user: User) => mutate(sessionKey, user, { revalidate: false }),
    signedOut: async () => {
      // Every cached answer belonged to the user who left.
      await mutate((key) => key !== sessionKey, undefined, { revalidate: false })
      await mutate(sessionKey, null, { revalidate: false })
    },
    logout: async () => {
      await logout()
      await mutate((key) => key !== sessionKey, undefined, { revalidate: false })
      await mutate(sessionKey, null, { revalidate: false })
    },
  }
}
