import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { onTestFailed } from 'vitest'
import { launchChromium, signIn, watchConsole } from './browser.ts'
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
  /** A fresh guest context's page. */
  guestPage(options?: BrowserContextOptions): Promise<Page>
  /** What every page of this journey logged at error or warning level (must stay empty). */
  consoleProblems: string[]
  /** Console lines a test provokes on purpose (e.g. the 409 of a refused duplicate), not counted. */
  expectConsole(pattern: RegExp): void
  close(): Promise<void>
}

/** `bffEnv` adds to the BFF's environment (a moved clock, say: tests/support/fake-clock.ts). */
export async function startJourney(candidates = 600, options: { bffEnv?: Record<string, string> } = {}): Promise<Journey> {
  if (!existsSync(join(ROOT, 'web/dist/index.html'))) throw new Error('Build the SPA first: npm run build')
  const product = await startProduct(candidates, options)
  const browser = await launchChromium()
  const login = await fetch(`${product.legacyUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  const expected: RegExp[] = []
  const consoleProblems: string[] = []
  const newContext = async (options: BrowserContextOptions) => {
    const context = await browser.newContext({ baseURL: product.url, locale: 'pt-BR', ...options })
    // Actions wait for what they act on up to a minute: on a busy machine a dialog's list can take
    // longer than Playwright's default 30 s to arrive, and a wait for a condition costs nothing when it is met.
    context.setDefaultTimeout(60_000)
    // One list for the whole journey, read by each file's last test.
    watchConsole(context, { expected, problems: consoleProblems })
    recordOnFailure(context)
    return context
  }
  const journey: Journey = {
    product,
    browser,
    consoleProblems,
    expectConsole: (pattern) => void expected.push(pattern),
    async legacy<T>(path: string) {
      const response = await fetch(`${product.legacyUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } })
      return ((await response.json()) as { data: T }).data
    },
    async guestPage(options = {}) {
      return (await newContext(options)).newPage()
    },
    async pageAs(cnpj, password, landing, options = {}) {
      const page = await (await newContext(options)).newPage()
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

const FAILURES = join(ROOT, 'test-results/e2e-failures')

/**
 * When the test that opened `context` fails, what each of its pages showed: a screenshot under
 * test-results/e2e-failures and, in the log itself (the one thing a failed CI run keeps), the URL
 * and the page's accessibility tree, which is what the test's locators search.
 */
function recordOnFailure(context: BrowserContext) {
  try {
    onTestFailed(async ({ task }) => {
      mkdirSync(FAILURES, { recursive: true })
      const stem = task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80)
      for (const [index, page] of context.pages().entries()) {
        if (page.isClosed()) continue
        const file = join(FAILURES, `${stem}-${index}.png`)
        const tree = await page.ariaSnapshot({ timeout: 5_000 }).catch((e: Error) => `(no accessibility tree: ${e.message})`)
        await page.screenshot({ path: file, fullPage: true, timeout: 5_000 }).catch(() => undefined)
        writeFileSync(file.replace(/\.png$/, '.yml'), tree)
        console.error(`\n[e2e failure] ${task.name}: page ${index} at ${page.url()}\nscreenshot: ${file}\n${tree}\n`)
      }
    })
  } catch {
    // Outside a test (a file's beforeAll) there is no test to fail; nothing to record.
  }
}
