import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Counter } from 'prom-client'
import { cnpjDigits } from '@mini-vagas/shared/domain/cnpj'
import { LoginBody, SessionAnswer, SessionState } from '@mini-vagas/shared/schemas/auth'
import { ErrorBody, Failures } from '@mini-vagas/shared/schemas/common'
import { HttpError, MESSAGES, tryAgainLater } from '../../lib/http-error.ts'
import { createAttemptLimiter } from '../../plugins/attempt-limiter.ts'
import { sessionEnded } from '../../legacy/errors.ts'

/** What the agency's shared login reads once every person of the team signs in with their own account. */
export const AGENCY_LOGIN_OFF = 'O login da agência não entra mais por aqui: entre com o seu e-mail, na aba “Equipe da agência”.'

/** A message from the legacy's login answer, kept short and printable before the user sees it. */
const cleanMessage = (text: string) => text.replace(/\p{Cc}/gu, ' ').slice(0, 200)

/**
 * POST /bff/auth/login, POST /bff/auth/logout, GET /bff/auth/me. The legacy token goes into the
 * sealed cookie and nowhere else; answers carry only the user.
 */
export interface LoginLimits {
  perIp: number
  perCnpj: number
  windowMs: number
  now?: () => number
}

export async function authFeature(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const logins = new Counter({ name: 'bff_logins_total', help: 'Login attempts by outcome', labelNames: ['outcome'], registers: [app.metrics] })
  const limits: LoginLimits = { perIp: app.config.loginLimitPerIp, perCnpj: app.config.loginLimitPerCnpj, windowMs: 15 * 60_000, now: app.now }
  // Every attempt counts per client IP; failed ones count per CNPJ. request.ip is
  // the socket's address unless the operator trusts a proxy (TRUST_PROXY), so a spoofed
  // X-Forwarded-For opens no new bucket.
  const byIp = createAttemptLimiter({ store: app.store, bucket: 'login-ip', limit: limits.perIp, windowMs: limits.windowMs, ...(limits.now ? { now: limits.now } : {}) })
  const byCnpj = createAttemptLimiter({ store: app.store, bucket: 'login-cnpj', limit: limits.perCnpj, windowMs: limits.windowMs, ...(limits.now ? { now: limits.now } : {}) })
  const tooMany = (seconds: number) => tryAgainLater('Muitas tentativas de login.', seconds)

  api.post(
    '/bff/auth/login',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: LoginBody, response: { 200: SessionAnswer, ...Failures } } },
    async (request, reply) => {
      const cnpjKey = cnpjDigits(request.body.cnpj)
      const wait = Math.max(await byIp.blockedFor(request.ip), await byCnpj.blockedFor(cnpjKey))
      if (wait > 0) {
        logins.inc({ outcome: 'limited' })
        throw tooMany(wait)
      }
      await byIp.record(request.ip)
      // No token goes with a login, even from someone already logged in.
      const login = await app
        .legacyFor({ requestId: request.id })
        .auth.login(cnpjDigits(request.body.cnpj), request.body.password)
        .catch((error: unknown) => {
          // A 401 on a login is the legacy refusing the call itself, not a session to clear.
          throw sessionEnded(error) ? new HttpError(401, MESSAGES.loginFailed) : error
        })
      if (login.outcome === 'ok') {
        const u = login.user
        if (u.role !== 'admin' && u.role !== 'company') throw new HttpError(403, 'Seu perfil não tem acesso a este sistema.')
        // The legacy token just issued is not kept: the session is refused before it starts.
        if (u.role === 'admin' && !app.config.agencyCnpjLogin) {
          logins.inc({ outcome: 'refused' })
          await app
            .legacyFor({ token: login.token, requestId: request.id })
            .auth.logout()
            .catch(() => {})
          throw new HttpError(403, AGENCY_LOGIN_OFF)
        }
        const user = {
          name: typeof u.name === 'string' && u.name ? u.name : 'Usuário',
          email: typeof u.email === 'string' ? u.email : '',
          role: u.role,
          cnpj: cnpjDigits(typeof u.cnpj === 'string' ? u.cnpj : request.body.cnpj),
        } as const
        await app.sessions.start(reply, login.token, user)
        logins.inc({ outcome: 'ok' })
        await byCnpj.reset(cnpjKey)
        return { user }
      }
      // docs/product.md, Texts: the server's message if present, otherwise 'Erro ao fazer login'.
      if (login.outcome === 'refused') {
        await byCnpj.record(cnpjKey)
        logins.inc({ outcome: 'refused' })
        throw new HttpError(401, cleanMessage(login.message ?? MESSAGES.loginFailed))
      }
      throw new HttpError(422, cleanMessage(login.message ?? MESSAGES.loginFailed), { errors: login.errors })
    },
  )

  api.post('/bff/auth/logout', { config: { access: 'public' }, schema: { tags: ['auth'], response: { 204: Type.Null(), ...Failures } } }, async (request, reply) => {
    const session = request.session
    if (session) {
      // docs/product.md, Legacy calls: logout errors are ignored; the local session ends either way.
      try {
        await request.legacy.auth.logout()
      } catch (error) {
        request.log.warn({ err: { message: (error as Error).message } }, 'legacy logout failed')
      }
      try {
        await app.sessions.revoke(session)
      } catch (error) {
        // The store refused the revocation (a full disk): the cookie is still cleared and the
        // legacy token revoked upstream, so a replay fails at the legacy; say so loudly.
        request.log.error({ err: { message: (error as Error).message } }, 'session revocation not stored')
      }
    }
    app.sessions.clear(reply)
    return reply.code(204).send(null)
  })

  // The SPA's probe: a guest is an answer, not an error, so a public page logs no 401.
  api.get('/bff/auth/session', { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: SessionState } } }, async (request) => ({
    user: request.session?.user ?? null,
  }))

  api.get('/bff/auth/me', { config: { access: 'session' }, schema: { tags: ['auth'], response: { 200: SessionAnswer, 401: ErrorBody } } }, async (request) => ({
    user: request.session!.user,
  }))
}
