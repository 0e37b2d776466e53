import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { MessagePurpose, MessageValues } from '@mini-vagas/shared/domain/messages'
import { phoneKey } from '@mini-vagas/shared/domain/candidate-identity'
import { templateParameters, type WhatsAppTemplates } from '@mini-vagas/shared/domain/whatsapp-templates'
import type { Migration, Store } from './store.ts'

/**
 * WhatsApp Business Cloud API (Meta's Graph API), the optional provider: sends a text message from
 * the agency's number, and reads the webhook's deliveries — each message's status (sent,
 * delivered, read, failed) and the candidate's replies. Configured by the operator
 * (WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN).
 */
export interface WhatsAppCloud {
  /** Sends `text` to a number (digits with the country code); the message's id (wamid…). */
  send(to: string, text: string): Promise<{ id: string }>
  /**
   * Sends a template Meta approved (`name`, in `language`), its body's variables filled in order
   * with `params`: what a business may send a person who has not written in the last 24 hours.
   */
  sendTemplate(to: string, template: { name: string; language: string }, params: readonly string[], options?: { callbackData?: string }): Promise<{ id: string }>
  /** The approved template that carries a "Minhas candidaturas" link (its one variable), when the operator named one. */
  readonly linkTemplate: { name: string; language: string } | null
  /**
   * The approved template for a purpose (bulk sends, reminders) with its parameters filled from
   * `values`; null when the operator named none for it.
   */
  templateFor(purpose: MessagePurpose, values: MessageValues): { template: { name: string; language: string }; params: string[] } | null
}

/**
 * What a message sent by the product carries for Meta to echo in its statuses (biz_opaque_callback_data):
 * whose it is and what for, so a status finds the candidate even when the sender never heard the message's id.
 */
export const whatsappCallbackData = (candidateId: number, purpose: string) => `mv:${candidateId}:${purpose}`
export function callbackDataOf(data: string | null): { candidateId: number; purpose: string } | null {
  const match = data ? /^mv:(\d{1,15}):([a-z_]{1,40})$/.exec(data) : null
  return match ? { candidateId: Number(match[1]), purpose: match[2]! } : null
}

