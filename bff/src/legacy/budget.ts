import type { UpstreamRequest, UpstreamResponse } from './client.ts'
import { retryAfter } from './errors.ts'

/**
 * One rate budget per legacy token, shared by every call made with it: a person's clicks and any
 * job (an apply, an undo, a screening load) started with the same token.
 *
 * The legacy (Laravel's throttle) counts calls per token in a fixed window — a minute — and says
 * how many are left (`X-RateLimit-Limit`, `X-RateLimit-Remaining`), then answers 429 with
 * `Retry-After`. Every answer for a token, whoever asked, tells the budget where that window stands.
 *
 * Four kinds of call: a person's click ('person'); a bulk read a person asked for and waits on
 * (a screening load's pages: 'bulk'); work in the background (an apply, an undo: 'job'); and
 * upkeep that can always wait (the candidate index's reads: 'idle'), paced as a job but sent only
 * while no job of the token has a call waiting or on its way.
 *
 * People first:
 * - A person's call is sent at once, never queued behind a job's.
 * - A job's call waits while a person's call for the token is on its way, and it leaves a reserve
 *   in every window: a burst (a click may cost several calls) plus as many calls as people made
 *   over the same stretch of the last window. A job therefore spends what people leave, and backs
 *   off as soon as someone clicks.
 * - In a window's last seconds (`tailMs`) the burst is spent too: kept to the end, it would be lost
 *   with the window. A person whose click finds that window spent waits for the next one, those
 *   few seconds at most, instead of meeting a 429; and a person's call sent as a window ends that
 *   meets a 429 asking for no longer than that (our clock and the legacy's may disagree) is
 *   waited out and sent once more.
 * - A bulk read is paced as a job, but not spread over the window: its person is waiting for it.
 * - Within a window a job keeps an even pace, so a person who starts clicking halfway through a
 *   window finds half of what jobs may spend still there.
 * - When only the reserve is left, a job waits for the window's end (learnt from the answer that
 *   opened it, or from a 429; a whole window when it cannot know), so it meets at most one 429.
 * - A 429 to a job is waited out and the call sent again a bounded number of times; any other 429
 *   to a person goes back to the person with its Retry-After, and holds every job of the token until then.
 */
export type CallPriority = 'person' | 'bulk' | 'job' | 'idle'

export interface BudgetOptions {
  /** A job's calls in flight at once per token while the window has budget. */
  jobConcurrency?: number
  /** Calls a job leaves in each window even when nobody has clicked lately (at least this share of the limit). */
  burstRatio?: number
  /** Calls a job leaves in each window at the least, whatever the limit. */
  minBurst?: number
  /** The legacy's window; Laravel's `throttle:N,1` counts per minute. */
  windowMs?: number
  /** A window's last stretch, in which jobs spend the burst and a person may wait for the next window. */
  tailMs?: number
  /** A job's (or bulk read's) call that meets 429 is sent again this many times before the job sees it. */
  retries?: number
  /** Longest single wait; a Retry-After beyond it is capped (a broken header must not stall a job). */
  maxWaitMs?: number
  now?: () => number
  wait?: (ms: number) => Promise<void>
}

export interface BudgetStats {
  personCalls: number
  jobCalls: number
  /** 429s the legacy answered, to people and to jobs. */
  throttled: { person: number; bulk: number; job: number; idle: number }
  /** Time jobs spent waiting for budget (summed over waiting calls). */
  jobWaitedMs: number
  /** Time people's calls waited for a window's end or a short Retry-After (summed over calls). */
  personWaitedMs: number
}

export interface LegacyBudget {
  /** Sends `call` for the token `key` (empty for calls without one) with its priority. */
  send(key: string, priority: CallPriority, call: () => Promise<UpstreamResponse>, onWait?: (seconds: number) => void): Promise<UpstreamResponse>
  /** What the budget did for a token (tests and metrics read it). */
  stats(key: string): BudgetStats
}

// Our clock and the legacy's may differ by the network's latency; waking a little late is cheaper
// than one call landing in a used-up window.
const MARGIN_MS = 250

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Retry-After (seconds or HTTP-date) in milliseconds from `now`. */
export function retryAfterMs(headers: Headers, now: number): number {
  const value = retryAfter(headers)
  return /^\d+$/.test(value) ? Number(value) * 1000 : Math.max(1000, Date.parse(value) - now)
}

