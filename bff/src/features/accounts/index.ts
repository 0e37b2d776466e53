import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { cnpjDigits } from '@mini-vagas/shared/domain/cnpj'
import { accountEmail, isTotpCode, newPasswordErrors, personErrors, type PersonRole } from '@mini-vagas/shared/domain/staff-accounts'
import {
  AccountAnswer,
  BindingBody,
  ChangePasswordBody,
  EditPersonBody,
  InvitePersonBody,
  LegacyBinding,
  LinkAnswer,
  LinkPasswordBody,
  OneTimeLink,
  PasswordBody,
  Person,
  PersonLoginAnswer,
  PersonLoginBody,
  PersonParams,
  TeamAnswer,
  TotpCodeBody,
  TotpSetup,
} from '@mini-vagas/shared/schemas/accounts'
import { ErrorBody, Failures, MessageAnswer } from '@mini-vagas/shared/schemas/common'
import type { User } from '@mini-vagas/shared/schemas/user'
import { HttpError, MESSAGES, refuseFieldErrors, tryAgainLater } from '../../lib/http-error.ts'
import { createSecretBox } from '../../lib/secret-box.ts'
import { createTtlCache } from '../../lib/ttl-cache.ts'
import { createAttemptLimiter } from '../../plugins/attempt-limiter.ts'
import { REVOCATION_RECHECK_MS } from '../../plugins/session.ts'
import type { SessionData } from '../../plugins/session-seal.ts'
import { hashPassword, verifyPassword, weakerThan } from './passwords.ts'
import { bindingView, createTeamStore, personView, type LinkPurpose, type PersonRow } from './team-store.ts'
import { newTotp, totpStep } from './totp.ts'

/** What people read when an account's step fails (docs/accounts.md keeps them in one place). */
export const ACCOUNT_MESSAGES = {
  wrongLogin: 'E-mail ou senha incorretos.',
  codeNeeded: 'Informe o código de 6 dígitos do seu aplicativo autenticador.',
  codeWrong: 'Código inválido ou já usado. Confira o horário do celular e use o código seguinte.',
  linkGone: 'Este link não vale mais: ele expirou, já foi usado ou foi substituído por outro. Peça um novo link a quem administra a sua equipe.',
  noBinding: 'Sua conta ainda não está vinculada ao login da agência no sistema de vagas. Peça a quem administra a sua equipe.',
  bindingRefused: 'O sistema de vagas recusou o login da agência vinculado à sua conta. Peça a quem administra a sua equipe para atualizá-lo em Equipe.',
  notPerson: 'Esta área é das contas pessoais da equipe da agência.',
  lastAdmin: 'A equipe precisa de pelo menos um administrador ativo.',
  notSelf: 'Você não pode desativar a sua própria conta.',
  emailTaken: 'Já existe uma pessoa com este e-mail na equipe.',
  inactive: 'Reative a pessoa antes de gerar um link para ela.',
} as const

const digestOf = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Personal accounts for the agency's team (docs/accounts.md): each person signs in with their own
 * e-mail and password (Argon2id) and, if they chose, a TOTP code; the BFF then signs in to the
 * legacy on their behalf with the agency's legacy login an admin bound to their account (kept
 * sealed), so every write and audit line names the person. Admins run the team; one-time links
 * (an invitation, a new password) are handed over by the admin until the product sends mail.
 */
