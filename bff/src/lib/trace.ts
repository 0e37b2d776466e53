import { randomUUID } from 'node:crypto'

/**
 * W3C Trace Context: each request's id is its trace id — taken from a valid incoming
 * `traceparent` (a proxy or the browser's tracing started the trace), else new — so every log
 * line of the request carries it (`reqId`), the answer says it (`x-request-id`) and every legacy
 * call continues it with a `traceparent` of its own span.
 */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/
const INVALID_TRACE = '0'.repeat(32)

// Random hex from randomUUID: Node serves it from a pre-filled entropy cache, where
// randomBytes asked the system for every request (a visible share of the pass-through's CPU).
// A v4 UUID keeps 122 random bits: plenty for a trace id, and 60 in a span id's 16 characters.
const randomHex = () => randomUUID().replaceAll('-', '')

/** The trace id of a valid `traceparent` header, or a new one. */
export function traceIdOf(header: string | string[] | undefined): string {
  const match = typeof header === 'string' ? TRACEPARENT.exec(header.trim()) : null
  return match && match[1] !== INVALID_TRACE && match[2] !== '0'.repeat(16) ? match[1]! : randomHex()
}

export const isTraceId = (id: string | undefined): id is string => !!id && /^[0-9a-f]{32}$/.test(id) && id !== INVALID_TRACE

/** A `traceparent` for one outgoing call of the trace: a new span id, sampled. */
export const traceparent = (traceId: string) => `00-${traceId}-${randomHex().slice(0, 16)}-01`
