import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createLegacyBudget, type BudgetOptions, type CallPriority, type LegacyBudget } from './budget.ts'
import type { HttpClient, UpstreamRequest, UpstreamResponse } from './client.ts'

/** A call to the legacy: who it is for decides its place in the token's budget. */
export interface LegacyCall extends UpstreamRequest {
  /** 'person' (the default): a click, sent at once. 'job': background work, sent as people leave room. */
  priority?: CallPriority
  /** For a job: told how long it will wait after a 429. */
  onWait?: (seconds: number) => void
}

export interface LegacyClient {
  request(call: LegacyCall): Promise<UpstreamResponse>
}

/** A successful write to the legacy, as its listeners hear of it. */
export interface LegacyWrite {
  method: UpstreamRequest['method']
  /** The legacy path written, e.g. `/candidatos/12/observacao`. */
  path: string
  /** The body sent. */
  body: unknown
  /** The legacy's answer (read whole: writes are never streamed to listeners' loss). */
  answer: UpstreamResponse
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The legacy API, with the session's token added by each caller; every call draws from its token's budget. */
    legacy: LegacyClient
    /** The budget every call draws from (its stats per token). */
    legacyBudget: LegacyBudget
    /** Called after every successful write to the legacy, whoever sent it (caches that summarise legacy data listen). */
    onLegacyWrite(listener: (write: LegacyWrite) => void): void
  }
}

/**
 * The legacy client every feature uses. Every call draws from one rate budget per token, in which
 * people go before jobs (`budget.ts`). Successful writes are announced, so a feature that keeps a
 * summary of legacy data (the dashboard) hears of every change — from the SPA, the pass-through
 * or a screening apply — without the writers knowing it exists.
 */
export const legacyPlugin = fp(
  async function legacy(app: FastifyInstance, { client, budget = {} }: { client: HttpClient; budget?: BudgetOptions }) {
    const listeners: ((write: LegacyWrite) => void)[] = []
    const shared = createLegacyBudget(budget)
    const announced: LegacyClient = {
      async request({ priority = 'person', onWait, ...request }) {
        const response = await shared.send(request.token ?? '', priority, () => client.request(request), onWait)
        if (request.method !== 'GET' && response.status >= 200 && response.status < 300) {
          const write = { method: request.method, path: request.path, body: request.body, answer: response }
          for (const listener of listeners) listener(write)
        }
        return response
      },
    }
    app.decorate('legacy', announced)
    app.decorate('legacyBudget', shared)
    app.decorate('onLegacyWrite', (listener: (write: LegacyWrite) => void) => void listeners.push(listener))
  },
  { name: 'legacy' },
)
