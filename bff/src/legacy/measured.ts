import { Counter, Histogram, type Registry } from 'prom-client'
import type { HttpClient } from './client.ts'

/** A legacy path as a metric label: ids and dates become placeholders, so the label set stays small. */
export const endpointOf = (path: string) =>
  path
    .split('?')[0]!
    .replace(/\/\d+(?=\/|$)/g, '/:id')
    .replace(/\/candidatos\/status\/[a-z_]+$/, '/candidatos/status/:status')

export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** Counts and times every legacy call by endpoint and status (429s included), through the same client. */
export function measuredLegacy(client: HttpClient, registry: Registry): HttpClient {
  const calls = new Counter({ name: 'bff_legacy_requests_total', help: 'Calls to the legacy API', labelNames: ['method', 'endpoint', 'status'], registers: [registry] })
  const latency = new Histogram({
    name: 'bff_legacy_request_duration_seconds',
    help: 'Latency of legacy API calls',
    labelNames: ['method', 'endpoint'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  const limited = new Counter({ name: 'bff_legacy_rate_limited_total', help: '429 answers received from the legacy API', labelNames: ['endpoint'], registers: [registry] })
  return {
    async request(request) {
      const endpoint = endpointOf(request.path)
      const stop = latency.startTimer({ method: request.method, endpoint })
      try {
        const response = await client.request(request)
        calls.inc({ method: request.method, endpoint, status: String(response.status) })
        if (response.status === 429) limited.inc({ endpoint })
        return response
      } catch (error) {
        calls.inc({ method: request.method, endpoint, status: (error as { kind?: string }).kind ?? 'error' })
        throw error
      } finally {
        stop()
      }
    },
  }
}
