import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { startProduct } from '../support/product.ts'
import { PRODUCTION_BFF_ENV, row, WITHOUT_INDEX_ENV, type Benchmark, type BenchRow } from './harness.ts'

/** What each Lighthouse run reports of a page: its score and the metrics the score is made of. */
const AUDITS = [
  ['largest-contentful-paint', 'largest contentful paint', 'ms'],
  ['first-contentful-paint', 'first contentful paint', 'ms'],
  ['total-blocking-time', 'total blocking time', 'ms'],
  ['cumulative-layout-shift', 'cumulative layout shift', ''],
  ['speed-index', 'speed index', 'ms'],
] as const

/**
 * Lighthouse (the npm package, version 13) in Debian's Chromium, headless, on the public pages an
 * applicant meets — the vacancy list (`/`), a vacancy's page and the apply form — served by the
 * shipped BFF with the built SPA, production settings, on the 100,000-candidate seed. Lighthouse's
 * default mobile profile: a mid-range phone's screen, 4× slower CPU and a slow 4G network, simulated.
 * Three runs per page (the median is reported). Not shown: the network and CPU are simulated from
 * a loopback run on a shared 2-core machine, so the figures are Lighthouse's estimate for that
 * phone, not a field measurement; run it on an idle machine.
 */
export const lighthouseBenchmark: Benchmark = {
  name: 'lighthouse',
  description: 'Lighthouse (mobile profile) on /, a vacancy page and the apply form with the 100,000-candidate seed: performance score ≥ 90, CLS < 0.1',
  async run({ quick, log }) {
    const product = await startProduct(quick ? 2_000 : 100_000, { bffEnv: { ...PRODUCTION_BFF_ENV, ...WITHOUT_INDEX_ENV } })
    const chrome = await chromeLauncher.launch({
      chromePath: '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
    const rows: BenchRow[] = []
    try {
      const vacancies = (await (await fetch(`${product.url}/bff/public/vacancies`)).json()) as {
        vacancies: { id: number; description: string; company_name: string; city: string }[]
      }
      const vacancy = vacancies.vacancies[0]!
      const pages: [string, string][] = [
        ['/ (the vacancy list)', '/'],
        ['a vacancy’s page', `/vagas/${vacancySlug(vacancy)}`],
        ['the apply form', `/candidato/${vacancy.id}`],
      ]
      log(`${vacancies.vacancies.length} open vacancies on the list`)
      // One audit of a page. Lighthouse sometimes fails to record the trace of a load on a busy
      // machine (NO_NAVSTART / NO_FCP: "Please run Lighthouse again", its own advice): that load is
      // audited again, at most twice, and said in the log; any other runtime error stops the run.
      const RETRIED = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED'])
      const audited = async (path: string) => {
        for (let attempt = 1; ; attempt++) {
          const result = await lighthouse(`${product.url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
          if (!result) throw new Error(`Lighthouse gave no result for ${path}`)
          const { lhr } = result
          if (!lhr.runtimeError) return lhr
          if (!RETRIED.has(lhr.runtimeError.code) || attempt === 3) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`)
          log(`${path}: Lighthouse could not record this load (${lhr.runtimeError.code}); audited again`)
        }
      }
      for (const [name, path] of pages) {
        const scores: number[] = []
        const metrics = new Map<string, number[]>()
        for (let run = 0; run < (quick ? 1 : 3); run++) {
          const lhr = await audited(path)
          scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100))
          for (const [id] of AUDITS) metrics.set(id, [...(metrics.get(id) ?? []), lhr.audits[id]?.numericValue ?? Number.NaN])
        }
        log(
          `${name}: performance ${scores.join(', ')}; LCP ${metrics
            .get('largest-contentful-paint')!
            .map((v) => v.toFixed(0))
            .join(', ')} ms`,
        )
        rows.push(row('lighthouse', `${name}: performance score (mobile)`, scores, 'points', { min: 90 }))
        for (const [id, label, unit] of AUDITS)
          rows.push(row('lighthouse', `${name}: ${label}`, metrics.get(id)!, unit || 'score', id === 'cumulative-layout-shift' ? { max: 0.1 } : undefined))
      }
      return rows
    } finally {
      chrome.kill()
      await product.stop()
    }
  },
}
