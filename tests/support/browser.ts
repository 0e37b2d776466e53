import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

/** Debian's Chromium driven by playwright-core; the flags keep it off the (closed) network. */
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true })
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * axe-core's serious and critical violations on the current page. axe is evaluated through the
 * DevTools protocol, which the page's CSP does not govern, so pages keep their real CSP (and a CSP
 * violation shows in the console, where the journeys' console check sees it).
 */
export async function seriousViolations(page: Page): Promise<{ id: string; impact: string; help: string; nodes: string[] }[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }
    ).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }))
  })
}

/** Signs in through the login screen and waits for the role's landing page. */
export async function signIn(page: Page, cnpj: string, password: string, landing = '**/inicio'): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('CNPJ').pressSequentially(cnpj.replace(/\D/g, ''))
  await page.getByLabel('Senha').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL(landing)
}

/**
 * Signs a person of the agency's team in with their own account (e-mail and password, and the
 * authenticator's code when they turned it on); waits for Início.
 */
export async function signInByEmail(page: Page, email: string, password: string, code?: () => string): Promise<void> {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Equipe da agência (e-mail)' }).click()
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  if (code) {
    await page.getByLabel('Código do autenticador').fill(code())
    await page.getByRole('button', { name: 'Entrar' }).click()
  }
  await page.waitForURL('**/inicio')
}

/**
 * Everything a context's pages say in the console at level error or warning, and uncaught errors
 * (a clean console on every journey). A test that provokes an answer the browser logs
 * (a 409 it expects) names it in `expected`.
 */
export function watchConsole(context: BrowserContext, { expected = [], problems = [] }: { expected?: readonly RegExp[]; problems?: string[] } = {}): string[] {
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() !== 'error' && message.type() !== 'warning') return
      const line = `${message.type()} on ${page.url()}: ${message.text()}`
      if (!expected.some((pattern) => pattern.test(line))) problems.push(line)
    })
    page.on('pageerror', (error) => problems.push(`uncaught on ${page.url()}: ${error.message}`))
  }
  context.pages().forEach(watch)
  context.on('page', watch)
  return problems
}
