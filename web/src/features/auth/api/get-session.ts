// The session hook lives in lib/ (screens of other features adapt to their user too).
export { getSession, useSession } from '../../../lib/session.ts'
export { sessionKey } from '../../../lib/session-key.ts'
