import { createHmac } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import nock from 'nock'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CSRF_HEADERS, LEGACY, signedIn, testApp } from '../../testing.ts'
import { asksToStop } from './whatsapp-routes.ts'

// The WhatsApp Business Cloud API against Meta's documented shapes (nock): the send request and its
// answer, an error outside the 24-hour window, the webhook's handshake, its signature, statuses and
// a reply "SAIR" that stops messages.
const GRAPH = 'http://graph.test'
const SECRET = 'app-secret-0123456789'
const env = {
  WHATSAPP_API_URL: `${GRAPH}/v21.0`,
  WHATSAPP_TOKEN: 'EAAG-token',
  WHATSAPP_PHONE_NUMBER_ID: '1055',
  WHATSAPP_APP_SECRET: SECRET,
  WHATSAPP_VERIFY_TOKEN: 'verifica-123',
}
const record = {
  id: 7,
  full_name: 'Paula Regina Costa',
  email: 'paula@example.com',
  whatsapp: '(84) 99876-5432',
  status: '',
  job_posting: { description: 'Açougueiro', company_name: 'Bom Preço' },
}
let app: FastifyInstance
let cookie = ''

beforeEach(async () => {
  app = await testApp(env)
  cookie = await signedIn(app)
})
afterEach(async () => {
  nock.cleanAll()
  await app.close()
})

