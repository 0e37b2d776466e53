import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Gauge } from 'prom-client'
import { candidateListView } from '@mini-vagas/shared/domain/candidate-list'
import { candidateStatusLabel, isKnownCandidateStatus, normalizeCandidateStatus } from '@mini-vagas/shared/domain/candidate-status'
import { todayDate } from '@mini-vagas/shared/domain/dates'
import { lastActionAt } from '@mini-vagas/shared/domain/last-action'
import { messagePurposeLabel } from '@mini-vagas/shared/domain/messages'
import { BULK_MAX, BULK_MESSAGES } from '@mini-vagas/shared/domain/pipeline'
import { Failures, IdParams } from '@mini-vagas/shared/schemas/common'
import { BoardAnswer, BulkBody, BulkJobAnswer, BulkJobList, BulkParams, SelectionBody, type BulkFilter } from '@mini-vagas/shared/schemas/pipeline'
import { Type } from 'typebox'
import { candidatesCsv, sendCsv } from '../../lib/csv.ts'
import { HttpError, MESSAGES } from '../../lib/http-error.ts'
import { asSeenBy } from '../../lib/observation-view.ts'
import { sessionOf } from '../../legacy/access.ts'
import type { Caller } from '../../legacy/gateway.ts'
import { actorOf } from '../../plugins/audit.ts'
import { createBulkJobs, type BulkCaller } from './jobs.ts'
import { createBulkStore } from './store.ts'

type Obj = Record<string, unknown>
/** How many of a vacancy's bulk actions its screen lists. */
const RECENT_JOBS = 5
const EVERYONE = 1_000_000

/**
 * A vacancy's pipeline (docs/product.md, Pipeline board; Bulk actions): the board's cards, and
 * actions on many candidates at once — a status change, a forward, a CSV of the chosen — the
 * writes run as leased background jobs through the legacy's budget (jobs.ts). Agency staff only.
 */
