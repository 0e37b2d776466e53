import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto'

/**
 * Text sealed with AES-256-GCM under keys derived (HKDF-SHA256) from the operator's secrets, one
 * purpose per box (`info`), so a value sealed for one use never opens as another. The first
 * secret seals, every listed one opens: a secret can be rotated without losing what was sealed.
 */
export interface SecretBox {
  seal(text: string): string
  /** The text, or null for anything tampered, truncated, sealed for another purpose or with an unlisted secret. */
  open(value: string | undefined | null): string | null
  /** Like open, and whether the value was sealed with a secret other than the first (to seal again). */
  openWithAge(value: string | undefined | null): { text: string; stale: boolean } | null
}

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

export function createSecretBox(secrets: readonly string[], info: string): SecretBox {
  if (secrets.length === 0) throw new Error('At least one secret is needed')
  // KeyObjects made once: importing a raw key on every request showed in the profile.
  const keys: KeyObject[] = secrets.map((secret) => createSecretKey(Buffer.from(hkdfSync('sha256', secret, 'mini-vagas', info, 32))))
  const openWithAge = (value: string | undefined | null) => {
    if (!value || !value.startsWith(`${VERSION}.`)) return null
    const raw = Buffer.from(value.slice(VERSION.length + 1), 'base64url')
    if (raw.length <= IV_BYTES + TAG_BYTES) return null
    const iv = raw.subarray(0, IV_BYTES)
    const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES)
    const body = raw.subarray(IV_BYTES + TAG_BYTES)
    for (const [i, key] of keys.entries()) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv)
        decipher.setAuthTag(tag)
        return { text: Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'), stale: i > 0 }
      } catch {
        // Wrong key or tampered value: try the next key.
      }
    }
    return null
  }
  return {
    seal(text) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', keys[0]!, iv)
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`
    },
    open: (value) => openWithAge(value)?.text ?? null,
    openWithAge,
  }
}
