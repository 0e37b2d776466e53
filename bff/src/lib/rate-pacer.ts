import type { UpstreamResponse } from '../plugins/legacy-client.ts'
import { retryAfter } from './upstream.ts'

/**
 * Paces a job's calls to the legacy API by what the legacy says about its own limit, instead of
 * fixed sleeps (docs/screening.md). The legacy (Laravel's throttle) answers `X-RateLimit-Limit` and
 * `X-RateLimit-Remaining` per token and minute, and a 429 with `Retry-After` once the window is
 * used up. The pacer sends at full speed (a few calls at a time) while the window has budget,
 * keeps a reserve (10%) for the recruiter's own clicks (they share the token) — counting the calls
 * it has in flight, which will spend budget too — and when only the reserve is left waits for the window's end if it knows it — learnt from the first answer of a
 * fresh window or from a 429 — so a long job meets at most one 429. A 429 is waited out and the
 * call sent again, a bounded number of times; what still fails goes back to the caller.
 */
export interface RatePacer {
  send(call: () => Promise<UpstreamResponse>, onWait?: (seconds: number) => void): Promise<UpstreamResponse>
  /** What the pacer did: calls sent, 429s met, time spent waiting (its tests read it). */
  readonly stats: { calls: number; throttled: number; waitedMs: number }
}

export interface RatePacerOptions {
  /** Calls in flight at once while the window has budget. */
  concurrency?: number
  /** Share of the limit left for other users of the same token. */
  reserveRatio?: number
  /** The limit's window; Laravel's `throttle:N,1` counts per minute. */
  windowMs?: number
  /** A 429 is sent again this many times before the caller sees it. */
  retries?: number
  /** Longest single wait; a Retry-After beyond it is capped (a broken header must not stall a job). */
  maxWaitMs?: number
  now?: () => number
  wait?: (ms: number) => Promise<void>
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

export function createRatePacer(options: RatePacerOptions = {}): RatePacer {
  const { concurrency = 4, reserveRatio = 0.1, windowMs = 60_000, retries = 3, maxWaitMs = 60_000, now = Date.now, wait = sleep } = options
  let inFlight = 0
  /** Calls sent and not answered yet: they will spend the window's budget too. */
  let unanswered = 0
  const queue: (() => void)[] = []
  let limit: number | null = null
  let remaining: number | null = null
  /** When the current window ends (our clock), when known. */
  let windowEnds: number | null = null
  let pausedUntil = 0
  const stats = { calls: 0, throttled: 0, waitedMs: 0 }

  const reserve = () => (limit === null ? 0 : Math.max(1, Math.ceil(limit * reserveRatio)))

  async function acquire() {
    if (inFlight < concurrency) {
      inFlight++
      return
    }
    await new Promise<void>((resolve) => queue.push(resolve))
  }
  function release() {
    const next = queue.shift()
    if (next) next()
    else inFlight--
  }
  async function pause(ms: number) {
    stats.waitedMs += ms
    await wait(ms)
  }

  /** Holds a call until the pacer may send it. */
  async function gate() {
    for (;;) {
      const t = now()
      if (t < pausedUntil) {
        await pause(pausedUntil - t)
        continue
      }
      // The reserve is the recruiter's: counted after the calls already on their way.
      if (remaining !== null && remaining - unanswered <= reserve()) {
        // Where the window ends is unknown (the job began mid-window): it ends within a window from now.
        windowEnds ??= t + windowMs + MARGIN_MS
        if (t < windowEnds) {
          await pause(windowEnds - t)
          continue
        }
        // The window is over: our next call opens a new one.
        remaining = null
        windowEnds = t + windowMs + MARGIN_MS
      }
      // Counted here, in the same step as the check, so calls let through together see each other.
      unanswered++
      return
    }
  }

  function observe(response: UpstreamResponse, sentAt: number) {
    const headerLimit = Number(response.headers.get('x-ratelimit-limit'))
    const headerRemaining = response.headers.get('x-ratelimit-remaining')
    if (Number.isFinite(headerLimit) && headerLimit > 0) limit = headerLimit
    if (headerRemaining !== null && Number.isFinite(Number(headerRemaining))) {
      const value = Number(headerRemaining)
      // A full window (or a jump upwards) means this call opened a new one: it ends a window from now.
      const opened = (limit !== null && value >= limit - 1) || (remaining !== null && value > remaining + concurrency)
      if (opened) windowEnds = sentAt + windowMs + MARGIN_MS
      remaining = remaining === null || opened ? value : Math.min(remaining, value)
    }
    if (response.status === 429) {
      stats.throttled++
      const t = now()
      pausedUntil = Math.max(pausedUntil, t + Math.min(retryAfterMs(response.headers, t), maxWaitMs) + MARGIN_MS)
      remaining = null
      windowEnds = null
    }
  }

  return {
    stats,
    async send(call, onWait) {
      for (let attempt = 0; ; attempt++) {
        await acquire()
        let response: UpstreamResponse
        try {
          await gate() // counts the call as unanswered
          const sentAt = now()
          stats.calls++
          try {
            response = await call()
          } finally {
            unanswered--
          }
          observe(response, sentAt)
        } finally {
          release()
        }
        if (response.status !== 429 || attempt >= retries) return response
        onWait?.(Math.ceil((pausedUntil - now()) / 1000))
      }
    },
  }
}
