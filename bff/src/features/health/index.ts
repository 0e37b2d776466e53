import type { FastifyInstance } from 'fastify'
import { Health } from '@mini-vagas/shared/schemas/health'
/** Readiness answers within this, whatever the legacy does (a stalled legacy is "not ready", fast). */
const READY_DEADLINE_MS = 2000

/** What a check came to within the deadline: its own answer, or 'timeout'. */
async function within<T>(ms: number, check: () => Promise<T>): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)))
  try {
    return await Promise.race([check(), deadline])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * GET /healthz (the process answers) and GET /readyz: the store takes a write and the legacy API
 * answers, both asked at once and each within READY_DEADLINE_MS (a frozen PostgreSQL or a stalled
 * legacy is "not ready", fast); 503 names the part that failed.
 */
export async function healthFeature(app: FastifyInstance, { readyDeadlineMs = READY_DEADLINE_MS }: { readyDeadlineMs?: number } = {}) {
  const { store } = app
  const legacy = app.legacyFor({})
  app.get('/healthz', { config: { access: 'public' }, schema: { tags: ['ops'], response: { 200: Health } } }, async () => ({ status: 'ok' }))
  app.get('/readyz', { config: { access: 'public' }, schema: { tags: ['ops'], response: { 200: Health, 503: Health } } }, async (_request, reply) => {
    const storeCheck = within(readyDeadlineMs, async () => {
      try {
        await store.probeWrite()
        return 'ok'
      } catch (error) {
        return `unwritable: ${(error as Error).message}`
      }
    })
    const legacyCheck = within(readyDeadlineMs, async () => {
      try {
        return await legacy.probe()
      } catch (error) {
        return (error as { kind?: string }).kind ?? 'unreachable'
      }
    })
    const [storeState, legacyState] = await Promise.all([storeCheck, legacyCheck])
    const ready = storeState === 'ok' && legacyState === 'ok'
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: { store: storeState, legacy: legacyState } })
  })
}
