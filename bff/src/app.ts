import cookie from '@fastify/cookie'
import swagger from '@fastify/swagger'
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import pino from 'pino'
import { Registry } from 'prom-client'
import { authFeature } from './features/auth/index.ts'
import { accountsFeature } from './features/accounts/index.ts'
import { candidatesFeature } from './features/candidates/index.ts'
import { timelineFeature } from './features/timeline/index.ts'
import { pipelineFeature } from './features/pipeline/index.ts'
import { homeFeature } from './features/home/index.ts'
import { cepFeature } from './features/cep/index.ts'
import { dashboardFeature } from './features/dashboard/index.ts'
import { exportsFeature } from './features/exports/index.ts'
import { healthFeature } from './features/health/index.ts'
import { passThroughFeature } from './features/pass-through/index.ts'
import { publicFeature } from './features/public/index.ts'
import { screeningFeature } from './features/screening/index.ts'
import { usersFeature } from './features/users/index.ts'
import { auditFeature } from './features/audit/index.ts'
import { privacyFeature } from './features/privacy/index.ts'
import { myApplicationsFeature } from './features/my-applications/index.ts'
import { messagesFeature } from './features/messages/index.ts'
import { interviewsFeature } from './features/interviews/index.ts'
import { vacanciesFeature } from './features/vacancies/index.ts'
import { reportsFeature } from './features/reports/index.ts'
import { traceIdOf } from './lib/trace.ts'
import type { BffConfig } from './plugins/config.ts'
import { fastifyTrustProxy } from './plugins/network-settings.ts'
import { csrfPlugin } from './plugins/csrf.ts'
import { clientErrorHandler, frameworkErrors } from './plugins/edge-errors.ts'
import { errorsPlugin } from './plugins/errors.ts'
import { candidateIndexPlugin } from './candidate-index/plugin.ts'
import { vacancyDetailsPlugin } from './plugins/vacancy-details.ts'
import { legacyPlugin } from './legacy/plugin.ts'
import { metricsPlugin } from './plugins/metrics.ts'
import { measuredLegacy } from './legacy/measured.ts'
import { createHttpClient, type HttpClient } from './legacy/client.ts'
import { routeAccessPlugin } from './plugins/route-access.ts'
import { runtimePlugin } from './plugins/runtime.ts'
import { securityHeadersPlugin } from './plugins/security-headers.ts'
import { sessionPlugin } from './plugins/session.ts'
import { auditPlugin } from './plugins/audit.ts'
import { lazyCompilers } from './lib/lazy-compilers.ts'
import { pageShellPlugin } from './plugins/page-shell.ts'
import { spaPlugin } from './plugins/spa.ts'
import { storePlugin, type Store } from './plugins/store.ts'
import { mailerPlugin, type Mailer } from './plugins/mailer.ts'
import { whatsappPlugin, type WhatsAppCloud } from './plugins/whatsapp.ts'
import { applicantLinksPlugin } from './plugins/applicant-links.ts'
import { contactPlugin } from './plugins/contact.ts'

/**
 * What a feature lets tests pass in; each feature adds its own entries (declaration merging from
 * its folder), so deleting the folder deletes them too.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the features
export interface FeatureDependencies {}

export interface AppDependencies extends FeatureDependencies {
  legacy?: HttpClient
  cep?: HttpClient
  store?: Store
  /** The SMTP server's door (plugins/mailer.ts); tests pass one that keeps what it is given. */
  mailer?: Mailer
  /** Meta's Cloud API client (plugins/whatsapp.ts); null turns it off whatever the configuration. */
  whatsapp?: WhatsAppCloud | null
  now?: () => number
  logger?: FastifyServerOptions['logger']
}

/** What logs may never hold (docs/architecture.md): secrets and people's data. */
export const LOG_REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token', '*.apiKey']

/**
 * The BFF's logger: level, redaction, path-only serialisers, and where lines go. By default that is
 * pino's asynchronous destination: a synchronous write per line held the event loop
 * under load; pino flushes what is buffered when the process exits.
 */
export function loggerOptions(level: string, stream: { write(line: string): void } = pino.destination({ dest: 1, sync: false })): FastifyServerOptions['logger'] {
  return {
    level,
    stream,
    redact: { paths: LOG_REDACT, censor: '[redacted]' },
    serializers: {
      // Paths only: query strings carry searched names and dates.
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0] }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  }
}

