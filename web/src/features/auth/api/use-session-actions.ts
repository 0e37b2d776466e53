import { useSWRConfig } from 'swr'
import type { User } from '@mini-vagas/shared/schemas/user'
import { sessionKey } from './get-session.ts'
import { haltRequests } from '../../../lib/api-client.ts'
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
    /**
     * Ends the session with nothing of it still on the wire: requests in flight are aborted and new
     * ones held until `leave` (going to /login) has run, so none comes back 401 after the logout.
     */
    logout: async (leave: () => void) => {
      const release = haltRequests()
      try {
        await logout()
        await mutate((key) => key !== sessionKey, undefined, { revalidate: false })
        await mutate(sessionKey, null, { revalidate: false })
        leave()
      } finally {
        // After the page being left has unmounted (React commits the navigation before a new
        // task runs), so its hooks start nothing more under the ended session.
        setTimeout(release, 0)
      }
    },
  }
}
