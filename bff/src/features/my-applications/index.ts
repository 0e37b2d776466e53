import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { SITE_NAME } from '@mini-vagas/shared/constants/site'
import { emailKey, looksLikeEmail, phoneKey } from '@mini-vagas/shared/domain/candidate-identity'
import { whatsappNumber } from '@mini-vagas/shared/domain/messages'
import { formatSlot } from '@mini-vagas/shared/domain/interviews'
import { APPLICANT_LINK_GONE, applicantStage, interviewStage, linkHolder, mayWithdraw, phoneHolder } from '@mini-vagas/shared/domain/my-applications'
import { isAnonymisedRecord } from '@mini-vagas/shared/domain/privacy-request'
import { ErrorBody, Failures, MessageAnswer } from '@mini-vagas/shared/schemas/common'
import {
  MyApplicationBody,
  MyApplicationInterviewBody,
  MyApplicationsAnswer,
  MyApplicationsBody,
  MyApplicationsChannels,
  MyApplicationsLinkBody,
  type ApplicationInterview,
  type MyApplication,
} from '@mini-vagas/shared/schemas/my-applications'
import type { ApplicantInterview } from '../../lib/applicant-interviews.ts'
import { HttpError, refuseFieldErrors, tryAgainLater } from '../../lib/http-error.ts'
import { createAttemptLimiter } from '../../plugins/attempt-limiter.ts'
import { createWithdrawals, WITHDRAWAL_MIGRATIONS } from './withdrawals.ts'

type Obj = Record<string, unknown>
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : String(v))

export const MY_APPLICATIONS_MESSAGES = {
  sent: 'Se houver candidaturas com este e-mail, enviaremos em alguns minutos um link para acompanhá-las. Confira também a caixa de spam.',
  sentWhatsapp: 'Se houver candidaturas com este WhatsApp, enviaremos em alguns minutos um link para acompanhá-las.',
  email: 'Informe o e-mail que você usou na candidatura.',
  whatsapp: 'Informe o WhatsApp com DDD que você usou na candidatura.',
  oneContact: 'Informe o e-mail ou o WhatsApp que você usou na candidatura.',
  noWhatsapp: 'O envio do link pelo WhatsApp não está disponível. Peça o link por e-mail.',
  noMail: 'O envio de e-mails não está disponível no momento. Tente novamente mais tarde.',
  unavailable: 'A consulta de candidaturas está indisponível no momento. Tente novamente em alguns minutos.',
  linkGone: APPLICANT_LINK_GONE,
  notYours: 'Esta candidatura não está entre as suas.',
  ended: 'Esta seleção já terminou para você: não há do que desistir.',
  withdrawn: 'Pronto: você desistiu desta candidatura. A agência foi avisada.',
} as const

/** Applications one page lists at most (a person with more sees their most recent). */
const MOST = 100

/**
 * "Minhas candidaturas": an applicant, who has no account, asks for a link by e-mail and follows
 * their applications through it (docs/product.md, Minhas candidaturas). The link is single-purpose
 * and expires (plugins/applicant-links.ts); asking for one never tells whether an address applied;
 * the applications are found in the candidate index by the address the link was sent to.
 */
