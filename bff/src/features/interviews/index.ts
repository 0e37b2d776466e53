import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { looksLikeEmail, emailKey, phoneKey } from '@mini-vagas/shared/domain/candidate-identity'
import { cnpjDigits } from '@mini-vagas/shared/domain/cnpj'
import { todayDate } from '@mini-vagas/shared/domain/dates'
import {
  checkProposal,
  INTERVIEW_MESSAGES,
  instantAt,
  interviewStatusFor,
  interviewText,
  NO_SHOW_STATUS,
  interviewValues,
  remindersFor,
  type InterviewStatus,
  type ReminderKind,
} from '@mini-vagas/shared/domain/interviews'
import { whatsappLink, whatsappNumber } from '@mini-vagas/shared/domain/messages'
import { ErrorBody, Failures, IdParams, MessageAnswer } from '@mini-vagas/shared/schemas/common'
import {
  InterviewCreated,
  InterviewList,
  InterviewProposalBody,
  InterviewRange,
  PublicInterview,
  PublicInterviewAnswerBody,
  PublicInterviewBody,
  type Interview,
} from '@mini-vagas/shared/schemas/interviews'
import { HttpError, MESSAGES, refuseFieldErrors } from '../../lib/http-error.ts'
import type { ApplicantInterview, InterviewAction } from '../../lib/applicant-interviews.ts'
import { createLentStatusWrites } from '../../plugins/lent-status-writes.ts'
import { sessionOf } from '../../legacy/access.ts'
import { actorOf } from '../../plugins/audit.ts'
import type { OutgoingMail } from '../../plugins/mailer.ts'
import { whatsappCallbackData } from '../../plugins/whatsapp.ts'

/** What Meta said of a message, as a reminder's line reads it (nothing yet, or a message not sent through it: null). */
const deliveryOf = (state: string | undefined): 'delivered' | 'read' | 'failed' | null => (state === 'delivered' || state === 'read' || state === 'failed' ? state : null)
import { interviewCalendar } from './calendar.ts'
import { createReminderScheduler, type ReminderRoute } from './reminders.ts'
import { createInterviewStore, INTERVIEW_MIGRATIONS, type StoredInterview } from './store.ts'

type Obj = Record<string, unknown>
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : String(v))
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
/** How long after its last slot an invitation's link still opens (to see what was agreed). */
const LINK_AFTER_MS = 2 * 86_400_000
const InterviewParams = Type.Object({ id: Type.String({ format: 'uuid' }) })

/**
 * Interviews (docs/product.md, Interviews): staff propose one time or several slots; the candidate
 * answers through a link without an account (choose a slot, ask for another time, cancel); the
 * confirmed time gets reminders the day before and one hour before (reminders.ts), the legacy
 * status follows (Entrevista Online/Presencial on a confirmation, on a lent staff token; Não
 * Compareceu when staff mark a no-show), and every step goes on the candidate's timeline.
 */
export const interviewsFeature = fp(interviewsPlugin, { name: 'interviews' })

