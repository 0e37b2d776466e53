/**
 * The one outbound HTTP client for the legacy API (and the postal-code service). It uses Node's
 * built-in fetch (undici underneath: keep-alive pools per origin), so nock can intercept it in
 * unit tests. One overall deadline covers every attempt; only safe reads (GET) are retried, on
 * network failures and 502/503/504, with jittered exponential backoff; 429 is never retried here
 * but handed back with its Retry-After so the caller can pass it on.
 */
export interface UpstreamResponse {
  status: number
  headers: Headers
  /** Parsed JSON, or null for an empty or non-JSON body. */
  body: unknown
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
}

export interface HttpClient {
  request(request: UpstreamRequest): Promise<UpstreamResponse>
}

export interface HttpClientOptions {
  baseUrl: string
  timeoutMs: number
  retries: number
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  random?: () => number
}

const RETRYABLE_STATUS = new Set([502, 503, 504])
const BACKOFF_BASE_MS = 100

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? fetch
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const random = options.random ?? Math.random
  return {
    async request(request) {
      const url = new URL(options.baseUrl + request.path)
      for (const [key, value] of Object.entries(request.query ?? {})) if (value !== undefined) url.searchParams.set(key, value)
      // Headers are built from scratch: nothing the browser sent (cookies, forwarding headers,
      // its own Authorization) can reach the upstream.
      const headers: Record<string, string> = { accept: 'application/json' }
      if (request.token) headers.authorization = `Bearer ${request.token}`
      if (request.body !== undefined) headers['content-type'] = 'application/json'
      if (request.requestId) headers['x-request-id'] = request.requestId
      const safe = request.method === 'GET'
      const attempts = safe ? options.retries + 1 : 1
      const deadline = AbortSignal.timeout(options.timeoutMs)
      let lastError: unknown
      for (let attempt = 0; attempt < attempts; attempt++) {
        if (attempt > 0) {
          const backoff = BACKOFF_BASE_MS * 2 ** (attempt - 1) * (0.5 + random() / 2)
          await sleep(backoff)
          if (deadline.aborted) break
        }
        try {
          const response = await doFetch(url, {
            method: request.method,
            headers,
            body: request.body === undefined ? undefined : JSON.stringify(request.body),
            signal: deadline,
            redirect: 'manual',
          })
          const text = await response.text()
          let body: unknown = null
          if (text) {
            try {
              body = JSON.parse(text)
            } catch {
              body = null
            }
          }
          if (safe && RETRYABLE_STATUS.has(response.status) && attempt < attempts - 1) {
            lastError = new Error(`status ${response.status}`)
            continue
          }
          return { status: response.status, headers: response.headers, body }
        } catch (error) {
          if (deadline.aborted) throw new UpstreamError('timeout', error)
          lastError = error
        }
      }
      if (deadline.aborted) throw new UpstreamError('timeout', lastError)
      throw new UpstreamError('unreachable', lastError)
    },
  }
}