/** Where one token's window stands, as its answers said. */
interface TokenWindow {
  limit: number | null
  remaining: number | null
  /** When the current window ends (our clock), when known. */
  windowEnds: number | null
  /**
   * The earliest the current window can have begun, when an answer showed where (the sending of
   * the call that opened it); null when `windowEnds` is a guess. No other window opens before this
   * plus a window.
   */
  windowFrom: number | null
  /** No job call before this (a 429's Retry-After). */
  pausedUntil: number
  /** Calls sent and not answered yet, people's and jobs': they will spend the window too. */
  unanswered: number
  personInFlight: number
  /** When people's calls were sent, over the last window. */
  personSent: number[]
  /** Jobs waiting for people's calls to be answered. */
  personIdle: (() => void)[]
  jobsInFlight: number
  jobQueue: (() => void)[]
  /** Calls of jobs (not upkeep) waiting or on their way; upkeep waits for none. */
  jobsActive: number
  jobsDone: (() => void)[]
  /** Jobs' calls sent in the current window (for the even pace). */
  jobSentInWindow: number
  lastUsed: number
  stats: BudgetStats
}

export function createLegacyBudget(options: BudgetOptions = {}): LegacyBudget {
  const { jobConcurrency = 4, burstRatio = 0.05, minBurst = 5, windowMs = 60_000, tailMs = 2000, retries = 3, maxWaitMs = 60_000, now = Date.now, wait = sleep } = options
  /** The longest a person's call waits for a window: its tail, and our clock's margin on both sides. */
  const personWaitMs = tailMs + 2 * MARGIN_MS
  const windows = new Map<string, TokenWindow>()
  let sends = 0

  function windowOf(key: string): TokenWindow {
    let w = windows.get(key)
    if (!w) {
      w = {
        limit: null,
        remaining: null,
        windowEnds: null,
        windowFrom: null,
        pausedUntil: 0,
        unanswered: 0,
        personInFlight: 0,
        personSent: [],
        personIdle: [],
        jobsInFlight: 0,
        jobQueue: [],
        jobsActive: 0,
        jobsDone: [],
        jobSentInWindow: 0,
        lastUsed: now(),
        stats: { personCalls: 0, jobCalls: 0, throttled: { person: 0, bulk: 0, job: 0, idle: 0 }, jobWaitedMs: 0, personWaitedMs: 0 },
      }
      windows.set(key, w)
    }
    w.lastUsed = now()
    // Tokens unused for a few windows are forgotten (sessions end; their windows are long over).
    if (++sends % 1000 === 0) for (const [k, v] of windows) if (now() - v.lastUsed > 5 * windowMs && v.unanswered === 0 && v.jobQueue.length === 0) windows.delete(k)
    return w
  }

  /** The current window's start (our clock), when known. */
  const windowStart = (w: TokenWindow) => (w.windowEnds === null ? null : w.windowEnds - windowMs - MARGIN_MS)

  /**
   * What a job leaves of what is left in the window: a burst, plus what people are expected to
   * spend before it ends — as many calls as they made over the same stretch of the last window
   * (the calls of the last `windowMs` sent before this window began; all of them when where the
   * window began is unknown). Calls on their way are already counted against what is left.
   */
  function reserve(w: TokenWindow, t: number): number {
    forgetOldCalls(w, t)
    const start = windowStart(w)
    const expected = start === null ? w.personSent.length : w.personSent.filter((at) => at < start).length
    return burstAt(w, t) + expected
  }

  /** What jobs may spend over a whole window: the limit, less a burst and what people spent over the last window. */
  function allowance(w: TokenWindow, t: number, limit: number): number {
    forgetOldCalls(w, t)
    return Math.max(1, limit - burstAt(w, t) - w.personSent.length)
  }

  /** People's calls older than a window say nothing of the next one. */
  function forgetOldCalls(w: TokenWindow, t: number) {
    while (w.personSent.length > 0 && w.personSent[0]! <= t - windowMs) w.personSent.shift()
  }

  /** The calls kept for a person's next click, whatever people did before; none in the window's tail. */
  function burstAt(w: TokenWindow, t: number): number {
    if (w.windowEnds !== null && t >= w.windowEnds - tailMs) return 0
    return Math.max(minBurst, w.limit === null ? 0 : Math.ceil(w.limit * burstRatio))
  }

  /** The window is over (or assumed over): the next call opens a new one, ending a window from now. */
  function newWindow(w: TokenWindow, t: number) {
    w.remaining = null
    w.windowEnds = t + windowMs + MARGIN_MS
    w.windowFrom = null
    w.jobSentInWindow = 0
  }

  function observe(w: TokenWindow, response: UpstreamResponse, sentAt: number, priority: CallPriority) {
    const headerLimit = Number(response.headers.get('x-ratelimit-limit'))
    const headerRemaining = response.headers.get('x-ratelimit-remaining')
    if (Number.isFinite(headerLimit) && headerLimit > 0) w.limit = headerLimit
    if (headerRemaining !== null && Number.isFinite(Number(headerRemaining))) {
      const value = Number(headerRemaining)
      // A full window (or a jump upwards) means this call opened a new one: it ends a window from now.
      // A jump upwards is believed only once the window it would end can be over: answers come back
      // out of order (a call counted early, answered late), and taking one for a new window mid-window
      // put the window's end most of a window too late, holding jobs there while the legacy had room.
      const canBeNew = w.windowFrom === null || now() >= w.windowFrom + windowMs
      const opened = (w.limit !== null && value >= w.limit - 1) || (canBeNew && w.remaining !== null && value > w.remaining + w.unanswered + 1)
      if (opened) {
        w.windowFrom = sentAt
        w.windowEnds = sentAt + windowMs + MARGIN_MS
        w.jobSentInWindow = priority === 'job' ? 1 : 0
      }
      w.remaining = w.remaining === null || opened ? value : Math.min(w.remaining, value)
    }
    if (response.status === 429) {
      w.stats.throttled[priority]++
      const t = now()
      w.pausedUntil = Math.max(w.pausedUntil, t + Math.min(retryAfterMs(response.headers, t), maxWaitMs) + MARGIN_MS)
      // The window is spent, and ends when the legacy says it may be asked again.
      w.remaining = 0
      w.windowEnds = w.pausedUntil
      w.windowFrom = null
    }
  }

  async function pause(w: TokenWindow, ms: number) {
    w.stats.jobWaitedMs += ms
    await wait(ms)
  }

  /** Holds a job's call until the token's window can spare it, then counts it as unanswered. */
  async function jobGate(w: TokenWindow, evenPace: boolean) {
    for (;;) {
      const t = now()
      if (t < w.pausedUntil) {
        await pause(w, w.pausedUntil - t)
        continue
      }
      if (w.personInFlight > 0) {
        await new Promise<void>((resolve) => w.personIdle.push(resolve))
        continue
      }
      // A window known to be over is over, whatever it had left: waiting for another call's answer
      // to say so would hold the job until someone clicks (the even pace below counts this window's calls).
      if (w.windowEnds !== null && t >= w.windowEnds) newWindow(w, t)
      if (w.remaining !== null && w.remaining - w.unanswered <= reserve(w, t)) {
        // Where the window ends is unknown (the job began mid-window): it ends within a window from now.
        w.windowEnds ??= t + windowMs + MARGIN_MS
        if (t < w.windowEnds) {
          await pause(w, w.windowEnds - t)
          continue
        }
        newWindow(w, t)
      }
      // An even pace through the window: someone who starts clicking halfway through finds half of
      // what jobs may spend still there, not a window a job used up in its first seconds.
      const start = windowStart(w)
      if (evenPace && w.limit !== null && start !== null) {
        const share = allowance(w, t, w.limit)
        const allowed = Math.floor((share * Math.min(windowMs, Math.max(0, t - start))) / windowMs) + 1
        if (w.jobSentInWindow >= allowed) {
          await pause(w, Math.max(10, Math.ceil(start + (w.jobSentInWindow * windowMs) / share - t)))
          continue
        }
      }
      // Counted here, in the same step as the check, so calls let through together see each other.
      w.unanswered++
      w.jobSentInWindow++
      return
    }
  }

  async function jobSlot(w: TokenWindow) {
    if (w.jobsInFlight < jobConcurrency) {
      w.jobsInFlight++
      return
    }
    await new Promise<void>((resolve) => w.jobQueue.push(resolve))
  }
  function releaseJobSlot(w: TokenWindow) {
    const next = w.jobQueue.shift()
    if (next) next()
    else w.jobsInFlight--
  }

  /**
   * A person's call that finds the window spent in its last seconds waits for the next window.
   * Answers whether the call goes out at a window's end (by our clock): a 429 then may only mean
   * that the legacy's clock is a moment behind.
   */
  async function personGate(w: TokenWindow): Promise<boolean> {
    if (w.windowEnds === null) return false
    const left = w.windowEnds - now()
    if (left > personWaitMs) return false
    if (w.remaining !== null && w.remaining - w.unanswered <= 0) {
      if (left > 0) {
        w.stats.personWaitedMs += left
        await wait(left)
      }
      // Whoever wakes first opens the next window; the others then see it as not yet known.
      if (w.windowEnds !== null && now() >= w.windowEnds) newWindow(w, now())
    }
    return true
  }

  async function sendPerson(w: TokenWindow, call: () => Promise<UpstreamResponse>) {
    w.personInFlight++
    w.stats.personCalls++
    try {
      for (let attempt = 0; ; attempt++) {
        const atWindowEnd = await personGate(w)
        const sentAt = now()
        w.unanswered++
        w.personSent.push(sentAt)
        let response: UpstreamResponse
        try {
          response = await call()
        } finally {
          w.unanswered--
        }
        observe(w, response, sentAt, 'person')
        if (response.status !== 429 || attempt > 0 || !atWindowEnd) return response
        // A throttle refuses before the legacy acts, so the call is safe to send again.
        const ms = retryAfterMs(response.headers, now())
        if (ms > personWaitMs + 1000) return response
        w.stats.personWaitedMs += ms
        await wait(ms)
      }
    } finally {
      if (--w.personInFlight === 0) for (const resume of w.personIdle.splice(0)) resume()
    }
  }

  async function sendJob(w: TokenWindow, priority: Exclude<CallPriority, 'person'>, call: () => Promise<UpstreamResponse>, onWait?: (seconds: number) => void) {
    if (priority === 'idle') {
      while (w.jobsActive > 0) await new Promise<void>((resolve) => w.jobsDone.push(resolve))
      return sendPaced(w, priority, call, onWait)
    }
    w.jobsActive++
    try {
      return await sendPaced(w, priority, call, onWait)
    } finally {
      if (--w.jobsActive === 0) for (const resume of w.jobsDone.splice(0)) resume()
    }
  }

  async function sendPaced(w: TokenWindow, priority: Exclude<CallPriority, 'person'>, call: () => Promise<UpstreamResponse>, onWait?: (seconds: number) => void) {
    for (let attempt = 0; ; attempt++) {
      await jobSlot(w)
      let response: UpstreamResponse
      try {
        await jobGate(w, priority !== 'bulk')
        const sentAt = now()
        w.stats.jobCalls++
        try {
          response = await call()
        } finally {
          w.unanswered--
        }
        observe(w, response, sentAt, priority)
      } finally {
        releaseJobSlot(w)
      }
      if (response.status !== 429 || attempt >= retries) return response
      onWait?.(Math.ceil((w.pausedUntil - now()) / 1000))
    }
  }

  return {
    send(key, priority, call, onWait) {
      const w = windowOf(key)
      return priority === 'person' ? sendPerson(w, call) : sendJob(w, priority, call, onWait)
    },
    stats: (key) => windowOf(key).stats,
  }
}

/** A call to the legacy: who it is for decides its place in the token's budget. */
export interface LegacyCall extends UpstreamRequest {
  /** 'person' (the default): a click, sent at once. 'job': background work, sent as people leave room. */
  priority?: CallPriority
  /** For a job: told how long it will wait after a 429. */
  onWait?: (seconds: number) => void
}

export interface LegacyClient {
  request(call: LegacyCall): Promise<UpstreamResponse>
}