/** Registered unencapsulated (fastify-plugin): `app.interviews` is for the applicant's pages of other features. */
async function interviewsPlugin(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['interviews']
  const { store, config, now } = app
  await store.migrate('interviews', INTERVIEW_MIGRATIONS)
  const interviews = createInterviewStore(store, now)
  const instanceId = randomUUID()
  const organizer = (() => {
    const match = /<([^>]+)>/.exec(config.mailFrom)
    return match ? match[1]! : config.mailFrom
  })()

  const view = (i: StoredInterview): Interview => ({
    id: i.id,
    candidateId: i.candidateId,
    candidateName: i.candidateName,
    vacancyId: i.vacancyId,
    vacancy: i.vacancy,
    company: i.company,
    mode: i.mode,
    place: i.place,
    interviewer: i.interviewer,
    durationMinutes: i.durationMinutes,
    status: i.status,
    slots: i.slots.map((s) => ({ id: s.id, startsAt: iso(s.startsAt)! })),
    startsAt: iso(i.startsAt),
    createdBy: i.createdByName || i.createdBy,
    createdAt: iso(i.createdAt)!,
  })
  const words = (i: StoredInterview) => ({
    name: i.candidateName,
    vacancy: i.vacancy,
    company: i.company,
    mode: i.mode,
    place: i.place,
    durationMinutes: i.durationMinutes,
    interviewer: i.interviewer,
    slots: i.slots.map((s) => iso(s.startsAt)!),
    chosen: iso(i.startsAt),
  })
  const calendarOf = (method: 'PUBLISH' | 'REQUEST' | 'CANCEL', i: StoredInterview) => ({
    method,
    filename: 'entrevista.ics',
    content: interviewCalendar(
      method,
      i,
      method === 'PUBLISH' ? i.slots.map((s) => s.startsAt) : [i.startsAt!],
      { organizer, attendee: { email: i.email, name: i.candidateName } },
      now(),
    ),
  })
  /** A new link to the interview's page (the secret in the fragment: never in a log or a Referer). */
  const linkTo = async (i: StoredInterview) => {
    const last = Math.max(...i.slots.map((s) => s.startsAt), i.startsAt ?? 0)
    const secret = await app.applicantLinks.issue({
      purpose: 'entrevista',
      email: emailKey(i.email) || `candidato:${i.candidateId}`,
      subject: i.id,
      ttlMs: Math.max(last + LINK_AFTER_MS - now(), 3_600_000),
    })
    return `${config.publicOrigin}/entrevista#${secret}`
  }
  const mailTo = async (i: StoredInterview, kind: Parameters<typeof interviewText>[0], extra: Partial<OutgoingMail> = {}): Promise<OutgoingMail> => {
    const text = interviewText(kind, words(i))
    const answerLine =
      kind === 'cancelamento' ? '' : `\n\nPara ${kind === 'convite' ? 'escolher o horário' : 'confirmar, pedir outro horário ou cancelar'}, abra: ${await linkTo(i)}`
    const end = await app.contact.signOff(i.email)
    return { to: i.email, subject: text.subject, text: text.body + answerLine + end.text, headers: end.headers, ...extra }
  }
  const optedOut = (i: StoredInterview) => app.contact.optOut({ email: i.email, whatsapp: i.phone }).then(Boolean)

  // The legacy status a confirmation asks for reaches it on a staff member's token.
  const statusWrites = createLentStatusWrites({
    app,
    store,
    log: app.log,
    now,
    instanceId,
    name: 'interview-status-writes',
    leaseMs: config.jobLeaseSeconds * 1000,
    source: {
      pending: async (limit) =>
        (await interviews.pendingLegacyWrites(limit)).map((r) => ({
          key: r.id,
          candidateId: Number(r.candidate_id),
          status: r.legacy_status,
          actor: r.email || 'titular',
          actorName: r.candidate_name,
          via: 'entrevista',
        })),
      done: (key) => interviews.legacyWritten(key, 'done'),
      refused: (key, reason) => interviews.legacyWritten(key, 'refused', reason),
    },
  })

  const reminders = createReminderScheduler({
    store,
    interviews,
    mailer: app.mailer,
    log: app.log,
    now,
    instanceId,
    everyMs: config.reminderSweepSeconds * 1000,
    leaseMs: config.jobLeaseSeconds * 1000,
    routeOf: reminderRoute,
    optedOut,
    onSent: (i, kind: ReminderKind, via) =>
      app.audit.record({ actor: 'sistema', actorName: 'Mini Vagas', action: 'entrevista_lembrete', subject: `candidato:${i.candidateId}`, detail: { kind, interview: i.id, via } }),
  })

  /**
   * How a reminder goes: the way the invitation went where the product can send it that way —
   * WhatsApp through the Cloud API needs the operator's Meta-approved "lembrete" template —, else
   * the other way; null when neither can (no e-mail and no WhatsApp template).
   */
  function reminderRoute(i: StoredInterview, kind: ReminderKind): ReminderRoute | null {
    const cloud = app.whatsapp
    const number = whatsappNumber(i.phone)
    const byWhatsApp: ReminderRoute | null =
      cloud && number && i.startsAt !== null && cloud.templateFor('lembrete', {})
        ? {
            via: 'whatsapp',
            send: async () => {
              const approved = cloud.templateFor('lembrete', interviewValues({ name: i.candidateName, ...i, startsAt: i.startsAt! }, await linkTo(i)))!
              const sent = await cloud.sendTemplate(number, approved.template, approved.params, { callbackData: whatsappCallbackData(i.candidateId, 'lembrete') })
              await app.whatsappMessages.sent({ wamid: sent.id, candidateId: i.candidateId, phone: phoneKey(i.phone), purpose: 'lembrete' })
              return sent
            },
          }
        : null
    const byEmail: ReminderRoute | null =
      app.mailer.configured && looksLikeEmail(i.email) ? { via: 'email', mail: () => mailTo(i, kind, { messageId: `<${i.id}.${kind}.${i.sequence}@mini-vagas>` }) } : null
    return i.channel === 'whatsapp' ? (byWhatsApp ?? byEmail) : (byEmail ?? byWhatsApp)
  }

  /** The candidate's answer, by the interview's link or their "Minhas candidaturas" page. */
  async function answer(i: StoredInterview, action: InterviewAction, slotId: number | undefined) {
    if (i.status === 'cancelada' || i.status === 'faltou') throw new HttpError(409, INTERVIEW_MESSAGES.closed)
    const from: InterviewStatus[] = ['proposta', 'remarcar', 'confirmada']
    let message: string
    if (action === 'escolher') {
      const slot = i.slots.find((s) => s.id === slotId)
      if (!slot || slot.startsAt <= now()) throw new HttpError(422, INTERVIEW_MESSAGES.slotGone)
      if (!(await interviews.move(i.id, from, 'confirmada', { startsAt: slot.startsAt, reminders: remindersFor(slot.startsAt, now()), legacyStatus: interviewStatusFor(i.mode) })))
        throw new HttpError(409, INTERVIEW_MESSAGES.closed)
      statusWrites.asked()
      message = INTERVIEW_MESSAGES.chosen
    } else if (action === 'remarcar') {
      if (!(await interviews.move(i.id, from, 'remarcar'))) throw new HttpError(409, INTERVIEW_MESSAGES.closed)
      message = INTERVIEW_MESSAGES.rescheduleAsked
    } else {
      if (!(await interviews.move(i.id, from, 'cancelada'))) throw new HttpError(409, INTERVIEW_MESSAGES.closed)
      message = INTERVIEW_MESSAGES.cancelled
    }
    const now_ = (await interviews.get(i.id))!
    await app.audit.record({
      actor: i.email || 'titular',
      actorName: i.candidateName,
      action: 'entrevista_respondida',
      subject: `candidato:${i.candidateId}`,
      detail: { action, interview: i.id, ...(action === 'escolher' ? { startsAt: iso(now_.startsAt) } : {}) },
    })
    // The confirmed time, for the candidate's calendar: best effort, the answer stands without it.
    if (action === 'escolher' && looksLikeEmail(i.email) && app.mailer.configured)
      await app.mailer
        .send(await mailTo(now_, 'confirmacao', { calendar: calendarOf('REQUEST', now_) }))
        .catch((error: unknown) => app.log.warn({ err: { message: (error as Error).message } }, 'interviews: the confirmation was not sent'))
    return { interview: now_, message }
  }
  app.decorate('interviews', {
    ofCandidates: (ids: readonly number[]) => interviews.ofCandidates(ids),
    // What the applicant's page holds is what the store gave it: read again, never trusted as sent.
    answer: async (given: ApplicantInterview, action: InterviewAction, slotId: number | undefined) => {
      const found = await interviews.get(given.id)
      if (!found) throw new HttpError(404, INTERVIEW_MESSAGES.notFound)
      return answer(found, action, slotId)
    },
  })

  api.post(
    '/bff/candidates/:id/interviews',
    { config: { access: 'admin' }, schema: { tags, params: IdParams, body: InterviewProposalBody, response: { 201: InterviewCreated, ...Failures } } },
    async (request, reply) => {
      const record = (await request.owned.candidate()) as Obj
      const { channel, ...proposal } = request.body
      refuseFieldErrors(checkProposal(proposal, now()))
      if (await app.contact.optOut(record)) throw new HttpError(409, INTERVIEW_MESSAGES.optedOut)
      const email = str(record.email)
      if (channel === 'email' && !looksLikeEmail(email)) throw new HttpError(422, MESSAGES.badInput, { errors: { channel: [INTERVIEW_MESSAGES.noContact] } })
      if (channel === 'whatsapp' && !whatsappLink(record.whatsapp, 'x')) throw new HttpError(422, MESSAGES.badInput, { errors: { channel: [INTERVIEW_MESSAGES.noPhone] } })
      if (channel === 'email' && !app.mailer.configured) throw new HttpError(503, 'O envio de e-mails não está configurado. Envie o convite pelo WhatsApp.')
      const vacancyId = Number(record.job_posting_id) || 0
      const vacancy = vacancyId ? (await request.legacy.vacancies.get(vacancyId)).record : null
      const posting = (record.job_posting ?? vacancy ?? {}) as Obj
      const who = actorOf(sessionOf(request))
      const created = await interviews.create(
        {
          candidateId: Number(request.params.id),
          vacancyId,
          companyCnpj: cnpjDigits(str((vacancy as Obj | null)?.cnpj)),
          candidateName: str(record.full_name),
          email,
          phone: str(record.whatsapp),
          vacancy: str(posting.description) || 'Vaga',
          company: str(posting.company_name) || str(record.company_name),
          mode: proposal.mode,
          place: proposal.place.trim(),
          interviewer: proposal.interviewer.trim(),
          durationMinutes: proposal.durationMinutes,
          channel,
          createdBy: who.actor,
          createdByName: who.actorName,
        },
        proposal.slots.map((s) => instantAt(s.date, s.time).getTime()),
      )
      let whatsappUrl: string | null = null
      if (channel === 'email') {
        try {
          await app.mailer.send(await mailTo(created, 'convite', { calendar: calendarOf('PUBLISH', created) }))
        } catch (error) {
          request.log.warn({ err: { message: (error as Error).message } }, 'interviews: the invitation was not sent')
          await interviews.remove(created.id)
          throw new HttpError(502, 'O servidor de e-mail não aceitou o convite. Tente novamente em instantes.')
        }
      } else {
        const text = interviewText('convite', words(created))
        whatsappUrl = whatsappLink(record.whatsapp, `${text.body}\n\nPara escolher o horário, abra: ${await linkTo(created)}`)
      }
      await interviews.supersede(created.candidateId, created.id)
      await app.audit.record({
        ...who,
        action: 'entrevista_proposta',
        subject: `candidato:${created.candidateId}`,
        detail: { channel, interview: created.id, slots: created.slots.map((s) => iso(s.startsAt)) },
      })
      return reply.code(201).send({ interview: view(created), message: channel === 'email' ? INTERVIEW_MESSAGES.created(email) : INTERVIEW_MESSAGES.createdWhatsapp, whatsappUrl })
    },
  )

  api.get(
    '/bff/candidates/:id/interviews',
    { config: { access: 'admin' }, schema: { tags, params: IdParams, response: { 200: InterviewList, ...Failures } } },
    async (request) => ({
      interviews: await Promise.all(
        (await interviews.ofCandidates([Number(request.params.id)])).map(async (i) => {
          const reminders = await interviews.reminders(i.id)
          // Meta's word on the reminders it took (the webhook's statuses).
          const delivered = await app.whatsappMessages.states(reminders.flatMap((r) => (r.wamid ? [r.wamid] : [])))
          return {
            ...view(i),
            reminders: reminders.map((r) => ({
              kind: r.kind,
              dueAt: iso(r.dueAt)!,
              state: r.state as 'pending' | 'sending' | 'sent' | 'skipped' | 'failed',
              // Not taken yet: the way it would go now.
              via: r.state === 'pending' ? (reminderRoute(i, r.kind)?.via ?? null) : r.via,
              delivery: deliveryOf(r.wamid ? delivered.get(r.wamid) : undefined),
            })),
          }
        }),
      ),
    }),
  )

  api.get('/bff/interviews', { config: { access: 'session' }, schema: { tags, querystring: InterviewRange, response: { 200: InterviewList, ...Failures } } }, async (request) => {
    const session = sessionOf(request)
    const from = Date.parse(request.query.from)
    const to = Date.parse(request.query.to)
    if (!(to > from) || to - from > 62 * 86_400_000) throw new HttpError(422, 'Escolha um período de até 62 dias.')
    // A company sees the interviews of its own vacancies (their CNPJ), never another's.
    return { interviews: (await interviews.between(from, to, session.user.role === 'company' ? session.user.cnpj : null)).map(view) }
  })

  // Today as the agency's calendar has it (Fortaleza), by the server's clock, not the browser's.
  api.get('/bff/interviews/today', { config: { access: 'session' }, schema: { tags, response: { 200: InterviewList, ...Failures } } }, async (request) => {
    const session = sessionOf(request)
    const from = instantAt(todayDate(new Date(now())), '00:00').getTime()
    return { interviews: (await interviews.between(from, from + 86_400_000, session.user.role === 'company' ? session.user.cnpj : null)).map(view) }
  })

  const staffInterview = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const found = await interviews.get(request.params.id)
    if (!found) throw new HttpError(404, INTERVIEW_MESSAGES.notFound)
    return found
  }

  api.post(
    '/bff/interviews/:id/no-show',
    { config: { access: 'admin' }, schema: { tags, params: InterviewParams, response: { 200: MessageAnswer, ...Failures } } },
    async (request) => {
      const i = await staffInterview(request)
      if (i.status !== 'confirmada') throw new HttpError(409, INTERVIEW_MESSAGES.closed)
      if ((i.startsAt ?? Infinity) > now()) throw new HttpError(409, INTERVIEW_MESSAGES.notYet)
      const who = actorOf(sessionOf(request))
      // The legacy first: a refusal there leaves the interview as it was.
      await app.audit.around({ ...who, action: 'status_alterado', subject: `candidato:${i.candidateId}`, detail: { to: NO_SHOW_STATUS, via: 'entrevista' } }, () =>
        request.legacy.candidates.setStatus(i.candidateId, NO_SHOW_STATUS),
      )
      await interviews.move(i.id, ['confirmada'], 'faltou')
      await app.audit.record({ ...who, action: 'entrevista_falta', subject: `candidato:${i.candidateId}`, detail: { interview: i.id } })
      return { message: INTERVIEW_MESSAGES.noShow }
    },
  )

  api.post(
    '/bff/interviews/:id/cancel',
    { config: { access: 'admin' }, schema: { tags, params: InterviewParams, response: { 200: MessageAnswer, ...Failures } } },
    async (request) => {
      const i = await staffInterview(request)
      if (!(await interviews.move(i.id, ['proposta', 'remarcar', 'confirmada'], 'cancelada'))) throw new HttpError(409, INTERVIEW_MESSAGES.closed)
      await app.audit.record({ ...actorOf(sessionOf(request)), action: 'entrevista_cancelada', subject: `candidato:${i.candidateId}`, detail: { interview: i.id } })
      // The candidate hears of it, with the calendar's cancellation when a time was set.
      if (looksLikeEmail(i.email) && app.mailer.configured && !(await optedOut(i))) {
        const now_ = (await interviews.get(i.id))!
        await app.mailer
          .send(await mailTo(now_, 'cancelamento', now_.startsAt !== null ? { calendar: calendarOf('CANCEL', now_) } : {}))
          .catch((error: unknown) => request.log.warn({ err: { message: (error as Error).message } }, 'interviews: the cancellation was not sent'))
      }
      return { message: INTERVIEW_MESSAGES.staffCancelled }
    },
  )

  /** What the interview link opens, or the one refusal every link that does not open gets. */
  const opened = async (request: FastifyRequest, token: string) => {
    const link = await app.applicantLinks.opened(request.ip, token, 'entrevista', INTERVIEW_MESSAGES.linkGone)
    const found = await interviews.get(link.subject)
    if (!found) throw new HttpError(410, INTERVIEW_MESSAGES.linkGone)
    return found
  }
  /** The candidate's view: the staff's, without who they are in the agency's records (ids, author), and their first name. */
  const publicView = (i: StoredInterview, message?: string) => {
    const { vacancy, company, mode, place, interviewer, durationMinutes, status, slots, startsAt } = view(i)
    return { name: i.candidateName.split(/\s+/)[0] ?? '', vacancy, company, mode, place, interviewer, durationMinutes, status, slots, startsAt, ...(message ? { message } : {}) }
  }

  api.post(
    '/bff/public/interview',
    { config: { access: 'public' }, schema: { tags, body: PublicInterviewBody, response: { 200: PublicInterview, 410: ErrorBody, ...Failures } } },
    async (request) => publicView(await opened(request, request.body.token)),
  )

  api.post(
    '/bff/public/interview/answer',
    { config: { access: 'public' }, schema: { tags, body: PublicInterviewAnswerBody, response: { 200: PublicInterview, 410: ErrorBody, ...Failures } } },
    async (request) => {
      const i = await opened(request, request.body.token)
      const done = await answer(i, request.body.action, request.body.slotId)
      return publicView(done.interview, done.message)
    },
  )

  app.addHook('onReady', async () => reminders.start())
  app.addHook('onClose', async () => {
    await reminders.stop()
    await statusWrites.stop()
  })
}
