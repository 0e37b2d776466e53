import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword, weakerThan } from './passwords.ts'

// The cheapest cost Argon2id takes, so the tests stay quick; the format and checks are the same.
const CHEAP = { memory: 64, passes: 2, parallelism: 1 }

describe('passwords', () => {
  it('hashes in the PHC format with today’s cost and verifies only the same password', async () => {
    const stored = await hashPassword('girassol-azul-42')
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/)
    expect(await verifyPassword('girassol-azul-42', stored)).toBe(true)
    expect(await verifyPassword('girassol-azul-43', stored)).toBe(false)
    expect(stored).not.toContain('girassol')
  })
  it('salts every hash, and reads each hash’s own cost', async () => {
    const [a, b] = [await hashPassword('mesma-senha-1', CHEAP), await hashPassword('mesma-senha-1', CHEAP)]
    expect(a).not.toBe(b)
    expect(await verifyPassword('mesma-senha-1', a)).toBe(true)
    expect(weakerThan(a)).toBe(true)
    expect(weakerThan(await hashPassword('x'))).toBe(false)
  })
  it('treats the same text in either Unicode form as the same password', async () => {
    const stored = await hashPassword('Conceição-2026', CHEAP)
    expect(await verifyPassword('Conceic\u0327a\u0303o-2026', stored)).toBe(true)
  })
  it('verifies nothing against a malformed or foreign hash', async () => {
    for (const bad of ['', 'senha', '$2b$10$abcdefghijklmnopqrstuu', '$argon2i$v=19$m=64,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g']) {
      expect(await verifyPassword('senha', bad)).toBe(false)
    }
  })
})
