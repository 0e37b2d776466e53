import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { User } from '@mini-vagas/shared/schemas/user'
import { HttpError, MESSAGES } from '../lib/http-error.ts'
import { createTtlCache } from '../lib/ttl-cache.ts'
import type { BffConfig } from './config.ts'
import { createSealer, type SessionData } from './session-seal.ts'
import type { Store } from './store.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The open session, or null. Routes read the user from here; the token stays server-side. */
    session: SessionData | null
  }
  interface FastifyInstance {
    sessions: SessionControl
  }
}

export interface SessionControl {
  cookieName: string
  start(reply: FastifyReply, token: string, user: User): Promise<void>
  clear(reply: FastifyReply): void
  /** Ends a session for good: its cookie is refused from now on, even if replayed. */
  revoke(session: SessionData): Promise<void>
  /** preHandler: 401 without a session. */
  require(request: FastifyRequest): Promise<void>
  /**
   * A further check every session passes on each request (a feature's: the team's accounts refuse
   * a deactivated person's sessions); false ends the session like a revocation.
   */
  addCheck(check: SessionCheck): void
  /**
   * Background work with no legacy token of its own (the candidate index, applicants'
   * withdrawals) borrows a staff member's: `borrower` hears the token of each staff request, in
   * memory only, and writes while staff use the product.
   */
  lendStaffTokens(borrower: (token: string) => void): void
}

/** Whether a session that opened and is not revoked may still be used; cached by its owner as it sees fit. */
export type SessionCheck = (data: SessionData, nowMs: number) => Promise<boolean>

/** Re-seal at most this often to slide the idle expiry without a Set-Cookie on every answer. */
const REFRESH_AFTER_MS = 60_000
/** How long a store answer on a session's revocation is trusted by an instance that did not revoke it. */
export const REVOCATION_RECHECK_MS = 1000
/** Opened cookies and revocation answers kept per instance. */
const OPENED_MAX = 10_000

