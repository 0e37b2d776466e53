import type { UpstreamResponse } from './client.ts'
import { readFieldErrors, readMessage } from './readers.ts'
import { HttpError, MESSAGES } from '../lib/http-error.ts'

const DELTA_SECONDS = /^\d{1,6}$/

/** Retry-After as the upstream sent it (seconds or HTTP-date), or a safe default. */
export function retryAfter(headers: Headers): string {
  const value = headers.get('retry-after')?.trim()
  if (value && (DELTA_SECONDS.test(value) || !Number.isNaN(Date.parse(value)))) return value
  return '5'
}

/** What a refusal means to the caller, whatever status the legacy used to say it. */
export type RefusalKind = 'session' | 'forbidden' | 'missing' | 'invalid' | 'busy' | 'down'

/**
 * The legacy answered and refused: the error the browser sees (status, Portuguese message, field
 * errors, Retry-After), plus what a caller needs to decide without reading the legacy's status
 * code — its `kind`, and for a job's report a `reason` in words a recruiter can act on.
 */
export class LegacyRefusal extends HttpError {
  readonly kind: RefusalKind
  readonly reason: string
  constructor(statusCode: number, message: string, kind: RefusalKind, reason: string, extra: ConstructorParameters<typeof HttpError>[2] = {}) {
    super(statusCode, message, extra)
    this.kind = kind
    this.reason = reason
  }
}

export interface FailureWords {
  /** The browser's message for a 404 (e.g. 'Vaga não encontrada.'). */
  notFound?: string
  /** A job's reason for a 404 (e.g. 'candidato não encontrado no sistema'). */
  missing?: string
}

/**
 * Turns a non-2xx legacy answer into the error the browser sees. Only the 422 field messages and
 * (for login) the message field pass on; nothing else of an upstream body ever does.
 */
export function upstreamFailure(response: UpstreamResponse, words: FailureWords = {}): LegacyRefusal {
  const { status } = response
  const reason = `o sistema respondeu com erro (HTTP ${status})`
  if (status === 401) return new LegacyRefusal(401, MESSAGES.noSession, 'session', reason, { clearSession: true })
  if (status === 403) return new LegacyRefusal(403, MESSAGES.forbidden, 'forbidden', reason)
  if (status === 404) return new LegacyRefusal(404, words.notFound ?? MESSAGES.notFound, 'missing', words.missing ?? reason)
  if (status === 422) {
    const errors = readFieldErrors(response.body)
    const first = Object.values(errors)[0]?.[0]
    return new LegacyRefusal(422, first ? MESSAGES.badInput : (readMessage(response.body) ?? MESSAGES.badInput), 'invalid', first ?? 'dados inválidos', { errors })
  }
  if (status === 429) return new LegacyRefusal(429, MESSAGES.tooMany, 'busy', reason, { headers: { 'retry-after': retryAfter(response.headers) } })
  if (status >= 400 && status < 500) return new LegacyRefusal(400, MESSAGES.badInput, 'invalid', reason)
  return new LegacyRefusal(502, MESSAGES.upstreamDown, 'down', reason)
}

export const isSuccess = (response: UpstreamResponse) => response.status >= 200 && response.status < 300

/** The legacy refused the call because the token is no longer good (a job stops; a person logs in again). */
export const sessionEnded = (error: unknown) => error instanceof LegacyRefusal && error.kind === 'session'
