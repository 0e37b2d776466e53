import type { FastifyInstance } from 'fastify'
import { phoneKey } from '@mini-vagas/shared/domain/candidate-identity'
import { foldText } from '@mini-vagas/shared/domain/text'
import { signedByMeta, webhookEvents, type WebhookEvents, type WhatsAppCloud } from '../../plugins/whatsapp.ts'

/** A reply that asks to stop messages ("SAIR", as the apply notice says; also PARAR, STOP). */
const STOP_WORDS = new Set(['sair', 'parar', 'stop', 'descadastrar'])
export const asksToStop = (text: string) => STOP_WORDS.has(foldText(text).replace(/[^a-z]/g, ''))

/**
 * The Cloud API's side of messages: sending through it (when the operator configured it), and its
 * webhook — Meta's verification handshake, then signed deliveries of statuses and replies, each on
 * the candidate's timeline; a reply "SAIR" records the number as not to be contacted. The webhook
 * lives at /webhooks/whatsapp (Meta posts there without the SPA's CSRF header; its signature is
 * its proof), and always answers 200 to a signed delivery: Meta retries anything else.
 */
export async function whatsappCloud(app: FastifyInstance): Promise<WhatsAppCloud | null> {
  const settings = app.config.whatsapp
  const ledger = app.whatsappMessages
  if (!settings) return null

  app.get(
    '/webhooks/whatsapp',
    { config: { access: 'public' }, schema: { hide: true, querystring: { type: 'object', additionalProperties: { type: 'string', maxLength: 500 } } } },
    async (request, reply) => {
      const q = request.query as Record<string, string | undefined>
      if (q['hub.mode'] !== 'subscribe' || q['hub.verify_token'] !== settings.verifyToken) return reply.code(403).send({ message: 'Token de verificação inválido.' })
      return reply.type('text/plain').send(q['hub.challenge'] ?? '')
    },
  )

  await app.register(async (hook) => {
    // The signature is over the raw body: kept as received, parsed here.
    hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) => done(null, body))
    hook.post('/webhooks/whatsapp', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const raw = request.body as Buffer
      if (!Buffer.isBuffer(raw) || !signedByMeta(raw, request.headers['x-hub-signature-256'] as string | undefined, settings.appSecret))
        return reply.code(401).send({ message: 'Assinatura inválida.' })
      let parsed: unknown
      try {
        parsed = JSON.parse(raw.toString('utf8'))
      } catch {
        return reply.code(200).send({ ok: true })
      }
      const { statuses, replies } = webhookEvents(parsed)
      for (const s of statuses) await onStatus(s)
      for (const r of replies) await onReply(r.from, r.text)
      return reply.code(200).send({ ok: true })
    })
  })

  async function onStatus(event: WebhookEvents['statuses'][number]) {
    const moved = await ledger.status(event)
    if (!moved) return
    await app.audit.record({
      actor: 'whatsapp',
      action: 'mensagem_status',
      subject: `candidato:${moved.candidateId}`,
      detail: { channel: 'whatsapp_api', purpose: moved.purpose, state: event.status, error: event.error },
    })
  }

  async function onReply(from: string, text: string) {
    const phone = phoneKey(from)
    const last = await ledger.lastCandidateAt(phone)
    const stop = asksToStop(text)
    if (stop) await app.contact.addOptOut([`phone:${phone}`], 'whatsapp', 'titular')
    if (last !== null)
      await app.audit.record({
        actor: 'whatsapp',
        action: stop ? 'contato_bloqueado' : 'mensagem_recebida',
        subject: `candidato:${last}`,
        detail: { channel: 'whatsapp_api', text: text.slice(0, 500), via: 'whatsapp' },
      })
  }

  return app.whatsapp
}
