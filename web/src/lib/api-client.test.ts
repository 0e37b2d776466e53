import { afterEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError, haltRequests, setUnauthorizedHandler } from './api-client.ts'

function respond(status: number, body?: unknown) {
  return vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  )
}
afterEach(() => {
  vi.unstubAllGlobals()
  setUnauthorizedHandler(null)
})

describe('api fetch wrapper', () => {
  it('sends credentials, JSON and the CSRF header on unsafe methods only', async () => {
    const fetch = respond(200, { ok: true })
    vi.stubGlobal('fetch', fetch)
    await api('/bff/x', { method: 'POST', body: { a: 1 } })
    await api('/bff/y')
    const [, post] = fetch.mock.calls[0]!
    expect(post).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"a":1}' })
    expect(post!.headers).toMatchObject({ 'x-csrf': '1', 'content-type': 'application/json' })
    expect(fetch.mock.calls[1]![1]!.headers).not.toHaveProperty('x-csrf')
  })
  it('turns error answers into ApiError with the message and field errors', async () => {
    vi.stubGlobal('fetch', respond(422, { message: 'Dados inválidos.', errors: { email: ['Informe um e-mail válido.'] } }))
    const error = await api('/bff/x', { method: 'POST', body: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 422, message: 'Dados inválidos.', errors: { email: ['Informe um e-mail válido.'] } })
  })
  it('gives a Portuguese message when the answer has none or the network fails', async () => {
    vi.stubGlobal('fetch', respond(500))
    await expect(api('/bff/x')).rejects.toMatchObject({ message: 'Não foi possível completar a operação. Tente novamente.' })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    await expect(api('/bff/x')).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/Sem conexão/) })
  })
  it('logs out on 401, except for the spec’s exempt paths and session probes', async () => {
    const handler = vi.fn()
    setUnauthorizedHandler(handler)
    vi.stubGlobal('fetch', respond(401, { message: 'Sua sessão expirou.' }))
    await api('/bff/dashboard').catch(() => {})
    expect(handler).toHaveBeenCalledTimes(1)
    for (const path of ['/api/candidatos/1', '/api/processos_seletivos', '/api/vagas-publicas']) await api(path).catch(() => {})
    await api('/bff/auth/me', { on401: 'return' }).catch(() => {})
    expect(handler).toHaveBeenCalledTimes(1)
    // The BFF's candidate and vacancy writes stand for the legacy paths: exempt too; their reads are not.
    await api('/bff/candidates/1/status', { method: 'PUT', body: { status: 'triado' } }).catch(() => {})
    await api('/bff/vacancies', { method: 'POST', body: {} }).catch(() => {})
    expect(handler).toHaveBeenCalledTimes(1)
    await api('/bff/candidates/1').catch(() => {})
    expect(handler).toHaveBeenCalledTimes(2)
  })
  it('reads 204 as no content', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    )
    expect(await api('/bff/auth/logout', { method: 'POST' })).toBeUndefined()
  })
  it('a logout aborts what is in flight and holds new requests, but sends itself', async () => {
    let pending: AbortSignal | undefined
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((resolve, reject) => {
            if (String(_url).endsWith('/logout')) return resolve(new Response(null, { status: 204 }))
            pending = init!.signal!
            pending.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
          }),
      ),
    )
    const unauthorized = vi.fn()
    setUnauthorizedHandler(unauthorized)
    const reading = api('/bff/dashboard').catch((e: unknown) => e)
    const release = haltRequests()
    expect(pending?.aborted).toBe(true)
    expect(((await reading) as Error).name).toBe('AbortError')
    expect(((await api('/bff/candidates').catch((e: unknown) => e)) as Error).name).toBe('AbortError')
    await expect(api('/bff/auth/logout', { method: 'POST', evenWhenHalted: true })).resolves.toBeUndefined()
    release()
    expect(unauthorized).not.toHaveBeenCalled()
  })
})
