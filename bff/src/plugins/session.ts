import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { User } from '@mini-vagas/shared/schemas/user'
import { HttpError, MESSAGES } from '../lib/http-error.ts'
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
}

/** Re-seal at most this often to slide the idle expiry without a Set-Cookie on every answer. */
const REFRESH_AFTER_MS = 60_000

/**
 * Sessions in a sealed httpOnly cookie (DESIGN.md §5): `__Host-` prefixed and Secure in
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
    // refused after a restart and on every instance sharing the store, at once. Known revocations
    // are also remembered here (a revoked id never comes back), so a replay costs no store read.
    const knownRevoked = new Map<string, number>()
    const isRevoked = async (sid: string): Promise<boolean> => {
      const t = now()
      const until = knownRevoked.get(sid)
      if (until !== undefined) {
        if (until >= t) return true
        knownRevoked.delete(sid)
        return false
      }
      return store.sessionRevoked(sid, t)
    }

    // Counting live sessions for the operators is not worth failing a request over.
    const seen = (sid: string, at: number, forgetBefore?: number) =>
      store.sessionSeen(sid, at, forgetBefore).catch((error: unknown) => app.log.warn({ err: { message: (error as Error).message } }, 'could not note a session as live'))

    const control: SessionControl = {
      cookieName,
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
      const data = sealer.open(raw)
      const t = now()
      if (!data || (await isRevoked(data.sid)) || t - data.lastSeenAt > idleMs || t - data.issuedAt > absoluteMs || data.issuedAt > t + 60_000) {
        // Tampered, expired or from a retired secret: no session, and the stale cookie goes.
        control.clear(reply)
        return
      }
      request.session = data
      if (t - data.lastSeenAt > REFRESH_AFTER_MS) {
        write(reply, { ...data, lastSeenAt: t })
        await seen(data.sid, t)
      }
    })

    // Anything answered under a session, and every BFF/API answer that sets no policy of its own,
    // is not stored (public routes set their own short max-age).
    app.addHook('onSend', async (request, reply) => {
      const url = request.url
      const sensitive = request.session !== null || url.startsWith('/bff/auth') || url.startsWith('/api/')
      const ours = url.startsWith('/bff/') || url.startsWith('/healthz') || url.startsWith('/readyz')
      if (sensitive || (ours && !reply.hasHeader('cache-control'))) reply.header('cache-control', 'no-store')
    })
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
)
