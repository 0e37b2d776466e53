import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailCatcher, type MailCatcher } from '../../infra/mail-catcher/src/catcher.ts'
import { whatsappNumber } from '../../shared/src/domain/messages.ts'
import type { BulkJob } from '../../shared/src/schemas/pipeline.ts'
import { anApplication } from '../support/applicant.ts'
import { startMetaStub, type MetaMessage, type MetaStub } from '../support/meta-stub.ts'
import { UNSAFE_HEADERS, startStack, type Stack } from '../support/stack.ts'

// WhatsApp through the Business Cloud API against the real stand-in and a stand-in of Meta's API
// over real HTTP: the operator's approved templates per purpose (WHATSAPP_TEMPLATES), a bulk send
// by them — one message per number, none to who opted out, each with its person for Meta's
// statuses —, a status for a message whose id the BFF never heard reaching the right timeline, and
// an interview invited by WhatsApp reminded by WhatsApp.
let stack: Stack
let meta: MetaStub
let catcher: MailCatcher
let ana = ''
let vacancyId = 0
const DAY = 86_400_000

const get = (url: string, cookie = ana) => stack.app.inject({ method: 'GET', url, headers: { cookie } })
const post = (url: string, payload: unknown, cookie = ana) =>
  stack.app.inject({ method: 'POST', url, headers: { ...UNSAFE_HEADERS, ...(cookie ? { cookie } : {}) }, payload: JSON.stringify(payload) })
const put = (url: string, payload: unknown) => stack.app.inject({ method: 'PUT', url, headers: { ...UNSAFE_HEADERS, cookie: ana }, payload: JSON.stringify(payload) })
async function settled(id: string): Promise<BulkJob> {
  for (;;) {
    const job = (await get(`/bff/bulk/${id}`)).json().job as BulkJob
    if (job.status !== 'running') return job
    await new Promise((r) => setTimeout(r, 25))
  }
}
const deliver = (message: MetaMessage, status: 'sent' | 'delivered' | 'read' | 'failed') => {
  const { body, signature } = meta.statusDelivery(message, status)
  return stack.app.inject({ method: 'POST', url: '/webhooks/whatsapp', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, payload: body })
}
const params = (m: MetaMessage) => m.template!.components.flatMap((c) => c.parameters.map((p) => p.text))

beforeAll(async () => {
  meta = await startMetaStub()
  catcher = await startMailCatcher()
  stack = await startStack(
    {
      SMTP_URL: `smtp://127.0.0.1:${catcher.smtpPort}`,
      REMINDER_SWEEP_SECONDS: '1',
      ...meta.bffEnv('retorno_negativo=mv_retorno(nome,vaga);lembrete=mv_lembrete(nome,data,hora,local,link)', { WHATSAPP_PER_MINUTE: '4800' }),
    },
    { candidates: 400 },
  )
  ana = (await stack.person({ name: 'Ana Souza', email: 'ana@agencia.com.br', role: 'admin' })).cookie
  const vacancies = (await get('/bff/vacancies')).json().vacancies as { id: number; candidates_count: number }[]
  vacancyId = [...vacancies].sort((a, b) => b.candidates_count - a.candidates_count)[0]!.id
}, 120_000)
afterAll(async () => {
  await stack?.close()
  await meta?.close()
  await catcher?.close()
})

