import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { launchChromium, signIn } from './browser.ts'
import { ROOT } from './processes.ts'
import { startProduct, type Product } from './product.ts'

const ADMIN = { cnpj: '11222333000181', password: 'demo-admin-2026' }

/**
 * What an end-to-end journey needs: the whole product as processes, Chromium, a way to read the
 * legacy as its own staff would (to check what the browser did), and signed-in pages.
 */
export interface Journey {
  product: Product
  browser: Browser
  /** A GET straight to the stand-in with an admin token; answers `data`. */
  legacy<T>(path: string): Promise<T>
  /** A fresh browser context signed in through the login screen, waiting for `landing`. */
  pageAs(cnpj: string, password: string, landing?: string, options?: BrowserContextOptions): Promise<Page>
  adminPage(options?: BrowserContextOptions): Promise<Page>
  close(): Promise<void>
}

export async function startJourney(candidates = 600): Promise<Journey> {
  if (!existsSync(join(ROOT, 'web/dist/index.html'))) throw new Error('Build the SPA first: npm run build')
  const product = await startProduct(candidates)
  const browser = await launchChromium()
  const login = await fetch(`${product.legacyUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  const journey: Journey = {
    product,
    browser,
    async legacy<T>(path: string) {
      const response = await fetch(`${product.legacyUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } })
      return ((await response.json()) as { data: T }).data
    },
    async pageAs(cnpj, password, landing, options = {}) {
      const context = await browser.newContext({ baseURL: product.url, locale: 'pt-BR', ...options })
      const page = await context.newPage()
      await signIn(page, cnpj, password, landing)
      return page
    },
    adminPage: (options) => journey.pageAs(ADMIN.cnpj, ADMIN.password, undefined, options),
    async close() {
      await browser.close()
      await product.stop()
    },
  }
  return journey
}
