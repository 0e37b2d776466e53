import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { privacyKindLabel } from '@mini-vagas/shared/constants/privacy'
import { formatDate } from '@mini-vagas/shared/domain/dates'
import { anonymisedRecord, isRequestersRecord, privacyDeadline, privacyRequestErrors } from '@mini-vagas/shared/domain/privacy-request'
import { Failures } from '@mini-vagas/shared/schemas/common'
import {
  AnonymiseAnswer,
  PrivacyAnswerBody,
  PrivacyRequestAnswer,
  PrivacyRequestBody,
  PrivacyRequestList,
  PrivacyRequestParams,
  PrivacyRequestReceipt,
  type PrivacyRequest,
} from '@mini-vagas/shared/schemas/privacy'
import { sessionOf } from '../../legacy/access.ts'
import { createAttemptLimiter } from '../../plugins/attempt-limiter.ts'
import { HttpError, refuseFieldErrors, tryAgainLater } from '../../lib/http-error.ts'

/**
 * Applicants' rights under the LGPD: "Meus dados" asks for access, correction, deletion
 * or a person's review of an automated decision; the request is queued for staff — never carried
 * out by itself — with the 15-day deadline, and staff answer it. Requests and answers are kept
 * here and in the audit trail.
 */
const MIGRATIONS = [
  `CREATE TABLE IF NOT EXISTS privacy_requests (id TEXT PRIMARY KEY, protocol TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL,
     whatsapp TEXT NOT NULL, details TEXT NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL, deadline TEXT NOT NULL,
     answer TEXT, answered_by TEXT, answered_at TEXT);`,
]

type Row = {
  id: string
  protocol: string
  kind: string
  name: string
  email: string
  whatsapp: string
  details: string
  status: string
  created_at: string
  deadline: string
  answer: string | null
  answered_by: string | null
  answered_at: string | null
}
const toRequest = (r: Row): PrivacyRequest => ({
  id: r.id,
  protocol: r.protocol,
  kind: r.kind as PrivacyRequest['kind'],
  name: r.name,
  email: r.email,
  whatsapp: r.whatsapp,
  details: r.details,
  status: r.status as PrivacyRequest['status'],
  createdAt: r.created_at,
  deadline: r.deadline,
  answer: r.answer,
  answeredBy: r.answered_by,
  answeredAt: r.answered_at,
})

export async function privacyFeature(app: FastifyInstance) {
  const { store } = app
  await store.migrate('privacy', MIGRATIONS)
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  // Public and unauthenticated: a few requests an hour per address keep the queue for people.
  const perIp = createAttemptLimiter({ store, bucket: 'privacy-requests', limit: 5, windowMs: 60 * 60_000, now: app.now })

  api.post(
    '/bff/public/privacy-requests',
    { config: { access: 'public' }, schema: { tags: ['privacy'], body: PrivacyRequestBody, response: { 201: PrivacyRequestReceipt, ...Failures } } },
    async (request, reply) => {
      const wait = await perIp.blockedFor(request.ip)
      if (wait > 0) throw tryAgainLater('Muitos pedidos enviados.', wait)
      const errors = privacyRequestErrors(request.body)
      refuseFieldErrors(errors)
      await perIp.record(request.ip)
      const now = new Date(app.now())
      const id = randomUUID()
      const protocol = `LGPD-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${id.slice(0, 6).toUpperCase()}`
      const deadline = privacyDeadline(now)
      const body = request.body
      await store.run(
        "INSERT INTO privacy_requests (id, protocol, kind, name, email, whatsapp, details, status, created_at, deadline) VALUES (?, ?, ?, ?, ?, ?, ?, 'aberto', ?, ?)",
        [id, protocol, body.kind, body.name.trim(), body.email.trim().toLowerCase(), body.whatsapp.trim(), body.details.trim(), now.toISOString(), deadline],
      )
      await app.audit.record({
        actor: 'titular',
        action: 'pedido_titular',
        subject: `pedido:${protocol}`,
        detail: { kind: body.kind, email: body.email.trim().toLowerCase(), deadline },
      })
      return reply.code(201).send({
        protocol,
        deadline,
        message: `Pedido registrado: ${privacyKindLabel(body.kind)}. Protocolo ${protocol}. Uma pessoa da equipe vai analisar e responder pelo seu e-mail até ${formatDate(deadline)} (prazo legal de 15 dias).`,
      })
    },
  )

  api.get('/bff/privacy-requests', { config: { access: 'admin' }, schema: { tags: ['privacy'], response: { 200: PrivacyRequestList, ...Failures } } }, async () => ({
    requests: (await store.all<Row>("SELECT * FROM privacy_requests ORDER BY CASE WHEN status = 'aberto' THEN 0 ELSE 1 END, deadline, created_at")).map(toRequest),
  }))

  // A deletion request carried out through the legacy's API: it has no delete, so each of
  // the requester's records (same e-mail and WhatsApp) is overwritten with nothing that identifies them.
  api.post(
    '/bff/privacy-requests/:id/anonymise',
    { config: { access: 'admin' }, schema: { tags: ['privacy'], params: PrivacyRequestParams, response: { 200: AnonymiseAnswer, ...Failures } } },
    async (request) => {
      const session = sessionOf(request)
      const row = await store.get<Row>('SELECT * FROM privacy_requests WHERE id = ?', [request.params.id])
      if (!row) throw new HttpError(404, 'Pedido não encontrado.')
      if (row.kind !== 'exclusao') throw new HttpError(409, 'Só pedidos de exclusão anonimizam cadastros.')
      const records = (await request.legacy.candidates.search(row.email)).filter((r) => isRequestersRecord(r, row))
      const fields = anonymisedRecord(row.protocol, formatDate(new Date(app.now())))
      for (const record of records) {
        await app.audit.around({ actor: session.user.email, action: 'dados_anonimizados', subject: `candidato:${record.id}`, detail: { protocol: row.protocol } }, async () => {
          await request.legacy.candidates.update(record.id, fields)
        })
      }
      return { anonymised: records.length, message: records.length === 0 ? 'Nenhum cadastro com este e-mail e WhatsApp.' : `${records.length} cadastro(s) anonimizado(s).` }
    },
  )

  api.put(
    '/bff/privacy-requests/:id/answer',
    { config: { access: 'admin' }, schema: { tags: ['privacy'], params: PrivacyRequestParams, body: PrivacyAnswerBody, response: { 200: PrivacyRequestAnswer, ...Failures } } },
    async (request) => {
      const session = sessionOf(request)
      const answer = request.body.answer.trim()
      if (answer.length < 5) throw new HttpError(422, 'Escreva a resposta ao titular.', { errors: { answer: ['Escreva a resposta ao titular.'] } })
      const at = new Date(app.now()).toISOString()
      const changed = await store.run("UPDATE privacy_requests SET status = 'respondido', answer = ?, answered_by = ?, answered_at = ? WHERE id = ?", [
        answer,
        session.user.email,
        at,
        request.params.id,
      ])
      if (changed === 0) throw new HttpError(404, 'Pedido não encontrado.')
      const row = (await store.get<Row>('SELECT * FROM privacy_requests WHERE id = ?', [request.params.id]))!
      await app.audit.record({ actor: session.user.email, action: 'pedido_respondido', subject: `pedido:${row.protocol}`, detail: { kind: row.kind, answer } })
      return { request: toRequest(row) }
    },
  )
}
