import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailCatcher, type CaughtMessage, type MailCatcher } from '../../infra/mail-catcher/src/catcher.ts'
import { DEFAULT_TEMPLATES } from '../../shared/src/domain/messages.ts'
import { anApplication } from '../support/applicant.ts'
import { UNSAFE_HEADERS, startStack, type Stack } from '../support/stack.ts'

// Messages to candidates against the real stand-in and a real SMTP server: templates admins edit
// (unknown variables refused, the product's words restorable), one e-mail read back whole, the
// WhatsApp click-to-chat link, both on the timeline with the sender's name; a request not to be
// contacted — by the link in every e-mail or by staff — stops every send (SECURITY.md 37).
let stack: Stack
let catcher: MailCatcher
let ana = ''
let candidateId = 0
let vacancyId = 0
const email = `paula.${Date.now()}@example.com`

const send = (method: string, url: string, payload: unknown, cookie?: string) =>
  stack.app.inject({ method: method as 'POST', url, headers: { ...UNSAFE_HEADERS, ...(cookie ? { cookie } : {}) }, payload: JSON.stringify(payload) })
const get = (url: string, cookie: string) => stack.app.inject({ method: 'GET', url, headers: { cookie } })
const mailTo = (to: string): CaughtMessage[] => catcher.messages.filter((m) => m.to.includes(to))

beforeAll(async () => {
  catcher = await startMailCatcher()
  stack = await startStack({ SMTP_URL: `smtp://127.0.0.1:${catcher.smtpPort}` }, { candidates: 200 })
  ana = (await stack.person({ name: 'Ana Souza', email: 'ana@agencia.com.br', role: 'admin' })).cookie
  const open = ((await stack.app.inject({ method: 'GET', url: '/bff/public/vacancies' })).json().vacancies as { id: number }[])[0]!
  const applied = await send('POST', '/bff/public/applications', anApplication({ jobId: open.id, fullName: 'Paula Regina Costa', email, whatsapp: '(84) 99876-5432' }))
  expect(applied.statusCode).toBe(201)
  candidateId = Number(applied.json().id)
  vacancyId = open.id
}, 120_000)
afterAll(async () => {
  await stack?.close()
  await catcher?.close()
})

describe('templates', () => {
  it('starts with the product’s words, keeps an admin’s, refuses unknown variables and restores the original', async () => {
    const first = (await get('/bff/messages/templates', ana)).json()
    expect(first.mailConfigured).toBe(true)
    expect(first.templates.find((t: { purpose: string }) => t.purpose === 'retorno_negativo')).toMatchObject({ ...DEFAULT_TEMPLATES.retorno_negativo, standard: true })
    const bad = await send('PUT', '/bff/messages/templates/lembrete', { subject: 'Lembrete', body: 'Oi {nome}, {endereco_errado}' }, ana)
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.body).toEqual(['Variável desconhecida: {endereco_errado}.'])
    const saved = await send('PUT', '/bff/messages/templates/lembrete', { subject: 'Amanhã: {vaga}', body: 'Oi {nome}! Amanhã às {hora}, em {local}.' }, ana)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().templates.find((t: { purpose: string }) => t.purpose === 'lembrete')).toMatchObject({ subject: 'Amanhã: {vaga}', standard: false, updatedBy: 'Ana Souza' })
    const restored = await stack.app.inject({ method: 'DELETE', url: '/bff/messages/templates/lembrete', headers: { 'x-csrf': '1', origin: UNSAFE_HEADERS.origin, cookie: ana } })
    expect(restored.json().templates.find((t: { purpose: string }) => t.purpose === 'lembrete')).toMatchObject({ ...DEFAULT_TEMPLATES.lembrete, standard: true })
  })

  it('is edited by admins only: a recruiter reads it and cannot change it', async () => {
    const bruno = (await stack.person({ name: 'Bruno Lima', email: 'bruno@agencia.com.br', role: 'recruiter' })).cookie
    expect((await get('/bff/messages/templates', bruno)).statusCode).toBe(200)
    expect((await send('PUT', '/bff/messages/templates/livre', { subject: 'x', body: 'y' }, bruno)).statusCode).toBe(403)
  })
})

