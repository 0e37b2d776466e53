import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { BffConfig } from './config.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The operator's settings (plugins/config.ts). */
    config: BffConfig
    /** The clock every feature reads (tests pass their own). */
    now: () => number
  }
}

/** What every feature may read: the settings and the clock. */
export const runtimePlugin = fp(
  async function runtime(app: FastifyInstance, { config, now }: { config: BffConfig; now: () => number }) {
    app.decorate('config', config)
    app.decorate('now', now)
  },
  { name: 'runtime' },
)
