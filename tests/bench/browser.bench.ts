import type { Page, Response } from 'playwright-core'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { launchChromium, signIn } from '../support/browser.ts'
import { startProduct } from '../support/product.ts'
import { WITHOUT_INDEX_ENV, row, type Benchmark, type BenchRow } from './harness.ts'

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
 * Page clicks on ListaCandidatos straight against the BFF (so the time is the BFF's, not the
 * browser's), on a large vacancy no one has opened yet: the first click reads the legacy, the next
 * ones should not. Legacy traffic comes from the stand-in's own request log; bytes are the size of
 * the answers it logged, read back once. Not shown: a click after another instance's write (one
 * read, like the first).
 */
async function pageClicks(bffUrl: string, legacyUrl: string, cookie: string, vacancyId: number, quick: boolean, log: (line: string) => void): Promise<BenchRow[]> {
  const legacyLog = async () => ((await (await fetch(`${legacyUrl}/__control/requests`)).json()) as { requests: { method: string; url: string }[] }).requests
  const click = async (query: string) => {
    const started = performance.now()
    const answer = await fetch(`${bffUrl}/bff/vacancies/${vacancyId}/candidates${query}`, { headers: { cookie } })
    await answer.arrayBuffer()
    if (!answer.ok) throw new Error(`click ${query}: ${answer.status}`)
    return performance.now() - started
  }
  await fetch(`${legacyUrl}/__control/requests`, { method: 'DELETE' })
  const first = await click('?page=1&order=name_asc')
  const firstCalls = await legacyLog()
  const firstBytes = await sizeOf(legacyUrl, firstCalls)
  await fetch(`${legacyUrl}/__control/requests`, { method: 'DELETE' })
  const clicks: number[] = []
  const queries = ['?page=2', '?page=3', '?page=4&order=name_asc', '?status=contratado', '?q=maria', '?page=5', '?page=6', '?page=7', '?page=8', '?page=9']
  for (let round = 0; round < (quick ? 1 : 3); round++) for (const q of queries) clicks.push(await click(q))
  const later = await legacyLog()
  log(`first click ${first.toFixed(1)} ms, ${firstCalls.length} legacy calls (${(firstBytes / 1024).toFixed(0)} KB); then ${clicks.length} clicks, ${later.length} legacy calls`)
  return [
    row('staff-lists', 'ListaCandidatos first click (reads the legacy): BFF time', [first], 'ms'),
    row('staff-lists', 'ListaCandidatos first click: legacy bytes read', [firstBytes / 1024], 'KB'),
    row('staff-lists', 'ListaCandidatos page click, sort, filter, search: BFF time', clicks, 'ms', { max: 10 }),
    row('staff-lists', 'ListaCandidatos page click: legacy calls', [later.length / clicks.length], 'calls', { max: 0 }),
  ]
}

/** What the logged legacy calls answered, in bytes: each read once more, with the admin's token from a fresh login. */
async function sizeOf(legacyUrl: string, calls: { method: string; url: string }[]): Promise<number> {
  const login = await fetch(`${legacyUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cnpj: '11222333000181', password: 'demo-admin-2026' }),
  })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  let bytes = 0
  for (const call of calls.filter((c) => c.method === 'GET'))
    bytes += (await (await fetch(`${legacyUrl}${call.url}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer()).byteLength
  return bytes
}

/**
 * The scale check in Chromium: time to the first rendered row and bytes transferred for
 * ListaCandidatos on the largest vacancy (5,000 of 100,000 candidates) and ListaTodosCandidatos
 * searching the 100,000 (a common first name, thousands of matches), each a fresh page load.
 */
