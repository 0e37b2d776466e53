import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { HttpClient, UpstreamRequest, UpstreamResponse } from './legacy-client.ts'

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
    /** The legacy API, with the session's token added by each caller. */
    legacy: HttpClient
    /** Called after every successful write to the legacy, whoever sent it (caches that summarise legacy data listen). */
    onLegacyWrite(listener: (write: LegacyWrite) => void): void
  }
}

/**
 * The legacy client every feature uses. Successful writes are announced, so a feature that keeps
 * a summary of legacy data (the dashboard) hears of every change — from the SPA, the pass-through
 * or a screening apply — without the writers knowing it exists.
 */
export const legacyPlugin = fp(
  async function legacy(app: FastifyInstance, { client }: { client: HttpClient }) {
    const listeners: ((write: LegacyWrite) => void)[] = []
    const announced: HttpClient = {
      async request(request) {
        const response = await client.request(request)
        if (request.method !== 'GET' && response.status >= 200 && response.status < 300) {
          const write = { method: request.method, path: request.path, body: request.body, answer: response }
          for (const listener of listeners) listener(write)
        }
        return response
      },
    }
    app.decorate('legacy', announced)
    app.decorate('onLegacyWrite', (listener: (write: LegacyWrite) => void) => void listeners.push(listener))
  },
  { name: 'legacy' },
)
