import type { FastifyInstance } from 'fastify'
import { phoneKey } from '@mini-vagas/shared/domain/candidate-identity'
import { foldText } from '@mini-vagas/shared/domain/text'
import type { Migration } from '../../plugins/store.ts'
import { callbackDataOf, signedByMeta, webhookEvents, type WebhookEvents, type WhatsAppCloud } from '../../plugins/whatsapp.ts'

export const WHATSAPP_MIGRATIONS: Migration[] = [
  `CREATE TABLE IF NOT EXISTS whatsapp_messages (wamid TEXT PRIMARY KEY, candidate_id BIGINT NOT NULL, phone TEXT NOT NULL, purpose TEXT NOT NULL,
     state TEXT NOT NULL, error TEXT, at TEXT NOT NULL, updated_at TEXT NOT NULL);
   CREATE INDEX IF NOT EXISTS whatsapp_messages_phone ON whatsapp_messages (phone, at);`,
]

/** A reply that asks to stop messages ("SAIR", as the apply notice says; also PARAR, STOP). */
const STOP_WORDS = new Set(['sair', 'parar', 'stop', 'descadastrar'])
export const asksToStop = (text: string) => STOP_WORDS.has(foldText(text).replace(/[^a-z]/g, ''))

/** A status never goes back: sent < delivered < read; failed ends it. */
const RANK: Record<string, number> = { enviada: 0, sent: 1, delivered: 2, read: 3, failed: 4 }

/**
 * The Cloud API's side of messages: sending through it (when the operator configured it), and its
 * webhook — Meta's verification handshake, then signed deliveries of statuses and replies, each on
 * the candidate's timeline; a reply "SAIR" records the number as not to be contacted. The webhook
 * lives at /webhooks/whatsapp (Meta posts there without the SPA's CSRF header; its signature is
 * its proof), and always answers 200 to a signed delivery: Meta retries anything else.
 */
export async function whatsappCloud(
  app: FastifyInstance,
): Promise<{ cloud: WhatsAppCloud | null; record: (m: { wamid: string; candidateId: number; phone: string; purpose: string }) => Promise<void> }> {
  const settings = app.config.whatsapp
  await app.store.migrate('whatsapp', WHATSAPP_MIGRATIONS)
  const at = () => new Date(app.now()).toISOString()
  const record = async (m: { wamid: string; candidateId: number; phone: string; purpose: string }) => {
    await app.store.run("INSERT INTO whatsapp_messages (wamid, candidate_id, phone, purpose, state, at, updated_at) VALUES (?, ?, ?, ?, 'enviada', ?, ?)", [
      m.wamid,
      m.candidateId,
      m.phone,
      m.purpose,
      at(),
      at(),
    ])
  }
  if (!settings) return { cloud: null, record }

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

  async function onStatus({ id: wamid, status: state, error, to, callbackData }: WebhookEvents['statuses'][number]) {
    let row = await app.store.get<{ candidate_id: number; purpose: string; state: string }>('SELECT candidate_id, purpose, state FROM whatsapp_messages WHERE wamid = ?', [wamid])
    // A message whose sender never recorded its id (a bulk send or a reminder; or the sender died
    // before Meta's answer): its callback data says whose it is.
    const ours = row ? null : callbackDataOf(callbackData)
    if (ours) {
      await app.store.run(
        "INSERT INTO whatsapp_messages (wamid, candidate_id, phone, purpose, state, at, updated_at) VALUES (?, ?, ?, ?, 'enviada', ?, ?) ON CONFLICT (wamid) DO NOTHING",
        [wamid, ours.candidateId, phoneKey(to), ours.purpose, at(), at()],
      )
      row = { candidate_id: ours.candidateId, purpose: ours.purpose, state: 'enviada' }
    }
    if (!row || (RANK[state] ?? 0) <= (RANK[row.state] ?? 0)) return
    await app.store.run('UPDATE whatsapp_messages SET state = ?, error = ?, updated_at = ? WHERE wamid = ?', [state, error, at(), wamid])
    await app.audit.record({
      actor: 'whatsapp',
      action: 'mensagem_status',
      subject: `candidato:${row.candidate_id}`,
      detail: { channel: 'whatsapp_api', purpose: row.purpose, state, error },
    })
  }

  async function onReply(from: string, text: string) {
    const phone = phoneKey(from)
    const last = await app.store.get<{ candidate_id: number }>('SELECT candidate_id FROM whatsapp_messages WHERE phone = ? ORDER BY at DESC LIMIT 1', [phone])
    const stop = asksToStop(text)
    if (stop) await app.contact.addOptOut([`phone:${phone}`], 'whatsapp', 'titular')
    if (last)
      await app.audit.record({
        actor: 'whatsapp',
        action: stop ? 'contato_bloqueado' : 'mensagem_recebida',
        subject: `candidato:${last.candidate_id}`,
        detail: { channel: 'whatsapp_api', text: text.slice(0, 500), via: 'whatsapp' },
      })
  }

  return { cloud: app.whatsapp, record }
}
