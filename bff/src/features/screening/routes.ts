import { PassThrough } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Candidate } from '@mini-vagas/shared/schemas/candidate'
import { ErrorBody } from '@mini-vagas/shared/schemas/common'
import { sessionOf } from '../../lib/access.ts'
import { HttpError } from '../../lib/http-error.ts'
import type { ScreeningLoader } from './loader.ts'
import type { ScreeningApplier } from './apply.ts'
import type { ScreeningRuns } from './runs.ts'
import type { ScreeningProvider } from './provider.ts'

const SSE_INTERVAL_MS = 500
const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const failures = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 415: ErrorBody, 422: ErrorBody, 429: ErrorBody, 502: ErrorBody, 504: ErrorBody }

const Verdict = Type.Union([Type.Literal('triado'), Type.Literal('revisao'), Type.Literal('nao_triado'), Type.Null()])
const ApplyView = Type.Object({
  status: Type.Union([Type.Literal('applying'), Type.Literal('applied'), Type.Literal('interrupted'), Type.Literal('failed')]),
  message: Type.Union([Type.String(), Type.Null()]),
  notice: Type.Union([Type.String(), Type.Null()]),
  total: Type.Integer(), processed: Type.Integer(), updated: Type.Integer(), sent: Type.Integer(), skipped: Type.Integer(), failed: Type.Integer(),
  failures: Type.Array(Type.Object({ candidateId: Type.Integer(), name: Type.String(), kind: Type.String(), message: Type.String() })),
})
const RunView = Type.Object({
  run: Type.Object({
    id: Type.String(), mode: Type.String(), provider: Type.String(), status: Type.String(), total: Type.Integer(), done: Type.Integer(),
    message: Type.Union([Type.String(), Type.Null()]), warning: Type.Union([Type.String(), Type.Null()]), createdAt: Type.String(), updatedAt: Type.String(), vacancy: Type.Record(Type.String(), Type.Unknown()),
  }),
  counts: Type.Record(Type.String(), Type.Integer()),
  results: Type.Array(Type.Object({ candidateId: Type.Integer(), name: Type.String(), outcome: Verdict, explanation: Type.Union([Type.String(), Type.Null()]) })),
  apply: Type.Union([ApplyView, Type.Null()]),
})

const RunId = Type.Object({ id: Type.String({ pattern: '^[0-9a-f-]{36}$' }) })

/** Screening (spec §2.13, DESIGN.md §4, §6): loading, runs, their progress, applying, the connection test. Admin only. */
export async function screeningRoutes(app: FastifyInstance, { loader, provider, runs, applier }: { loader: ScreeningLoader; provider: ScreeningProvider; runs: ScreeningRuns; applier: ScreeningApplier }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const notFound = () => new HttpError(404, 'Triagem não encontrada.')
  const viewOf = (id: string) => {
    const view = runs.view(id)
    if (!view) throw notFound()
    return { ...view, apply: applier.view(id, new Map(view.results.map((r) => [r.candidateId, r.name]))) }
  }

  api.post(
    '/bff/screening/candidates',
    {
      schema: {
        tags: ['screening'],
        body: Type.Object({ mode: Type.Union([Type.Literal('empresa'), Type.Literal('global')]), vacancyId: Type.Optional(Type.Integer({ minimum: 1 })), start_date: DateString, end_date: DateString }, { additionalProperties: false }),
        response: { 200: Type.Object({ total: Type.Integer(), warnings: Type.Array(Type.String()), candidates: Type.Array(Type.Partial(Candidate)) }), ...failures },
      },
    },
    async (request) => loader.load(request.body, sessionOf(request, 'admin'), request),
  )

  api.post(
    '/bff/screening/runs',
    {
      schema: {
        tags: ['screening'],
        body: Type.Object({ mode: Type.Union([Type.Literal('empresa'), Type.Literal('global')]), vacancyId: Type.Integer({ minimum: 1 }), start_date: DateString, end_date: DateString }, { additionalProperties: false }),
        response: { 202: RunView, ...failures },
      },
    },
    async (request, reply) => {
      const id = await runs.start(request.body, sessionOf(request, 'admin'), request)
      return reply.code(202).send(viewOf(id))
    },
  )

  api.get(
    '/bff/screening/runs/:id',
    { schema: { tags: ['screening'], params: RunId, response: { 200: RunView, ...failures } } },
    async (request) => {
      sessionOf(request, 'admin')
      return viewOf(request.params.id)
    },
  )

  // What applying will write, for the recruiter to confirm first (issue 11).
  api.get(
    '/bff/screening/runs/:id/apply-preview',
    {
      schema: {
        tags: ['screening'],
        params: RunId,
        response: {
          200: Type.Object({ changes: Type.Integer(), forwards: Type.Integer(), kept: Type.Array(Type.Object({ status: Type.String(), count: Type.Integer() })) }),
          409: ErrorBody,
          ...failures,
        },
      },
    },
    async (request) => applier.preview(request.params.id),
  )

  // Applying runs in the background; the answer is the run with its apply progress. Sending it
  // again while it runs changes nothing, and after it ended carries on with what is left.
  api.post(
    '/bff/screening/runs/:id/apply',
    { schema: { tags: ['screening'], params: RunId, response: { 202: RunView, 409: ErrorBody, ...failures } } },
    async (request, reply) => {
      const session = sessionOf(request, 'admin')
      applier.start(request.params.id, session.token, request.id)
      return reply.code(202).send(viewOf(request.params.id))
    },
  )

  // Progress as server-sent events: one `progress` event now and every half second until the run
  // (and its apply, if one is running) ends, then the stream closes. A plain stream through
  // Fastify, so every header hook still runs.
  api.get(
    '/bff/screening/runs/:id/events',
    { schema: { tags: ['screening'], params: RunId, response: { 200: Type.String(), ...failures } } },
    async (request, reply) => {
      sessionOf(request, 'admin')
      const id = request.params.id
      if (!runs.progress(id)) throw notFound()
      const stream = new PassThrough()
      // Counts only: no candidate is read on this half-second path.
      const send = (): boolean => {
        const { run, counts } = runs.progress(id)!
        const { status, total, done, message } = run
        const apply = applier.summary(id)
        stream.write(`event: progress\ndata: ${JSON.stringify({ status, total, done, message, counts, apply })}\n\n`)
        return status !== 'screening' && apply?.status !== 'applying'
      }
      const timer = setInterval(() => {
        if (send()) stop()
      }, SSE_INTERVAL_MS)
      const stop = () => {
        clearInterval(timer)
        stream.end()
      }
      request.raw.on('close', () => clearInterval(timer))
      if (send()) stop()
      return reply.header('content-type', 'text/event-stream; charset=utf-8').header('x-accel-buffering', 'no').send(stream as never)
    },
  )

  // Which provider screens, so the screen can say when it is the rules engine (no key configured).
  api.get(
    '/bff/screening/provider',
    { schema: { tags: ['screening'], response: { 200: Type.Object({ provider: Type.Union([Type.Literal('rules'), Type.Literal('openai')]) }), ...failures } } },
    async (request) => {
      sessionOf(request, 'admin')
      return { provider: provider.name }
    },
  )

  api.post(
    '/bff/screening/test-connection',
    { schema: { tags: ['screening'], response: { 200: Type.Object({ ok: Type.Boolean(), provider: Type.String(), message: Type.String() }), ...failures } } },
    async (request) => {
      sessionOf(request, 'admin')
      return { provider: provider.name, ...(await provider.testConnection()) }
    },
  )
}
