import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import type { BulkJob } from '@mini-vagas/shared/schemas/pipeline'
import { launchChromium, signIn } from '../support/browser.ts'
import { startProduct } from '../support/product.ts'
import { PRODUCTION_BFF_ENV, WITHOUT_INDEX_ENV, median, row, type Benchmark, type BenchRow } from './harness.ts'
import { inProcessBff, LATENCY_MS, legacyToken, specApply, throttleLegacy } from './screening.bench.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Trace events the frame count reads (Chromium's own frame timeline). */
const FRAME_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline.frame']

/**
 * The board of the largest vacancy in Chromium, on the seed users have (100,000 candidates; its
 * largest vacancy about 5,000): how long after its data arrives the first cards paint, beside the
 * list (20 rows) of the same vacancy; then three seconds of scrolling its fullest column, counted
 * in Chromium's performance trace (frames drawn, and frames longer than two vsyncs) and by the
 * page's own animation frames. Production settings, the candidate index on. Not shown: a phone's
 * slower CPU (the trace is this machine's), and dragging (a move is one request; its cost is the
 * job's, measured by `bulk-60`).
 */
export const pipelineBoardBenchmark: Benchmark = {
  name: 'pipeline-board',
  description: 'Chromium: the largest vacancy’s board (about 5,000 cards at 100,000 candidates): first cards after the data arrives vs the list, and scrolling frames in the trace',
  async run({ quick, log }) {
    const size = quick ? 5_000 : 100_000
    const product = await startProduct(size, { bffEnv: PRODUCTION_BFF_ENV })
    const browser = await launchChromium()
    try {
      const context = await browser.newContext({ baseURL: product.url, viewport: { width: 1366, height: 768 } })
      const page = await context.newPage()
      await signIn(page, '11222333000181', 'demo-admin-2026')
      const { vacancies } = (await (await page.request.get('/bff/vacancies')).json()) as {
        vacancies: { id: number; description: string; company_name: string; city: string; candidates_count?: number }[]
      }
      const largest = [...vacancies].sort((a, b) => (b.candidates_count ?? 0) - (a.candidates_count ?? 0))[0]!
      // The index fills in the background: the board reads it once it has read every window.
      for (let i = 0; i < 600; i++) {
        const board = (await (await page.request.get(`/bff/vacancies/${largest.id}/board`)).json()) as { indexedAt: string | null; cards: unknown[] }
        if (board.indexedAt) break
        await sleep(1000)
      }
      // The first element of a kind to appear, timed by the page's clock (the same as its resource timings).
      await context.addInitScript(() => {
        const marks: Record<string, number> = {}
        ;(window as unknown as { firstSeen: Record<string, number> }).firstSeen = marks
        new MutationObserver(() => {
          if (!marks.card && document.querySelector('.board-card')) marks.card = performance.now()
          if (!marks.row && document.querySelector('table.data tbody tr')) marks.row = performance.now()
        }).observe(document, { childList: true, subtree: true })
      })
      const slug = vacancySlug(largest)
      const afterData = async (path: string, answer: string, mark: 'card' | 'row') => {
        await page.goto(path)
        await page
          .locator(mark === 'card' ? '.board-card' : 'table.data tbody tr')
          .first()
          .waitFor({ timeout: 60_000 })
        return page.evaluate(
          ({ answer, mark }) => {
            const entry = performance.getEntriesByType('resource').find((e) => e.name.includes(answer)) as PerformanceResourceTiming | undefined
            const seen = (window as unknown as { firstSeen: Record<string, number> }).firstSeen[mark]!
            return { ms: seen - (entry?.responseEnd ?? seen), bytes: entry?.encodedBodySize ?? 0 }
          },
          { answer, mark },
        )
      }
      const runs = quick ? 2 : 5
      const board: { ms: number; bytes: number }[] = []
      const list: { ms: number; bytes: number }[] = []
      for (let i = 0; i < runs; i++) {
        board.push(await afterData(`/vagas/${slug}/lista-candidatos?visao=quadro`, `/bff/vacancies/${largest.id}/board`, 'card'))
        list.push(await afterData(`/vagas/${slug}/lista-candidatos`, `/bff/vacancies/${largest.id}/candidates?`, 'row'))
      }
      const cards = Number((await page.request.get(`/bff/vacancies/${largest.id}/board`).then((r) => r.json())).cards.length)
      log(
        `vacancy ${largest.id}: ${cards} cards; board answer ${(board[0]!.bytes / 1024).toFixed(0)} KB; first cards after data ${board.map((b) => b.ms.toFixed(0)).join(', ')} ms; list ${list.map((b) => b.ms.toFixed(0)).join(', ')} ms`,
      )

      // Scrolling the fullest column: 40 px a frame for 3 s, in the trace and by animation frames.
      await page.goto(`/vagas/${slug}/lista-candidatos?visao=quadro`)
      await page.locator('.board-card').first().waitFor()
      const fullest = await page.evaluate(() => {
        const columns = [...document.querySelectorAll('.board-scroll')]
        const sizes = columns.map((c) => c.scrollHeight)
        return sizes.indexOf(Math.max(...sizes))
      })
      await browser.startTracing(page, { categories: FRAME_CATEGORIES })
      const byFrames = await page.evaluate(async (index) => {
        const column = document.querySelectorAll<HTMLElement>('.board-scroll')[index]!
        const intervals: number[] = []
        let last = performance.now()
        const until = last + 3000
        await new Promise<void>((done) => {
          const step = (now: number) => {
            intervals.push(now - last)
            last = now
            column.scrollTop += 40
            if (now < until) requestAnimationFrame(step)
            else done()
          }
          requestAnimationFrame(step)
        })
        return { intervals, scrolled: column.scrollTop }
      }, fullest)
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: { name: string; ts: number; ph: string }[] }
      const drawn = trace.traceEvents.filter((e) => e.name === 'DrawFrame').map((e) => e.ts)
      const span = drawn.length > 1 ? (drawn.at(-1)! - drawn[0]!) / 1e6 : 0
      const gaps = drawn.slice(1).map((t, i) => (t - drawn[i]!) / 1000)
      const traceFps = span > 0 ? (drawn.length - 1) / span : 0
      const rafFps = byFrames.intervals.length / (byFrames.intervals.reduce((a, b) => a + b, 0) / 1000)
      log(
        `scroll: ${byFrames.scrolled} px; trace ${drawn.length} frames drawn over ${span.toFixed(2)} s (${traceFps.toFixed(1)} fps, ${gaps.filter((g) => g > 33.4).length} gaps over two vsyncs); animation frames ${rafFps.toFixed(1)} fps`,
      )
      const rows: BenchRow[] = [
        row(
          'pipeline-board',
          `board of ${cards} cards: first cards after its data arrives`,
          board.map((b) => b.ms),
          'ms',
          { max: 1000 },
        ),
        row(
          'pipeline-board',
          'list of the same vacancy (20 rows): first row after its data arrives',
          list.map((b) => b.ms),
          'ms',
        ),
        row('pipeline-board', 'board ÷ list, first content after the data', [median(board.map((b) => b.ms)) / Math.max(1, median(list.map((b) => b.ms)))], '×'),
        row('pipeline-board', 'board answer (every card of the vacancy)', [board[0]!.bytes / 1024], 'KB'),
        row('pipeline-board', 'scrolling the fullest column: frames drawn per second (Chromium trace)', [traceFps], 'fps', { min: 55 }),
        row('pipeline-board', 'scrolling: frame gaps over two vsyncs (33 ms) in the trace', [gaps.filter((g) => g > 33.4).length], 'frames'),
        row('pipeline-board', 'scrolling: animation frames per second (the page’s own count)', [rafFps], 'fps', { min: 55 }),
      ]
      await context.close()
      return rows
    } finally {
      await browser.close()
      await product.stop()
    }
  },
}

