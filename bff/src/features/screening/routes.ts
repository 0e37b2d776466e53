import { PassThrough } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Candidate } from '@mini-vagas/shared/schemas/candidate'
import { ErrorBody } from '@mini-vagas/shared/schemas/common'
import { sessionOf } from '../../lib/access.ts'
import { HttpError } from '../../lib/http-error.ts'
import type { ScreeningLoader } from './loader.ts'
import type { ScreeningRuns } from './runs.ts'
import type { ScreeningProvider } from './provider.ts'

const SSE_INTERVAL_MS = 500
const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const failures = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 415: ErrorBody, 422: ErrorBody, 429: ErrorBody, 502: ErrorBody, 504: ErrorBody }

/** Screening endpoints built so far: candidate loading and the AI connection test (admin only). */
const Verdict = Type.Union([Type.Literal('triado'), Type.Literal('revisao'), Type.Literal('nao_triado'), Type.Null()])
const RunView = Type.Object({
  run: Type.Object({
    id: Type.String(), mode: Type.String(), provider: Type.String(), status: Type.String(), total: Type.Integer(), done: Type.Integer(),
    message: Type.Union([Type.String(), Type.Null()]), createdAt: Type.String(), updatedAt: Type.String(), vacancy: Type.Record(Type.String(), Type.Unknown()),
  }),
  counts: Type.Record(Type.String(), Type.Integer()),
  results: Type.Array(Type.Object({ candidateId: Type.Integer(), name: Type.String(), outcome: Verdict, explanation: Type.Union([Type.String(), Type.Null()]) })),
})

export async function screeningRoutes(app: FastifyInstance, { loader, provider, runs }: { loader: ScreeningLoader; provider: ScreeningProvider; runs: ScreeningRuns }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

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
      return reply.code(202).send(runs.view(id)!)
    },
  )

  api.get(
    '/bff/screening/runs/:id',
    { schema: { tags: ['screening'], params: Type.Object({ id: Type.String({ pattern: '^[0-9a-f-]{36}$' }) }), response: { 200: RunView, ...failures } } },
    async (request) => {
      sessionOf(request, 'admin')
      const view = runs.view(request.params.id)
      if (!view) throw new HttpError(404, 'Triagem não encontrada.')
      return view
    },
  )

  // Progress as server-sent events: one `progress` event now and every half second until the run
  // ends, then the stream closes. A plain stream through Fastify, so every header hook still runs.
  api.get(
    '/bff/screening/runs/:id/events',
    { schema: { tags: ['screening'], params: Type.Object({ id: Type.String({ pattern: '^[0-9a-f-]{36}$' }) }), response: { 200: Type.String(), ...failures } } },
    async (request, reply) => {
      sessionOf(request, 'admin')
      const id = request.params.id
      if (!runs.view(id)) throw new HttpError(404, 'Triagem não encontrada.')
      const stream = new PassThrough()
      const send = (): boolean => {
        const view = runs.view(id)!
        const { status, total, done, message } = view.run
        stream.write(`event: progress\ndata: ${JSON.stringify({ status, total, done, message, counts: view.counts })}\n\n`)
        return status !== 'screening'
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

  api.post(
    '/bff/screening/test-connection',
    { schema: { tags: ['screening'], response: { 200: Type.Object({ ok: Type.Boolean(), provider: Type.String(), message: Type.String() }), ...failures } } },
    async (request) => {
      sessionOf(request, 'admin')
      return { provider: provider.name, ...(await provider.testConnection()) }
    },
  )
}
