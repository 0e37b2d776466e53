import type { Readable } from 'node:stream'
import { Pool } from 'undici'
import { isTraceId, traceparent } from '../lib/trace.ts'

/**
 * The one outbound HTTP client for the legacy API (and the postal-code service): an undici Pool
 * per client (keep-alive connections to one origin). nock intercepts it at the socket, so unit
 * tests mock it as before. One overall deadline covers every attempt; only safe reads (GET) are
 * retried, on network failures and 502/503/504, with jittered exponential backoff; 429 is never
 * retried here but handed back with its Retry-After so the caller can pass it on.
 */
export interface UpstreamResponse {
  status: number
  headers: Headers
  /** The body bytes as received (empty when `stream` holds the body instead). */
  raw: Buffer
  /** Parsed JSON (on first read), or null for an empty, non-JSON or streamed body. */
  readonly body: unknown
  /**
   * Only for a request that asked for `stream` and got a 2xx larger than STREAM_ABOVE_BYTES (or of
   * unannounced length): the body, not yet read, so the pass-through sends it on as it arrives.
   * Error answers are always read whole (they are small and their messages are needed).
   */
  stream?: Readable
}

export type UpstreamFailure = 'timeout' | 'unreachable'

/** The upstream could not give an answer at all; callers turn it into 504 or 502. */
export class UpstreamError extends Error {
  readonly kind: UpstreamFailure
  constructor(kind: UpstreamFailure, cause?: unknown) {
    super(kind === 'timeout' ? 'upstream timed out' : 'upstream unreachable', { cause })
    this.kind = kind
  }
}

export interface UpstreamRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Path after the base URL, starting with '/'. Callers build it from validated parts only. */
  path: string
  query?: Record<string, string | undefined>
  body?: unknown
  /** The legacy bearer token, from the session; never anything the browser sent. */
  token?: string
  requestId?: string
  /** Hand a large successful body back unread (`UpstreamResponse.stream`); the deadline then ends with the headers and the body may idle at most `timeoutMs` between chunks. */
  stream?: boolean
}

export interface HttpClient {
  request(request: UpstreamRequest): Promise<UpstreamResponse>
}

export interface HttpClientOptions {
  baseUrl: string
  timeoutMs: number
  retries: number
  /** Sockets kept per upstream origin. */
  maxSockets?: number
  sleep?: (ms: number) => Promise<void>
  random?: () => number
}

const MAX_BODY_BYTES = 64 * 1024 * 1024

type RawHeaders = Record<string, string | string[] | undefined>

/** Headers as a `Headers` object, built only when a caller asks (most answers never need them). */
function answer(status: number, rawHeaders: RawHeaders, raw: Buffer, stream?: Readable): UpstreamResponse {
  let parsed: unknown
  let read = false
  let headers: Headers | undefined
  return {
    status,
    raw,
    stream,
    get headers() {
      if (!headers) {
        headers = new Headers()
        for (const [name, value] of Object.entries(rawHeaders)) {
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
        }
      }
      return headers
    },
    get body() {
      if (!read) {
        read = true
        try {
          parsed = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : null
        } catch {
          parsed = null
        }
      }
      return parsed
    },
  }
}

const EMPTY = Buffer.alloc(0)
/**
 * A body announced at or under this size is read whole even when a stream was asked for: sending
 * a small Buffer costs the BFF about half the CPU of piping a stream (measured in
 * docs/performance.md), and 64 KiB per request in flight is no memory concern. Larger or unannounced bodies
 * (the 5 MB candidate lists) stream.
 */
export const STREAM_ABOVE_BYTES = 64 * 1024

/** One HTTP exchange; rejects on network errors and when the signal aborts. */
async function exchange(
  pool: Pool,
  path: string,
  init: { method: UpstreamRequest['method']; headers: Record<string, string>; body: string | undefined; signal: AbortSignal; stream: boolean },
): Promise<UpstreamResponse> {
  const response = await pool.request({ path, method: init.method, headers: init.headers, body: init.body, signal: init.signal })
  if (init.stream && response.statusCode >= 200 && response.statusCode < 300 && !(Number(response.headers['content-length']) <= STREAM_ABOVE_BYTES))
    return answer(response.statusCode, response.headers, EMPTY, response.body)
  return answer(response.statusCode, response.headers, Buffer.from(await response.body.arrayBuffer()))
}

const RETRYABLE_STATUS = new Set([502, 503, 504])
const BACKOFF_BASE_MS = 100

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const base = new URL(options.baseUrl)
  const basePath = base.pathname.replace(/\/$/, '')
  // TLS verification stays on (undici's default); connections are kept alive and reused. The
  // body timeout only matters for streamed answers: buffered ones end within the deadline.
  const pool = new Pool(base.origin, {
    connections: options.maxSockets ?? 128,
    maxResponseSize: MAX_BODY_BYTES,
    bodyTimeout: options.timeoutMs,
    headersTimeout: options.timeoutMs,
  })
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const random = options.random ?? Math.random
  return {
    async request(request) {
      let path = basePath + request.path
      if (request.query) {
        const search = new URLSearchParams()
        for (const [key, value] of Object.entries(request.query)) if (value !== undefined) search.set(key, value)
        const text = search.toString()
        if (text) path += `?${text}`
      }
      // Headers are built from scratch: nothing the browser sent (cookies, forwarding headers,
      // its own Authorization) can reach the upstream.
      const headers: Record<string, string> = { accept: 'application/json' }
      if (request.token) headers.authorization = `Bearer ${request.token}`
      const body = request.body === undefined ? undefined : JSON.stringify(request.body)
      if (body !== undefined) headers['content-type'] = 'application/json'
      if (request.requestId) headers['x-request-id'] = request.requestId
      // The request's trace continues in the legacy's own logs and traces (W3C Trace Context).
      if (isTraceId(request.requestId)) headers.traceparent = traceparent(request.requestId)
      const safe = request.method === 'GET'
      const attempts = safe ? options.retries + 1 : 1
      // One timer for the whole call, cleared when it ends (a per-call AbortSignal.timeout would
      // keep its timer alive for the full timeout under load).
      const deadline = new AbortController()
      const timer = setTimeout(() => deadline.abort(new Error('deadline')), options.timeoutMs)
      let lastError: unknown
      try {
        for (let attempt = 0; attempt < attempts; attempt++) {
          if (attempt > 0) {
            const backoff = BACKOFF_BASE_MS * 2 ** (attempt - 1) * (0.5 + random() / 2)
            await sleep(backoff)
            if (deadline.signal.aborted) break
          }
          try {
            const response = await exchange(pool, path, { method: request.method, headers, body, signal: deadline.signal, stream: request.stream === true })
            if (safe && RETRYABLE_STATUS.has(response.status) && attempt < attempts - 1) {
              lastError = new Error(`status ${response.status}`)
              continue
            }
            return response
          } catch (error) {
            if (deadline.signal.aborted) throw new UpstreamError('timeout', error)
            lastError = error
          }
        }
        if (deadline.signal.aborted) throw new UpstreamError('timeout', lastError)
        throw new UpstreamError('unreachable', lastError)
      } finally {
        clearTimeout(timer)
      }
    },
  }
}
