import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'

/** One message as Meta's Cloud API received it (POST /{version}/{phone-number-id}/messages). */
export interface MetaMessage {
  to: string
  type: string
  template?: { name: string; language: { code: string }; components: { type: string; parameters: { type: string; text: string }[] }[] }
  text?: { body: string }
  biz_opaque_callback_data?: string
  wamid: string
  authorization: string
}

/**
 * A stand-in of the WhatsApp Business Cloud API over real HTTP (the BFF calls it through
 * WHATSAPP_API_URL), answering as Meta documents: the message's id for a well-formed request, and
 * Meta's error (code 131026, undeliverable) for a number in `refuse`. It keeps every message, and
 * signs webhook deliveries as Meta would, for a test to post back to the BFF. `onMessage` hears
 * each message the moment it is taken, before the answer leaves.
 */
export async function startMetaStub({ appSecret = 'app-secret-0123456789', refuse = new Set<string>() }: { appSecret?: string; refuse?: Set<string> } = {}) {
  const messages: MetaMessage[] = []
  let n = 0
  const stub = { onMessage: null as ((message: MetaMessage) => void) | null }
  const server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const answer = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(payload))
    }
    if (req.method !== 'POST' || !/^\/v[\d.]+\/\d+\/messages$/.test(req.url ?? '')) return answer(404, { error: { message: 'Unknown path', code: 100 } })
    const sent = JSON.parse(body) as Omit<MetaMessage, 'wamid' | 'authorization'> & { messaging_product?: string }
    if (sent.messaging_product !== 'whatsapp' || typeof sent.to !== 'string') return answer(400, { error: { message: 'Invalid parameter', code: 100 } })
    if (refuse.has(sent.to)) return answer(400, { error: { message: 'Message undeliverable', code: 131026 } })
    const wamid = `wamid.stub${++n}`
    const message = { ...sent, wamid, authorization: String(req.headers.authorization ?? '') }
    messages.push(message)
    stub.onMessage?.(message)
    answer(200, { messaging_product: 'whatsapp', contacts: [{ input: sent.to, wa_id: sent.to }], messages: [{ id: wamid }] })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}/v21.0`,
    messages,
    appSecret,
    /**
     * What a BFF needs to send through this stand-in: its address, a token, a phone number's id,
     * the app secret that signs webhooks, the verify token, and the Meta-approved templates per
     * purpose (`WHATSAPP_TEMPLATES`); `extra` adds or overrides settings (a pace, for one).
     */
    bffEnv(templates: string, extra: Record<string, string> = {}): Record<string, string> {
      return {
        WHATSAPP_API_URL: `http://127.0.0.1:${port}/v21.0`,
        WHATSAPP_TOKEN: 'EAAG-token',
        WHATSAPP_PHONE_NUMBER_ID: '1055',
        WHATSAPP_APP_SECRET: appSecret,
        WHATSAPP_VERIFY_TOKEN: 'verifica-123',
        WHATSAPP_TEMPLATES: templates,
        ...extra,
      }
    },
    /** A webhook delivery of one message's status, as Meta posts it, with its signature. */
    statusDelivery(message: MetaMessage, status: 'sent' | 'delivered' | 'read' | 'failed') {
      const body = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: 'WABA',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '558430000000', phone_number_id: '1055' },
                  statuses: [
                    {
                      id: message.wamid,
                      status,
                      timestamp: String(Math.floor(Date.now() / 1000)),
                      recipient_id: message.to,
                      // Meta's reason for a failure, as its webhook reference shows it.
                      ...(status === 'failed' ? { errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }] } : {}),
                      ...(message.biz_opaque_callback_data ? { biz_opaque_callback_data: message.biz_opaque_callback_data } : {}),
                    },
                  ],
                },
              },
            ],
          },
        ],
      })
      return { body, signature: `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}` }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}
export type MetaStub = Awaited<ReturnType<typeof startMetaStub>>