const sign = (body: string) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`
const deliver = (payload: unknown, signature?: string) => {
  const body = JSON.stringify(payload)
  return app.inject({ method: 'POST', url: '/webhooks/whatsapp', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? sign(body) }, payload: body })
}
const change = (value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'WABA',
      changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '558430000000', phone_number_id: '1055' }, ...value } }],
    },
  ],
})
const timeline = async () => (await app.inject({ url: '/bff/candidates/7/timeline', headers: { cookie } })).json().entries as { kind: string; text: string }[]
const send = () => {
  nock(LEGACY).get('/api/candidatos/7').reply(200, { data: record })
  return app.inject({
    method: 'POST',
    url: '/bff/candidates/7/messages',
    headers: { ...CSRF_HEADERS, cookie },
    payload: { purpose: 'livre', channel: 'whatsapp_api', text: 'Oi {nome}!' },
  })
}

describe('WhatsApp Business Cloud API', () => {
  it('sends a text message as Meta documents it, and follows its statuses on the timeline', async () => {
    let sent: unknown
    nock(GRAPH)
      .post('/v21.0/1055/messages', (body) => ((sent = body), true))
      .matchHeader('authorization', 'Bearer EAAG-token')
      .reply(200, { messaging_product: 'whatsapp', contacts: [{ input: '5584998765432', wa_id: '5584998765432' }], messages: [{ id: 'wamid.ABC' }] })
    const answer = await send()
    expect(answer.statusCode).toBe(200)
    expect(answer.json().message).toBe('"Mensagem livre" enviada pelo WhatsApp Business.')
    expect(sent).toEqual({ messaging_product: 'whatsapp', recipient_type: 'individual', to: '5584998765432', type: 'text', text: { preview_url: false, body: 'Oi Paula!' } })
    expect((await app.inject({ url: '/bff/messages/templates', headers: { cookie } })).json().whatsappApi).toBe(true)

    for (const status of ['sent', 'delivered', 'read'])
      expect((await deliver(change({ statuses: [{ id: 'wamid.ABC', status, timestamp: '1764240000', recipient_id: '5584998765432' }] }))).statusCode).toBe(200)
    // A late "delivered" after "read" changes nothing.
    await deliver(change({ statuses: [{ id: 'wamid.ABC', status: 'delivered', timestamp: '1764240100', recipient_id: '5584998765432' }] }))
    const texts = (await timeline()).filter((e) => e.kind === 'mensagem').map((e) => e.text)
    expect(texts).toEqual([
      'A mensagem “Mensagem livre” pelo WhatsApp Business foi lida.',
      'A mensagem “Mensagem livre” pelo WhatsApp Business foi entregue.',
      'A mensagem “Mensagem livre” pelo WhatsApp Business saiu.',
      'Enviou “Mensagem livre” por WhatsApp Business.',
    ])
  })

  it('says why outside the 24-hour window, and records the failure', async () => {
    nock(GRAPH)
      .post('/v21.0/1055/messages')
      .reply(400, {
        error: {
          message: 'Re-engagement message',
          type: 'OAuthException',
          code: 131047,
          error_data: { details: 'Message failed to send because more than 24 hours have passed' },
          fbtrace_id: 'x',
        },
      })
    const answer = await send()
    expect(answer.statusCode).toBe(502)
    expect(answer.json().message).toMatch(/^A pessoa não falou com a agência pelo WhatsApp nas últimas 24 horas/)
  })

  it('sends the purpose’s approved template when the operator named one and the words were not changed (it reaches people outside the 24 hours)', async () => {
    await app.close()
    app = await testApp({ ...env, WHATSAPP_TEMPLATES: 'retorno_positivo=mv_boas(nome,vaga,empresa)' })
    cookie = await signedIn(app)
    let sent: unknown
    nock(GRAPH)
      .post('/v21.0/1055/messages', (body) => ((sent = body), true))
      .reply(200, { messages: [{ id: 'wamid.TPL' }] })
    nock(LEGACY).get('/api/candidatos/7').reply(200, { data: record })
    const answer = await app.inject({
      method: 'POST',
      url: '/bff/candidates/7/messages',
      headers: { ...CSRF_HEADERS, cookie },
      payload: { purpose: 'retorno_positivo', channel: 'whatsapp_api' },
    })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(sent).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5584998765432',
      type: 'template',
      template: {
        name: 'mv_boas',
        language: { code: 'pt_BR' },
        components: [{ type: 'body', parameters: ['Paula', 'Açougueiro', 'Bom Preço'].map((text) => ({ type: 'text', text })) }],
      },
      biz_opaque_callback_data: 'mv:7:retorno_positivo',
    })
    expect((await app.inject({ url: '/bff/messages/templates', headers: { cookie } })).json().whatsappTemplates).toEqual(['retorno_positivo'])
  })

  it('answers Meta’s handshake with the challenge only for the right token', async () => {
    const ok = await app.inject({ url: '/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=verifica-123&hub.challenge=1158201444' })
    expect(ok.statusCode).toBe(200)
    expect(ok.body).toBe('1158201444')
    expect((await app.inject({ url: '/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=outro&hub.challenge=1' })).statusCode).toBe(403)
  })

  it('refuses a delivery without Meta’s signature and changes nothing', async () => {
    nock(GRAPH)
      .post('/v21.0/1055/messages')
      .reply(200, { messages: [{ id: 'wamid.DEF' }] })
    await send()
    const forged = await deliver(change({ statuses: [{ id: 'wamid.DEF', status: 'read' }] }), 'sha256=' + '0'.repeat(64))
    expect(forged.statusCode).toBe(401)
    expect((await deliver(change({ statuses: [{ id: 'wamid.DEF', status: 'read' }] }), 'nada')).statusCode).toBe(401)
    expect((await timeline()).some((e) => e.text.includes('foi lida'))).toBe(false)
  })

  it('takes a reply "SAIR" as a request not to be contacted: every send is refused from then on', async () => {
    nock(GRAPH)
      .post('/v21.0/1055/messages')
      .reply(200, { messages: [{ id: 'wamid.GHI' }] })
    await send()
    await deliver(
      change({
        contacts: [{ profile: { name: 'Paula' }, wa_id: '5584998765432' }],
        messages: [{ from: '5584998765432', id: 'wamid.IN1', timestamp: '1', type: 'text', text: { body: 'Obrigada!' } }],
      }),
    )
    await deliver(change({ messages: [{ from: '5584998765432', id: 'wamid.IN2', timestamp: '2', type: 'text', text: { body: 'Sair.' } }] }))
    const texts = (await timeline()).map((e) => e.text)
    expect(texts).toContain('Respondeu pelo WhatsApp: “Obrigada!”.')
    expect(texts).toContain('Pediu pelo WhatsApp para não ser contatado(a): “Sair.”.')
    const refused = await send()
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe('Esta pessoa pediu para não ser contatada.')
  })

  it('knows the words that stop messages', () => {
    for (const word of ['SAIR', 'sair', ' Sair! ', 'PARAR', 'stop']) expect(asksToStop(word)).toBe(true)
    for (const word of ['Sair da vaga? Não, obrigado', 'ok', 'saída']) expect(asksToStop(word)).toBe(false)
  })
})
