import { createRequire } from 'node:module'
import { chromium, type Browser, type Page } from 'playwright-core'

/** Debian's Chromium driven by playwright-core; the flags keep it off the (closed) network. */
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true })
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** axe-core's serious and critical violations on the current page (context must bypass CSP). */
export async function seriousViolations(page: Page): Promise<{ id: string; impact: string; help: string; nodes: string[] }[]> {
  await page.addScriptTag({ path: axePath })
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
export async function signIn(page: Page, cnpj: string, password: string, landing = '**/painel_de_controle_mini_vagas'): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('CNPJ').pressSequentially(cnpj.replace(/\D/g, ''))
  await page.getByLabel('Senha').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL(landing)
}
