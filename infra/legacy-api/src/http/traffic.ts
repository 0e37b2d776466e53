import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * What happens to a request before it reaches a route: the request log (for tests), injected
 * faults, added latency, and the per-token rate limit. Settings can change at run time through
 * the control endpoints.
 */
export interface TrafficSettings {
  latencyMs: number
  latencyJitterMs: number
  rateLimitPerMinute: number
}

export type FaultMode = 'status' | 'reset' | 'stall' | 'late'

export interface Fault {
  mode: FaultMode
  /** How many matching requests it hits. */
  count: number
  /** For mode status: the status to answer with. */
  status?: number
  /**
   * For mode stall: how long to hold the request before going on; absent, it never answers.
   * For mode late: how long the answer waits after the route ran (a write already done) — where a
   * client that dies has had its write taken without hearing so.
   */
  ms?: number
  /** Only requests with this method (any when absent). */
  method?: string
  /** Only requests whose path starts with this (any when absent); with a '?', the full URL must. */
  path?: string
  /** For a 429: the Retry-After value to send. */
  retryAfter?: string
}

export interface LoggedRequest {
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
  at: string
}

const LOG_LIMIT = 1000
const WINDOW_MS = 60_000

export interface Traffic {
  settings: TrafficSettings
  faults: Fault[]
  log: LoggedRequest[]
  total: number
  onRequest(request: FastifyRequest, reply: FastifyReply): Promise<void>
  /** Before an answer leaves: holds it when a 'late' fault took its request. */
  onSend(request: FastifyRequest): Promise<void>
  resetRateLimits(): void
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function createTraffic(initial: TrafficSettings, now: () => number = Date.now): Traffic {
  const windows = new Map<string, { start: number; count: number }>()
  const late = new WeakMap<FastifyRequest, number>()
  const traffic: Traffic = {
    settings: { ...initial },
    faults: [],
    log: [],
    total: 0,
    resetRateLimits: () => windows.clear(),
    async onSend(request) {
      const ms = late.get(request)
      if (ms) await sleep(ms)
    },
    async onRequest(request, reply) {
      traffic.total++
      traffic.log.push({ method: request.method, url: request.url, headers: { ...request.headers }, at: new Date(now()).toISOString() })
      if (traffic.log.length > LOG_LIMIT) traffic.log.shift()

      const path = request.url.split('?')[0] ?? ''
      const fault = traffic.faults.find(
        (f) => f.count > 0 && (!f.method || f.method === request.method) && (!f.path || (f.path.includes('?') ? request.url : path).startsWith(f.path)),
      )
      if (fault) {
        fault.count--
        traffic.faults = traffic.faults.filter((f) => f.count > 0)
        if (fault.mode === 'late') {
          late.set(request, fault.ms ?? 0)
          return
        }
        if (fault.mode === 'reset') {
          reply.hijack()
          request.raw.socket.destroy()
          return
        }
        if (fault.mode === 'stall') {
          if (fault.ms === undefined) {
            // Never answers: the socket stays open until the client gives up or the server closes.
            reply.hijack()
            return
          }
          await sleep(fault.ms)
        } else {
          const status = fault.status ?? 500
          if (status === 429) reply.header('Retry-After', fault.retryAfter ?? '1')
          await reply.code(status).send({ message: status >= 500 ? 'Server Error' : 'Fault injected' })
          return
        }
      }

      const { latencyMs, latencyJitterMs, rateLimitPerMinute } = traffic.settings
      if (latencyMs > 0 || latencyJitterMs > 0) await sleep(latencyMs + Math.random() * latencyJitterMs)

      if (rateLimitPerMinute > 0) {
        const auth = request.headers.authorization
        const key = auth ? 'token:' + createHash('sha256').update(auth).digest('hex') : 'ip:' + request.ip
        const t = now()
        let window = windows.get(key)
        if (!window || t - window.start >= WINDOW_MS) {
          window = { start: t, count: 0 }
          windows.set(key, window)
        }
        window.count++
        const remaining = Math.max(0, rateLimitPerMinute - window.count)
        reply.header('X-RateLimit-Limit', String(rateLimitPerMinute))
        reply.header('X-RateLimit-Remaining', String(remaining))
        if (window.count > rateLimitPerMinute) {
          const retryAfter = Math.max(1, Math.ceil((window.start + WINDOW_MS - t) / 1000))
          reply.header('Retry-After', String(retryAfter))
          reply.header('X-RateLimit-Reset', String(Math.ceil((window.start + WINDOW_MS) / 1000)))
          await reply.code(429).send({ message: 'Too Many Attempts.' })
        }
      }
    },
  }
  return traffic
}
