import { describe, expect, it } from 'vitest'
import { createTtlCache } from './ttl-cache.ts'

describe('ttl cache', () => {
  it('serves a value until it expires, then reloads', async () => {
    let t = 0
    let loads = 0
    const cache = createTtlCache<number>({ ttlMs: 100, maxEntries: 10, now: () => t })
    const load = async () => ++loads
    expect(await cache.get('a', load)).toBe(1)
    t = 99
    expect(await cache.get('a', load)).toBe(1)
    t = 100
    expect(await cache.get('a', load)).toBe(2)
  })
  it('makes one load for concurrent misses', async () => {
    let loads = 0
    const cache = createTtlCache<number>({ ttlMs: 100, maxEntries: 10 })
    const load = () => new Promise<number>((r) => setTimeout(() => r(++loads), 10))
    expect(await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])).toEqual([1, 1, 1])
  })
  it('evicts the oldest entry past the cap and keeps stale values for peek', async () => {
    let t = 0
    const cache = createTtlCache<string>({ ttlMs: 10, maxEntries: 2, now: () => t })
    await cache.get('a', async () => 'A')
    await cache.get('b', async () => 'B')
    await cache.get('c', async () => 'C')
    expect(cache.peek('a')).toBeUndefined()
    t = 1000
    expect(cache.peek('c')).toBe('C')
  })
  it('does not cache a failed load', async () => {
    const cache = createTtlCache<number>({ ttlMs: 100, maxEntries: 10 })
    await expect(
      cache.get('a', async () => {
        throw new Error('x')
      }),
    ).rejects.toThrow('x')
    expect(await cache.get('a', async () => 5)).toBe(5)
  })
})