/**
 * One log line per request, when it completes, with its method, path, status and time — not
 * Fastify's two (half the log work under load). Errors still log as Fastify logs them.
 */
class AccessLog extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed')
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
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // The request id is the W3C trace id (lib/trace.ts): in every log line, the answer and the legacy calls.
    genReqId: (req) => traceIdOf(req.headers.traceparent),
    requestIdHeader: false,
    logController: new AccessLog(),
    forceCloseConnections: true,
    // Requests refused before any route: in Portuguese, in the one error shape (plugins/edge-errors.ts).
    frameworkErrors,
    clientErrorHandler,
    ajv: { customOptions: { allErrors: true, removeAdditional: true, coerceTypes: false } },
    schemaController: { compilersFactory: lazyCompilers },
  })
  const now = deps.now ?? Date.now
  const legacy = deps.legacy ?? createHttpClient({ baseUrl: config.legacyApiUrl, timeoutMs: config.legacyTimeoutMs, retries: config.legacyRetries })
  const cep = deps.cep ?? createHttpClient({ baseUrl: config.cepApiUrl, timeoutMs: Math.min(config.legacyTimeoutMs, 5000), retries: 1 })

  // 1. External plugins
  await app.register(cookie)
  await app.register(swagger, {
    openapi: { info: { title: 'Mini Vagas BFF', version: '1.0.0', description: 'The BFF’s own routes; /api/* passes allow-listed calls to the legacy API.' } },
  })

  // 2. App plugins: what every feature may use (settings, clock, legacy client, store, session) and
  // the rules every route follows (headers, CSRF, one error shape, declared access).
  await app.register(runtimePlugin, { config, now })
  await app.register(securityHeadersPlugin, { production: config.production })
  // One registry per app (tests build several in one process); the legacy client is measured.
  const registry = new Registry()
  await app.register(legacyPlugin, { client: measuredLegacy(legacy, registry), registerPath: config.legacyRegisterPath })
  await app.register(storePlugin, { store: deps.store, file: config.storeFile, databaseUrl: config.databaseUrl || undefined })
  await app.register(auditPlugin, { retentionDays: config.auditRetentionDays })
  await app.register(vacancyDetailsPlugin)
  await app.register(sessionPlugin, { config, now, store: app.store })
  await app.register(csrfPlugin, { publicOrigin: config.publicOrigin })
  await app.register(errorsPlugin)
  await app.register(routeAccessPlugin)
  await app.register(pageShellPlugin, { staticDir: config.staticDir })
  await app.register(metricsPlugin, { registry, token: config.metricsToken, address: config.metricsAddress, sessionIdleMs: config.sessionIdleMinutes * 60_000 })
  await app.register(candidateIndexPlugin)
  await app.register(mailerPlugin, { mailer: deps.mailer })
  await app.register(whatsappPlugin, { whatsapp: deps.whatsapp })
  await app.register(applicantLinksPlugin)
  await app.register(contactPlugin)
  // Callback-style hooks on every request: no promise per hook on the pass-through's hot path.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    done()
  })

  app.get('/bff/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger())

  // 3. Features: each a folder with its routes, services, tables and lifecycle; delete the folder
  // and its line here and the rest still builds and passes (tests/support/delete-feature.ts).
  await app.register(healthFeature)
  await app.register(authFeature)
  await app.register(accountsFeature)
  await app.register(publicFeature)
  await app.register(cepFeature, { client: cep })
  await app.register(vacanciesFeature)
  await app.register(candidatesFeature)
  await app.register(timelineFeature)
  await app.register(pipelineFeature)
  await app.register(homeFeature)
  await app.register(dashboardFeature)
  await app.register(reportsFeature)
  await app.register(exportsFeature)
  await app.register(usersFeature)
  await app.register(auditFeature)
  await app.register(privacyFeature)
  await app.register(messagesFeature)
  await app.register(interviewsFeature)
  await app.register(myApplicationsFeature)
  await app.register(screeningFeature, { provider: deps.screening })
  await app.register(passThroughFeature)
  await app.register(spaPlugin, { staticDir: config.staticDir })
  return app
}
