/** The SWR key of the session probe (GET /bff/auth/session): the auth feature reads it, any screen may share its cache. */
export const sessionKey = '/bff/auth/session'