describe('a bulk message through the WhatsApp Business Cloud API', () => {
  it('offers the purposes the operator has an approved template for, and refuses the others in Portuguese', async () => {
    const answer = (await get('/bff/messages/templates')).json()
    expect(answer).toMatchObject({ whatsappApi: true, whatsappTemplates: ['lembrete', 'retorno_negativo'] })
    const refused = await post('/bff/bulk', { action: 'message', vacancyId, ids: [1], purpose: 'pedido_documentos', channel: 'whatsapp_api' })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().errors.channel).toEqual([
      'A Meta exige um modelo aprovado para mensagens em massa pelo WhatsApp, e "Pedido de documentos" não tem um: peça a quem opera o sistema para cadastrá-lo, ou envie por e-mail.',
    ])
    expect(meta.messages).toEqual([])
  })

  it('sends each person the template once per number, filled from their record; skips who opted out or has no number; statuses reach each timeline', async () => {
    const cards = (await get(`/bff/vacancies/${vacancyId}/board`)).json().cards as { id: number; name: string; whatsapp: string }[]
    const chosen = cards.slice(0, 30)
    const optedOut = chosen.find((c) => whatsappNumber(c.whatsapp))!
    expect((await put(`/bff/candidates/${optedOut.id}/contact`, { optedOut: true })).statusCode).toBe(200)
    const started = await post('/bff/bulk', { action: 'message', vacancyId, ids: chosen.map((c) => c.id), purpose: 'retorno_negativo', channel: 'whatsapp_api' })
    expect(started.statusCode, started.body).toBe(202)
    const job = await settled(started.json().job.id)
    expect(job).toMatchObject({ status: 'done', channel: 'whatsapp_api', failed: 0 })

    // Exactly one message per number, none to who opted out, nobody outside the selection.
    const numbers = meta.messages.map((m) => m.to)
    expect(new Set(numbers).size).toBe(numbers.length)
    const reachable = new Set(chosen.filter((c) => c !== optedOut).flatMap((c) => whatsappNumber(c.whatsapp) ?? []))
    expect(new Set(numbers)).toEqual(reachable)
    expect(job.done).toBe(reachable.size)
    expect(job.done + job.skipped).toBe(chosen.length)
    expect(numbers).not.toContain(whatsappNumber(optedOut.whatsapp))
    expect(job.message).toMatch(new RegExp(`^"Retorno negativo" enviada pelo WhatsApp para ${job.done} candidatos`))

    // Meta's template request: the approved name and language, the parameters in the operator's order, whose it is.
    const first = meta.messages[0]!
    const person = chosen.find((c) => whatsappNumber(c.whatsapp) === first.to)!
    expect(first).toMatchObject({ type: 'template', authorization: 'Bearer EAAG-token', template: { name: 'mv_retorno', language: { code: 'pt_BR' } } })
    const record = (await get(`/api/candidatos/${person.id}`)).json().data
    expect(params(first)).toEqual([String(record.full_name).trim().split(/\s+/)[0], String(record.job_posting.description).trim()])
    expect(first.biz_opaque_callback_data).toBe(`mv:${person.id}:retorno_negativo`)

    // The BFF heard no id from a bulk send: Meta's statuses find the person by the callback data.
    for (const status of ['sent', 'delivered'] as const) expect((await deliver(first, status)).statusCode).toBe(200)
    const texts = ((await get(`/bff/candidates/${person.id}/timeline`)).json().entries as { kind: string; text: string; by: string }[]).filter((e) => e.kind === 'mensagem')
    expect(texts.map((e) => e.text)).toEqual([
      'A mensagem “Retorno negativo” pelo WhatsApp Business foi entregue.',
      'A mensagem “Retorno negativo” pelo WhatsApp Business saiu.',
      'Enviou “Retorno negativo” por WhatsApp Business (envio em massa).',
    ])
    expect(texts.at(-1)!.by).toBe('Ana Souza')

    // The job's report follows Meta's statuses: delivered, read, and whom a message did not reach.
    const [second, third] = meta.messages.slice(1, 3) as [MetaMessage, MetaMessage]
    for (const status of ['sent', 'delivered', 'read'] as const) expect((await deliver(second, status)).statusCode).toBe(200)
    expect((await deliver(third, 'sent')).statusCode).toBe(200)
    expect((await deliver(third, 'failed')).statusCode).toBe(200)
    // A status that would go back changes nothing.
    expect((await deliver(second, 'delivered')).statusCode).toBe(200)
    const unreached = chosen.find((c) => whatsappNumber(c.whatsapp) === third.to)!
    const report = (await get(`/bff/bulk/${job.id}`)).json().job as BulkJob
    expect(report.delivery).toEqual({
      sent: 2,
      delivered: 2,
      read: 1,
      failed: 1,
      failures: [{ candidateId: unreached.id, message: `A mensagem para ${unreached.name} não foi entregue pelo WhatsApp: o número não recebe mensagens do WhatsApp.` }],
    })
  })
})