export async function pipelineFeature(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const store = await createBulkStore(app.store)
  const jobs = createBulkJobs({
    store,
    legacy: (caller: Caller) => app.legacyFor(caller),
    log: app.log,
    audit: app.audit,
    now: app.now,
    leaseMs: app.config.jobLeaseSeconds * 1000,
    contact: app.contact,
    mail: { mailer: app.mailer, perMinute: app.config.mailPerMinute },
    whatsapp: app.whatsapp ? { cloud: app.whatsapp, perMinute: app.config.whatsappPerMinute } : undefined,
    deliveries: app.whatsappMessages.deliveries,
  })
  // Every candidate write this BFF hears of (a person's click, a screening apply) reaches running jobs.
  app.onLegacyWrite((event) => {
    if (event.kind === 'candidate' && event.record) jobs.heard(event.record)
  })
  new Gauge({
    name: 'bff_bulk_jobs_here',
    help: 'Bulk actions this instance is running now',
    registers: [app.metrics],
    collect() {
      this.set(jobs.activeCount())
    },
  })
  app.addHook('onReady', async () => {
    await store.purge(new Date(app.now() - app.config.storeRetentionDays * 86_400_000).toISOString())
    await jobs.interruptUnfinished()
  })
  app.addHook('onClose', () => jobs.stop(5000))

  /**
   * The vacancy's candidates as full records, optionally filtered as its list is: from the
   * candidate index when it is ready (one query), else the legacy's list of the vacancy (one call).
   */
  async function vacancyPeople(request: FastifyRequest, vacancyId: number, filter: BulkFilter = {}) {
    const status = filter.status === undefined || filter.status === 'all' ? undefined : filter.status
    const q = filter.q?.trim() || undefined
    const indexed = await app.candidateIndex?.list({ vacancyId, status, q, page: 1, pageSize: EVERYONE })
    if (indexed) return { items: indexed.items as Obj[], indexedAt: indexed.indexedAt, read: undefined }
    const rows = await request.legacy.vacancies.candidates(vacancyId)
    return { items: candidateListView(rows).select({ status, q }).rows as Obj[], indexedAt: null, read: { vacancyId, rows: rows as Obj[] } }
  }

  const callerOf = (request: FastifyRequest): BulkCaller => {
    const session = sessionOf(request)
    const who = actorOf(session)
    return { token: session.token, requestId: request.id, actor: who.actor, actorName: who.actorName }
  }
  const viewed = async (id: string) => {
    const job = await jobs.view(id)
    if (!job) throw new HttpError(404, BULK_MESSAGES.notFound)
    return { job }
  }

  api.get(
    '/bff/vacancies/:id/board',
    { config: { access: 'admin' }, schema: { tags: ['pipeline'], params: IdParams, response: { 200: BoardAnswer, ...Failures } } },
    async (request) => {
      const { items, indexedAt } = await vacancyPeople(request, Number(request.params.id))
      const notContacted = new Set(await app.contact.optedOutAmong(items))
      return {
        indexedAt,
        cards: items.map((c) => ({
          id: Number(c.id),
          name: String(c.full_name ?? '').trim() || `#${String(c.id)}`,
          status: normalizeCandidateStatus(c.status as string | null),
          city: String(c.address_city ?? ''),
          at: lastActionAt(c) ?? '',
          whatsapp: String(c.whatsapp ?? '').trim(),
          optedOut: notContacted.has(Number(c.id)),
        })),
      }
    },
  )

  api.post('/bff/bulk', { config: { access: 'admin' }, schema: { tags: ['pipeline'], body: BulkBody, response: { 202: BulkJobAnswer, ...Failures } } }, async (request, reply) => {
    const body = request.body
    const refuse = (field: string, message: string): never => {
      throw new HttpError(422, MESSAGES.badInput, { errors: { [field]: [message] } })
    }
    if (body.ids && body.filter) refuse('ids', BULK_MESSAGES.idsOrFilter)
    if (body.ids?.length === 0 || (!body.ids && !body.filter)) refuse('ids', BULK_MESSAGES.nothingSelected)
    let target: string
    let targetLabel: string
    if (body.action === 'status') {
      if (body.status === undefined) return refuse('status', BULK_MESSAGES.statusMissing)
      if (!isKnownCandidateStatus(body.status)) return refuse('status', BULK_MESSAGES.statusUnknown)
      target = body.status
      targetLabel = candidateStatusLabel(body.status)
    } else if (body.action === 'message') {
      if (body.purpose === undefined) return refuse('purpose', BULK_MESSAGES.purposeMissing)
      const channel = body.channel ?? 'email'
      if (channel === 'email' && !app.mailer.configured) throw new HttpError(503, BULK_MESSAGES.noMail)
      if (channel === 'whatsapp_api' && !app.whatsapp) throw new HttpError(503, BULK_MESSAGES.noWhatsAppApi)
      // Outside a conversation Meta lets a business send only a template it approved.
      if (channel === 'whatsapp_api' && !app.whatsapp?.templateFor(body.purpose, {})) return refuse('channel', BULK_MESSAGES.noWhatsAppTemplate(messagePurposeLabel(body.purpose)))
      // The words as they are now: a template edited while the job runs (or before "Continuar") does not change it.
      const template = await app.contact.template(body.purpose)
      target = JSON.stringify({ purpose: body.purpose, channel, subject: template.subject, body: template.body, values: body.values ?? {} })
      targetLabel = messagePurposeLabel(body.purpose)
    } else {
      if (body.targetVacancyId === undefined) return refuse('targetVacancyId', BULK_MESSAGES.targetMissing)
      if (body.targetVacancyId === body.vacancyId) return refuse('targetVacancyId', BULK_MESSAGES.sameVacancy)
      // The target must exist (a 404 in Portuguese otherwise) and is named in the job.
      const { record } = await request.legacy.vacancies.get(body.targetVacancyId)
      if (!record) throw new HttpError(404, 'Vaga não encontrada.')
      target = String(body.targetVacancyId)
      targetLabel = [String(record.description ?? '').trim() || 'Vaga', record.company_name, record.city].filter(Boolean).join(' · ')
    }
    const { items, read } = await vacancyPeople(request, body.vacancyId, body.filter)
    let chosen = items
    if (body.ids) {
      const byId = new Map(items.map((c) => [Number(c.id), c]))
      const missing = body.ids.filter((id) => !byId.has(id)).length
      if (missing > 0) refuse('ids', BULK_MESSAGES.notInVacancy(missing))
      chosen = body.ids.map((id) => byId.get(id)!)
    }
    if (chosen.length === 0) refuse('ids', BULK_MESSAGES.nothingSelected)
    if (chosen.length > BULK_MAX) refuse('ids', BULK_MESSAGES.tooMany(chosen.length))
    const id = await jobs.start(
      {
        action: body.action,
        vacancyId: body.vacancyId,
        target,
        targetLabel,
        people: chosen.map((c) => ({
          candidateId: Number(c.id),
          vacancyId: Number(c.job_posting_id) || body.vacancyId,
          name: String(c.full_name ?? '').trim() || `#${String(c.id)}`,
        })),
        read,
      },
      callerOf(request),
    )
    return reply.code(202).send(await viewed(id))
  })

  api.get('/bff/bulk/:id', { config: { access: 'admin' }, schema: { tags: ['pipeline'], params: BulkParams, response: { 200: BulkJobAnswer, ...Failures } } }, async (request) =>
    viewed(request.params.id),
  )

  api.get(
    '/bff/vacancies/:id/bulk',
    { config: { access: 'admin' }, schema: { tags: ['pipeline'], params: IdParams, response: { 200: BulkJobList, ...Failures } } },
    async (request) => ({ jobs: await Promise.all((await store.jobsOf(Number(request.params.id), RECENT_JOBS)).map((job) => jobs.viewOf(job))) }),
  )

  api.post(
    '/bff/bulk/:id/resume',
    { config: { access: 'admin' }, schema: { tags: ['pipeline'], params: BulkParams, response: { 202: BulkJobAnswer, ...Failures } } },
    async (request, reply) => {
      await jobs.resume(request.params.id, callerOf(request))
      return reply.code(202).send(await viewed(request.params.id))
    },
  )

  api.post(
    '/bff/bulk/:id/undo',
    { config: { access: 'admin' }, schema: { tags: ['pipeline'], params: BulkParams, response: { 202: BulkJobAnswer, ...Failures } } },
    async (request, reply) => {
      await jobs.undo(request.params.id, callerOf(request))
      return reply.code(202).send(await viewed(request.params.id))
    },
  )

  api.post(
    '/bff/vacancies/:id/candidates/selection.csv',
    { config: { access: 'admin' }, schema: { tags: ['exports'], params: IdParams, body: SelectionBody, response: { 200: Type.String(), ...Failures } } },
    async (request, reply) => {
      const wanted = new Set(request.body.ids)
      const { items } = await vacancyPeople(request, Number(request.params.id))
      const session = sessionOf(request)
      const rows = items.filter((c) => wanted.has(Number(c.id))).map((c) => asSeenBy(session, c as Parameters<typeof asSeenBy>[1]))
      return sendCsv(reply, `candidatos-selecionados-${request.params.id}-${todayDate()}.csv`, candidatesCsv(rows as Parameters<typeof candidatesCsv>[0]))
    },
  )
}
