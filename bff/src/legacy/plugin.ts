import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { createLegacyBudget, type BudgetOptions, type LegacyBudget, type LegacyClient } from './budget.ts'
import type { HttpClient } from './client.ts'
import { isSuccess } from './errors.ts'
import { LegacyGateway, type Caller } from './gateway.ts'
import { legacyEvent, type LegacyEvent } from './writes.ts'

const GATEWAY = Symbol('legacy gateway')

/** Hears each write once; may return a promise the writer waits for (a cache kept current before the writer's next click). */
export type LegacyListener = (event: LegacyEvent) => void | Promise<void>

declare module 'fastify' {
  interface FastifyInstance {
    /** A gateway for a caller that is not a person's request: a job holding its token, or a public call (no token). */
    legacyFor(caller: Caller): LegacyGateway
    /** The budget every call draws from (its stats per token). */
    legacyBudget: LegacyBudget
    /** Listens to every successful write to the legacy, whoever sent it. */
    onLegacyWrite(listener: LegacyListener): void
  }
  interface FastifyRequest {
    /** The legacy, on this request's behalf: the session's token (none for a guest), its id, a person's priority. */
    legacy: LegacyGateway
  }
}

/**
 * The one door to the legacy. Every call draws from one rate budget per token, in which people go
 * before jobs (`budget.ts`); every successful write is announced once as a typed event
 * (`writes.ts`), so a feature that keeps something of legacy data (the list cache, the dashboard,
 * a running apply) hears of every change — from a route, the pass-through or a job — without the
 * writers knowing it exists. The writer's answer waits for the listeners, so its next click reads
 * what it wrote.
 */
export const legacyPlugin = fp(
  async function legacy(app: FastifyInstance, { client, budget = {}, registerPath }: { client: HttpClient; budget?: BudgetOptions; registerPath?: string }) {
    const listeners: LegacyListener[] = []
    const shared = createLegacyBudget(budget)
    const announced: LegacyClient = {
      async request({ priority = 'person', onWait, ...request }) {
        const response = await shared.send(request.token ?? '', priority, () => client.request(request), onWait)
        if (request.method !== 'GET' && isSuccess(response)) {
          const event = legacyEvent({ method: request.method, path: request.path, body: request.body, answer: response })
          // A listener's failure is its own (it logs and recovers): the write landed and the writer is told so.
          if (event)
            await Promise.all(
              listeners.map(async (listener) => {
                try {
                  await listener(event)
                } catch (error) {
                  app.log.error({ err: { message: (error as Error).message } }, 'a listener of legacy writes failed')
                }
              }),
            )
        }
        return response
      },
    }
    const gatewayFor = (caller: () => Caller) => new LegacyGateway(announced, caller, registerPath ? { registerPath } : {})
    app.decorate('legacyFor', (caller: Caller) => gatewayFor(() => caller))
    app.decorate('legacyBudget', shared)
    app.decorate('onLegacyWrite', (listener: LegacyListener) => void listeners.push(listener))
    // Built on first use per request, kept in a field declared up front (the request's shape stays
    // stable); the token is read at each call (a login starts the session mid-request).
    app.decorateRequest(GATEWAY, null)
    app.decorateRequest('legacy', {
      getter(this: FastifyRequest) {
        const held = this as FastifyRequest & { [GATEWAY]: LegacyGateway | null }
        return (held[GATEWAY] ??= gatewayFor(() => ({ token: this.session?.token, requestId: this.id })))
      },
    })
  },
  { name: 'legacy' },
)
