import { describe, expect, it } from 'vitest'
import { createSqliteStore } from './store.ts'
import { createAttemptLimiter } from './attempt-limiter.ts'

describe('attempt limiter (in the store)', () => {
  it('blocks a key after the limit within the window and says for how long', async () => {
    let t = 1_000_000
    const store = await createSqliteStore(':memory:')
    const limiter = createAttemptLimiter({ store, bucket: 'login-ip', limit: 3, windowMs: 60_000, now: () => t })
    for (let i = 0; i < 3; i++) {
      expect(await limiter.blockedFor('a')).toBe(0)
      await limiter.record('a')
      t += 1000
    }
    expect(await limiter.blockedFor('a')).toBe(57)
    expect(await limiter.blockedFor('b')).toBe(0)
    t = 1_060_001
    expect(await limiter.blockedFor('a')).toBe(0)
    await store.close()
  })
  it('forgets a key on reset; buckets and instances sharing the store count together', async () => {
    const store = await createSqliteStore(':memory:')
    const here = createAttemptLimiter({ store, bucket: 'login-cnpj', limit: 2, windowMs: 60_000 })
    const there = createAttemptLimiter({ store, bucket: 'login-cnpj', limit: 2, windowMs: 60_000 })
    const other = createAttemptLimiter({ store, bucket: 'runs', limit: 2, windowMs: 60_000 })
    await here.record('x')
    await there.record('x')
    expect(await here.blockedFor('x')).toBeGreaterThan(0)
    expect(await other.blockedFor('x')).toBe(0)
    await there.reset('x')
    expect(await here.blockedFor('x')).toBe(0)
    await store.close()
  })
})
