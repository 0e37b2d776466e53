import { describe, expect, it } from 'vitest'
import { createSealer, type SessionData } from './session-seal.ts'

const secretA = 'a'.repeat(40)
const secretB = 'b'.repeat(40)
const data: SessionData = {
  sid: 'c0ffee00c0ffee00c0ffee00',
  token: '12|legacy-token-value-that-must-not-leak',
  user: { name: 'Ana', email: 'ana@example.com', role: 'admin', cnpj: '11222333000181' },
  issuedAt: 1_000,
  lastSeenAt: 2_000,
}

describe('session sealer', () => {
  it('round-trips the session and hides the token', () => {
    const sealer = createSealer([secretA])
    const sealed = sealer.seal(data)
    expect(sealer.open(sealed)).toEqual(data)
    expect(sealed).not.toContain('legacy-token')
    expect(Buffer.from(sealed.slice(3), 'base64url').toString('latin1')).not.toContain('legacy-token')
  })
  it('seals differently each time (random IV)', () => {
    const sealer = createSealer([secretA])
    expect(sealer.seal(data)).not.toBe(sealer.seal(data))
  })
  it('rejects tampered, truncated, foreign and malformed values', () => {
    const sealer = createSealer([secretA])
    const sealed = sealer.seal(data)
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.at(-1)
    for (const bad of [flipped, sealed.slice(0, 20), sealed.slice(0, -5), 'v1.', 'v2' + sealed.slice(2), '', undefined, 'garbage', 'v1.%%%']) {
      expect(sealer.open(bad)).toBeNull()
    }
    expect(createSealer([secretB]).open(sealed)).toBeNull()
  })
  it('rejects a well-sealed value whose content is not a session', () => {
    const sealer = createSealer([secretA])
    const notSession = sealer.seal({ ...data, user: { ...data.user, role: 'root' } } as unknown as SessionData)
    expect(sealer.open(notSession)).toBeNull()
  })
  it('opens values sealed with a retired secret while it is listed, and not after', () => {
    const old = createSealer([secretA]).seal(data)
    expect(createSealer([secretB, secretA]).open(old)).toEqual(data)
    expect(createSealer([secretB]).open(old)).toBeNull()
    // The new first secret seals.
    const fresh = createSealer([secretB, secretA]).seal(data)
    expect(createSealer([secretB]).open(fresh)).toEqual(data)
  })
})
