/**
 * The one fetch wrapper (docs/architecture.md): same-origin credentials, the CSRF header on unsafe
 * methods, JSON in and out, `{message}` errors as ApiError, and the product's 401 rule (docs/product.md, Statuses): a 401
 * logs the user out and goes to /login, except for paths containing /candidatos,
 * /processos_seletivos or /vagas-publicas.
 */
export class ApiError extends Error {
  readonly status: number
  readonly errors: Record<string, string[]>
  constructor(status: number, message: string, errors: Record<string, string[]> = {}) {
    super(message)
    this.status = status
    this.errors = errors
  }
  /** The first message of each field, as the forms show them. */
  fieldMessages(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.errors).map(([k, v]) => [k, v[0] ?? '']))
  }
}

export const GENERIC_ERROR = 'Não foi possível completar a operação. Tente novamente.'
const EXEMPT_FROM_401 = ['/candidatos', '/processos_seletivos', '/vagas-publicas']
/** The BFF's writes that stand for the legacy's candidate and vacancy writes keep the product's exemption. */
const EXEMPT_WRITES = ['/bff/candidates', '/bff/vacancies', '/bff/company/vacancies']
const exemptFrom401 = (path: string, method: string) => EXEMPT_FROM_401.some((p) => path.includes(p)) || (method !== 'GET' && EXEMPT_WRITES.some((p) => path.startsWith(p)))

let onUnauthorized: (() => void) | null = null
/** The auth provider registers what a 401 does (clear the user, go to /login). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler
}

/**
 * Requests in flight, so a logout can stop them: a read still under way when the session ends
 * would come back 401 (and the browser logs each one), for a page the user is leaving anyway.
 */
const inFlight = new Set<AbortController>()
let halted = false

/** Aborts every request in flight and holds new ones (they fail as aborted) until the returned release is called. */
export function haltRequests(): () => void {
  halted = true
  for (const controller of inFlight) controller.abort()
  inFlight.clear()
  return () => {
    halted = false
  }
}

const aborted = () => new DOMException('A sessão está sendo encerrada.', 'AbortError')

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  signal?: AbortSignal
  /** 'return': a 401 is just an error (session probes such as /bff/auth/me). */
  on401?: 'logout' | 'return'
  /** Sent even while requests are halted (the logout itself). */
  evenWhenHalted?: boolean
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const method = options.method ?? 'GET'
  const headers: Record<string, string> = { accept: 'application/json' }
  if (method !== 'GET') headers['x-csrf'] = '1'
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  if (halted && !options.evenWhenHalted) throw aborted()
  const controller = new AbortController()
  inFlight.add(controller)
  let response: Response
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal,
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, 'Sem conexão com o servidor. Verifique sua internet e tente novamente.')
  } finally {
    inFlight.delete(controller)
  }
  if (response.status === 204) return undefined as T
  let body: unknown
  try {
    body = await response.json()
  } catch {
    body = null
  }
  if (!response.ok) {
    const data = (body ?? {}) as { message?: unknown; errors?: unknown }
    const message = typeof data.message === 'string' ? data.message : GENERIC_ERROR
    const errors = data.errors && typeof data.errors === 'object' ? (data.errors as Record<string, string[]>) : {}
    if (response.status === 401 && options.on401 !== 'return' && !exemptFrom401(path, method)) onUnauthorized?.()
    throw new ApiError(response.status, message, errors)
  }
  return body as T
}
