import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError, MESSAGES } from '../lib/http-error.ts'
import { canSee, sessionOf } from '../lib/access.ts'
import { legacyGet } from '../lib/access.ts'
import { readOne } from '../lib/legacy-readers.ts'

/**
 * Who may call a route (issue 7, issue 12, SECURITY.md 14), declared on the route itself as
 * `config: { access }` and enforced here before any handler runs. A route under /bff, /api,
 * /healthz or /readyz without a declaration stops the BFF at start-up.
 *
 * - public: anyone, signed in or not.
 * - session: any signed-in user.
 * - admin / company: that role only.
 * - staff: admins and companies; the handler's list is filtered to what the session owns.
 * - own-vacancy: staff, and a company only when the path's `:id` is one of its vacancies.
 * - own-candidate: staff, and a company only when the path's `:id` is a candidate of one of its
 *   vacancies. The records read for the check are kept on `request.owned` for the handler.
 * - policy: the pass-through, whose allow-list (features/pass-through/policy.ts) rules each path.
 */
export type RouteAccess = 'public' | 'session' | 'admin' | 'company' | 'staff' | 'own-vacancy' | 'own-candidate' | 'policy'

import type { ListedCandidate } from '@mini-vagas/shared/schemas/candidates'
import type { ListedVacancy } from '@mini-vagas/shared/schemas/vacancy'

/**
 * The records named by the path's `:id` (a vacancy, or a candidate and its vacancy on
 * own-candidate routes): read at most once per request, by the access check or the handler.
 */
export interface OwnedRecords {
  vacancy(): Promise<ListedVacancy>
  candidate(): Promise<ListedCandidate>
}

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
const governed = (url: string) => url.startsWith('/bff') || url.startsWith('/api') || url === '/healthz' || url === '/readyz'

function checkRole(access: RouteAccess, request: FastifyRequest) {
  if (access === 'public' || access === 'policy') return
  if (access === 'admin') sessionOf(request, 'admin')
  else if (access === 'company') sessionOf(request, 'company')
  else if (access === 'session') sessionOf(request)
  else sessionOf(request, 'admin', 'company')
}

function ownedRecords(app: FastifyInstance, request: FastifyRequest, access: RouteAccess): OwnedRecords {
  const session = () => sessionOf(request)
  const id = () => (request.params as { id?: string }).id ?? ''
  let vacancy: Promise<ListedVacancy> | null = null
  let candidate: Promise<ListedCandidate> | null = null
  const readVacancy = (vacancyId: string) =>
    (vacancy ??= legacyGet(app.legacy, `/processos_seletivos/${vacancyId}`, session(), request).then((r) => {
      const record = readOne<ListedVacancy>(r.body)
      if (!record) throw new HttpError(404, 'Vaga não encontrada.')
      if (!canSee(session(), record)) throw new HttpError(403, MESSAGES.forbidden)
      return record
    }))
  const readCandidate = () =>
    (candidate ??= legacyGet(app.legacy, `/candidatos/${id()}`, session(), request).then((r) => {
      const record = readOne<ListedCandidate>(r.body)
      if (!record) throw new HttpError(404, 'Candidato não encontrado.')
      return record
    }))
  return {
    vacancy: async () => {
      if (access !== 'own-candidate') return readVacancy(id())
      const vacancyId = String((await readCandidate()).job_posting_id ?? '')
      if (!/^[1-9]\d{0,14}$/.test(vacancyId))
        throw new HttpError(session().user.role === 'admin' ? 404 : 403, session().user.role === 'admin' ? 'Vaga não encontrada.' : MESSAGES.forbidden)
      return readVacancy(vacancyId)
    },
    candidate: readCandidate,
  }
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
      route.onRequest = [...onRequest, async (request) => checkRole(access, request)]
      // After the path is validated: the path's records, read once when first needed; a company's
      // check on own-* routes reads them first (403 when not its own).
      const owns = access === 'own-vacancy' || access === 'own-candidate'
      const preHandler = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : []
      route.preHandler = [
        async (request) => {
          request.owned = ownedRecords(app, request, access)
          if (owns && request.session?.user.role === 'company') await request.owned.vacancy()
        },
        ...preHandler,
      ]
    })
  },
  { name: 'route-access', dependencies: ['legacy'] },
)
