import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes } from 'node:crypto'
import { Compile } from 'typebox/compile'
import { Type, type Static } from 'typebox'
import { User } from '@mini-vagas/shared/schemas/user'

/**
 * The session cookie's value: the legacy token and the user, sealed with AES-256-GCM (docs/architecture.md).
 * Keys are derived from each SESSION_SECRET with HKDF; the first seals, every one opens, so a
 * secret can be rotated without logging everyone out.
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

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

export interface Sealer {
  seal(data: SessionData): string
  /** The data, or null for anything tampered, truncated, sealed with an unknown key or malformed. */
  open(value: string | undefined): SessionData | null
}

export function createSealer(secrets: readonly string[]): Sealer {
  if (secrets.length === 0) throw new Error('At least one session secret is needed')
  // KeyObjects made once: importing a raw key on every request showed in the profile.
  const keys = secrets.map((secret) => createSecretKey(Buffer.from(hkdfSync('sha256', secret, 'mini-vagas', 'session-cookie-v1', 32))))
  return {
    seal(data) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', keys[0]!, iv)
      const body = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()])
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`
    },
    open(value) {
      if (!value || !value.startsWith(`${VERSION}.`)) return null
      const raw = Buffer.from(value.slice(VERSION.length + 1), 'base64url')
      if (raw.length <= IV_BYTES + TAG_BYTES) return null
      const iv = raw.subarray(0, IV_BYTES)
      const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES)
      const body = raw.subarray(IV_BYTES + TAG_BYTES)
      for (const key of keys) {
        try {
          const decipher = createDecipheriv('aes-256-gcm', key, iv)
          decipher.setAuthTag(tag)
          const text = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
          const data: unknown = JSON.parse(text)
          return sessionCheck.Check(data) ? (data as SessionData) : null
        } catch {
          // Wrong key or tampered value: try the next key.
        }
      }
      return null
    },
  }
}