/** Meta answered and refused (its error's code and message, e.g. 131047: outside the 24-hour window). */
export class WhatsAppRefusal extends Error {
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

export function createWhatsAppCloud({
  apiUrl,
  token,
  phoneNumberId,
  linkTemplate = null,
  templates = {},
  language = 'pt_BR',
  timeoutMs = 10_000,
}: {
  apiUrl: string
  token: string
  phoneNumberId: string
  linkTemplate?: { name: string; language: string } | null
  templates?: WhatsAppTemplates
  language?: string
  timeoutMs?: number
}): WhatsAppCloud {
  /** One message to Meta's /messages; its id, or Meta's refusal. */
  async function post(message: Record<string, unknown>): Promise<{ id: string }> {
    const response = await fetch(`${apiUrl}/${encodeURIComponent(phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', ...message }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const body = (await response.json().catch(() => ({}))) as { messages?: { id?: string }[]; error?: { code?: number; message?: string } }
    if (!response.ok || !body.messages?.[0]?.id) throw new WhatsAppRefusal(Number(body.error?.code ?? response.status), String(body.error?.message ?? `HTTP ${response.status}`))
    return { id: body.messages[0].id }
  }
  return {
    linkTemplate,
    send: (to, text) => post({ to, type: 'text', text: { preview_url: false, body: text } }),
    sendTemplate: (to, template, params, options = {}) =>
      post({
        to,
        type: 'template',
        template: {
          name: template.name,
          language: { code: template.language },
          components: params.length > 0 ? [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }] : [],
        },
        // Meta echoes it in the message's status webhooks: what tells whose message it was when
        // the sender died before hearing the message's id.
        ...(options.callbackData ? { biz_opaque_callback_data: options.callbackData } : {}),
      }),
    templateFor(purpose, values) {
      const template = templates[purpose]
      return template ? { template: { name: template.name, language }, params: templateParameters(template, values) } : null
    },
  }
}

/** Whether a webhook delivery is Meta's: `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with the app secret>`. */
export function signedByMeta(raw: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith('sha256=')) return false
  const expected = createHmac('sha256', appSecret).update(raw).digest()
  const given = Buffer.from(header.slice('sha256='.length), 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export type DeliveryState = 'sent' | 'delivered' | 'read' | 'failed'
export interface WebhookEvents {
  /** `callbackData`: the message's biz_opaque_callback_data; `to`: whom it went to. */
  statuses: { id: string; status: DeliveryState; error: string | null; to: string; callbackData: string | null }[]
  replies: { from: string; id: string; text: string }[]
}

/** What one webhook delivery says (entry × changes × statuses | messages); anything else is ignored. */
export function webhookEvents(body: unknown): WebhookEvents {
  const out: WebhookEvents = { statuses: [], replies: [] }
  const entries = (body as { entry?: unknown[] } | null)?.entry
  if (!Array.isArray(entries)) return out
  for (const entry of entries) {
    for (const change of ((entry as { changes?: unknown[] }).changes ?? []) as { field?: string; value?: Record<string, unknown> }[]) {
      if (change.field !== 'messages' || !change.value) continue
      for (const s of (change.value.statuses ?? []) as {
        id?: string
        status?: string
        recipient_id?: string
        biz_opaque_callback_data?: string
        errors?: { code?: number; title?: string }[]
      }[]) {
        if (typeof s.id === 'string' && ['sent', 'delivered', 'read', 'failed'].includes(String(s.status)))
          out.statuses.push({
            id: s.id,
            status: s.status as DeliveryState,
            error: s.errors?.[0] ? `${s.errors[0].code ?? ''} ${s.errors[0].title ?? ''}`.trim() : null,
            to: typeof s.recipient_id === 'string' ? s.recipient_id : '',
            callbackData: typeof s.biz_opaque_callback_data === 'string' ? s.biz_opaque_callback_data : null,
          })
      }
      for (const m of (change.value.messages ?? []) as { from?: string; id?: string; type?: string; text?: { body?: string }; button?: { text?: string } }[]) {
        const text = m.type === 'text' ? m.text?.body : m.type === 'button' ? m.button?.text : undefined
        if (typeof m.from === 'string' && typeof m.id === 'string' && typeof text === 'string') out.replies.push({ from: m.from, id: m.id, text })
      }
    }
  }
  return out
}

/** The messages sent through the Cloud API, each with where it stands (the webhook's statuses). */
export const WHATSAPP_MIGRATIONS: Migration[] = [
  `CREATE TABLE IF NOT EXISTS whatsapp_messages (wamid TEXT PRIMARY KEY, candidate_id BIGINT NOT NULL, phone TEXT NOT NULL, purpose TEXT NOT NULL,
     state TEXT NOT NULL, error TEXT, at TEXT NOT NULL, updated_at TEXT NOT NULL);
   CREATE INDEX IF NOT EXISTS whatsapp_messages_phone ON whatsapp_messages (phone, at);`,
  // A bulk send's report reads its purpose's messages since it began.
  'CREATE INDEX IF NOT EXISTS whatsapp_messages_purpose ON whatsapp_messages (purpose, at);',
]

/** A status never goes back: sent < delivered < read; failed ends it. */
const RANK: Record<string, number> = { enviada: 0, sent: 1, delivered: 2, read: 3, failed: 4 }

/** Where the messages of one send stand, by the furthest status Meta reported for each. */
export interface WhatsAppDelivery {
  /** Meta sent them on (delivered and read included). */
  sent: number
  delivered: number
  read: number
  /** Those Meta could not deliver, with its reason ("131026 Message undeliverable"). */
  failed: { candidateId: number; error: string | null }[]
}

/** `app.whatsappMessages`: the store's record of messages sent through the Cloud API. */
export function createWhatsAppLedger(store: Store, now: () => number) {
  const at = () => new Date(now()).toISOString()
  /** A message Meta took; a row already there (its status came first) stands. */
  const record = (m: { wamid: string; candidateId: number; phone: string; purpose: string }) =>
    store.run("INSERT INTO whatsapp_messages (wamid, candidate_id, phone, purpose, state, at, updated_at) VALUES (?, ?, ?, ?, 'enviada', ?, ?) ON CONFLICT (wamid) DO NOTHING", [
      m.wamid,
      m.candidateId,
      m.phone,
      m.purpose,
      at(),
      at(),
    ])
  return {
    /** A message Meta took, by the id it answered (the webhook can beat the sender's own record). */
    async sent(m: { wamid: string; candidateId: number; phone: string; purpose: string }): Promise<void> {
      await record(m)
    },
    /**
     * A status from the webhook, kept when it moves the message on: whose message it is and what
     * for, or null (not ours, or a status that would go back). A message whose sender never
     * recorded its id (a bulk send or a reminder; or the sender died before Meta's answer) is
     * found by its callback data.
     */
    async status({ id: wamid, status: state, error, to, callbackData }: WebhookEvents['statuses'][number]): Promise<{ candidateId: number; purpose: string } | null> {
      let row = await store.get<{ candidate_id: number; purpose: string; state: string }>('SELECT candidate_id, purpose, state FROM whatsapp_messages WHERE wamid = ?', [wamid])
      const ours = row ? null : callbackDataOf(callbackData)
      if (ours) {
        await record({ wamid, candidateId: ours.candidateId, phone: phoneKey(to), purpose: ours.purpose })
        row = { candidate_id: ours.candidateId, purpose: ours.purpose, state: 'enviada' }
      }
      if (!row || (RANK[state] ?? 0) <= (RANK[row.state] ?? 0)) return null
      await store.run('UPDATE whatsapp_messages SET state = ?, error = ?, updated_at = ? WHERE wamid = ?', [state, error, at(), wamid])
      return { candidateId: Number(row.candidate_id), purpose: row.purpose }
    },
    /** Where these messages stand, by their ids ('enviada' until Meta says more). */
    async states(wamids: readonly string[]): Promise<Map<string, string>> {
      if (wamids.length === 0) return new Map()
      const rows = await store.all<{ wamid: string; state: string }>(`SELECT wamid, state FROM whatsapp_messages WHERE wamid IN (${wamids.map(() => '?').join(', ')})`, wamids)
      return new Map(rows.map((r) => [r.wamid, r.state]))
    },
    /** The candidate last written to at a number (whose a reply is), or null. */
    async lastCandidateAt(phone: string): Promise<number | null> {
      const last = await store.get<{ candidate_id: number }>('SELECT candidate_id FROM whatsapp_messages WHERE phone = ? ORDER BY at DESC LIMIT 1', [phone])
      return last ? Number(last.candidate_id) : null
    },
    /** Where the messages for `purpose` to these candidates since `since` (an ISO instant) stand. */
    async deliveries(purpose: string, since: string, candidates: ReadonlySet<number>): Promise<WhatsAppDelivery> {
      const rows = await store.all<{ candidate_id: number; state: string; error: string | null }>(
        'SELECT candidate_id, state, error FROM whatsapp_messages WHERE purpose = ? AND at >= ?',
        [purpose, since],
      )
      const furthest = new Map<number, { state: string; error: string | null }>()
      for (const r of rows) {
        const id = Number(r.candidate_id)
        if (!candidates.has(id)) continue
        const known = furthest.get(id)
        if (!known || (RANK[r.state] ?? 0) > (RANK[known.state] ?? 0)) furthest.set(id, { state: r.state, error: r.error })
      }
      const out: WhatsAppDelivery = { sent: 0, delivered: 0, read: 0, failed: [] }
      for (const [candidateId, { state, error }] of furthest) {
        if (state === 'failed') out.failed.push({ candidateId, error })
        else {
          if (RANK[state]! >= RANK.sent!) out.sent++
          if (RANK[state]! >= RANK.delivered!) out.delivered++
          if (state === 'read') out.read++
        }
      }
      out.failed.sort((a, b) => a.candidateId - b.candidateId)
      return out
    },
  }
}
export type WhatsAppLedger = ReturnType<typeof createWhatsAppLedger>

declare module 'fastify' {
  interface FastifyInstance {
    /** The WhatsApp Business Cloud API when the operator configured it; null otherwise. */
    whatsapp: WhatsAppCloud | null
    /** The record of messages sent through it and their statuses. */
    whatsappMessages: WhatsAppLedger
  }
}

/** `app.whatsapp`: Meta's Cloud API client from the configuration, or the one a test passes in. */
export const whatsappPlugin = fp(
  async function whatsapp(app: FastifyInstance, options: { whatsapp?: WhatsAppCloud | null | undefined }) {
    const settings = app.config.whatsapp
    app.decorate('whatsapp', options.whatsapp !== undefined ? options.whatsapp : settings ? createWhatsAppCloud(settings) : null)
    await app.store.migrate('whatsapp', WHATSAPP_MIGRATIONS)
    app.decorate('whatsappMessages', createWhatsAppLedger(app.store, app.now))
  },
  { name: 'whatsapp', dependencies: ['runtime', 'store'] },
)