/**
 * A bulk move of 500 people at a small legacy's 60 calls a minute, through the BFF's job (the
 * token's budget, people first), side by side with the spec's own write schedule (200 ms between
 * writes, 2 s after every 10) writing the same number with its own token, while the recruiter keeps
 * clicking on the BFF's session every 5 s. The figures that matter: writes a minute against what
 * the clicks leave of the limit (the job is meant to spend exactly that), and no click refused.
 * Not shown: a legacy whose writes are slow (20 ms here), and several jobs at once (they share the budget).
 */
export const bulk60Benchmark: Benchmark = {
  name: 'bulk-60',
  description:
    'a bulk move of 500 at the legacy’s 60 calls a minute: writes per minute against the ceiling, 429s to a recruiter clicking meanwhile, vs the spec’s schedule (~9 min)',
  async run({ quick, scratch, log }) {
    const moving = quick ? 10 : 500
    const rateLimit = 60
    const product = await startProduct(quick ? 3_000 : 100_000, { bffEnv: WITHOUT_INDEX_ENV })
    try {
      const bff = await inProcessBff(product, scratch)
      try {
        const { vacancies } = JSON.parse((await bff.app.inject({ method: 'GET', url: '/bff/vacancies', headers: { cookie: bff.cookie } })).body) as {
          vacancies: { id: number; candidates_count: number }[]
        }
        const vacancy = [...vacancies].sort((a, b) => b.candidates_count - a.candidates_count)[0]!
        const cards = JSON.parse((await bff.app.inject({ method: 'GET', url: `/bff/vacancies/${vacancy.id}/board`, headers: { cookie: bff.cookie } })).body).cards as {
          id: number
          status: string
        }[]
        const chosen = cards.filter((c) => c.status !== 'entrar_contato')
        const ids = chosen.slice(0, moving).map((c) => c.id)
        const specIds = chosen.slice(moving, moving * 2).map((c) => c.id)
        if (ids.length < moving || specIds.length < moving) throw new Error(`vacancy ${vacancy.id} has only ${chosen.length} people to move`)
        await throttleLegacy(product, { latencyMs: LATENCY_MS, rateLimitPerMinute: rateLimit })
        const token = await legacyToken(product)
        const before = { ...bff.calls }
        const started = performance.now()
        const answer = await bff.app.inject({
          method: 'POST',
          url: '/bff/bulk',
          headers: bff.headers,
          payload: JSON.stringify({ action: 'status', vacancyId: vacancy.id, ids, status: 'entrar_contato' }),
        })
        if (answer.statusCode !== 202) throw new Error(`bulk: ${answer.statusCode} ${answer.body}`)
        const jobId = (JSON.parse(answer.body) as { job: BulkJob }).job.id
        let job: BulkJob
        const clicks = { answered: 0, refused: 0 }
        let running = true
        const clicker = (async () => {
          while (running) {
            const status = (await bff.app.inject({ method: 'GET', url: `/bff/candidates/${specIds[0]}`, headers: { cookie: bff.cookie } })).statusCode
            if (status === 200) clicks.answered++
            else clicks.refused++
            await sleep(5000)
          }
        })()
        const bffRun = (async () => {
          do {
            await sleep(250)
            job = (JSON.parse((await bff.app.inject({ method: 'GET', url: `/bff/bulk/${jobId}`, headers: { cookie: bff.cookie } })).body) as { job: BulkJob }).job
          } while (job.status === 'running')
          return performance.now() - started
        })()
        const [bffMs, spec] = await Promise.all([bffRun.finally(() => (running = false)), specApply(product, token, specIds, { status: 'entrar_contato' })])
        await clicker
        const clickCalls = clicks.answered + clicks.refused
        const writes = bff.calls.writes - before.writes
        const ceiling = rateLimit - clickCalls / (bffMs / 60_000)
        log(
          `BFF ${(bffMs / 1000).toFixed(1)} s: ${job!.done} moved, ${job!.failed} failed, ${bff.calls.count - before.count - clickCalls} calls of which ${writes} writes, ${bff.calls.throttled - before.throttled} answered 429 · spec ${(spec.ms / 1000).toFixed(1)} s, ${spec.failed} failed · clicks ${clicks.answered} answered, ${clicks.refused} refused`,
        )
        return [
          row('bulk-60', `BFF job, ${job!.done} moved`, [bffMs / 1000], 's'),
          row('bulk-60', `spec schedule, ${moving - spec.failed} written`, [spec.ms / 1000], 's'),
          row('bulk-60', 'BFF writes per minute ÷ (the limit − the recruiter’s calls)', [writes / (bffMs / 60_000) / ceiling], 'ratio', { min: 0.9 }),
          row('bulk-60', 'spec writes per minute ÷ the limit', [spec.calls / (spec.ms / 60_000) / rateLimit], 'ratio'),
          row('bulk-60', 'BFF legacy calls per person moved', [(bff.calls.count - before.count - clickCalls) / Math.max(1, job!.done)], 'calls'),
          row('bulk-60', 'BFF calls answered 429', [bff.calls.throttled - before.throttled], 'calls'),
          row('bulk-60', `recruiter clicks answered during the job (${clicks.answered} of ${clickCalls})`, [clicks.answered / Math.max(1, clickCalls)], 'ratio', { min: 1 }),
        ]
      } finally {
        await bff.app.close()
      }
    } finally {
      await product.stop()
    }
  },
}