export async function accountsFeature(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const team = await createTeamStore(app.store)
  const config = app.config
  const legacyBox = createSecretBox(config.sessionSecrets, 'team-legacy-login-v1')
  const totpBox = createSecretBox(config.sessionSecrets, 'team-totp-v1')
  const window = { store: app.store, windowMs: 15 * 60_000, now: app.now }
  // One per-IP budget with the CNPJ login (same bucket), failures per e-mail, and one for links.
  const byIp = createAttemptLimiter({ ...window, bucket: 'login-ip', limit: config.loginLimitPerIp })
  const byEmail = createAttemptLimiter({ ...window, bucket: 'login-email', limit: config.loginLimitPerCnpj })
  const linkTries = createAttemptLimiter({ ...window, bucket: 'team-link-ip', limit: config.loginLimitPerIp })
  const tooMany = (seconds: number) => tryAgainLater('Muitas tentativas.', seconds)
  // An unknown e-mail costs what a wrong password costs: its answer's time tells nothing.
  let decoy: Promise<string> | undefined
  const decoyHash = () => (decoy ??= hashPassword(randomBytes(16).toString('hex')))
  const at = () => new Date(app.now()).toISOString()

  // A person's sessions hold while they are active and began after their last password change or
  // deactivation: asked of the store at most once a second per person, like a revocation.
  const states = createTtlCache<{ active: number; sessions_from: number } | undefined>({ ttlMs: REVOCATION_RECHECK_MS, maxEntries: 10_000, now: app.now })
  app.sessions.addCheck(async (data) => {
    const person = data.user.person
    if (!person) return true
    const state = await states.get(person.id, () => team.sessionState(person.id))
    return state !== undefined && Number(state.active) === 1 && data.issuedAt >= Number(state.sessions_from)
  })

  const personOf = (request: FastifyRequest): { session: SessionData; id: string } => {
    const session = request.session
    if (!session) throw new HttpError(401, MESSAGES.noSession)
    if (!session.user.person) throw new HttpError(403, ACCOUNT_MESSAGES.notPerson)
    return { session, id: session.user.person.id }
  }
  const rowOf = async (id: string) => {
    const row = await team.byId(id)
    if (!row) throw new HttpError(404, 'Pessoa não encontrada na equipe.')
    return row
  }
  const actorOf = (request: FastifyRequest) => request.session!.user.email

  /** Signs in to the legacy with the person's bound login, then starts their session. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, row: PersonRow): Promise<User> {
    const binding = row.binding_id ? await team.legacyLogin(row.binding_id) : null
    const opened = binding ? legacyBox.openWithAge(binding.sealed) : null
    if (!binding || !opened) throw new HttpError(503, ACCOUNT_MESSAGES.noBinding)
    if (opened.stale) await team.reseal(binding.id, legacyBox.seal(opened.text))
    const { cnpj, password } = JSON.parse(opened.text) as { cnpj: string; password: string }
    const login = await app.legacyFor({ requestId: request.id }).auth.login(cnpj, password)
    if (login.outcome !== 'ok' || login.user.role !== 'admin') throw new HttpError(503, ACCOUNT_MESSAGES.bindingRefused)
    const user: User = { name: row.name, email: row.email, role: 'admin', cnpj: binding.cnpj, person: { id: row.id, role: row.role } }
    await app.sessions.start(reply, login.token, user)
    return user
  }

  async function newLink(row: PersonRow, by: string): Promise<{ person: ReturnType<typeof personView>; link: string; expiresAt: string }> {
    if (Number(row.active) !== 1) throw new HttpError(409, ACCOUNT_MESSAGES.inactive)
    const purpose: LinkPurpose = row.password_hash ? 'senha' : 'convite'
    const token = randomBytes(32).toString('base64url')
    const t = app.now()
    const expires = t + config.teamLinkHours * 3_600_000
    await team.addLink(row.id, purpose, digestOf(token), expires, t)
    await app.audit.record({ actor: by, action: purpose === 'convite' ? 'convite_gerado' : 'link_de_senha_gerado', subject: `pessoa:${row.id}`, detail: { email: row.email } })
    // The token travels in the fragment: never sent to a server, never in a log or a Referer.
    return { person: personView(row), link: `${config.publicOrigin}/conta/senha#${token}`, expiresAt: new Date(expires).toISOString() }
  }

  // ——— signing in, and links (public) ———

  api.post(
    '/bff/auth/people/login',
    { config: { access: 'public' }, schema: { tags: ['accounts'], body: PersonLoginBody, response: { 200: PersonLoginAnswer, ...Failures } } },
    async (request, reply) => {
      const email = accountEmail(request.body.email)
      const wait = Math.max(await byIp.blockedFor(request.ip), await byEmail.blockedFor(email))
      if (wait > 0) throw tooMany(wait)
      await byIp.record(request.ip)
      const row = await team.byEmail(email)
      const usable = row && Number(row.active) === 1 && row.password_hash
      const matches = await verifyPassword(request.body.password, usable ? row.password_hash! : await decoyHash())
      if (!usable || !matches) {
        await byEmail.record(email)
        throw new HttpError(401, ACCOUNT_MESSAGES.wrongLogin)
      }
      if (row.totp_secret) {
        const code = request.body.code ?? ''
        if (!code.trim()) return { next: 'code' as const, message: ACCOUNT_MESSAGES.codeNeeded }
        const secret = totpBox.open(row.totp_secret)
        const step = secret && isTotpCode(code) ? totpStep(secret, code, app.now()) : null
        if (step === null || !(await team.useTotpStep(row.id, step))) {
          await byEmail.record(email)
          throw new HttpError(401, ACCOUNT_MESSAGES.codeWrong, { errors: { code: [ACCOUNT_MESSAGES.codeWrong] } })
        }
      }
      if (weakerThan(row.password_hash!)) await team.setPassword(row.id, await hashPassword(request.body.password), null)
      const user = await startSession(request, reply, row)
      await team.signedIn(row.id, at())
      await byEmail.reset(email)
      await app.audit.record({ actor: row.email, action: 'entrada', subject: `pessoa:${row.id}` })
      return { user }
    },
  )

  const linkRoute = { config: { access: 'public' as const } }
  const readLink = async (request: FastifyRequest, token: string) => {
    const wait = await linkTries.blockedFor(request.ip)
    if (wait > 0) throw tooMany(wait)
    await linkTries.record(request.ip)
    const link = await team.openLink(digestOf(token), app.now())
    const row = link ? await team.byId(link.person_id) : undefined
    if (!link || !row || Number(row.active) !== 1) throw new HttpError(410, ACCOUNT_MESSAGES.linkGone)
    return { link, row }
  }

  api.post(
    '/bff/auth/people/link',
    {
      ...linkRoute,
      schema: {
        tags: ['accounts'],
        body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
        response: { 200: LinkAnswer, 410: ErrorBody, ...Failures },
      },
    },
    async (request) => {
      const { link, row } = await readLink(request, request.body.token)
      return { purpose: link.purpose, name: row.name, email: row.email }
    },
  )

  api.post(
    '/bff/auth/people/password',
    { ...linkRoute, schema: { tags: ['accounts'], body: LinkPasswordBody, response: { 200: MessageAnswer, 410: ErrorBody, ...Failures } } },
    async (request) => {
      const { row } = await readLink(request, request.body.token)
      refuseFieldErrors(newPasswordErrors(request.body, row.email))
      const done = await team.useLink(digestOf(request.body.token), await hashPassword(request.body.password), app.now())
      if (!done) throw new HttpError(410, ACCOUNT_MESSAGES.linkGone)
      states.clear()
      await app.audit.record({ actor: row.email, action: 'senha_definida', subject: `pessoa:${row.id}` })
      return { message: 'Senha definida. Entre com o seu e-mail e a nova senha.' }
    },
  )

  // ——— the person's own account ———

  api.get('/bff/account', { config: { access: 'session' }, schema: { tags: ['accounts'], response: { 200: AccountAnswer, ...Failures } } }, async (request) => ({
    person: personView(await rowOf(personOf(request).id)),
  }))

  const checkOwnPassword = async (row: PersonRow, password: string, field: string) => {
    const wait = await byEmail.blockedFor(row.email)
    if (wait > 0) throw tooMany(wait)
    if (!row.password_hash || !(await verifyPassword(password, row.password_hash))) {
      await byEmail.record(row.email)
      throw new HttpError(422, MESSAGES.badInput, { errors: { [field]: ['A senha não confere.'] } })
    }
  }

  api.put(
    '/bff/account/password',
    { config: { access: 'session' }, schema: { tags: ['accounts'], body: ChangePasswordBody, response: { 200: MessageAnswer, ...Failures } } },
    async (request, reply) => {
      const { session, id } = personOf(request)
      const row = await rowOf(id)
      await checkOwnPassword(row, request.body.current, 'current')
      refuseFieldErrors(newPasswordErrors(request.body, row.email))
      // Every other session of the person ends; this one goes on under a new cookie.
      const t = app.now()
      await team.setPassword(id, await hashPassword(request.body.password), t)
      states.clear()
      await app.sessions.revoke(session)
      await app.sessions.start(reply, session.token, session.user)
      await app.audit.record({ actor: row.email, action: 'senha_alterada', subject: `pessoa:${id}` })
      return { message: 'Senha alterada. Suas outras sessões foram encerradas.' }
    },
  )

  api.post('/bff/account/totp', { config: { access: 'session' }, schema: { tags: ['accounts'], response: { 200: TotpSetup, ...Failures } } }, async (request) => {
    const row = await rowOf(personOf(request).id)
    const made = newTotp(row.email)
    await team.setPendingTotp(row.id, totpBox.seal(made.secret))
    return made
  })

  api.put(
    '/bff/account/totp',
    { config: { access: 'session' }, schema: { tags: ['accounts'], body: TotpCodeBody, response: { 200: AccountAnswer, ...Failures } } },
    async (request) => {
      const row = await rowOf(personOf(request).id)
      const secret = totpBox.open(row.totp_pending)
      if (!secret) throw new HttpError(409, 'Comece a configuração do segundo fator de novo.')
      const step = isTotpCode(request.body.code) ? totpStep(secret, request.body.code, app.now()) : null
      if (step === null) throw new HttpError(422, MESSAGES.badInput, { errors: { code: [ACCOUNT_MESSAGES.codeWrong] } })
      if ((await team.confirmTotp(row.id, row.totp_pending!, step)) !== 1) throw new HttpError(409, 'Comece a configuração do segundo fator de novo.')
      await app.audit.record({ actor: row.email, action: 'segundo_fator_ativado', subject: `pessoa:${row.id}` })
      return { person: personView(await rowOf(row.id)) }
    },
  )

  api.post(
    '/bff/account/totp/off',
    { config: { access: 'session' }, schema: { tags: ['accounts'], body: PasswordBody, response: { 200: AccountAnswer, ...Failures } } },
    async (request) => {
      const row = await rowOf(personOf(request).id)
      await checkOwnPassword(row, request.body.password, 'password')
      await team.clearTotp(row.id)
      await app.audit.record({ actor: row.email, action: 'segundo_fator_removido', subject: `pessoa:${row.id}` })
      return { person: personView(await rowOf(row.id)) }
    },
  )

  // ——— the team (admins) ———

  api.get('/bff/team', { config: { access: 'agency-admin' }, schema: { tags: ['accounts'], response: { 200: TeamAnswer, ...Failures } } }, async () => ({
    people: (await team.people()).map(personView),
    bindings: (await team.legacyLogins()).map(bindingView),
  }))

  api.post(
    '/bff/team/people',
    { config: { access: 'agency-admin' }, schema: { tags: ['accounts'], body: InvitePersonBody, response: { 201: OneTimeLink, ...Failures } } },
    async (request, reply) => {
      const form = { name: request.body.name.trim(), email: accountEmail(request.body.email), role: request.body.role as PersonRole | '' }
      const binding = await team.legacyLogin(request.body.bindingId)
      refuseFieldErrors({ ...personErrors(form), bindingId: binding ? undefined : 'Escolha o login da agência que a pessoa vai usar.' })
      const row = await team.invite({ ...form, role: form.role as PersonRole, bindingId: binding!.id, by: actorOf(request), at: at() })
      if (!row) throw new HttpError(409, ACCOUNT_MESSAGES.emailTaken, { errors: { email: [ACCOUNT_MESSAGES.emailTaken] } })
      await app.audit.record({ actor: actorOf(request), action: 'pessoa_convidada', subject: `pessoa:${row.id}`, detail: { email: row.email, role: row.role } })
      return reply.code(201).send(await newLink(row, actorOf(request)))
    },
  )

  api.patch(
    '/bff/team/people/:person',
    {
      config: { access: 'agency-admin' },
      schema: { tags: ['accounts'], params: PersonParams, body: EditPersonBody, response: { 200: Type.Object({ person: Person }), ...Failures } },
    },
    async (request) => {
      const body = request.body
      const before = await rowOf(request.params.person)
      const role = body.role as PersonRole | undefined
      refuseFieldErrors({
        name: body.name !== undefined && !body.name.trim() ? 'Preencha o campo Nome.' : undefined,
        role: role !== undefined && role !== 'admin' && role !== 'recruiter' ? 'Escolha o papel da pessoa na equipe.' : undefined,
        bindingId: body.bindingId !== undefined && !(await team.legacyLogin(body.bindingId)) ? 'Escolha o login da agência que a pessoa vai usar.' : undefined,
      })
      if (body.active === false && request.session!.user.person?.id === before.id) throw new HttpError(409, ACCOUNT_MESSAGES.notSelf)
      const changes = {
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(role ? { role } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
        ...(body.bindingId !== undefined ? { bindingId: body.bindingId } : {}),
        ...(body.removeTotp ? { removeTotp: true } : {}),
      }
      const after = await team.edit(before.id, changes, app.now())
      if (after === null) throw new HttpError(404, 'Pessoa não encontrada na equipe.')
      if (after === 'last-admin') throw new HttpError(409, ACCOUNT_MESSAGES.lastAdmin)
      states.clear()
      const changed = Object.keys(body).filter((k) => k !== 'name' || body.name !== before.name)
      await app.audit.record({
        actor: actorOf(request),
        action: body.active === false ? 'pessoa_desativada' : 'pessoa_alterada',
        subject: `pessoa:${before.id}`,
        detail: { email: before.email, changed, ...(role ? { role } : {}) },
      })
      return { person: personView(after) }
    },
  )

  api.post(
    '/bff/team/people/:person/link',
    { config: { access: 'agency-admin' }, schema: { tags: ['accounts'], params: PersonParams, response: { 200: OneTimeLink, ...Failures } } },
    async (request) => newLink(await rowOf(request.params.person), actorOf(request)),
  )

  api.post(
    '/bff/team/bindings',
    { config: { access: 'agency-admin' }, schema: { tags: ['accounts'], body: BindingBody, response: { 201: Type.Object({ binding: LegacyBinding }), ...Failures } } },
    async (request, reply) => {
      const cnpj = cnpjDigits(request.body.cnpj)
      refuseFieldErrors({ cnpj: cnpj.length === 14 ? undefined : 'O CNPJ deve ter 14 caracteres (12 letras ou números e 2 dígitos).' })
      // Kept only once the legacy takes it as an admin's login; the token it gave back is ended.
      const login = await app.legacyFor({ requestId: request.id }).auth.login(cnpj, request.body.password)
      if (login.outcome !== 'ok') throw new HttpError(422, MESSAGES.badInput, { errors: { password: ['O sistema de vagas recusou este CNPJ e senha.'] } })
      await app
        .legacyFor({ token: login.token, requestId: request.id })
        .auth.logout()
        .catch(() => {})
      if (login.user.role !== 'admin') throw new HttpError(422, MESSAGES.badInput, { errors: { cnpj: ['Este login não é da administração da agência no sistema de vagas.'] } })
      const row = await team.bindLegacyLogin({
        label: request.body.label.trim() || String(login.user.name ?? 'Login da agência'),
        cnpj,
        sealed: legacyBox.seal(JSON.stringify({ cnpj, password: request.body.password })),
        legacyName: String(login.user.name ?? ''),
        by: actorOf(request),
        at: at(),
      })
      await app.audit.record({ actor: actorOf(request), action: 'login_da_agencia_vinculado', subject: `login-legado:${row.id}`, detail: { cnpj } })
      return reply.code(201).send({ binding: bindingView(row) })
    },
  )

  // Sealed logins from a retired secret are sealed again with the first one at start, so the
  // operator can drop the old secret once every instance has started with the new list.
  app.addHook('onReady', async () => {
    for (const binding of await team.legacyLogins()) {
      const opened = legacyBox.openWithAge(binding.sealed)
      if (opened?.stale) await team.reseal(binding.id, legacyBox.seal(opened.text))
      else if (!opened) app.log.error({ binding: binding.id }, 'team: a bound legacy login cannot be opened with the SESSION_SECRET list; bind it again')
    }
  })
}
