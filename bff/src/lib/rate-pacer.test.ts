import { describe, expect, it } from 'vitest'
import type { UpstreamResponse } from '../plugins/legacy-client.ts'
import { createRatePacer, retryAfterMs } from './rate-pacer.ts'

function response(status: number, headers: Record<string, string> = {}): UpstreamResponse {
  return { status, headers: new Headers(headers), raw: Buffer.alloc(0), body: null }
}

/** A fixed-window limiter like Laravel's (and the stand-in's), on a fake clock. */
function fakeLegacy(limit: number, windowMs = 60_000) {
  const clock = { t: 1_000_000 }
  let window = { start: -Infinity, count: 0 }
  const accepted: number[] = []
  let rejected = 0
  return {
    clock,
    accepted,
    get rejected() {
      return rejected
    },
    now: () => clock.t,
    wait: async (ms: number) => void (clock.t += ms),
    call: async () => {
      clock.t += 20
      if (clock.t - window.start >= windowMs) window = { start: clock.t, count: 0 }
      window.count++
      const headers = { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(Math.max(0, limit - window.count)) }
      if (window.count > limit) {
        rejected++
        return response(429, { ...headers, 'retry-after': String(Math.ceil((window.start + windowMs - clock.t) / 1000)) })
      }
      accepted.push(clock.t)
      return response(200, headers)
    },
  }
}

describe('rate pacer', () => {
  it('uses at least 90% of the limit over several windows, keeps a reserve and meets no 429 from a fresh window', async () => {
    const legacy = fakeLegacy(600)
    const pacer = createRatePacer({ now: legacy.now, wait: legacy.wait, concurrency: 1 })
    const start = legacy.clock.t
    for (let i = 0; i < 3000; i++) expect((await pacer.send(legacy.call)).status).toBe(200)
    const minutes = (legacy.clock.t - start) / 60_000
    expect(legacy.rejected).toBe(0)
    expect(3000 / minutes / 600).toBeGreaterThanOrEqual(0.9)
    // Within any window the reserve (5% of 600 = 30 calls) stays unused.
    const perWindow = new Map<number, number>()
    for (const at of legacy.accepted) perWindow.set(Math.floor((at - start) / 60_250), (perWindow.get(Math.floor((at - start) / 60_250)) ?? 0) + 1)
    expect(Math.max(...perWindow.values())).toBeLessThanOrEqual(571)
  })

  it('joining a window already in use, it stops at the reserve and waits for the next window instead of spending the recruiter’s calls', async () => {
    const legacy = fakeLegacy(50)
    for (let i = 0; i < 42; i++) await legacy.call() // the recruiter used most of this window
    const pacer = createRatePacer({ now: legacy.now, wait: legacy.wait })
    const results = await Promise.all(Array.from({ length: 60 }, () => pacer.send(legacy.call)))
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect(legacy.rejected).toBe(0)
    // Of the 8 calls left in that window, the job took only what its first answers allowed
    // (4 sent at once, before any answer), leaving the 10% reserve.
    const firstWindow = legacy.accepted.filter((t) => t < legacy.accepted[0]! + 60_000).length
    expect(firstWindow).toBeLessThanOrEqual(42 + 4)
  })

  it('counts its own calls in flight against the reserve', async () => {
    const legacy = fakeLegacy(100)
    const pacer = createRatePacer({ concurrency: 8, now: legacy.now, wait: legacy.wait })
    await Promise.all(Array.from({ length: 100 }, () => pacer.send(legacy.call)))
    // In the first window the job left at least the reserve (10 calls), though 8 were in flight at a time.
    const start = legacy.accepted[0]!
    expect(legacy.accepted.filter((t) => t < start + 60_000).length).toBeLessThanOrEqual(90)
    expect(legacy.rejected).toBe(0)
  })

  it('gives a 429 back after its retries', async () => {
    let calls = 0
    const clock = { t: 0 }
    const pacer = createRatePacer({ retries: 2, now: () => clock.t, wait: async (ms) => void (clock.t += ms) })
    const answer = await pacer.send(async () => (calls++, response(429, { 'retry-after': '5' })))
    expect(answer.status).toBe(429)
    expect(calls).toBe(3)
    expect(pacer.stats.waitedMs).toBeGreaterThanOrEqual(10_000)
  })

  it('caps a wait from a broken Retry-After and never waits without limit headers', async () => {
    const clock = { t: 0 }
    const pacer = createRatePacer({ retries: 1, maxWaitMs: 60_000, now: () => clock.t, wait: async (ms) => void (clock.t += ms) })
    await pacer.send(async () => response(429, { 'retry-after': '86400' }))
    expect(pacer.stats.waitedMs).toBe(60_250)
    const free = createRatePacer({ now: () => clock.t, wait: async () => expect.fail('no wait expected') })
    for (let i = 0; i < 100; i++) await free.send(async () => response(200))
  })

  it('reads Retry-After in seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-22T12:00:00Z')
    expect(retryAfterMs(new Headers({ 'retry-after': '7' }), now)).toBe(7000)
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sun, 22 Nov 2026 12:00:30 GMT' }), now)).toBe(30_000)
    expect(retryAfterMs(new Headers(), now)).toBe(5000)
  })
})
