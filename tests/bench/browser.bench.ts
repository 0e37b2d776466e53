import type { Page, Response } from 'playwright-core'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { launchChromium, signIn } from '../support/browser.ts'
import { startProduct } from '../support/product.ts'
import { PRODUCTION_BFF_ENV, row, type Benchmark, type BenchRow } from './harness.ts'

/** Bytes the page received while `action` ran, and the ms until the first table row showed. */
async function measure(page: Page, action: () => Promise<unknown>): Promise<{ ms: number; bytes: number }> {
  let bytes = 0
  const count = async (response: Response) => {
    try {
      const sizes = await response.request().sizes()
      bytes += sizes.responseBodySize + sizes.responseHeadersSize
    } catch {
      // A response the page dropped (navigation): nothing to count.
    }
  }
  const pending: Promise<void>[] = []
  const listener = (response: Response) => void pending.push(count(response))
  page.on('response', listener)
  const started = performance.now()
  await action()
  await page.locator('table.data tbody tr').first().waitFor({ timeout: 30_000 })
  const ms = performance.now() - started
  await page.waitForLoadState('networkidle')
  page.off('response', listener)
  await Promise.all(pending)
  return { ms, bytes }
}

/**
 * Issue 4's scale check in Chromium: time to the first rendered row and bytes transferred for
 * ListaCandidatos on the largest vacancy (5,000 of 100,000 candidates) and ListaTodosCandidatos
 * searching the 100,000 (a common first name, thousands of matches), each a fresh page load.
 */
export const staffListsBenchmark: Benchmark = {
  name: 'staff-lists',
  description: 'Chromium: first rendered row and bytes for ListaCandidatos (5,000-candidate vacancy) and ListaTodosCandidatos (100,000)',
  async run({ quick, log }) {
    const size = quick ? 5_000 : 100_000
    const product = await startProduct(size, { bffEnv: PRODUCTION_BFF_ENV })
    const browser = await launchChromium()
    try {
      const context = await browser.newContext({ baseURL: product.url })
      const page = await context.newPage()
      await signIn(page, '11222333000181', 'demo-admin-2026')
      const cookie = (await context.cookies())[0]!
      const vacancy = (await (
        await fetch(`${product.url.replace('localhost', '127.0.0.1')}/bff/vacancies/1`, { headers: { cookie: `${cookie.name}=${cookie.value}` } })
      ).json()) as { vacancy: { id: number; description: string; company_name: string; city: string; candidates_count: number } }
      const slugUrl = `/vagas/${vacancySlug(vacancy.vacancy)}/lista-candidatos`
      log(`vacancy 1 has ${vacancy.vacancy.candidates_count} candidates`)
      const runs = quick ? 2 : 5
      const one: { ms: number; bytes: number }[] = []
      const all: { ms: number; bytes: number }[] = []
      for (let i = 0; i < runs; i++) {
        one.push(await measure(page, () => page.goto(slugUrl)))
        await page.goto('/todos-candidatos')
        await page.getByLabel('Buscar').waitFor()
        all.push(await measure(page, () => page.getByLabel('Buscar').fill('maria')))
        log(
          `run ${i + 1}: vacancy list ${one.at(-1)!.ms.toFixed(0)} ms ${(one.at(-1)!.bytes / 1024).toFixed(0)} KB · all-candidates search ${all.at(-1)!.ms.toFixed(0)} ms ${(all.at(-1)!.bytes / 1024).toFixed(0)} KB`,
        )
      }
      const rows: BenchRow[] = [
        row(
          'staff-lists',
          `ListaCandidatos (${vacancy.vacancy.candidates_count} candidates): first row`,
          one.map((r) => r.ms),
          'ms',
        ),
        row(
          'staff-lists',
          'ListaCandidatos: bytes transferred',
          one.map((r) => r.bytes / 1024),
          'KB',
        ),
        row(
          'staff-lists',
          `ListaTodosCandidatos search (${size.toLocaleString('en')}): first row`,
          all.map((r) => r.ms),
          'ms',
        ),
        row(
          'staff-lists',
          'ListaTodosCandidatos search: bytes transferred',
          all.map((r) => r.bytes / 1024),
          'KB',
        ),
      ]
      return rows
    } finally {
      await browser.close()
      await product.stop()
    }
  },
}
