import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEFAULT_TEMPLATES, MESSAGE_PURPOSES } from '@mini-vagas/shared/domain/messages'
import { ADMIN, mockBff, renderRoute, type Handler } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())
// jsdom lays nothing out: a board column gets a screen's height, as in a browser, so its
// virtualized list has room for its cards.
const layout = ['clientHeight', 'clientWidth'] as const
const saved = layout.map((key) => Object.getOwnPropertyDescriptor(Element.prototype, key))
beforeAll(() => {
  for (const key of layout)
    Object.defineProperty(Element.prototype, key, {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('board-scroll') ? (key === 'clientHeight' ? 640 : 240) : 0
      },
    })
})
afterAll(() => layout.forEach((key, i) => Object.defineProperty(Element.prototype, key, saved[i]!)))
const vacancy = { id: 1, description: 'Açougueiro', company_name: 'Supermercado Bom Preço', city: 'Natal', recrutador: 'Ana' }
const card = (id: number, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Pessoa ${id}`,
  status,
  city: 'Natal',
  at: '2026-11-01T12:00:00Z',
  whatsapp: '(85) 99999-0000',
  optedOut: false,
  ...extra,
})
const person = (id: number) => ({
  id,
  full_name: `Pessoa ${id}`,
  email: `p${id}@x.com`,
  whatsapp: '85999990000',
  address_city: 'Natal',
  address_state: 'RN',
  status: 'triado',
  obs: null,
})
const job = (extra: Record<string, unknown> = {}) => ({
  id: '11111111-1111-4111-8111-111111111111',
  action: 'status',
  channel: null,
  vacancyId: 1,
  target: 'Segunda Fase',
  by: 'Ana',
  createdAt: '2026-11-27T10:00:00Z',
  status: 'done',
  message: '2 candidatos movidos para "Segunda Fase".',
  notice: null,
  total: 2,
  processed: 2,
  done: 2,
  skipped: 0,
  failed: 0,
  failures: [],
  delivery: null,
  undoable: true,
  undo: null,
  ...extra,
})

function bff(extra: Record<string, Handler> = {}) {
  return mockBff({
    'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }),
    'GET /bff/vacancies/by-slug/acougueiro-supermercado-bom-preco-natal-1': () => ({ status: 200, body: { vacancy } }),
    'GET /bff/vacancies/1/candidates?page=1&order=last_action_desc': () => ({
      status: 200,
      body: { vacancy, items: [person(7), person(8)], page: 1, pageCount: 3, total: 45, pageSize: 20, counts: { all: 45, triado: 45 } },
    }),
    'GET /bff/vacancies/1/board': () => ({ status: 200, body: { indexedAt: null, cards: [card(7, 'triado'), card(8, 'triado'), card(9, ''), card(10, 'contratado')] } }),
    'GET /bff/bulk/11111111-1111-4111-8111-111111111111': () => ({ status: 200, body: { job: job() } }),
    ...extra,
  })
}
const boardRoute = '/vagas/acougueiro-supermercado-bom-preco-natal-1/lista-candidatos?visao=quadro'

describe('the pipeline board', () => {
  it('shows a column per stage with its count and the cards in it', async () => {
    bff()
    renderRoute(boardRoute)
    const triagem = await screen.findByRole('region', { name: /^Triagem/ })
    expect(within(triagem).getByRole('heading').textContent).toBe('Triagem 2')
    expect(within(triagem).getAllByRole('listitem')).toHaveLength(2)
    expect(within(screen.getByRole('region', { name: /^Aprovados/ })).getByText('Pessoa 10')).toBeTruthy()
    expect(within(screen.getByRole('region', { name: /^Entrevistas/ })).getByText('Nenhum candidato nesta etapa.')).toBeTruthy()
  })
  it('moves the chosen cards by a deliberate choice in the bulk bar, and offers "Desfazer" when the job ends', async () => {
    const { calls } = bff({ 'POST /bff/bulk': () => ({ status: 202, body: { job: job({ status: 'running', processed: 0, done: 0, undoable: false }) } }) })
    renderRoute(boardRoute)
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Pessoa 7' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pessoa 8' }))
    expect(screen.getByText('2 candidatos selecionados')).toBeTruthy()
    await userEvent.selectOptions(screen.getByLabelText('Mover para'), 'Segunda Fase')
    await userEvent.click(screen.getByRole('button', { name: 'Mover' }))
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ vacancyId: 1, action: 'status', status: 'segunda_fase', ids: [7, 8] }))
    expect(await screen.findByText('2 candidatos movidos para "Segunda Fase".')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Desfazer' })).toBeTruthy()
  })
  it("opens a card's WhatsApp conversation, and offers none to who asked not to be contacted", async () => {
    bff({
      'GET /bff/vacancies/1/board': () => ({
        status: 200,
        body: { indexedAt: null, cards: [card(7, 'triado'), card(8, 'triado', { optedOut: true }), card(9, 'triado', { whatsapp: '' })] },
      }),
    })
    renderRoute(boardRoute)
    const chat = await screen.findByRole('link', { name: 'WhatsApp de Pessoa 7: (85) 99999-0000' })
    expect(chat.getAttribute('href')).toBe('https://wa.me/5585999990000')
    expect(chat.getAttribute('target')).toBe('_blank')
    const refused = within(screen.getByRole('region', { name: /^Triagem/ })).getAllByRole('listitem')[1]!
    expect(within(refused).queryByRole('link')).toBeNull()
    expect(within(refused).getByText('não contatar')).toBeTruthy()
    expect(screen.getAllByRole('link', { name: /^WhatsApp de/ })).toHaveLength(1)
  })
  it('moves through the cards with the arrow keys', async () => {
    bff()
    renderRoute(boardRoute)
    const first = await screen.findByRole('checkbox', { name: 'Pessoa 7' })
    first.focus()
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Pessoa 8' })))
    await userEvent.keyboard('{ArrowRight}')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Pessoa 10' })))
  })
})

describe('choosing in the list', () => {
  it('chooses the page, then all that match the filter, and sends the filter', async () => {
    const { calls } = bff({ 'POST /bff/bulk': () => ({ status: 202, body: { job: job() } }) })
    renderRoute('/vagas/acougueiro-supermercado-bom-preco-natal-1/lista-candidatos')
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Selecionar esta página' }))
    expect(screen.getByText('2 candidatos selecionados')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Selecionar todos os 45 que correspondem ao filtro' }))
    expect(screen.getByText('45 candidatos selecionados')).toBeTruthy()
    await userEvent.selectOptions(screen.getByLabelText('Mover para'), 'Reprovado')
    await userEvent.click(screen.getByRole('button', { name: 'Mover' }))
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ vacancyId: 1, action: 'status', status: 'reprovado', filter: {} }))
  })
})

describe('a bulk e-mail', () => {
  it('sends the chosen template to all that match the filter, with what it asks, and reports who was left out', async () => {
    const templates = {
      templates: MESSAGE_PURPOSES.map((p) => ({ ...DEFAULT_TEMPLATES[p.value], standard: true, updatedBy: null, updatedAt: null })),
      mailConfigured: true,
      whatsappApi: false,
      whatsappTemplates: [],
    }
    const report = job({
      action: 'message',
      target: 'Pedido de documentos',
      total: 45,
      processed: 45,
      done: 43,
      skipped: 2,
      undoable: false,
      message: '"Pedido de documentos" enviada por e-mail para 43 candidatos (2 sem e-mail ou pediram para não ser contatados).',
    })
    const { calls } = bff({
      'GET /bff/messages/templates': () => ({ status: 200, body: templates }),
      'POST /bff/bulk': () => ({ status: 202, body: { job: report } }),
      'GET /bff/bulk/11111111-1111-4111-8111-111111111111': () => ({ status: 200, body: { job: report } }),
    })
    renderRoute('/vagas/acougueiro-supermercado-bom-preco-natal-1/lista-candidatos')
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Selecionar esta página' }))
    await userEvent.click(screen.getByRole('button', { name: 'Selecionar todos os 45 que correspondem ao filtro' }))
    await userEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enviar mensagem para 45 candidatos' })
    // No approved WhatsApp template for it: e-mail only, no choice offered.
    expect(within(dialog).queryByRole('radio')).toBeNull()
    await userEvent.selectOptions(within(dialog).getByLabelText('Mensagem'), 'pedido_documentos')
    // The template asks for a date and a link: no record holds them.
    await userEvent.type(within(dialog).getByLabelText(/^data/), '05/12/2026')
    await userEvent.type(within(dialog).getByLabelText(/^link/), 'https://docs.exemplo.com/envio')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }))
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        vacancyId: 1,
        action: 'message',
        purpose: 'pedido_documentos',
        values: { data: '05/12/2026', link: 'https://docs.exemplo.com/envio' },
        channel: 'email',
        filter: {},
      }),
    )
    expect(await screen.findByText(/enviada por e-mail para 43 candidatos \(2 sem e-mail/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Desfazer' })).toBeNull()
  })

  /** Two people on the page, WhatsApp Business for 'Retorno negativo' only (no e-mail), the bulk answering `answer`: the dialog with that purpose chosen. */
  async function whatsappDialog(answer: ReturnType<typeof job>) {
    const templates = {
      templates: MESSAGE_PURPOSES.map((p) => ({ ...DEFAULT_TEMPLATES[p.value], standard: true, updatedBy: null, updatedAt: null })),
      mailConfigured: false,
      whatsappApi: true,
      whatsappTemplates: ['retorno_negativo'],
    }
    const { calls } = bff({
      'GET /bff/messages/templates': () => ({ status: 200, body: templates }),
      'POST /bff/bulk': () => ({ status: 202, body: { job: answer } }),
      'GET /bff/bulk/11111111-1111-4111-8111-111111111111': () => ({ status: 200, body: { job: answer } }),
    })
    renderRoute('/vagas/acougueiro-supermercado-bom-preco-natal-1/lista-candidatos')
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Selecionar esta página' }))
    await userEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enviar mensagem para 2 candidatos' })
    await userEvent.selectOptions(within(dialog).getByLabelText('Mensagem'), 'retorno_negativo')
    return { calls, dialog }
  }
  const byWhatsApp = async (dialog: HTMLElement) => {
    await userEvent.click(within(dialog).getByRole('radio', { name: 'WhatsApp Business' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }))
  }

  it('offers WhatsApp Business for a purpose with Meta’s approved template, and sends it so', async () => {
    const { calls, dialog } = await whatsappDialog(
      job({ action: 'message', channel: 'whatsapp_api', target: 'Retorno negativo', status: 'running', total: 2, processed: 1, done: 1, undoable: false }),
    )
    // E-mail is not configured here: sending waits for the other way.
    expect(within(dialog).getByRole('button', { name: 'Enviar' }).hasAttribute('disabled')).toBe(true)
    await byWhatsApp(dialog)
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        vacancyId: 1,
        action: 'message',
        purpose: 'retorno_negativo',
        values: {},
        channel: 'whatsapp_api',
        ids: [7, 8],
      }),
    )
    expect(await screen.findByText(/Enviando "Retorno negativo" pelo WhatsApp: 1 de 2/)).toBeTruthy()
  })

  it('reports, once Meta says so, how many were delivered and read, and names whom a message did not reach', async () => {
    const { dialog } = await whatsappDialog(
      job({
        action: 'message',
        channel: 'whatsapp_api',
        target: 'Retorno negativo',
        total: 2,
        processed: 2,
        done: 2,
        undoable: false,
        message: '"Retorno negativo" enviada pelo WhatsApp para 2 candidatos.',
        delivery: {
          sent: 1,
          delivered: 1,
          read: 1,
          failed: 1,
          failures: [{ candidateId: 8, message: 'A mensagem para Pessoa 8 não foi entregue pelo WhatsApp: o número não recebe mensagens do WhatsApp.' }],
        },
      }),
    )
    await byWhatsApp(dialog)
    expect(await screen.findByText('Entrega pelo WhatsApp, segundo a Meta: 1 de 2 entregue · 1 lida · 1 não entregue')).toBeTruthy()
    const undelivered = screen.getByText('1 mensagem não foi entregue: avise por outro meio').closest('details')!
    expect(within(undelivered).getByRole('listitem').textContent).toBe('A mensagem para Pessoa 8 não foi entregue pelo WhatsApp: o número não recebe mensagens do WhatsApp.')
  })
})
