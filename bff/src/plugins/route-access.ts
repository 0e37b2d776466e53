import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { sessionOf } from '../lib/access.ts'

/**
 * Who may call each BFF route (issue 7, SECURITY.md 14) — one declarative table, enforced before
 * any handler runs. `/api/*` has its own rows in the pass-through policy
 * (`features/pass-through/policy.ts`), which the same route × role tests read. A route missing
 * from this table stops the BFF at start-up, so no route can ship without a rule.
 *
 * - public: anyone, signed in or not.
 * - session: any signed-in user.
 * - admin / company: that role only.
 * - own: admins, and companies limited to their own vacancies and candidates — the handler checks
 *   the vacancy's CNPJ for every vacancy- or candidate-scoped path and filters every list.
 */
export type RouteAccess = 'public' | 'session' | 'admin' | 'company' | 'own'

export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /bff/openapi.json': 'public',
  'POST /bff/auth/login': 'public',
  'POST /bff/auth/logout': 'public',
  'GET /bff/auth/me': 'session',
  'GET /bff/public/vacancies': 'public',
  'GET /bff/public/vacancies/:id': 'public',
  'POST /bff/public/applications': 'public',
  'GET /bff/cep/:cep': 'public',
  'GET /bff/vacancies': 'own',
  'GET /bff/vacancies/:id': 'own',
  'GET /bff/vacancies/by-slug/:slug': 'own',
  'GET /bff/vacancies/:id/candidates': 'own',
  'GET /bff/vacancies/:id/candidates.csv': 'own',
  'GET /bff/candidates/:id': 'own',
  'GET /bff/candidates': 'admin',
  'GET /bff/candidates.csv': 'admin',
  'GET /bff/dashboard': 'admin',
  'GET /bff/exports/relatorio.xlsx': 'admin',
  'POST /bff/exports/render': 'session',
  'POST /bff/screening/candidates': 'admin',
  'GET /bff/screening/provider': 'admin',
  'POST /bff/screening/test-connection': 'admin',
  'POST /bff/screening/runs': 'admin',
  'GET /bff/screening/runs/:id': 'admin',
  'GET /bff/screening/runs/:id/events': 'admin',
  'GET /bff/screening/runs/:id/apply-preview': 'admin',
  'POST /bff/screening/runs/:id/apply': 'admin',
  'POST /bff/company/vacancies': 'company',
  'POST /bff/users': 'admin',
}

/** Routes this table does not govern: the pass-through (its own policy) and the SPA's files. */
const OUTSIDE = (url: string) => url.startsWith('/api') || !(url.startsWith('/bff') || url === '/healthz' || url === '/readyz')

function check(access: RouteAccess, request: FastifyRequest) {
  if (access === 'public') return
  if (access === 'admin') sessionOf(request, 'admin')
  else if (access === 'company') sessionOf(request, 'company')
  else sessionOf(request, 'admin', 'company')
}

export const routeAccessPlugin = fp(async function routeAccess(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (OUTSIDE(route.url)) return
    // HEAD routes Fastify adds for each GET follow the GET's rule.
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => (m === 'HEAD' ? 'GET' : m))
    for (const method of methods) {
      const access = ROUTE_ACCESS[`${method} ${route.url}`]
      if (!access) throw new Error(`No access rule for ${method} ${route.url}: add it to ROUTE_ACCESS (bff/src/plugins/route-access.ts)`)
      // Before the body is read or validated: a caller without the right gets 401/403, never 400.
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : []
      route.onRequest = [...existing, async (request) => check(access, request)]
    }
  })
})
