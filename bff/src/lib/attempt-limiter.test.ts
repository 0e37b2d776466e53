import { describe, expect, it } from 'vitest'
import { createAttemptLimiter } from './attempt-limiter.ts'

describe('attempt limiter', () => {
  it('blocks a key after the limit within the window and says for how long', () => {
    let t = 0
    const limiter = createAttemptLimiter({ limit: 3, windowMs: 60_000, now: () => t })
    for (let i = 0; i < 3; i++) {
      expect(limiter.blockedFor('a')).toBe(0)
      limiter.record('a')
      t += 1000
    }
    expect(limiter.blockedFor('a')).toBe(57)
    expect(limiter.blockedFor('b')).toBe(0)
    t = 60_001
    expect(limiter.blockedFor('a')).toBe(0)
  })
  it('forgets a key on reset and keeps memory bounded', () => {
    const limiter = createAttemptLimiter({ limit: 1, windowMs: 60_000, maxKeys: 2 })
    limiter.record('a')
    limiter.reset('a')
    expect(limiter.blockedFor('a')).toBe(0)
    limiter.record('x')
    limiter.record('y')
    limiter.record('z')
    expect(limiter.blockedFor('x')).toBe(0)
    expect(limiter.blockedFor('z')).toBeGreaterThan(0)
  })
})
