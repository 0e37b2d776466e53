import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { HttpClient } from '../../plugins/legacy-client.ts'

const Health = Type.Object({ status: Type.String(), checks: Type.Optional(Type.Record(Type.String(), Type.String())) })

/** GET /healthz (the process answers) and GET /readyz (the legacy API answers too). */
export async function healthRoutes(app: FastifyInstance, { legacy }: { legacy: HttpClient }) {
  app.get('/healthz', { schema: { tags: ['ops'], response: { 200: Health } } }, async () => ({ status: 'ok' }))
  app.get('/readyz', { schema: { tags: ['ops'], response: { 200: Health, 503: Health } } }, async (_request, reply) => {
    let legacyState = 'ok'
    try {
      const response = await legacy.request({ method: 'GET', path: '/vagas-publicas' })
      if (response.status >= 500) legacyState = `status ${response.status}`
    } catch (error) {
      legacyState = (error as { kind?: string }).kind ?? 'unreachable'
    }
    const ready = legacyState === 'ok'
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: { legacy: legacyState } })
  })
}
