import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { SWRConfig } from 'swr'
import { vi } from 'vitest'
import { routes } from '../app/router.tsx'
import { ToastProvider } from '../components/toast.tsx'

/**
 * Renders the real route table at a path over a fake BFF: `handlers` answer by "METHOD path".
 * Unknown calls fail the test loudly.
 */
export type Handler = (init: RequestInit | undefined) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>

export function mockBff(handlers: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = []
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    const path = String(input)
    calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    // A handler keyed without the query answers every query of its path.
    const handler = handlers[`${method} ${path}`] ?? handlers[`${method} ${path.split('?')[0]}`]
    if (!handler) throw new Error(`Unexpected call: ${method} ${path}`)
    const { status, body } = await handler(init)
    return new Response(status === 204 ? null : JSON.stringify(body ?? {}), { status, headers: { 'content-type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetch)
  return { fetch, calls }
}

export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </SWRConfig>,
  )
  return { router, ...view }
}

export const ADMIN = { name: 'Administração Mini Vagas', email: 'admin@minivagas.com.br', role: 'admin', cnpj: '11222333000181' }
export const COMPANY = { name: 'Supermercado Bom Preço', email: 'rh@bompreco.com.br', role: 'company', cnpj: '45723618000118' }
export const guest = () => ({ status: 200, body: { user: null } })