/**
 * Sessions in a sealed httpOnly cookie (docs/architecture.md): `__Host-` prefixed and Secure in
 * production, SameSite=Strict, Path=/, idle and absolute expiry. Any instance opens it; a
 * logout's revocation is shared through the store.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, { config, now, store }: { config: BffConfig; now: () => number; store: Pick<Store, 'revokeSession' | 'sessionRevoked' | 'sessionSeen'> }) => {
    const sealer = createSealer(config.sessionSecrets)
    const cookieName = config.cookieSecure ? '__Host-mv_session' : 'mv_session'
    const idleMs = config.sessionIdleMinutes * 60_000
    const absoluteMs = config.sessionAbsoluteHours * 3_600_000
    const cookieOptions = (maxAgeSeconds: number) => ({
      httpOnly: true,
      secure: config.cookieSecure,
      sameSite: 'strict' as const,
      path: '/',
      maxAge: Math.max(0, Math.floor(maxAgeSeconds)),
    })
    const write = (reply: FastifyReply, data: SessionData) => {
      reply.setCookie(cookieName, sealer.seal(data), cookieOptions((data.issuedAt + absoluteMs - now()) / 1000))
    }

    // Revoked session ids live in the store until their absolute expiry, so a logged-out cookie is
    // refused after a restart and on every instance sharing the store. Known revocations are also
    // remembered here (a revoked id never comes back), so a replay costs no store read.
    const knownRevoked = new Map<string, number>()
    // The store is asked about a session at most once a second, not on every request, so
    // a logout on another instance is refused here within REVOCATION_RECHECK_MS (on this one, at once).
    const revocationChecks = createTtlCache<boolean>({ ttlMs: REVOCATION_RECHECK_MS, maxEntries: OPENED_MAX, now })
    const isRevoked = async (sid: string): Promise<boolean> => {
      const t = now()
      const until = knownRevoked.get(sid)
      if (until !== undefined) {
        if (until >= t) return true
        knownRevoked.delete(sid)
        return false
      }
      return revocationChecks.get(sid, () => store.sessionRevoked(sid, t))
    }

    // Opened cookies by their sealed value: the same cookie comes on every request of a
    // session, and opening it (AES-GCM) is the same work each time. Only cookies that opened are
    // kept, the oldest dropped past OPENED_MAX; expiry and revocation are still checked per request.
    const opened = new Map<string, SessionData>()
    const open = (raw: string): SessionData | null => {
      const hit = opened.get(raw)
      if (hit) return hit
      const data = sealer.open(raw)
      if (data) {
        opened.set(raw, data)
        if (opened.size > OPENED_MAX) opened.delete(opened.keys().next().value as string)
      }
      return data
    }

    // When this instance last slid a session's idle expiry, by session id.
    const refreshedAt = new Map<string, number>()

    // Counting live sessions for the operators is not worth failing a request over.
    const seen = (sid: string, at: number, forgetBefore?: number) =>
      store.sessionSeen(sid, at, forgetBefore).catch((error: unknown) => app.log.warn({ err: { message: (error as Error).message } }, 'could not note a session as live'))

    const checks: SessionCheck[] = []
    const passesChecks = async (data: SessionData, t: number) => {
      for (const check of checks) if (!(await check(data, t))) return false
      return true
    }

    const borrowers: ((token: string) => void)[] = []
    const control: SessionControl = {
      cookieName,
      addCheck: (check) => void checks.push(check),
      lendStaffTokens: (borrower) => void borrowers.push(borrower),
      async start(reply, token, user) {
        const t = now()
        const sid = randomBytes(16).toString('hex')
        write(reply, { sid, token, user, issuedAt: t, lastSeenAt: t })
        await seen(sid, t, t - idleMs)
      },
      async revoke(session) {
        const until = session.issuedAt + absoluteMs
        if (knownRevoked.size > 10_000) knownRevoked.clear()
        knownRevoked.set(session.sid, until)
        await store.revokeSession(session.sid, until)
      },
      clear(reply) {
        reply.clearCookie(cookieName, { path: '/', secure: config.cookieSecure, httpOnly: true, sameSite: 'strict' })
      },
      async require(request) {
        if (!request.session) throw new HttpError(401, MESSAGES.noSession)
      },
    }
    app.decorate('sessions', control)
    app.decorateRequest('session', null)

    // Only the BFF's own paths carry a session; static files never open the cookie.
    app.addHook('onRequest', async (request, reply) => {
      const path = request.url
      if (!path.startsWith('/bff/') && !path.startsWith('/api/')) return
      const raw = request.cookies[cookieName]
      if (raw === undefined) return
      const data = open(raw)
      const t = now()
      const revoked = !data || (await isRevoked(data.sid)) || (checks.length > 0 && !(await passesChecks(data, t)))
      // The latest activity this instance knows of: the cookie's, or a refresh it already sent
      // (read after the await, so parallel requests see each other's refresh).
      const lastSeenAt = data ? Math.max(data.lastSeenAt, refreshedAt.get(data.sid) ?? 0) : 0
      if (!data || revoked || t - lastSeenAt > idleMs || t - data.issuedAt > absoluteMs || data.issuedAt > t + 60_000) {
        // Tampered, revoked, expired or from a retired secret: no session, and the stale cookie goes.
        control.clear(reply)
        return
      }
      request.session = data
      if (data.user.role === 'admin') for (const borrower of borrowers) borrower(data.token)
      if (t - lastSeenAt > REFRESH_AFTER_MS) {
        // Once per session per interval, not once per request still carrying the old cookie
        // (parallel requests, or a client that keeps the cookie it started with).
        refreshedAt.set(data.sid, t)
        if (refreshedAt.size > OPENED_MAX) refreshedAt.delete(refreshedAt.keys().next().value as string)
        write(reply, { ...data, lastSeenAt: t })
        await seen(data.sid, t)
      }
    })

    // Anything answered under a session, and every BFF/API answer that sets no policy of its own,
    // is not stored (public routes set their own short max-age).
    app.addHook('onSend', (request, reply, payload, done) => {
      const url = request.url
      const sensitive = request.session !== null || url.startsWith('/bff/auth') || url.startsWith('/api/')
      const ours = url.startsWith('/bff/') || url.startsWith('/healthz') || url.startsWith('/readyz')
      if (sensitive || (ours && !reply.hasHeader('cache-control'))) reply.header('cache-control', 'no-store')
      done(null, payload)
    })
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
)
