import { randomUUID } from 'node:crypto'
import { PassThrough } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Gauge } from 'prom-client'
import { Failures } from '@mini-vagas/shared/schemas/common'
import {
  ApplyPreview,
  ConnectionAnswer,
  FitAnswer,
  FitQuery,
  LoadAnswer,
  LoadBody,
  ProviderAnswer,
  ReviewBody,
  ReviewParams,
  RunBody,
  RunParams,
  RunView,
  ScreeningResult,
  type ProgressEvent,
} from '@mini-vagas/shared/schemas/screening'
import { sessionOf } from '../../legacy/access.ts'
import { createAttemptLimiter } from '../../plugins/attempt-limiter.ts'
import { HttpError } from '../../lib/http-error.ts'
import { sendCsv, tableCsv } from '../../lib/csv.ts'
import { biasCsvRows } from '@mini-vagas/shared/domain/screening-bias'
import { screeningRange, todayDate, type ScreeningRangeKind } from '@mini-vagas/shared/domain/dates'
import { fitRangeToCap, fittedRangeMessage } from '@mini-vagas/shared/domain/screening-range-fit'
import { GLOBAL_SCREENING_EXCLUDED_STATUSES } from '@mini-vagas/shared/constants/candidate-statuses'
import type { Caller } from '../../legacy/gateway.ts'
import { createScreeningApplier } from './apply.ts'
import { createScreeningLoader } from './loader.ts'
import { createOpenAiProvider } from './openai-provider.ts'
import type { ScreeningProvider } from './provider.ts'
import { createRulesProvider } from './rules-provider.ts'
import { createScreeningRuns } from './runs.ts'
import { explanationRoute } from './explanation.ts'
import { createScreeningStore } from './store.ts'
import { createScreeningUndo } from './undo.ts'

const SSE_INTERVAL_MS = 500

declare module '../../app.ts' {
  interface FeatureDependencies {
    /** The screening provider tests pass in (the configured one otherwise). */
    screening?: ScreeningProvider
  }
}

/** Waits for `work`, but no longer than `ms` (shutdown's grace for the jobs' current steps). */
const atMost = (work: Promise<unknown>, ms: number) => Promise.race([work, new Promise((r) => setTimeout(r, ms))])

/** The provider the operator configured: OpenAI with a key, else the deterministic rules (docs/screening.md). */
function configuredProvider(app: FastifyInstance): ScreeningProvider {
  const c = app.config
  return c.openaiApiKey
    ? createOpenAiProvider({
        apiKey: c.openaiApiKey,
        baseURL: c.openaiBaseUrl,
        model: c.openaiModel,
        maxInputTokens: c.openaiMaxInputTokens,
        maxOutputTokens: 8000,
        concurrency: c.openaiConcurrency,
        timeoutMs: 120_000,
        includeSensitive: c.openaiSendSensitive,
      })
    : createRulesProvider()
}

/**
 * Screening (docs/product.md, AI screening, docs/architecture.md, docs/screening.md), admin only: loading a range (kept as the run's
 * draft), runs screened in the background, their progress, applying, the connection test. The
 * feature owns its store tables and its lifecycle: unfinished runs carry on at start, unfinished
 * applies say where they stopped, and on close the current batch lands first.
 */
/** The candidate index cannot count yet (being built, or turned off). */
class IndexNotReady extends Error {}

