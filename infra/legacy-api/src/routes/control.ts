import type { FastifyInstance } from 'fastify'
import type { Fault } from '../http/traffic.ts'
import { asBody, type LegacyContext } from './context.ts'

/**
 * Test-only control endpoints (LEGACY_CONTROL=1): inject faults into the next requests, read the
 * request log (what the BFF actually sent upstream), change latency and rate limit at run time.
 */
export async function controlRoutes(app: FastifyInstance, { traffic }: LegacyContext) {
  app.get('/__control/requests', async () => ({ total: traffic.total, requests: traffic.log }))
  app.delete('/__control/requests', async (_request, reply) => {
    traffic.log.length = 0
    traffic.total = 0
    return reply.code(204).send()
  })

  app.post('/__control/faults', async (request, reply) => {
    const body = asBody(request.body)
    const mode = body.mode
    if (mode !== 'status' && mode !== 'reset' && mode !== 'stall' && mode !== 'late') {
      return reply.code(422).send({ message: 'mode must be status, reset, stall or late' })
    }
    const count = body.count === undefined ? 1 : Number(body.count)
    const status = body.status === undefined ? undefined : Number(body.status)
    const ms = body.ms === undefined ? undefined : Number(body.ms)
    if (!Number.isInteger(count) || count < 1 || (status !== undefined && !(status >= 400 && status <= 599)) || (ms !== undefined && !(ms >= 0))) {
      return reply.code(422).send({ message: 'count must be ≥ 1, status 400–599, ms ≥ 0' })
    }
    const fault: Fault = { mode, count }
    if (status !== undefined) fault.status = status
    if (ms !== undefined) fault.ms = ms
    if (typeof body.method === 'string') fault.method = body.method.toUpperCase()
    if (typeof body.path === 'string') fault.path = body.path
    if (typeof body.retryAfter === 'string') fault.retryAfter = body.retryAfter
    traffic.faults.push(fault)
    return reply.code(201).send({ faults: traffic.faults })
  })
  app.delete('/__control/faults', async (_request, reply) => {
    traffic.faults = []
    return reply.code(204).send()
  })

  app.get('/__control/settings', async () => traffic.settings)
  app.put('/__control/settings', async (request, reply) => {
    const body = asBody(request.body)
    for (const key of ['latencyMs', 'latencyJitterMs', 'rateLimitPerMinute'] as const) {
      if (!(key in body)) continue
      const value = Number(body[key])
      if (!Number.isInteger(value) || value < 0) return reply.code(422).send({ message: `${key} must be a whole number ≥ 0` })
      traffic.settings[key] = value
    }
    traffic.resetRateLimits()
    return traffic.settings
  })
}
