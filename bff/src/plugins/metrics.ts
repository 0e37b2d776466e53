import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createServer, type Server } from 'node:http'
import { Counter, Gauge, Histogram, collectDefaultMetrics, type Registry } from 'prom-client'
import { HttpError, MESSAGES } from '../lib/http-error.ts'
import { LATENCY_BUCKETS } from '../legacy/measured.ts'
import type { ListenAddress } from './network-settings.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry: features add their own gauges to it. */
    metrics: Registry
    /** Where the metrics listener of its own listens, when METRICS_ADDRESS opened one. */
    metricsAddress?: () => ReturnType<Server['address']>
  }
}

/**
 * `GET /metrics` in Prometheus' text format: requests per route, method and status and
 * their latency, legacy calls (legacy/measured.ts), the store's pool, sessions, the process's own
 * figures, and what the features add (screening's jobs). On the main listener it needs
 * `Authorization: Bearer <token>` (`METRICS_TOKEN`), and without a token it is not served there at
 * all: behind a proxy on the same host every request comes from loopback, so the caller's address
 * proves nothing. `address` opens a listener of its own, bound where the operator chooses.
 */
export const metricsPlugin = fp(
  async function metrics(
    app: FastifyInstance,
    { registry, token, sessionIdleMs, address = null }: { registry: Registry; token: string; sessionIdleMs: number; address?: ListenAddress | null },
  ) {
    app.decorate('metrics', registry)
    collectDefaultMetrics({ register: registry, prefix: 'bff_' })
    const requests = new Counter({ name: 'bff_http_requests_total', help: 'Requests answered', labelNames: ['method', 'route', 'status'], registers: [registry] })
    const latency = new Histogram({
      name: 'bff_http_request_duration_seconds',
      help: 'Time to answer, by route',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    })
    new Gauge({
      name: 'bff_store_connections',
      help: 'Store connections in use and idle',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const use = app.store.poolUse()
        this.set({ state: 'busy' }, use.busy)
        this.set({ state: 'idle' }, use.idle)
      },
    })
    new Gauge({
      name: 'bff_live_sessions',
      help: 'Sessions used within the idle timeout and not logged out, across every instance sharing the store',
      registers: [registry],
      async collect() {
        this.set(await app.store.liveSessions(app.now() - sessionIdleMs))
      },
    })
    new Gauge({
      name: 'bff_revoked_sessions',
      help: 'Sessions logged out and not yet expired (refused on every instance)',
      registers: [registry],
      async collect() {
        this.set(Number((await app.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM revoked_sessions WHERE until >= ?', [Date.now()]))?.n ?? 0))
      },
    })
    app.addHook('onResponse', (request, reply, done) => {
      // The route's pattern, never the raw URL (ids and queries would explode the label set).
      const route = request.routeOptions.url ?? 'unmatched'
      requests.inc({ method: request.method, route, status: String(reply.statusCode) })
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000)
      done()
    })
    const tokenGiven = (authorization: string | undefined) => authorization === `Bearer ${token}`
    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      if (!token) throw new HttpError(404, MESSAGES.notFound)
      if (!tokenGiven(request.headers.authorization)) throw new HttpError(401, 'Informe o token de métricas.')
      return reply.header('content-type', registry.contentType).send(await registry.metrics())
    })
    if (address) {
      const listener = metricsListener(registry, token ? tokenGiven : () => true)
      app.addHook('onReady', () => listen(listener, address))
      app.addHook('onClose', (_app, done) => void listener.close(() => done()))
      app.decorate('metricsAddress', () => listener.address())
    }
  },
  { name: 'metrics', dependencies: ['store'] },
)

/** A plain HTTP listener that serves GET /metrics and nothing else. */
function metricsListener(registry: Registry, allowed: (authorization: string | undefined) => boolean): Server {
  return createServer((request, response) => {
    const answer = (status: number, type: string, body: string) => response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body)
    const path = (request.url ?? '').split('?')[0]
    if (request.method !== 'GET' || path !== '/metrics') return answer(404, 'application/json; charset=utf-8', JSON.stringify({ message: MESSAGES.notFound }))
    if (!allowed(request.headers.authorization)) return answer(401, 'application/json; charset=utf-8', JSON.stringify({ message: 'Informe o token de métricas.' }))
    registry.metrics().then(
      (text) => answer(200, registry.contentType, text),
      () => answer(500, 'application/json; charset=utf-8', JSON.stringify({ message: MESSAGES.internal })),
    )
  })
}

const listen = (server: Server, { host, port }: ListenAddress) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(new Error(`METRICS_ADDRESS=${host}:${port} cannot be used: ${error.message}`)))
    server.listen(port, host, () => resolve())
  })
