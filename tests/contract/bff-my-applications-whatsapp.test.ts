import nock from 'nock'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { anApplication } from '../support/applicant.ts'
import { UNSAFE_HEADERS, startStack, type Stack } from '../support/stack.ts'

// "Minhas candidaturas" asked for by WhatsApp, against the real stand-in (its candidate index) and
// Meta's Cloud API as documented (nock): the link goes as the operator's approved template, its one
// variable the link; a number that never applied gets nothing and the same answer; the link opens
// the applications made with that number.
const GRAPH = 'http://graph.test'
let stack: Stack
const whatsapp = `(85) 9${String(Date.now()).slice(-8, -4)}-${String(Date.now()).slice(-4)}`
const digits = `55${whatsapp.replace(/\D/g, '')}`
const applied: number[] = []

const post = (url: string, payload: unknown) => stack.app.inject({ method: 'POST', url, headers: UNSAFE_HEADERS, payload: JSON.stringify(payload) })
type Sent = {
  messaging_product: string
  to: string
  type: string
  template: { name: string; language: { code: string }; components: { type: string; parameters: { type: string; text: string }[] }[] }
}

beforeAll(async () => {
  stack = await startStack(
    {
      CANDIDATE_INDEX: 'true',
      WHATSAPP_API_URL: `${GRAPH}/v21.0`,
      WHATSAPP_TOKEN: 'EAAG-token',
      WHATSAPP_PHONE_NUMBER_ID: '1055',
      WHATSAPP_APP_SECRET: 'app-secret-0123456789',
      WHATSAPP_VERIFY_TOKEN: 'verifica-123',
      WHATSAPP_LINK_TEMPLATE: 'link_candidaturas',
    },
    { candidates: 200 },
  )
  const admin = await stack.login('admin')
  await stack.app.inject({ method: 'GET', url: '/bff/auth/me', headers: { cookie: admin } })
  const started = Date.now()
  while (!(await stack.app.candidateIndex!.state()).ready) {
    if (Date.now() - started > 60_000) throw new Error('the index did not get ready')
    await new Promise((r) => setTimeout(r, 100))
  }
  const vacancy = ((await stack.app.inject({ method: 'GET', url: '/bff/public/vacancies' })).json().vacancies as { id: number }[])[0]!
  const answer = await post('/bff/public/applications', anApplication({ jobId: vacancy.id, fullName: 'Carla Souza Nunes', email: `carla.${Date.now()}@example.com`, whatsapp }))
  expect(answer.statusCode).toBe(201)
  applied.push(Number(answer.json().id))
}, 120_000)
afterEach(() => nock.cleanAll())
afterAll(async () => {
  await stack?.close()
})

describe('asking for the link by WhatsApp', () => {
  it('offers WhatsApp where the operator set a template up', async () => {
    expect((await stack.app.inject({ method: 'GET', url: '/bff/public/my-applications/channels' })).json()).toEqual({ email: false, whatsapp: true })
  })

  it('sends the approved template with the link to a number that applied, and the link opens that number’s applications', async () => {
    let sent: Sent | null = null
    const meta = nock(GRAPH)
      .post('/v21.0/1055/messages', (body: Sent) => {
        sent = body
        return true
      })
      .matchHeader('authorization', 'Bearer EAAG-token')
      .reply(200, { messaging_product: 'whatsapp', contacts: [{ input: digits, wa_id: digits }], messages: [{ id: 'wamid.HBgL' }] })
    const asked = await post('/bff/public/my-applications/link', { whatsapp: `+55 ${whatsapp}` })
    expect(asked.statusCode).toBe(202)
    expect(asked.json().message).toBe('Se houver candidaturas com este WhatsApp, enviaremos em alguns minutos um link para acompanhá-las.')
    await expect.poll(() => meta.isDone()).toBe(true)
    expect(sent).toMatchObject({ messaging_product: 'whatsapp', to: digits, type: 'template', template: { name: 'link_candidaturas', language: { code: 'pt_BR' } } })
    const link = sent!.template.components[0]!.parameters[0]!.text
    expect(link).toMatch(/^http:\/\/localhost:3000\/minhas-candidaturas#[A-Za-z0-9_-]{43}$/)
    const page = await post('/bff/public/my-applications', { token: link.split('#')[1] })
    expect(page.statusCode).toBe(200)
    expect(page.json()).toMatchObject({ via: 'whatsapp', name: 'Carla Souza Nunes', whatsapp })
    expect(page.json().applications.map((a: { id: number }) => a.id)).toEqual(applied)
  })

  it('answers a number that never applied alike, and sends it nothing', async () => {
    const meta = nock(GRAPH)
      .post('/v21.0/1055/messages')
      .reply(200, { messages: [{ id: 'wamid.X' }] })
    const asked = await post('/bff/public/my-applications/link', { whatsapp: '(11) 91234-0000' })
    expect(asked.statusCode).toBe(202)
    expect(asked.json().message).toMatch(/^Se houver candidaturas com este WhatsApp/)
    await new Promise((r) => setTimeout(r, 500))
    expect(meta.isDone()).toBe(false)
  })

  it('refuses a number too short to be one, beside its field', async () => {
    const refused = await post('/bff/public/my-applications/link', { whatsapp: '9123' })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().errors.whatsapp).toEqual(['Informe o WhatsApp com DDD que você usou na candidatura.'])
  })
})
