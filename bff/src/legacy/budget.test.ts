import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { UpstreamResponse } from './client.ts'
import { createLegacyBudget, retryAfterMs } from './budget.ts'

function response(status: number, headers: Record<string, string> = {}): UpstreamResponse {
  return { status, headers: new Headers(headers), raw: Buffer.alloc(0), body: null }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * A fixed-window limiter per token like Laravel's (and the stand-in's); each call takes 20 ms before
 * it is counted, and its answer `answerJitterMs` more at most (a seeded draw: the same every run).
 */
function fakeLegacy(limit: number, windowMs = 60_000, { answerJitterMs = 0 }: { answerJitterMs?: number } = {}) {
  let seed = 7
  const draw = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  let window = { start: -Infinity, count: 0 }
  const accepted: { at: number; who: string }[] = []
  const rejected: string[] = []
  return {
    accepted,
    rejected,
    call: (who: string) => async () => {
      await sleep(20)
      const t = Date.now()
      if (t - window.start >= windowMs) window = { start: t, count: 0 }
      window.count++
      const headers = { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(Math.max(0, limit - window.count)) }
      if (window.count > limit) {
        rejected.push(who)
        return response(429, { ...headers, 'retry-after': String(Math.ceil((window.start + windowMs - t) / 1000)) })
      }
      accepted.push({ at: t, who })
      if (answerJitterMs > 0) await sleep(Math.floor(draw() * answerJitterMs))
      return response(200, headers)
    },
  }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(Date.parse('2026-11-25T10:00:00Z'))
})
afterEach(() => vi.useRealTimers())

/** Runs `work` on the fake clock until it settles. */
async function settle<T>(work: Promise<T>, withinMs = 60 * 60_000): Promise<T> {
  let done = false
  const result = work.finally(() => (done = true))
  for (let elapsed = 0; !done && elapsed < withinMs; elapsed += 1000) await vi.advanceTimersByTimeAsync(1000)
  expect(done).toBe(true)
  return result
}

/**
 * A job of `calls` calls while a person clicks every `everyMs` until it ends: the share of what the
 * person leaves of the limit (60 a minute) the job spent, and the person's calls.
 */
async function jobBesidePerson(legacy: ReturnType<typeof fakeLegacy>, budget: ReturnType<typeof createLegacyBudget>, job: () => Promise<unknown>, calls: number, everyMs: number) {
  const start = Date.now()
  let working = true
  const running = job().finally(() => (working = false))
  const person = (async () => {
    while (working) {
      await budget.send('t', 'person', legacy.call('person'))
      await sleep(everyMs)
    }
  })()
  await settle(Promise.all([running, person]))
  const minutes = (Date.now() - start) / 60_000
  const personCalls = legacy.accepted.filter((a) => a.who === 'person').length
  return { share: calls / minutes / (60 - personCalls / minutes), personCalls }
}

