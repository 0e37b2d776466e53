import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { HttpClient } from './legacy-client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The legacy API, with the session's token added by each caller. */
    legacy: HttpClient
    /** Called after every successful write to the legacy, whoever sent it (caches that summarise legacy data listen). */
    onLegacyWrite(listener: () => void): void
  }
}

/**
 * The legacy client every feature uses. Successful writes are announced, so a feature that keeps
 * a summary of legacy data (the dashboard) hears of every change — from the SPA, the pass-through
 * or a screening apply — without the writers knowing it exists.
 */
export const legacyPlugin = fp(
  async function legacy(app: FastifyInstance, { client }: { client: HttpClient }) {
    const listeners: (() => void)[] = []
    const announced: HttpClient = {
      async request(request) {
        const response = await client.request(request)
        if (request.method !== 'GET' && response.status >= 200 && response.status < 300) for (const listener of listeners) listener()
        return response
      },
    }
    app.decorate('legacy', announced)
    app.decorate('onLegacyWrite', (listener: () => void) => void listeners.push(listener))
  },
  { name: 'legacy' },
)
