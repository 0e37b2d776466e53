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

/**
 * Turns a non-2xx legacy answer into the error the browser sees. Only the 422 field messages and
 * (for login) the message field pass on; nothing else of an upstream body ever does.
 */
export function upstreamFailure(response: UpstreamResponse, options: { notFound?: string } = {}): HttpError {
  const { status } = response
  if (status === 401) return new HttpError(401, MESSAGES.noSession, { clearSession: true })
  if (status === 403) return new HttpError(403, MESSAGES.forbidden)
  if (status === 404) return new HttpError(404, options.notFound ?? MESSAGES.notFound)
  if (status === 422) {
    const errors = readFieldErrors(response.body)
    const first = Object.values(errors)[0]?.[0]
    return new HttpError(422, first ? MESSAGES.badInput : (readMessage(response.body) ?? MESSAGES.badInput), { errors })
  }
  if (status === 429) return new HttpError(429, MESSAGES.tooMany, { headers: { 'retry-after': retryAfter(response.headers) } })
  if (status >= 400 && status < 500) return new HttpError(400, MESSAGES.badInput)
  return new HttpError(502, MESSAGES.upstreamDown)
}

export const isSuccess = (response: UpstreamResponse) => response.status >= 200 && response.status < 300
