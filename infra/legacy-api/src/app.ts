import type { DatabaseSync } from 'node:sqlite'
import Fastify, { type FastifyInstance } from 'fastify'
import type { LegacyConfig } from './config.ts'
import { createTokens } from './http/auth.ts'
import { createTraffic } from './http/traffic.ts'
import { authRoutes } from './routes/auth.ts'
import { candidateRoutes } from './routes/candidates.ts'
import type { LegacyContext } from './routes/context.ts'
import { controlRoutes } from './routes/control.ts'
import { postalCodeRoutes } from './routes/postal-codes.ts'
import { reportRoutes } from './routes/reports.ts'
import { vacancyRoutes } from './routes/vacancies.ts'

export interface LegacyApiOptions {
  db: DatabaseSync
  config: LegacyConfig
  /** The clock for token expiry (tests pass a fake one). */
  now?: () => Date
  logger?: boolean
}

/**
 * The legacy API stand-in: every endpoint of docs/product.md, Legacy calls (plus registration) under /api, a ViaCEP-shaped
 * /ws, and, when enabled, the /__control endpoints. Answers like a Laravel API would.
 */
export function buildLegacyApi({ db, config, now = () => new Date(), logger = false }: LegacyApiOptions): FastifyInstance & { context: LegacyContext } {
  const app = Fastify({ logger, forceCloseConnections: true, bodyLimit: 1_048_576 })
  const traffic = createTraffic({ latencyMs: config.latencyMs, latencyJitterMs: config.latencyJitterMs, rateLimitPerMinute: config.rateLimitPerMinute }, () => now().getTime())
  const context: LegacyContext = { db, config, traffic, now, tokens: createTokens(db, config.tokenTtlMinutes, now) }

  app.decorateRequest('user', null)
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/__control')) await traffic.onRequest(request, reply)
  })
  app.addHook('onSend', async (request) => {
    await traffic.onSend(request)
  })

  app.setNotFoundHandler((request, reply) => {
    const path = (request.url.split('?')[0] ?? '').replace(/^\//, '')
    return reply.code(404).send({ message: `The route ${path} could not be found.` })
  })
  app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    const status = error.statusCode ?? 500
    if (status === 413) return reply.code(413).send({ message: 'Payload Too Large' })
    if (status >= 400 && status < 500) return reply.code(400).send({ message: 'Requisição inválida.' })
    return reply.code(500).send({ message: 'Server Error' })
  })

  app.register(authRoutes, context)
  app.register(vacancyRoutes, context)
  app.register(candidateRoutes, context)
  app.register(reportRoutes, context)
  app.register(postalCodeRoutes)
  if (config.control) app.register(controlRoutes, context)
  return Object.assign(app, { context })
}