describe('one message to one candidate', () => {
  it('sends an e-mail over SMTP, whole and plain, with the link to stop messages; the timeline names the sender', async () => {
    const answer = await send(
      'POST',
      `/bff/candidates/${candidateId}/messages`,
      { purpose: 'convite_entrevista', channel: 'email', values: { data: '02/12/2026', hora: '14h', local: 'Av. Prudente de Morais, 100' } },
      ana,
    )
    expect(answer.statusCode).toBe(200)
    expect(answer.json().message).toBe(`"Convite para entrevista" enviada por e-mail para ${email}.`)
    const [message] = mailTo(email)
    expect(message!.subject).toMatch(/^Convite para entrevista — /)
    expect(message!.text).toContain('Olá, Paula! Tudo bem?')
    expect(message!.text).toContain('Data: 02/12/2026\nHorário: 14h\nLocal: Av. Prudente de Morais, 100')
    expect(message!.text).toMatch(/Não quer mais receber mensagens do Mini Vagas\? Abra: http:\/\/localhost:3000\/descadastro#[A-Za-z0-9_-]{43}/)
    expect(message!.html).toBe('')
    const timeline = (await get(`/bff/candidates/${candidateId}/timeline`, ana)).json().entries as { kind: string; by: string; text: string }[]
    expect(timeline.find((e) => e.kind === 'mensagem')).toMatchObject({ by: 'Ana Souza', text: 'Enviou “Convite para entrevista” por e-mail.' })
  })

  it('gives a WhatsApp click-to-chat link with the text filled in, and records that the sender opened it', async () => {
    const answer = (await send('POST', `/bff/candidates/${candidateId}/messages`, { purpose: 'livre', channel: 'whatsapp', text: 'Oi {nome}, pode falar agora?' }, ana)).json()
    expect(answer.link).toBe(`https://wa.me/5584998765432?text=${encodeURIComponent('Oi Paula, pode falar agora?')}`)
    const timeline = (await get(`/bff/candidates/${candidateId}/timeline`, ana)).json().entries as { kind: string; text: string }[]
    expect(timeline[0]).toMatchObject({ kind: 'mensagem', text: 'Abriu o WhatsApp com a mensagem “Mensagem livre”.' })
  })

  it('cannot add a header or markup through a value or a template (SECURITY.md 37)', async () => {
    const before = catcher.messages.length
    await send('PUT', '/bff/messages/templates/livre', { subject: 'Vaga {vaga}', body: 'Oi {nome} <script>alert(1)</script>' }, ana)
    // A line break in a value is refused before anything is sent (the text rule)...
    const refused = await send('POST', `/bff/candidates/${candidateId}/messages`, { purpose: 'livre', channel: 'email', values: { local: 'x\r\nBcc: fora@example.com' } }, ana)
    expect(refused.statusCode).toBe(422)
    expect(catcher.messages.length).toBe(before)
    // ...and markup in a template stays text: the message has no HTML part.
    const answer = await send('POST', `/bff/candidates/${candidateId}/messages`, { purpose: 'livre', channel: 'email', values: { local: 'Sala 2' } }, ana)
    expect(answer.statusCode).toBe(200)
    const message = catcher.messages[before]!
    expect(message.to).toEqual([email])
    expect(message.headers.bcc).toBeUndefined()
    expect(message.html).toBe('')
    expect(message.headers['content-type']).toMatch(/^text\/plain/)
    expect(message.text).toContain('<script>alert(1)</script>')
    const restored = await stack.app.inject({ method: 'DELETE', url: '/bff/messages/templates/livre', headers: { 'x-csrf': '1', origin: UNSAFE_HEADERS.origin, cookie: ana } })
    expect(restored.statusCode).toBe(200)
  })
})

describe('a person who asked not to be contacted (SECURITY.md 37)', () => {
  it('opts out through the link in the e-mail; every send is refused from then on; staff see it and may lift it', async () => {
    const link = /\/descadastro#([A-Za-z0-9_-]{43})/.exec(mailTo(email)[0]!.text)![1]!
    expect((await send('POST', '/bff/public/my-applications', { token: link })).statusCode).toBe(410)
    const tampered = await send('POST', '/bff/public/unsubscribe', { token: link.slice(0, 42) + (link.endsWith('A') ? 'B' : 'A') })
    expect(tampered.statusCode).toBe(410)
    const done = await send('POST', '/bff/public/unsubscribe', { token: link })
    expect(done.json()).toEqual({ message: 'Pronto: você não receberá mais mensagens da agência neste e-mail.' })
    const contact = (await get(`/bff/candidates/${candidateId}/contact`, ana)).json()
    expect(contact.optedOut).toMatchObject({ source: 'link' })
    for (const channel of ['email', 'whatsapp']) {
      const refused = await send('POST', `/bff/candidates/${candidateId}/messages`, { purpose: 'lembrete', channel }, ana)
      expect(refused.statusCode).toBe(409)
      expect(refused.json().message).toBe('Esta pessoa pediu para não ser contatada.')
    }
    const lifted = await send('PUT', `/bff/candidates/${candidateId}/contact`, { optedOut: false }, ana)
    expect(lifted.json().optedOut).toBeNull()
    const marked = await send('PUT', `/bff/candidates/${candidateId}/contact`, { optedOut: true }, ana)
    expect(marked.json().optedOut).toMatchObject({ source: 'equipe' })
    // The staff's lists flag the person.
    const list = (await get(`/bff/candidates?q=${encodeURIComponent('Paula Regina Costa')}`, ana)).json()
    expect(list.items.map((c: { id: number }) => c.id)).toContain(candidateId)
    expect(list.optedOut).toEqual([candidateId])
    // So does the vacancy's board: the card says so, and the others carry their number to chat.
    const cards = (await get(`/bff/vacancies/${vacancyId}/board`, ana)).json().cards as { id: number; whatsapp: string; optedOut: boolean }[]
    expect(cards.find((c) => c.id === candidateId)).toMatchObject({ optedOut: true, whatsapp: '(84) 99876-5432' })
    expect(cards.filter((c) => c.optedOut).map((c) => c.id)).toEqual([candidateId])
  })
})

describe('stopping messages in one click from the mail program (RFC 8058)', () => {
  it('carries List-Unsubscribe with its POST address; a GET only opens the page; the POST stops messages to that address', async () => {
    const other = `rui.${Date.now()}@example.com`
    const open = ((await stack.app.inject({ method: 'GET', url: '/bff/public/vacancies' })).json().vacancies as { id: number }[])[0]!
    const applied = await send('POST', '/bff/public/applications', anApplication({ jobId: open.id, fullName: 'Rui Campos', email: other, whatsapp: '(84) 99111-2233' }))
    const ruiId = Number(applied.json().id)
    expect((await send('POST', `/bff/candidates/${ruiId}/messages`, { purpose: 'livre', channel: 'email' }, ana)).statusCode).toBe(200)
    const message = mailTo(other)[0]!
    expect(message.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    const address = /^<(http:\/\/localhost:3000(\/descadastro\/um-clique\?t=([A-Za-z0-9_-]{43})))>$/.exec(message.headers['list-unsubscribe']!)
    expect(address, message.headers['list-unsubscribe']).not.toBeNull()
    const [, , path, secret] = address!
    // The same secret as the link in the text: one capability, to stop messages to this address.
    expect(message.text).toContain(`/descadastro#${secret}`)

    // A person or a link scanner that opens it stops nothing: it goes to the page that asks.
    const opened = await stack.app.inject({ method: 'GET', url: path! })
    expect(opened.statusCode).toBe(303)
    expect(opened.headers.location).toBe(`/descadastro#${secret}`)
    expect((await get(`/bff/candidates/${ruiId}/contact`, ana)).json().optedOut).toBeNull()

    // The mail program's POST: a form, no cookie, no CSRF header. Without its one field, or with a changed secret, nothing.
    const post = (url: string, payload: string, type = 'application/x-www-form-urlencoded') => stack.app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload })
    expect((await post(path!, 'outra=coisa')).statusCode).toBe(400)
    expect(
      (
        await post(
          path!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
          'List-Unsubscribe=One-Click',
        )
      ).statusCode,
    ).toBe(410)
    expect((await get(`/bff/candidates/${ruiId}/contact`, ana)).json().optedOut).toBeNull()
    const done = await post(path!, 'List-Unsubscribe=One-Click')
    expect(done.statusCode).toBe(200)
    expect(done.body).toBe('Pronto: você não receberá mais mensagens da agência neste e-mail.')
    expect((await get(`/bff/candidates/${ruiId}/contact`, ana)).json().optedOut).toMatchObject({ source: 'link' })
    expect((await send('POST', `/bff/candidates/${ruiId}/messages`, { purpose: 'livre', channel: 'email' }, ana)).statusCode).toBe(409)
    // The secret is in the address's query, which the BFF's log never holds (paths only).
    expect(stack.logs.join('\n')).not.toContain(secret)
  })
})