export const staffListsBenchmark: Benchmark = {
  name: 'staff-lists',
  description: 'Chromium: first rendered row and bytes for ListaCandidatos (5,000-candidate vacancy) and ListaTodosCandidatos (100,000)',
  async run({ quick, log }) {
    const size = quick ? 5_000 : 100_000
    // The lists as they read the legacy; from the candidate index they are measured by `candidate-index`.
    const product = await startProduct(size, { bffEnv: WITHOUT_INDEX_ENV })
    const browser = await launchChromium()
    try {
      const context = await browser.newContext({ baseURL: product.url })
      const page = await context.newPage()
      await signIn(page, '11222333000181', 'demo-admin-2026')
      const cookie = (await context.cookies())[0]!
      const bff = product.url.replace('localhost', '127.0.0.1')
      const auth = { headers: { cookie: `${cookie.name}=${cookie.value}` } }
      // Cold is cold: each run opens a vacancy not opened before (the largest ones, in turn; the
      // BFF keeps a read list a minute), then the same again at once (warm); a name not searched
      // before, then the same name again.
      const runs = quick ? 2 : 5
      const { vacancies } = (await (await fetch(`${bff}/bff/vacancies`, auth)).json()) as {
        vacancies: { id: number; description: string; company_name: string; city: string; candidates_count?: number }[]
      }
      const bySize = [...vacancies].sort((a, b) => (b.candidates_count ?? 0) - (a.candidates_count ?? 0))
      const largest = bySize.slice(0, runs)
      log(`vacancies opened: ${largest.map((v) => `${v.id} (${v.candidates_count} candidates)`).join(', ')}`)
      const names = ['maria', 'jose', 'joao', 'francisca', 'antonio']
      const sample = { oneCold: [], oneWarm: [], allCold: [], allWarm: [] } as Record<'oneCold' | 'oneWarm' | 'allCold' | 'allWarm', { ms: number; bytes: number }[]>
      const search = async (name: string) => {
        await page.goto('/todos-candidatos')
        await page.getByLabel('Buscar').waitFor()
        return measure(page, () => page.getByLabel('Buscar').fill(name))
      }
      for (let i = 0; i < runs; i++) {
        const slugUrl = `/vagas/${vacancySlug(largest[i]!)}/lista-candidatos`
        sample.oneCold.push(await measure(page, () => page.goto(slugUrl)))
        sample.oneWarm.push(await measure(page, () => page.goto(slugUrl)))
        sample.allCold.push(await search(names[i]!))
        sample.allWarm.push(await search(names[i]!))
        const f = (r: { ms: number; bytes: number }[]) => `${r.at(-1)!.ms.toFixed(0)} ms ${(r.at(-1)!.bytes / 1024).toFixed(0)} KB`
        log(`run ${i + 1}: vacancy list cold ${f(sample.oneCold)}, warm ${f(sample.oneWarm)} · search "${names[i]}" cold ${f(sample.allCold)}, warm ${f(sample.allWarm)}`)
      }
      const sizes = largest.map((v) => v.candidates_count ?? 0)
      const list = `ListaCandidatos (${Math.min(...sizes)}–${Math.max(...sizes)} candidates)`
      const searchLabel = `ListaTodosCandidatos search (${size.toLocaleString('en')})`
      const rows: BenchRow[] = [
        row(
          'staff-lists',
          `${list}: first row, cold (a vacancy not opened before)`,
          sample.oneCold.map((r) => r.ms),
          'ms',
        ),
        row(
          'staff-lists',
          `${list}: first row, warm (cached)`,
          sample.oneWarm.map((r) => r.ms),
          'ms',
        ),
        row(
          'staff-lists',
          `${list}: bytes transferred, cold`,
          sample.oneCold.map((r) => r.bytes / 1024),
          'KB',
        ),
        row(
          'staff-lists',
          `${searchLabel}: first row, a name not searched before`,
          sample.allCold.map((r) => r.ms),
          'ms',
        ),
        row(
          'staff-lists',
          `${searchLabel}: first row, the same name again`,
          sample.allWarm.map((r) => r.ms),
          'ms',
        ),
        row(
          'staff-lists',
          `${searchLabel}: bytes transferred, first search`,
          sample.allCold.map((r) => r.bytes / 1024),
          'KB',
        ),
      ]
      rows.push(...(await pageClicks(bff, product.legacyUrl, `${cookie.name}=${cookie.value}`, bySize[runs]!.id, quick, log)))
      return rows
    } finally {
      await browser.close()
      await product.stop()
    }
  },
}
