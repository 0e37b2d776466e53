import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shiftDate, todayDate } from '../../shared/src/domain/dates.ts'
import type { PrivacyRequest } from '../../shared/src/schemas/privacy.ts'
import { anApplication } from '../support/applicant.ts'
import { UNSAFE_HEADERS, startStack, type Stack } from '../support/stack.ts'

// (LGPD): an applicant's request from "Meus dados" reaches the staff queue, is answered
// there, and both ends are in the audit trail; nothing is carried out by itself.
let stack: Stack
let admin: string
beforeAll(async () => {
  stack = await startStack()
  admin = await stack.login()
})
afterAll(() => stack?.close())

const ask = (body: Record<string, unknown>, ip = '198.51.100.7') =>
  stack.app.inject({ method: 'POST', url: '/bff/public/privacy-requests', headers: UNSAFE_HEADERS, remoteAddress: ip, payload: body })
const valid = { kind: 'exclusao', name: 'Joana Teste', email: 'Joana@Example.com', whatsapp: '(85) 98877-6655', details: 'Quero que apaguem meus dados.' }

describe('Meus dados', () => {
  it('queues a request with its protocol and the 15-day deadline; staff see it, answer it, and the audit trail keeps both', async () => {
    const asked = await ask(valid)
    expect(asked.statusCode).toBe(201)
    const receipt = asked.json() as { protocol: string; deadline: string; message: string }
    expect(receipt.protocol).toMatch(/^LGPD-\d{8}-[0-9A-F]{6}$/)
    expect(receipt.deadline).toBe(shiftDate(todayDate(), 15))
    expect(receipt.message).toContain('Exclusão dos meus dados')
    expect(receipt.message).toContain('prazo legal de 15 dias')

    const queue = (await stack.app.inject({ method: 'GET', url: '/bff/privacy-requests', headers: { cookie: admin } })).json() as { requests: PrivacyRequest[] }
    const queued = queue.requests.find((r) => r.protocol === receipt.protocol)!
    expect(queued).toMatchObject({ kind: 'exclusao', email: 'joana@example.com', status: 'aberto', answer: null, deadline: receipt.deadline })

    const headers = { ...UNSAFE_HEADERS, cookie: admin }
    expect((await stack.app.inject({ method: 'PUT', url: `/bff/privacy-requests/${queued.id}/answer`, headers, payload: { answer: ' ' } })).statusCode).toBe(422)
    const answered = await stack.app.inject({
      method: 'PUT',
      url: `/bff/privacy-requests/${queued.id}/answer`,
      headers,
      payload: { answer: 'Seus dados foram anonimizados no sistema de vagas; respondido por e-mail.' },
    })
    expect(answered.statusCode).toBe(200)
    expect(answered.json().request).toMatchObject({ status: 'respondido', answeredBy: 'admin@minivagas.com.br' })

    const csv = (await stack.app.inject({ method: 'GET', url: `/bff/audit.csv?start_date=${todayDate()}&end_date=${todayDate()}`, headers: { cookie: admin } })).body
    expect(csv).toContain(`titular;Pedido do titular recebido;pedido:${receipt.protocol}`)
    expect(csv).toContain(`admin@minivagas.com.br;Pedido do titular respondido;pedido:${receipt.protocol}`)
  })

  it('a deletion request anonymises, through the legacy API, every record with the requester’s e-mail and WhatsApp — and no other', async () => {
    const apply = (whatsapp: string, jobId: number) =>
      stack.app.inject({
        method: 'POST',
        url: '/bff/public/applications',
        headers: UNSAFE_HEADERS,
        payload: anApplication({ fullName: 'Rita Apagar', age: 31, whatsapp, email: 'rita.apagar@example.com', jobId }),
      })
    const vacancies = (await stack.app.inject({ method: 'GET', url: '/bff/public/vacancies' })).json().vacancies as { id: number }[]
    const mine = [(await apply('(85) 98111-2233', vacancies[0]!.id)).json().id, (await apply('85981112233', vacancies[1]!.id)).json().id] as number[]
    const someoneElse = (await apply('(85) 97000-0000', vacancies[2]!.id)).json().id as number
    // The team's notes about her are the product's data about her too.
    const note = (id: number, text: string) =>
      stack.app.inject({ method: 'POST', url: `/bff/candidates/${id}/notes`, headers: { ...UNSAFE_HEADERS, cookie: admin }, payload: JSON.stringify({ text }) })
    expect((await note(mine[0]!, 'Rita pediu retorno à tarde.')).statusCode).toBe(201)
    const tagged = await stack.app.inject({
      method: 'PUT',
      url: `/bff/candidates/${mine[0]}/tags`,
      headers: { ...UNSAFE_HEADERS, cookie: admin },
      payload: JSON.stringify({ tags: ['Noturno'] }),
    })
    expect(tagged.statusCode).toBe(200)
    expect((await note(someoneElse, 'Outra pessoa, outra nota.')).statusCode).toBe(201)
    const receipt = (await ask({ kind: 'exclusao', name: 'Rita Apagar', email: 'rita.apagar@example.com', whatsapp: '85 98111-2233', details: '' }, '198.51.100.20')).json()
    const queued = ((await stack.app.inject({ method: 'GET', url: '/bff/privacy-requests', headers: { cookie: admin } })).json() as { requests: PrivacyRequest[] }).requests.find(
      (r) => r.protocol === receipt.protocol,
    )!
    const done = await stack.app.inject({ method: 'POST', url: `/bff/privacy-requests/${queued.id}/anonymise`, headers: { ...UNSAFE_HEADERS, cookie: admin }, payload: {} })
    expect(done.json()).toEqual({ anonymised: 2, message: '2 cadastro(s) anonimizado(s).' })
    const notesAbout = async (id: number) =>
      ((await stack.app.inject({ method: 'GET', url: `/bff/candidates/${id}/timeline`, headers: { cookie: admin } })).json().entries as { kind: string; text: string }[]).filter(
        (e) => e.kind === 'nota',
      )
    expect(await notesAbout(mine[0]!)).toEqual([])
    expect(await stack.app.store.all('SELECT tag FROM candidate_tags WHERE candidate_id = ?', [mine[0]])).toEqual([])
    expect((await notesAbout(someoneElse)).map((e) => e.text)).toEqual(['Outra pessoa, outra nota.'])
    const record = async (id: number) => (await stack.app.inject({ method: 'GET', url: `/bff/candidates/${id}`, headers: { cookie: admin } })).json().candidate
    for (const id of mine) {
      const now = await record(id)
      expect(now).toMatchObject({ full_name: 'Titular anonimizado (LGPD)', address_street: null, age: null, experience_1: null })
      expect(JSON.stringify(now)).not.toMatch(/Rita|rita\.apagar|98111/)
      expect(now.obs).toContain(`protocolo ${receipt.protocol}`)
    }
    expect((await record(someoneElse)).full_name).toBe('Rita Apagar')
    const csv = (await stack.app.inject({ method: 'GET', url: `/bff/audit.csv?start_date=${todayDate()}&end_date=${todayDate()}`, headers: { cookie: admin } })).body
    expect(csv.split('\r\n').filter((line) => line.includes('Dados do titular anonimizados') && line.includes(receipt.protocol))).toHaveLength(2)
    // Only deletion requests anonymise.
    const access = (await ask({ kind: 'acesso', name: 'Rita Apagar', email: 'rita.apagar@example.com', whatsapp: '85981112233', details: '' }, '198.51.100.21')).json()
    const accessId = ((await stack.app.inject({ method: 'GET', url: '/bff/privacy-requests', headers: { cookie: admin } })).json() as { requests: PrivacyRequest[] }).requests.find(
      (r) => r.protocol === access.protocol,
    )!.id
    expect(
      (await stack.app.inject({ method: 'POST', url: `/bff/privacy-requests/${accessId}/anonymise`, headers: { ...UNSAFE_HEADERS, cookie: admin }, payload: {} })).statusCode,
    ).toBe(409)
  })

  it('says what is missing in Portuguese, and limits requests per address', async () => {
    const bad = await ask({ kind: 'revisao', name: 'J', email: 'joana@', whatsapp: '123', details: '' }, '198.51.100.8')
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({
      name: ['Informe seu nome completo.'],
      email: ['Informe o e-mail usado na candidatura.'],
      whatsapp: ['Informe o WhatsApp usado na candidatura, com DDD.'],
      details: ['Diga qual decisão você quer que uma pessoa revise.'],
    })
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await ask(valid, '198.51.100.9')).statusCode)
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
  })

  it('the queue is for admins only', async () => {
    expect((await stack.app.inject({ method: 'GET', url: '/bff/privacy-requests' })).statusCode).toBe(401)
    expect((await stack.app.inject({ method: 'GET', url: '/bff/privacy-requests', headers: { cookie: await stack.login('empresa A') } })).statusCode).toBe(403)
  })
})
