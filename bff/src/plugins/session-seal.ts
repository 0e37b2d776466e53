import { Compile } from 'typebox/compile'
import { Type, type Static } from 'typebox'
import { User } from '@mini-vagas/shared/schemas/user'
import { createSecretBox } from '../lib/secret-box.ts'

/**
 * The session cookie's value: the legacy token and the user, sealed with AES-256-GCM (docs/architecture.md).
 * Keys are derived from each SESSION_SECRET (lib/secret-box.ts): the first seals, every one opens, so
 * a secret can be rotated without logging everyone out.
 */
export const SessionData = Type.Object({
  /** Random id of this session, so a logout can revoke the cookie before it expires. */
  sid: Type.String({ minLength: 16, maxLength: 64 }),
  token: Type.String({ minLength: 1 }),
  user: User,
  /** ms since epoch when the session was created (absolute expiry counts from here). */
  issuedAt: Type.Number(),
  /** ms since epoch of the last request (idle expiry counts from here). */
  lastSeenAt: Type.Number(),
})
export type SessionData = Static<typeof SessionData>
const sessionCheck = Compile(SessionData)

export interface Sealer {
  seal(data: SessionData): string
  /** The data, or null for anything tampered, truncated, sealed with an unknown key or malformed. */
  open(value: string | undefined): SessionData | null
}

export function createSealer(secrets: readonly string[]): Sealer {
  const box = createSecretBox(secrets, 'session-cookie-v1')
  return {
    seal: (data) => box.seal(JSON.stringify(data)),
    open(value) {
      const text = box.open(value)
      if (text === null) return null
      try {
        const data: unknown = JSON.parse(text)
        return sessionCheck.Check(data) ? (data as SessionData) : null
      } catch {
        return null
      }
    },
  }
}
