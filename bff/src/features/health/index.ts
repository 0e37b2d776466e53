import type { FastifyInstance } from 'fastify'
import { Health } from '@mini-vagas/shared/schemas/health'
/** Readiness answers within this, whatever the legacy does (a stalled legacy is "not ready", fast). */
const READY_DEADLINE_MS = 2000

/**
 * GET /healthz (the process answers) and GET /readyz: the store takes a write and the legacy API
 * answers within READY_DEADLINE_MS; 503 names the part that failed.
 */
export async function healthFeature(app: FastifyInstance, { readyDeadlineMs = READY_DEADLINE_MS }: { readyDeadlineMs?: number } = {}) {
  const { legacy, store } = app
  app.get('/healthz', { config: { access: 'public' }, schema: { tags: ['ops'], response: { 200: Health } } }, async () => ({ status: 'ok' }))
  app.get('/readyz', { config: { access: 'public' }, schema: { tags: ['ops'], response: { 200: Health, 503: Health } } }, async (_request, reply) => {
    let storeState = 'ok'
    try {
      await store.probeWrite()
    } catch (error) {
      storeState = `unwritable: ${(error as Error).message}`
    }
    let legacyState = 'ok'
    let timer: NodeJS.Timeout | undefined
    try {
      const deadline = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), readyDeadlineMs)))
      const response = await Promise.race([legacy.request({ method: 'GET', path: '/vagas-publicas' }), deadline])
      if (response === 'timeout') legacyState = 'timeout'
      else if (response.status >= 500) legacyState = `status ${response.status}`
    } catch (error) {
      legacyState = (error as { kind?: string }).kind ?? 'unreachable'
    } finally {
      clearTimeout(timer)
    }
    const ready = storeState === 'ok' && legacyState === 'ok'
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: { store: storeState, legacy: legacyState } })
  })
}
