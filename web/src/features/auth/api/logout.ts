import { api } from '../../../lib/api-client.ts'

/** Ends the session; failures are only logged (docs/product.md, Texts): the caller clears local state anyway. */
export async function logout(): Promise<void> {
  try {
    await api('/bff/auth/logout', { method: 'POST', on401: 'return', evenWhenHalted: true })
  } catch (error) {
    console.warn('logout failed', error)
  }
}
