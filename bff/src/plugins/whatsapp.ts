import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { MessagePurpose, MessageValues } from '@mini-vagas/shared/domain/messages'
import { templateParameters, type WhatsAppTemplates } from '@mini-vagas/shared/domain/whatsapp-templates'

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

declare module 'fastify' {
  interface FastifyInstance {
    /** The WhatsApp Business Cloud API when the operator configured it; null otherwise. */
    whatsapp: WhatsAppCloud | null
  }
}

/** `app.whatsapp`: Meta's Cloud API client from the configuration, or the one a test passes in. */
export const whatsappPlugin = fp(
  async function whatsapp(app: FastifyInstance, options: { whatsapp?: WhatsAppCloud | null | undefined }) {
    const settings = app.config.whatsapp
    app.decorate('whatsapp', options.whatsapp !== undefined ? options.whatsapp : settings ? createWhatsAppCloud(settings) : null)
  },
  { name: 'whatsapp', dependencies: ['runtime'] },
)
