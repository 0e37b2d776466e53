import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { UNSAFE_HEADERS } from './stack.ts'

/**
 * Starts a screening run as the SPA does: the range is loaded first (the answer is the
 * run's draft) and the run screens that draft. The load's answer comes back when it failed.
 */
export async function startScreening(app: FastifyInstance, cookie: string | undefined, range: unknown): Promise<LightMyRequestResponse> {
  const headers = { ...UNSAFE_HEADERS, ...(cookie ? { cookie } : {}) }
  const load = await app.inject({ method: 'POST', url: '/bff/screening/candidates', headers, payload: typeof range === 'string' ? range : JSON.stringify(range) })
  if (load.statusCode !== 200) return load
  return app.inject({ method: 'POST', url: '/bff/screening/runs', headers, payload: JSON.stringify({ draftId: load.json().draftId }) })
}
