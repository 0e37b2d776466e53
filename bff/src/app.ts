import { randomUUID } from 'node:crypto'
import cookie from '@fastify/cookie'
import swagger from '@fastify/swagger'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { authRoutes } from './features/auth/routes.ts'
import { cepRoutes } from './features/cep/routes.ts'
import { companyRoutes } from './features/company/routes.ts'
import { dashboardRoutes } from './features/dashboard/routes.ts'
import { createDashboard } from './features/dashboard/service.ts'
import { exportRoutes } from './features/exports/routes.ts'
import { healthRoutes } from './features/health/routes.ts'
import { createAttemptLimiter } from './lib/attempt-limiter.ts'
import { createScreeningApplier } from './features/screening/apply.ts'
import { createScreeningLoader } from './features/screening/loader.ts'
import { createOpenAiProvider } from './features/screening/openai-provider.ts'
import type { ScreeningProvider } from './features/screening/provider.ts'
import { createRulesProvider } from './features/screening/rules-provider.ts'
import { screeningRoutes } from './features/screening/routes.ts'
import { createScreeningRuns } from './features/screening/runs.ts'
import { createSqliteStore, type Store } from './plugins/store.ts'
import { passThroughRoutes } from './features/pass-through/routes.ts'
import { publicRoutes } from './features/public/routes.ts'
import { staffListRoutes } from './features/staff-lists/routes.ts'
import { userRoutes } from './features/users/routes.ts'
import { createStaffLists } from './features/staff-lists/service.ts'
import { createPublicVacancies } from './features/public/service.ts'
import type { BffConfig } from './plugins/config.ts'
import { csrfPlugin } from './plugins/csrf.ts'
import { errorsPlugin } from './plugins/errors.ts'
import { createHttpClient, type HttpClient } from './plugins/legacy-client.ts'
import { securityHeadersPlugin } from './plugins/security-headers.ts'
import { routeAccessPlugin } from './plugins/route-access.ts'
import { sessionPlugin } from './plugins/session.ts'
import { spaPlugin } from './plugins/spa.ts'

export interface AppDependencies {
  legacy?: HttpClient
  cep?: HttpClient
  screening?: ScreeningProvider
  store?: Store
  now?: () => number
  logger?: FastifyServerOptions['logger']
}

/** What logs may never hold (SECURITY.md 2, 24; DESIGN.md §5): secrets and people's data. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.apiKey',
]

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: LOG_REDACT, censor: '[redacted]' },
    serializers: {
      // Paths only: query strings carry searched names and dates.
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0] }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  }
}

/**
 * The BFF (fastify/demo's shape): external plugins, then app plugins, then routes. Everything
 * outside comes in through `deps`, so tests pass their own clients and clock.
 */
export async function buildApp(config: BffConfig, deps: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    forceCloseConnections: true,
    ajv: { customOptions: { allErrors: true, removeAdditional: true, coerceTypes: false } },
  })
  const now = deps.now ?? Date.now
  const legacy = deps.legacy ?? createHttpClient({ baseUrl: config.legacyApiUrl, timeoutMs: config.legacyTimeoutMs, retries: config.legacyRetries })
  const cep = deps.cep ?? createHttpClient({ baseUrl: config.cepApiUrl, timeoutMs: Math.min(config.legacyTimeoutMs, 5000), retries: 1 })

  // External plugins
  await app.register(cookie)
  await app.register(swagger, {
    openapi: { info: { title: 'Mini Vagas BFF', version: '1.0.0', description: 'The BFF’s own routes; /api/* passes allow-listed calls to the legacy API.' } },
  })
  // App plugins
  await app.register(securityHeadersPlugin, { production: config.production })
  // The BFF's own store (runs, applies, leases, revoked sessions); an unusable STORE_FILE stops start-up here.
  const store = deps.store ?? createSqliteStore(config.storeFile)
  await app.register(sessionPlugin, { config, now, store })
  await app.register(csrfPlugin, { publicOrigin: config.publicOrigin })
  await app.register(errorsPlugin)
  await app.register(routeAccessPlugin)
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  // Routes
  const vacancies = createPublicVacancies({ legacy, ttlMs: config.publicCacheSeconds * 1000 })
  await app.register(authRoutes, { legacy, limits: { perIp: config.loginLimitPerIp, perCnpj: config.loginLimitPerCnpj, windowMs: 15 * 60_000, now } })
  await app.register(publicRoutes, { vacancies, cacheSeconds: config.publicCacheSeconds })
  await app.register(cepRoutes, { cep })
  await app.register(healthRoutes, { legacy, store })
  await app.register(staffListRoutes, { lists: createStaffLists({ legacy }) })
  const dashboard = createDashboard({ legacy, now })
  // Staff see their own changes: any successful write through the BFF drops the dashboard cache.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 300 && request.url.startsWith('/api/')) dashboard.invalidate()
  })
  await app.register(dashboardRoutes, { dashboard })
  await app.register(exportRoutes, { legacy })
  await app.register(companyRoutes, { legacy, onWrite: () => dashboard.invalidate() })
  await app.register(userRoutes, { legacy, registerPath: config.legacyRegisterPath })
  // With no key, the deterministic rules provider screens (DESIGN.md §6).
  const provider =
    deps.screening ??
    (config.openaiApiKey
      ? createOpenAiProvider({ apiKey: config.openaiApiKey, baseURL: config.openaiBaseUrl, model: config.openaiModel, maxInputTokens: config.openaiMaxInputTokens, maxOutputTokens: 8000, concurrency: config.openaiConcurrency, timeoutMs: 120_000 })
      : createRulesProvider())
  const loader = createScreeningLoader({ legacy })
  const starts = createAttemptLimiter({ limit: config.screeningRunsPerHour, windowMs: 60 * 60_000, now })
  const runs = createScreeningRuns({ store, loader, provider, legacy, log: app.log, starts })
  const applier = createScreeningApplier({ store, legacy, log: app.log, now, leaseMs: config.jobLeaseSeconds * 1000 })
  await app.register(screeningRoutes, { loader, provider, runs, applier })
  // Unfinished runs carry on when the BFF starts, unfinished applies say where they stopped; on
  // close, let the current batch land first.
  app.addHook('onReady', async () => {
    // Runs hold candidates' data: finished ones are kept only as long as the operator allows.
    store.purge(new Date(now() - config.storeRetentionDays * 86_400_000).toISOString())
    applier.interruptUnfinished()
    runs.resume()
  })
  app.addHook('onClose', async () => {
    await Promise.all([Promise.race([runs.idle(), new Promise((r) => setTimeout(r, 5000))]), applier.stop(5000)])
    if (!deps.store) store.close()
  })
  await app.register(passThroughRoutes, { legacy })
  app.get('/bff/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  await app.register(spaPlugin, { staticDir: config.staticDir })
  return app
}
