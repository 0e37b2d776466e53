import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { todayDate } from '@mini-vagas/shared/domain/dates'
import { applyEnded, applyWhenFree, expectAppliedOnce, login, screened, faultBed, startLegacy, view, type Legacy, type RunView } from './harness.ts'

// People first, for real: the stand-in limits each token to 60 calls a minute, as a small legacy
// would, and an apply of hundreds of results runs on the recruiter's token while the recruiter
// works through ordinary screens, one click every 5 s. Every click must be answered (no 429), and
// the apply must still finish with every write landed exactly once.
let legacy: Legacy
let vacancyId: number
const bed = faultBed({ legacy: () => legacy })
const { dir, bff } = bed
const LIMIT = 60
/** How long the recruiter clicks: a dozen rounds of the mix. The apply then finishes alone, at the speed nobody clicking allows. */
const CLICKING_MS = 6 * 60_000

beforeAll(async () => {
  // Enough candidates that the screened vacancy (a quarter of the seed applies to it) has well
  // over 300 results to write.
  legacy = await startLegacy({ LEGACY_LATENCY_MS: '10' }, 2600)
  vacancyId = await bed.publicVacancyId()
}, 180_000)
afterEach(async () => {
  await bed.killAll()
  await fetch(`${legacy.url}/__control/settings`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rateLimitPerMinute: 0 }) })
})
afterAll(async () => {
  await legacy?.stop()
  bed.removeScratch()
})

const targets = (run: RunView) => run.results.filter((r) => r.outcome === 'triado' || r.outcome === 'revisao')

describe('one rate budget, people first', () => {
  it(
    'a recruiter clicking every 5 s through a realistic mix for six minutes of an apply of 300+ results, at 60 calls a minute, gets no 429, and the apply lands exactly once',
    async () => {
      const instance = await bff(join(dir(), 'bff.sqlite'))
      const cookie = await login(instance)
      // Company mode over everything: one status write per result (a global run would add forwards).
      const run = await screened(instance, cookie, { mode: 'empresa', vacancyId, start_date: '2020-01-01', end_date: todayDate() })
      expect(targets(run).length).toBeGreaterThanOrEqual(300)
      const someone = targets(run)[0]!.candidateId
      const month = todayDate().slice(0, 7)
      // The screens a recruiter works through, in a day's order; the dashboard's figures and the
      // lists are cached by the BFF, so later rounds cost less than the first.
      const mix = [
        `/bff/dashboard?month=${month}`,
        '/bff/vacancies',
        `/bff/vacancies/${vacancyId}/candidates?page=1&order=last_action_desc`,
        `/bff/vacancies/${vacancyId}/candidates?page=2&order=last_action_desc`,
        `/bff/candidates/${someone}`,
        '/bff/candidates?page=1&order=last_action_desc&status=triado',
      ]
      await fetch(`${legacy.url}/__control/settings`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rateLimitPerMinute: LIMIT }) })
      const started = Date.now()
      await applyWhenFree(instance, cookie, run.run.id)
      const clicks: { path: string; status: number }[] = []
      let during = 0
      for (let i = 0; Date.now() - started < CLICKING_MS; i++) {
        const path = mix[i % mix.length]!
        clicks.push({ path, status: (await fetch(`${instance.url}${path}`, { headers: { cookie } })).status })
        const apply = (await view(instance, cookie, run.run.id)).apply
        if (apply?.status === 'applying') during = clicks.length
        else break
        await new Promise((r) => setTimeout(r, 5000))
      }
      const final = await applyEnded(instance, cookie, run.run.id)
      const minutes = (Date.now() - started) / 60_000
      const refused = clicks.filter((c) => c.status !== 200)
      console.log(
        `people first: ${clicks.length} clicks over ${minutes.toFixed(1)} min, ${refused.length} not 200 ${JSON.stringify(refused)}; ` +
          `apply ${final.apply!.updated} updated, ${final.apply!.sent} sent, ${final.apply!.skipped} kept — ${((final.apply!.updated + final.apply!.sent) / minutes).toFixed(1)} writes a minute at a limit of ${LIMIT}`,
      )
      expect(refused).toEqual([])
      // The apply was still running for (nearly) all of them.
      expect(during).toBeGreaterThanOrEqual(Math.min(clicks.length, 60))

      // Exactly once, as the stand-in's database holds it.
      await expectAppliedOnce(legacy, vacancyId, run, final)
    },
    30 * 60_000,
  )
})