describe('an interview invited by WhatsApp', () => {
  it('is reminded by WhatsApp with the approved "lembrete" template, once, and the staff see how', async () => {
    const open = ((await stack.app.inject({ method: 'GET', url: '/bff/public/vacancies' })).json().vacancies as { id: number }[])[0]!
    const applied = await post(
      '/bff/public/applications',
      anApplication({ jobId: open.id, fullName: 'Rita de Cássia Lopes', email: `rita.${Date.now()}@example.com`, whatsapp: '(84) 98888-4321' }),
      '',
    )
    expect(applied.statusCode).toBe(201)
    const candidateId = Number(applied.json().id)
    const date = new Date(stack.app.now() + 3 * DAY - 3 * 3_600_000).toISOString().slice(0, 10)
    const invited = await post(`/bff/candidates/${candidateId}/interviews`, {
      slots: [{ date, time: '10:00' }],
      durationMinutes: 30,
      mode: 'presencial',
      place: 'Rua das Flores, 12 — Natal',
      interviewer: 'Ana Souza',
      channel: 'whatsapp',
    })
    expect(invited.statusCode, invited.body).toBe(201)
    const token = /\/entrevista#([A-Za-z0-9_-]{43})/.exec(decodeURIComponent(invited.json().whatsappUrl as string))![1]!
    const shown = (await post('/bff/public/interview', { token }, '')).json()
    expect((await post('/bff/public/interview/answer', { token, action: 'escolher', slotId: shown.slots[0].id }, '')).statusCode).toBe(200)
    const listed = async () => (await get(`/bff/candidates/${candidateId}/interviews`)).json().interviews[0]
    const confirmed = await listed()
    expect(confirmed.reminders.map((r: { via: string }) => r.via)).toEqual(['whatsapp', 'whatsapp'])

    const before = meta.messages.length
    stack.advance(Date.parse(confirmed.startsAt) - 24 * 3_600_000 - stack.app.now() + 1000)
    try {
      await expect.poll(() => meta.messages.length, { timeout: 10_000 }).toBe(before + 1)
      await new Promise((r) => setTimeout(r, 2500))
      expect(meta.messages.length).toBe(before + 1)
    } finally {
      stack.resetClock()
    }
    const reminder = meta.messages.at(-1)!
    expect(reminder).toMatchObject({ to: '5584988884321', template: { name: 'mv_lembrete' }, biz_opaque_callback_data: `mv:${candidateId}:lembrete` })
    const [nome, data, hora, local, link] = params(reminder)
    expect([nome, hora, local]).toEqual(['Rita', '10:00', 'Presencial: Rua das Flores, 12 — Natal'])
    expect(data).toMatch(/^[a-zç-]+-?feira|^sábado|^domingo/)
    expect(link).toMatch(/\/entrevista#[A-Za-z0-9_-]{43}$/)
    // No e-mail reminder as well: one reminder, the way the invitation went.
    expect(catcher.messages.filter((m) => /^Lembrete/.test(m.subject))).toEqual([])
    const after = await listed()
    expect(after.reminders.map((r: { state: string; via: string }) => `${r.state} ${r.via}`)).toEqual(['sent whatsapp', 'pending whatsapp'])
    expect(after.reminders[0].delivery).toBeNull()

    // Meta later says it could not deliver it: the staff's view of that reminder says so.
    expect((await deliver(reminder, 'sent')).statusCode).toBe(200)
    expect((await listed()).reminders.map((r: { delivery: string | null }) => r.delivery)).toEqual([null, null])
    expect((await deliver(reminder, 'failed')).statusCode).toBe(200)
    expect((await listed()).reminders.map((r: { delivery: string | null }) => r.delivery)).toEqual(['failed', null])
  })
})