describe('the legacy budget', () => {
  it('lets a job alone spend at least 90% of the limit over several windows, with no 429', async () => {
    const legacy = fakeLegacy(60)
    const budget = createLegacyBudget()
    const start = Date.now()
    const answers = await settle(Promise.all(Array.from({ length: 300 }, () => budget.send('t', 'job', legacy.call('job')))))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(legacy.rejected).toEqual([])
    const minutes = (Date.now() - start) / 60_000
    expect(300 / minutes / 60).toBeGreaterThanOrEqual(0.9)
  })

  it('gives a person clicking every 5 s through a job no 429, and the job still moves', async () => {
    const legacy = fakeLegacy(60)
    const budget = createLegacyBudget()
    const job = Promise.all(Array.from({ length: 200 }, () => budget.send('t', 'job', legacy.call('job'))))
    const personAnswers: number[] = []
    const person = (async () => {
      // 40 clicks, 5 s apart, each of 1 to 4 calls (a list, a page, the dashboard's four reads).
      for (let click = 0; click < 40; click++) {
        const calls = 1 + (click % 4)
        const answers = await Promise.all(Array.from({ length: calls }, () => budget.send('t', 'person', legacy.call('person'))))
        personAnswers.push(...answers.map((a) => a.status))
        await sleep(5000)
      }
    })()
    await settle(Promise.all([job, person]))
    expect(personAnswers.filter((s) => s !== 200)).toEqual([])
    expect(legacy.rejected.filter((who) => who === 'person')).toEqual([])
    expect((await job).every((a) => a.status === 200)).toBe(true)
    expect(budget.stats('t')).toMatchObject({ personCalls: 100, jobCalls: 200 })
  })

  it('with a person clicking every 10 s, a job spends at least 95% of what the person leaves, and the person meets no 429', async () => {
    const legacy = fakeLegacy(60)
    const budget = createLegacyBudget()
    const job = () => Promise.all(Array.from({ length: 400 }, () => budget.send('t', 'job', legacy.call('job'))))
    const { share, personCalls } = await jobBesidePerson(legacy, budget, job, 400, 10_000)
    expect(legacy.rejected).toEqual([])
    // 0.905 while the burst was kept to each window's end; spending it in the tail gives 0.98.
    expect(share).toBeGreaterThanOrEqual(0.95)
    // What the person paid for it: a click now and then that waits out a window's last seconds.
    expect(budget.stats('t').personWaitedMs).toBeLessThanOrEqual(2500 * (personCalls / 60))
  })

  it('keeps its pace when answers come back out of order: a late answer is not taken for a new window', async () => {
    // Each answer waits 0–200 ms more after the legacy counted the call (a seeded draw): a call
    // counted early is often answered after one counted later, and shows more calls left.
    const legacy = fakeLegacy(60, 60_000, { answerJitterMs: 200 })
    const budget = createLegacyBudget()
    let next = 0
    const job = () =>
      Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < 500) {
            next++
            await budget.send('t', 'job', legacy.call('job'))
          }
        }),
      )
    const { share } = await jobBesidePerson(legacy, budget, job, 500, 5000)
    expect(legacy.rejected).toEqual([])
    // 0.92 here when a late answer could pass for a new window (its end put most of a window too late).
    expect(share).toBeGreaterThanOrEqual(0.95)
  })

  it('sends a person’s call at once while jobs queue, and holds the jobs until it is answered', async () => {
    const order: string[] = []
    const budget = createLegacyBudget({ jobConcurrency: 1 })
    const slow = (who: string) => async () => {
      order.push(`${who}:sent`)
      await sleep(100)
      order.push(`${who}:answered`)
      return response(200)
    }
    const jobs = Promise.all([budget.send('t', 'job', slow('job1')), budget.send('t', 'job', slow('job2'))])
    await vi.advanceTimersByTimeAsync(10)
    const person = budget.send('t', 'person', slow('person'))
    await settle(Promise.all([jobs, person]))
    // The person's call went out while the first job's was on its way, before the queued job's,
    // and the queued job waited for the person's answer.
    expect(order).toEqual(['job1:sent', 'person:sent', 'job1:answered', 'person:answered', 'job2:sent', 'job2:answered'])
  })

  it('joining a window a person already spent, a job stops at the reserve and waits for the next window', async () => {
    const legacy = fakeLegacy(50)
    const budget = createLegacyBudget()
    for (let i = 0; i < 30; i++) await settle(budget.send('t', 'person', legacy.call('person')))
    await settle(Promise.all(Array.from({ length: 40 }, () => budget.send('t', 'job', legacy.call('job')))))
    expect(legacy.rejected).toEqual([])
    // In the first window the job left the person's 30 calls of demand plus a burst of 5:
    // of the 20 calls left it took at most what its first answers allowed.
    const first = legacy.accepted.filter((a) => a.at < legacy.accepted[0]!.at + 60_000)
    expect(first.filter((a) => a.who === 'job').length).toBeLessThanOrEqual(50 - 30 - 5 + 4)
  })

  it('holds a person’s call that finds the window spent in its last seconds until the next window, instead of a 429', async () => {
    const legacy = fakeLegacy(5)
    const budget = createLegacyBudget()
    await settle(Promise.all(Array.from({ length: 5 }, () => budget.send('t', 'person', legacy.call('person')))))
    const opened = legacy.accepted[0]!.at
    // Most of the window away, the call goes (and the person gets the legacy's 429, as before).
    await vi.advanceTimersByTimeAsync(30_000)
    expect((await settle(budget.send('t', 'person', legacy.call('person')))).status).toBe(429)
    // In its last 2 s it waits for the next window.
    await vi.setSystemTime(opened + 58_500)
    const answer = await settle(budget.send('t', 'person', legacy.call('person')))
    expect(answer.status).toBe(200)
    expect(legacy.accepted.at(-1)!.at).toBeGreaterThanOrEqual(opened + 60_000)
    expect(budget.stats('t').personWaitedMs).toBeLessThanOrEqual(2500)
  })

  it('sends a person’s call at a window’s end once more after a 429 that asks for a moment; any other 429 goes back', async () => {
    const budget = createLegacyBudget()
    // The legacy's window ends a moment after ours: its clock is behind.
    const answers = [
      ...Array.from({ length: 5 }, (_, i) => response(200, { 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': String(4 - i) })),
      response(429, { 'retry-after': '1' }),
      response(200, { 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '4' }),
    ]
    let calls = 0
    const call = async () => answers[calls++]!
    for (let i = 0; i < 5; i++) await settle(budget.send('t', 'person', call))
    await vi.advanceTimersByTimeAsync(59_000)
    expect((await settle(budget.send('t', 'person', call))).status).toBe(200)
    expect(calls).toBe(7)
    // Mid-window (or with nothing known of the window), a 429 is the person's at once.
    let again = 0
    const throttled = async () => (again++, response(429, { 'retry-after': '1' }))
    expect((await settle(budget.send('u', 'person', throttled))).status).toBe(429)
    expect(again).toBe(1)
  })

  it('sends upkeep only while no job of the token has a call waiting or on its way', async () => {
    const legacy = fakeLegacy(60)
    const budget = createLegacyBudget()
    const job = Promise.all(Array.from({ length: 20 }, () => budget.send('t', 'job', legacy.call('job'))))
    await vi.advanceTimersByTimeAsync(10)
    const upkeep = Promise.all(Array.from({ length: 5 }, () => budget.send('t', 'idle', legacy.call('idle'))))
    await settle(Promise.all([upkeep, job]))
    const order = legacy.accepted.map((a) => a.who)
    // Asked while the job was running, the upkeep went after every call of the job.
    expect(order.slice(-5)).toEqual(Array(5).fill('idle'))
    expect(order.filter((w) => w === 'job')).toHaveLength(20)
  })

  it('keeps budgets apart per token', async () => {
    const a = fakeLegacy(10)
    const b = fakeLegacy(10)
    const budget = createLegacyBudget()
    await settle(Promise.all(Array.from({ length: 5 }, () => budget.send('a', 'job', a.call('job')))))
    // Token b's window knows nothing of a's: its job goes at once.
    const before = Date.now()
    await settle(Promise.all(Array.from({ length: 4 }, () => budget.send('b', 'job', b.call('job')))))
    expect(Date.now() - before).toBeLessThan(2000)
  })

  it('gives a person their 429 at once; a job waits it out and tries again, then gives it back', async () => {
    const budget = createLegacyBudget({ retries: 2 })
    let calls = 0
    const throttled = async () => (calls++, response(429, { 'retry-after': '5' }))
    expect((await settle(budget.send('t', 'person', throttled))).status).toBe(429)
    expect(calls).toBe(1)
    const started = Date.now()
    expect((await settle(budget.send('t', 'job', throttled))).status).toBe(429)
    expect(calls).toBe(4)
    expect(Date.now() - started).toBeGreaterThanOrEqual(15_000)
    expect(budget.stats('t').throttled).toEqual({ person: 1, bulk: 0, job: 3, idle: 0 })
  })

  it('caps a wait from a broken Retry-After and never waits without limit headers', async () => {
    const budget = createLegacyBudget({ retries: 1, maxWaitMs: 60_000 })
    await settle(budget.send('t', 'job', async () => response(429, { 'retry-after': '86400' })))
    expect(budget.stats('t').jobWaitedMs).toBe(60_250)
    const free = createLegacyBudget({ wait: async () => expect.fail('no wait expected') })
    await settle(Promise.all(Array.from({ length: 100 }, () => free.send('t', 'job', async () => response(200)))))
  })

  it('reads Retry-After in seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-22T12:00:00Z')
    expect(retryAfterMs(new Headers({ 'retry-after': '7' }), now)).toBe(7000)
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sun, 22 Nov 2026 12:00:30 GMT' }), now)).toBe(30_000)
    expect(retryAfterMs(new Headers(), now)).toBe(5000)
  })
})