export async function screeningFeature(app: FastifyInstance, options: { provider?: ScreeningProvider | undefined } = {}) {
  const { config, now } = app
  const legacy = (caller: Caller) => app.legacyFor(caller)
  const store = await createScreeningStore(app.store)
  const provider = options.provider ?? configuredProvider(app)
  const loader = createScreeningLoader()
  const starts = createAttemptLimiter({ store: app.store, bucket: 'screening-runs', limit: config.screeningRunsPerHour, windowMs: 60 * 60_000, now })
  // One id for this instance's leases, for its runs and its applies alike.
  const instanceId = randomUUID()
  const leaseMs = config.jobLeaseSeconds * 1000
  const runs = createScreeningRuns({ store, loader, provider, legacy, log: app.log, starts, audit: app.audit, instanceId, leaseMs })
  const applier = createScreeningApplier({ store, legacy, log: app.log, audit: app.audit, now, leaseMs, instanceId })
  const undo = createScreeningUndo({ store, legacy, log: app.log, audit: app.audit, leaseMs, instanceId })
  // A candidate written while an apply runs (a recruiter's status change, a note): the apply sees it.
  // The apply's own writes come this way too: one path for every write.
  app.onLegacyWrite((event) => {
    if (event.kind === 'candidate' && event.record) applier.heard(event.record)
  })
  // Jobs for the operators' metrics: every run and apply by status (across instances, from the
  // store), and how many this instance is working on.
  new Gauge({
    name: 'bff_screening_jobs',
    help: 'Screening runs and applies by status (runs: draft, screening, done, failed; applies: applying, applied, interrupted, failed)',
    labelNames: ['job', 'status'],
    registers: [app.metrics],
    async collect() {
      this.reset()
      for (const { job, status, count } of await store.jobCounts()) this.set({ job, status }, count)
    },
  })
  new Gauge({
    name: 'bff_screening_jobs_here',
    help: 'Screening runs and applies this instance is working on',
    labelNames: ['job'],
    registers: [app.metrics],
    collect() {
      this.set({ job: 'run' }, runs.activeCount())
      this.set({ job: 'apply' }, applier.activeCount())
    },
  })
  // Runs whose instance died are taken over when their lease has expired: looked for at start and
  // then every half lease, so a run waits at most about one and a half leases.
  let sweep: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    // Runs hold candidates' data: finished ones are kept only as long as the operator allows.
    await store.purge(new Date(now() - config.storeRetentionDays * 86_400_000).toISOString())
    await applier.interruptUnfinished()
    await runs.resume()
    sweep = setInterval(
      () => runs.resume().catch((error: unknown) => app.log.warn({ err: { message: (error as Error).message } }, 'screening sweep failed')),
      Math.max(1000, leaseMs / 2),
    )
    sweep.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(sweep)
    await Promise.all([atMost(runs.idle(), 5000).then(() => runs.release()), applier.stop(5000), atMost(undo.idle(), 5000)])
  })
  await app.register(screeningRoutes, { provider, runs, applier, undo })
  explanationRoute(app, store)
}