export async function myApplicationsFeature(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const { store, config } = app
  await store.migrate('my-applications', WITHDRAWAL_MIGRATIONS)
  const hour = { store, windowMs: 60 * 60_000, now: app.now }
  // Asking: 10 an hour per client, 3 an hour per address (whether or not it applied: a limit that
  // only known addresses reach would tell them apart). Opening a link: app.applicantLinks.opened.
  const asksByIp = createAttemptLimiter({ ...hour, bucket: 'my-applications-ip', limit: 10 })
  const asksByEmail = createAttemptLimiter({ ...hour, bucket: 'my-applications-email', limit: 3 })
  const withdrawals = createWithdrawals({ app, store, log: app.log, now: app.now, instanceId: randomUUID() })
  const sending = new Set<Promise<void>>()
  const tooMany = (seconds: number) => tryAgainLater('Muitos pedidos.', seconds)

  /** The person's applications as the index holds them (by the link's holder: e-mail or WhatsApp), newest first; null while it cannot answer. */
  const applicationsOf = async (kept: string) => {
    const holder = linkHolder(kept)
    const records = await app.candidateIndex?.byContact(holder.kind, holder.key, MOST)
    return records ? records.filter((r) => !isAnonymisedRecord(r)) : null
  }

  /**
   * The link by WhatsApp: the operator's Meta-approved template (WHATSAPP_LINK_TEMPLATE), its one
   * variable the link — a business may not write free text to someone who has not written first.
   */
  async function sendLinkByWhatsApp(whatsapp: string) {
    const digits = phoneKey(whatsapp)
    const records = await applicationsOf(phoneHolder(digits))
    // Nothing is sent to a number that never applied.
    if (!records || records.length === 0 || !app.whatsapp?.linkTemplate) return
    const secret = await app.applicantLinks.issue({ purpose: 'candidaturas', email: phoneHolder(digits), ttlMs: config.applicantLinkHours * 3_600_000 })
    await app.whatsapp.sendTemplate(whatsappNumber(digits)!, app.whatsapp.linkTemplate, [`${config.publicOrigin}/minhas-candidaturas#${secret}`])
    await app.audit.record({
      actor: 'titular',
      action: 'link_candidaturas_enviado',
      subject: `titular:${phoneHolder(digits)}`,
      detail: { applications: records.length, via: 'whatsapp' },
    })
  }

  /** The link's e-mail: who it is for, what it opens, how long, and how to ignore it. */
  async function sendLink(email: string) {
    const records = await applicationsOf(email)
    // Nothing is sent to an address that never applied (no mail a stranger can make us send).
    if (!records || records.length === 0) return
    const secret = await app.applicantLinks.issue({ purpose: 'candidaturas', email: emailKey(email), ttlMs: config.applicantLinkHours * 3_600_000 })
    // The secret travels in the fragment: never sent to a server, never in a log or a Referer.
    const link = `${config.publicOrigin}/minhas-candidaturas#${secret}`
    const name = str(records[0]!.full_name).split(/\s+/)[0] || ''
    const hours = config.applicantLinkHours
    const text = [
      `Olá${name ? `, ${name}` : ''}!`,
      '',
      `Para acompanhar as suas candidaturas no ${SITE_NAME}, abra o link abaixo. Ele vale por ${hours} hora${hours === 1 ? '' : 's'} e só serve para isso:`,
      '',
      link,
      '',
      'Se você não pediu este link, ignore este e-mail: nada muda nas suas candidaturas.',
      '',
      `— ${SITE_NAME}`,
    ].join('\n')
    await app.mailer.send({ to: email, subject: `Suas candidaturas no ${SITE_NAME}`, text })
    await app.audit.record({ actor: 'titular', action: 'link_candidaturas_enviado', subject: `titular:${emailKey(email)}`, detail: { applications: records.length } })
  }

  const whatsappReady = () => Boolean(app.whatsapp?.linkTemplate)
  api.get(
    '/bff/public/my-applications/channels',
    { config: { access: 'public' }, schema: { tags: ['my-applications'], response: { 200: MyApplicationsChannels, ...Failures } } },
    async () => ({ email: app.mailer.configured, whatsapp: whatsappReady() }),
  )

  api.post(
    '/bff/public/my-applications/link',
    { config: { access: 'public' }, schema: { tags: ['my-applications'], body: MyApplicationsLinkBody, response: { 202: MessageAnswer, ...Failures } } },
    async (request, reply) => {
      const email = request.body.email?.trim() ?? ''
      const whatsapp = request.body.whatsapp?.trim() ?? ''
      const byWhatsApp = email === '' && whatsapp !== ''
      if (byWhatsApp) refuseFieldErrors(whatsappNumber(whatsapp) ? {} : { whatsapp: MY_APPLICATIONS_MESSAGES.whatsapp })
      else refuseFieldErrors(email === '' ? { email: MY_APPLICATIONS_MESSAGES.oneContact } : looksLikeEmail(email) ? {} : { email: MY_APPLICATIONS_MESSAGES.email })
      // The limit per contact counts every contact, known or not: it tells nothing either.
      const key = byWhatsApp ? phoneHolder(phoneKey(whatsapp)) : emailKey(email)
      const wait = Math.max(await asksByIp.blockedFor(request.ip), await asksByEmail.blockedFor(key))
      if (wait > 0) throw tooMany(wait)
      if (byWhatsApp ? !whatsappReady() : !app.mailer.configured) throw new HttpError(503, byWhatsApp ? MY_APPLICATIONS_MESSAGES.noWhatsapp : MY_APPLICATIONS_MESSAGES.noMail)
      // Applications are found in the candidate index: off, or before its first full read, nobody's are.
      if (!(await app.candidateIndex?.state())?.ready) throw new HttpError(503, MY_APPLICATIONS_MESSAGES.unavailable)
      await asksByIp.record(request.ip)
      await asksByEmail.record(key)
      // Answered before the search and the message: the time of the answer is the same for every contact.
      const sent = (byWhatsApp ? sendLinkByWhatsApp(whatsapp) : sendLink(email))
        .catch((error: unknown) => request.log.error({ err: { message: (error as Error).message } }, 'my applications: the link was not sent'))
        .finally(() => sending.delete(sent))
      sending.add(sent)
      return reply.code(202).send({ message: byWhatsApp ? MY_APPLICATIONS_MESSAGES.sentWhatsapp : MY_APPLICATIONS_MESSAGES.sent })
    },
  )

  /** What the link opens, or the one refusal every link that does not open gets. */
  const opened = (request: FastifyRequest, token: string) => app.applicantLinks.opened(request.ip, token, 'candidaturas', MY_APPLICATIONS_MESSAGES.linkGone)

  const interviewView = (i: ApplicantInterview): ApplicationInterview => ({
    id: i.id,
    status: i.status,
    startsAt: i.startsAt === null ? null : new Date(i.startsAt).toISOString(),
    mode: i.mode,
    place: i.place,
    interviewer: i.interviewer,
    durationMinutes: i.durationMinutes,
    slots: i.slots.map((s) => ({ id: s.id, startsAt: new Date(s.startsAt).toISOString() })),
  })

  async function answer(kept: string, expiresAt: number) {
    const records = await applicationsOf(kept)
    if (!records) throw new HttpError(503, MY_APPLICATIONS_MESSAGES.unavailable)
    const ids = records.map((r) => Number(r.id))
    const withdrawn = await withdrawals.of(ids)
    // Each application's latest interview not cancelled (the interviews feature's, when it is there).
    const interviews = new Map<number, ApplicantInterview>()
    for (const i of (await app.interviews?.ofCandidates(ids)) ?? []) if (i.status !== 'cancelada' && !interviews.has(i.candidateId)) interviews.set(i.candidateId, i)
    const applications: MyApplication[] = records.map((r) => {
      const vacancy = (r.job_posting ?? {}) as Obj
      const interview = interviews.get(Number(r.id))
      const ahead = interview?.status === 'confirmada' && interview.startsAt !== null && interview.startsAt > app.now()
      const stage = withdrawn.has(Number(r.id)) ? applicantStage('desistente') : ahead ? interviewStage(formatSlot(interview.startsAt!)) : applicantStage(str(r.status))
      return {
        id: Number(r.id),
        vacancy: str(vacancy.description) || 'Vaga encerrada',
        company: str(vacancy.company_name) || str(r.company_name),
        city: str(vacancy.city),
        appliedAt: str(r.created_at) || null,
        stage,
        canWithdraw: mayWithdraw(stage.key),
        interview: interview && !withdrawn.has(Number(r.id)) ? interviewView(interview) : null,
      }
    })
    const newest = records[0] ?? {}
    const holder = linkHolder(kept)
    return {
      via: holder.kind === 'phone' ? ('whatsapp' as const) : ('email' as const),
      email: holder.kind === 'email' ? kept : str(newest.email),
      name: str(newest.full_name),
      whatsapp: str(newest.whatsapp),
      applications,
      expiresAt: new Date(expiresAt).toISOString(),
    }
  }

  api.post(
    '/bff/public/my-applications',
    { config: { access: 'public' }, schema: { tags: ['my-applications'], body: MyApplicationsBody, response: { 200: MyApplicationsAnswer, 410: ErrorBody, ...Failures } } },
    async (request) => {
      const link = await opened(request, request.body.token)
      return answer(link.email, link.expiresAt)
    },
  )

  api.post(
    '/bff/public/my-applications/withdraw',
    { config: { access: 'public' }, schema: { tags: ['my-applications'], body: MyApplicationBody, response: { 200: MyApplicationsAnswer, 410: ErrorBody, ...Failures } } },
    async (request) => {
      const link = await opened(request, request.body.token)
      const before = await answer(link.email, link.expiresAt)
      const application = before.applications.find((a) => a.id === request.body.id)
      if (!application) throw new HttpError(404, MY_APPLICATIONS_MESSAGES.notYours)
      if (!application.canWithdraw) throw new HttpError(409, MY_APPLICATIONS_MESSAGES.ended)
      // The author: the address the person applied with (a link asked for by WhatsApp names the newest application's).
      const author = before.email || link.email
      await withdrawals.record(application.id, { email: author, name: before.name })
      await app.audit.record({ actor: author, actorName: before.name, action: 'desistencia', subject: `candidato:${application.id}`, detail: { via: 'minhas-candidaturas' } })
      // The page as it now stands: the same applications, this one withdrawn (nothing to read again).
      const withdrawn = applicantStage('desistente')
      return { ...before, applications: before.applications.map((a) => (a.id === application.id ? { ...a, stage: withdrawn, canWithdraw: mayWithdraw(withdrawn.key) } : a)) }
    },
  )

  api.post(
    '/bff/public/my-applications/interview',
    {
      config: { access: 'public' },
      schema: { tags: ['my-applications'], body: MyApplicationInterviewBody, response: { 200: MyApplicationsAnswer, 410: ErrorBody, ...Failures } },
    },
    async (request) => {
      const link = await opened(request, request.body.token)
      const before = await answer(link.email, link.expiresAt)
      if (!before.applications.some((a) => a.id === request.body.id)) throw new HttpError(404, MY_APPLICATIONS_MESSAGES.notYours)
      const interview = ((await app.interviews?.ofCandidates([request.body.id])) ?? []).find((i) => i.status !== 'cancelada')
      if (!interview || !app.interviews) throw new HttpError(404, 'Não há entrevista marcada para esta candidatura.')
      await app.interviews.answer(interview, request.body.action, request.body.slotId)
      return answer(link.email, link.expiresAt)
    },
  )

  app.addHook('onClose', async () => {
    await Promise.allSettled([...sending])
    await withdrawals.stop()
  })
}
