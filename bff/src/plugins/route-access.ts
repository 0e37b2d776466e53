import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { pathRecords, sessionOf, type OwnedRecords } from '../legacy/access.ts'
import { HttpError, MESSAGES } from '../lib/http-error.ts'

/**
 * Who may call a route, declared on the route itself as
 * `config: { access }` and enforced here before any handler runs. A route under /bff, /api,
 * /healthz or /readyz without a declaration stops the BFF at start-up.
 *
 * - public: anyone, signed in or not.
 * - session: any signed-in user.
 * - admin / company: that role only (admin: the agency's staff, any person of its team).
 * - agency-admin: the agency's administrators: a person of the team whose role is admin, or the
 *   agency's own legacy login (docs/accounts.md); a recruiter gets 403.
 * - staff: admins and companies; the handler's list is filtered to what the session owns.
 * - own-vacancy: staff, and a company only when the path's `:id` is one of its vacancies.
 * - own-candidate: staff, and a company only when the path's `:id` is a candidate of one of its
 *   vacancies. The records read for the check are kept on `request.owned` for the handler.
 * - policy: the pass-through, whose allow-list (features/pass-through/policy.ts) rules each path.
 */
export type RouteAccess = 'public' | 'session' | 'admin' | 'agency-admin' | 'company' | 'staff' | 'own-vacancy' | 'own-candidate' | 'policy'

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess
  }
  interface FastifyRequest {
    owned: OwnedRecords
  }
  interface FastifyInstance {
    /** Every declared route as `METHOD url` → its access, for the route × role tests. */
    routeAccess: Map<string, RouteAccess>
  }
}

/** Routes outside the rule: the SPA's files (public by nature). */
const governed = (url: string) => url.startsWith('/bff') || url.startsWith('/api') || url === '/healthz' || url === '/readyz' || url === '/metrics'

function checkRole(access: RouteAccess, request: FastifyRequest) {
  if (access === 'public' || access === 'policy') return
  if (access === 'admin') sessionOf(request, 'admin')
  else if (access === 'agency-admin') {
    const person = sessionOf(request, 'admin').user.person
    if (person && person.role !== 'admin') throw new HttpError(403, MESSAGES.forbidden)
  } else if (access === 'company') sessionOf(request, 'company')
  else if (access === 'session') sessionOf(request)
  else sessionOf(request, 'admin', 'company')
}

export const routeAccessPlugin = fp(
  async function routeAccess(app: FastifyInstance) {
    const table = new Map<string, RouteAccess>()
    app.decorate('routeAccess', table)
    app.decorateRequest('owned', null as never)
    app.addHook('onRoute', (route) => {
      if (!governed(route.url)) return
      const access = route.config?.access
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD')
      if (!access) throw new Error(`No access rule for ${methods.join(',')} ${route.url}: declare config.access on the route`)
      for (const method of methods) table.set(`${method} ${route.url}`, access)
      // Before the body is read or validated: a caller without the right gets 401/403, never 400.
      const onRequest = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : []
      // Public and policy routes (the pass-through checks its own policy) need no hook at all.
      if (access !== 'public' && access !== 'policy')
        route.onRequest = [
          ...onRequest,
          (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
            try {
              checkRole(access, request)
            } catch (error) {
              return done(error as Error)
            }
            done()
          },
        ]
      // After the path is validated: the records its `:id` names, read once when first needed; a
      // company's check on own-* routes reads them first (403 when not its own). Routes without an
      // `:id` (the pass-through's hot path among them) get nothing added.
      const owns = access === 'own-vacancy' || access === 'own-candidate'
      if (owns && !route.url.includes('/:id')) throw new Error(`${access} on ${route.url}: the path must name the record with :id`)
      if (!route.url.includes('/:id')) return
      const preHandler = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : []
      route.preHandler = [
        async (request) => {
          request.owned = pathRecords(request, access === 'own-candidate' ? 'candidate' : 'vacancy', (request.params as { id: string }).id)
          if (owns && request.session?.user.role === 'company') await request.owned.vacancy()
        },
        ...preHandler,
      ]
    })
  },
  { name: 'route-access', dependencies: ['legacy'] },
)