/** Screening (docs/product.md, AI screening, docs/architecture.md, docs/screening.md): loading, runs, their progress, applying, the connection test. Admin only. */
async function screeningRoutes(
  app: FastifyInstance,
  {
    provider,
    runs,
    applier,
    undo,
  }: {
    provider: ScreeningProvider
    runs: ReturnType<typeof createScreeningRuns>
    applier: ReturnType<typeof createScreeningApplier>
    undo: ReturnType<typeof createScreeningUndo>
  },
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const notFound = () => new HttpError(404, 'Triagem não encontrada.')
  const viewOf = async (id: string) => {
    const view = await runs.view(id)
    if (!view) throw notFound()
    return { ...view, apply: await applier.view(id, new Map(view.results.map((r) => [r.candidateId, r.name]))), undo: await undo.view(id) }
  }

  const tags = ['screening']
  const config = { access: 'admin' } as const

  // A quick range that stays inside the cap: counted on the candidate index (registrations per day,
  // the global mode's exclusions taken out), else answered as asked — the load still checks the cap.
  const QUICK_LABELS: Record<ScreeningRangeKind, string> = {
    'last-month': 'Último mês',
    'last-30-days': 'Últimos 30 dias',
    'last-7-days': 'Últimos 7 dias',
    'last-6-months': 'Últimos 6 meses',
    'company-all': 'Todos os candidatos',
  }
  api.get('/bff/screening/fit', { config, schema: { tags, querystring: FitQuery, response: { 200: FitAnswer, ...Failures } } }, async (request) => {
    const { mode, kind } = request.query
    const asked = screeningRange(kind, todayDate(new Date(app.now())))
    const index = app.candidateIndex
    const vacancyId = mode === 'empresa' && request.query.vacancyId ? Number(request.query.vacancyId) : undefined
    const eligible = async (start: string) => {
      const answer = await index!.counts({ ...(vacancyId ? { vacancyId } : {}), days: { start, end: asked.end } })
      if (!answer) throw new IndexNotReady()
      const { all = 0 } = answer.counts
      return mode === 'global' ? all - GLOBAL_SCREENING_EXCLUDED_STATUSES.reduce((sum, s) => sum + (answer.counts[s] ?? 0), 0) : all
    }
    try {
      if (!index) throw new IndexNotReady()
      const fitted = await fitRangeToCap(asked, eligible)
      return { ...fitted.range, total: fitted.total, clamped: fitted.clamped, message: fittedRangeMessage(QUICK_LABELS[kind], fitted) }
    } catch (error) {
      if (!(error instanceof IndexNotReady)) throw error
      return { ...asked, total: null, clamped: false, message: null }
    }
  })

  api.post('/bff/screening/candidates', { config, schema: { tags, body: LoadBody, response: { 200: LoadAnswer, ...Failures } } }, async (request) =>
    runs.draft(request.body, sessionOf(request), request),
  )

  api.post('/bff/screening/runs', { config, schema: { tags, body: RunBody, response: { 202: RunView, ...Failures } } }, async (request, reply) => {
    const id = await runs.start(request.body.draftId, sessionOf(request), request)
    return reply.code(202).send(await viewOf(id))
  })

  api.get('/bff/screening/runs/:id', { config, schema: { tags, params: RunParams, response: { 200: RunView, ...Failures } } }, async (request) => await viewOf(request.params.id))

  // What applying will write, for the recruiter to confirm first.
  api.get('/bff/screening/runs/:id/apply-preview', { config, schema: { tags, params: RunParams, response: { 200: ApplyPreview, ...Failures } } }, async (request) =>
    applier.preview(request.params.id),
  )

  // Applying runs in the background; the answer is the run with its apply progress. Sending it
  // again while it runs changes nothing, and after it ended carries on with what is left.
  api.post('/bff/screening/runs/:id/apply', { config, schema: { tags, params: RunParams, response: { 202: RunView, ...Failures } } }, async (request, reply) => {
    const session = sessionOf(request)
    await applier.start(request.params.id, session.token, request.id, session.user.email)
    return reply.code(202).send(await viewOf(request.params.id))
  })

  // Progress as server-sent events: one `progress` event now and every half second until the run
  // (and its apply, if one is running) ends, then the stream closes. A plain stream through
  // Fastify, so every header hook still runs.
  api.get('/bff/screening/runs/:id/events', { config, schema: { tags, params: RunParams, response: { 200: Type.String(), ...Failures } } }, async (request, reply) => {
    const id = request.params.id
    if (!(await runs.progress(id))) throw notFound()
    const stream = new PassThrough()
    // Counts only: no candidate is read on this half-second path. Read from the store, so the
    // progress is the same whichever instance the browser reaches.
    const send = async (): Promise<boolean> => {
      const progress = await runs.progress(id)
      if (!progress) return true
      const { status, total, done, message } = progress.run
      const event: ProgressEvent = { status, total, done, message, counts: progress.counts, apply: await applier.summary(id) }
      stream.write(`event: progress\ndata: ${JSON.stringify(event)}\n\n`)
      return status !== 'screening' && event.apply?.status !== 'applying'
    }
    let closed = false
    request.raw.on('close', () => (closed = true))
    // One read after another (never two at once), every half second, until the work ends.
    void (async () => {
      try {
        while (!closed && !(await send())) await new Promise((r) => setTimeout(r, SSE_INTERVAL_MS))
      } catch (error) {
        request.log.warn({ err: { message: (error as Error).message } }, 'progress stream stopped')
      } finally {
        stream.end()
      }
    })()
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('x-accel-buffering', 'no')
      .send(stream as never)
  })

  // Which provider screens, so the screen can say when it is the rules engine (no key configured).
  api.get('/bff/screening/provider', { config, schema: { tags, response: { 200: ProviderAnswer, ...Failures } } }, async () => ({
    provider: provider.name,
    model: provider.model,
    fieldsSent: provider.fieldsSent,
  }))

  // Undoing an applied run: what nobody changed since is restored; the answer is the run.
  api.post('/bff/screening/runs/:id/undo', { config, schema: { tags, params: RunParams, response: { 202: RunView, ...Failures } } }, async (request, reply) => {
    const session = sessionOf(request)
    await undo.start(request.params.id, session.token, request.id, session.user.email)
    return reply.code(202).send(await viewOf(request.params.id))
  })

  // A person's review of one verdict: kept, shown, and what applying writes.
  api.put(
    '/bff/screening/runs/:id/results/:candidateId/review',
    { config, schema: { tags, params: ReviewParams, body: ReviewBody, response: { 200: ScreeningResult, ...Failures } } },
    async (request) => runs.review(request.params.id, Number(request.params.candidateId), request.body, sessionOf(request)),
  )

  // The run's bias report as CSV, once the run is done.
  api.get('/bff/screening/runs/:id/bias.csv', { config, schema: { tags, params: RunParams, response: { 200: Type.String(), ...Failures } } }, async (request, reply) => {
    const view = await runs.view(request.params.id)
    if (!view) throw notFound()
    if (!view.bias) throw new HttpError(409, 'O relatório de vieses fica pronto quando a triagem terminar.')
    return sendCsv(reply, `vieses-triagem-${request.params.id.slice(0, 8)}-${todayDate()}.csv`, tableCsv(biasCsvRows(view.bias)))
  })

  api.post('/bff/screening/test-connection', { config, schema: { tags, response: { 200: ConnectionAnswer, ...Failures } } }, async () => ({
    provider: provider.name,
    ...(await provider.testConnection()),
  }))
}
