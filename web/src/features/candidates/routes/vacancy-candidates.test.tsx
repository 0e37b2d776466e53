import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, mockBff, renderRoute, type Handler } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())
const me = () => ({ status: 200, body: { user: ADMIN } })
const vacancy = { id: 1, description: 'Açougueiro', company_name: 'Supermercado Bom Preço', city: 'Natal', recrutador: 'Ana' }
const person = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  full_name: `Pessoa ${id}`,
  email: `p${id}@x.com`,
  whatsapp: '85999990000',
  address_city: 'Natal',
  address_state: 'RN',
  status: 'triado',
  obs: null,
  created_at: '2026-11-01T12:00:00Z',
  updated_at: '2026-11-01T12:00:00Z',
  ...extra,
})
const page = (items: unknown[], extra: Record<string, unknown> = {}) => ({
  status: 200,
  body: { vacancy, items, page: 1, pageCount: 3, total: 45, pageSize: 20, counts: { all: 45, triado: 30, '': 15 }, ...extra },
})

function bff(extra: Record<string, Handler> = {}) {
  return mockBff({
    'GET /bff/auth/session': me,
    'GET /bff/vacancies/by-slug/acougueiro-supermercado-bom-preco-natal-1': () => ({ status: 200, body: { vacancy } }),
    'GET /bff/vacancies/1/candidates?page=1&order=last_action_desc': () => page([person(7), person(8, { status: null })]),
    ...extra,
  })
}

describe('ListaCandidatos', () => {
  it('shows the vacancy, status buttons with counts, the rows and the pager', async () => {
    bff()
    renderRoute('/vagas/acougueiro-supermercado-bom-preco-natal-1/lista-candidatos')
    expect(await screen.findByRole('heading', { name: 'Açougueiro' })).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'Todos (45)' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Triado (30)' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Sem Status (15)' })).toBeTruthy()
    expect(screen.getByText('Pessoa 7')).toBeTruthy()
    expect((screen.getByLabelText('Status de Pessoa 8') as HTMLSelectElement).value).toBe('')
    expect(screen.getByRole('navigation', { name: 'Paginação' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Exportar lista (CSV)' }).getAttribute('href')).toBe('/bff/vacancies/1/candidates.csv?order=last_action_desc')
  })

  it('opens a WhatsApp conversation or an e-mail from a row, except for who asked not to be contacted', async () => {
    bff({ 'GET /bff/vacancies/1/candidates?page=1&order=last_action_desc': () => page([person(7), person(8)], { optedOut: [8] }) })
    renderRoute('/vagas/acougueiro-supermercado-bom-preco-natal-1/lista-candidatos')
    const chat = await screen.findByRole('link', { name: 'WhatsApp de Pessoa 7: (85) 99999-0000' })
    expect(chat.getAttribute('href')).toBe('https://wa.me/5585999990000')
    expect(screen.getByRole('link', { name: 'p7@x.com' }).getAttribute('href')).toBe('mailto:p7@x.com')
    expect(screen.queryByRole('link', { name: /^WhatsApp de Pessoa 8/ })).toBeNull()
    expect(screen.queryByRole('link', { name: 'p8@x.com' })).toBeNull()
    expect(screen.getAllByText('não contatar')).toHaveLength(1)
  })
  it('asks the BFF for a status, a search, an order and a page', async () => {
    const { calls } = bff({
      'GET /bff/vacancies/1/candidates?page=1&order=last_action_desc&status=triado': () => page([person(7)]),
      'GET /bff/vacancies/1/candidates?page=1&order=name_asc&status=triado': () => page([person(7)]),
      'GET /bff/vacancies/1/candidates?page=2&order=name_asc&status=triado': () => page([person(9)], { page: 2 }),
    })
    renderRoute('/vagas/acougueiro-supermercado-bom-preco-natal-1/lista-candidatos')
    await userEvent.click(await screen.findByRole('button', { name: 'Triado (30)' }))
    await userEvent.click(await screen.findByRole('button', { name: /Nome/ }))
    await userEvent.click(await screen.findByRole('button', { name: 'Página 2' }))
    expect(await screen.findByText('Pessoa 9')).toBeTruthy()
    expect(calls.map((c) => c.path)).toContain('/bff/vacancies/1/candidates?page=2&order=name_asc&status=triado')
  })
  it('changes a status at once and keeps it when the server agrees', async () => {
    let stored = 'triado'
    const { calls } = bff({
      // A fake that remembers the write, as the legacy does.
      'GET /bff/vacancies/1/candidates?page=1&order=last_action_desc': () => page([person(7, { status: stored }), person(8, { status: null })]),
      'PUT /bff/candidates/7/status': (init) => {
        stored = JSON.parse(String(init?.body)).status
        return { status: 200, body: { candidate: person(7, { status: stored }) } }
      },
    })
    renderRoute('/vagas/acougueiro-supermercado-bom-preco-natal-1/lista-candidatos')
    await userEvent.selectOptions(await screen.findByLabelText('Status de Pessoa 7'), 'aprovado')
    await waitFor(() => expect((screen.getByLabelText('Status de Pessoa 7') as HTMLSelectElement).value).toBe('aprovado'))
    expect(await screen.findByText('Status do candidato alterado com sucesso')).toBeTruthy()
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ status: 'aprovado' })
    // The write's answer updates the row and the counts: the list is not read again.
    expect(await screen.findByRole('button', { name: 'Aprovado (1)' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Triado (29)' })).toBeTruthy()
    expect(calls.filter((c) => c.path.startsWith('/bff/vacancies/1/candidates'))).toHaveLength(1)
  })
  it('saves a status only on a deliberate choice: arrow keys on the closed select stage it, Enter saves, Escape puts it back', async () => {
    const { calls } = bff({
      'PUT /bff/candidates/7/status': () => ({ status: 200, body: { candidate: person(7, { status: 'aprovado' }) } }),
    })
    renderRoute('/vagas/acougueiro-supermercado-bom-preco-natal-1/lista-candidatos')
    const select = (await screen.findByLabelText('Status de Pessoa 7')) as HTMLSelectElement
    // As Windows does: each arrow key on the closed select changes its value and fires a change.
    fireEvent.keyDown(select, { key: 'ArrowDown' })
    fireEvent.change(select, { target: { value: 'aprovado' } })
    expect(select.value).toBe('aprovado')
    expect(screen.getByText('Enter para salvar · Esc para cancelar')).toBeTruthy()
    fireEvent.keyDown(select, { key: 'Escape' })
    expect(select.value).toBe('triado')
    fireEvent.keyDown(select, { key: 'ArrowDown' })
    fireEvent.change(select, { target: { value: 'aprovado' } })
    fireEvent.blur(select)
    expect(select.value).toBe('triado')
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([])
    fireEvent.keyDown(select, { key: 'ArrowDown' })
    fireEvent.change(select, { target: { value: 'aprovado' } })
    fireEvent.keyDown(select, { key: 'Enter' })
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ status: 'aprovado' }]))
  })
  it('offers "Desfazer" after a status change: it puts the earlier status back, as an undo', async () => {
    const { calls } = bff({
      'PUT /bff/candidates/7/status': (init) => ({ status: 200, body: { candidate: person(7, { status: JSON.parse(String(init?.body)).status }) } }),
    })
    renderRoute('/vagas/acougueiro-supermercado-bom-preco-natal-1/lista-candidatos')
    await userEvent.selectOptions(await screen.findByLabelText('Status de Pessoa 7'), 'contratado')
    await userEvent.click(await screen.findByRole('button', { name: 'Desfazer' }))
    expect(await screen.findByText('Alteração desfeita: o status anterior voltou.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ status: 'contratado' }, { status: 'triado', undo: true }])
    expect((screen.getByLabelText('Status de Pessoa 7') as HTMLSelectElement).value).toBe('triado')
  })
  it('keeps the rows where they were after a status change, reading nothing again; a note lands on the candidate its dialog names', async () => {
    // A fake that remembers writes and orders by last action, as the BFF does.
    const people = new Map([7, 8, 9].map((id, i) => [id, person(id, { updated_at: `2026-11-0${3 - i}T12:00:00Z` })]))
    const rows = () => [...people.values()].sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    let reads = 0
    const { calls } = bff({
      'GET /bff/vacancies/1/candidates?page=1&order=last_action_desc': () => {
        reads++
        return page(rows())
      },
      'PUT /bff/candidates/9/status': (init) => {
        people.set(9, { ...people.get(9)!, ...JSON.parse(String(init?.body)), updated_at: '2026-11-20T12:00:00Z' })
        return { status: 200, body: { candidate: people.get(9) } }
      },
      'PUT /bff/candidates/8/note': (init) => {
        people.set(8, { ...people.get(8)!, obs: JSON.parse(String(init?.body)).obs, updated_at: '2026-11-21T12:00:00Z' })
        return { status: 200, body: { candidate: people.get(8) } }
      },
    })
    renderRoute('/vagas/acougueiro-supermercado-bom-preco-natal-1/lista-candidatos')
    const order = () => screen.getAllByRole('combobox', { name: /^Status de / }).map((s) => s.getAttribute('aria-label'))
    await screen.findByLabelText('Status de Pessoa 9')
    expect(order()).toEqual(['Status de Pessoa 7', 'Status de Pessoa 8', 'Status de Pessoa 9'])

    await userEvent.selectOptions(screen.getByLabelText('Status de Pessoa 9'), 'aprovado')
    // The write's answer updates the row where it is; the list is not read again.
    expect(await screen.findByText('Status do candidato alterado com sucesso')).toBeTruthy()
    expect(reads).toBe(1)
    expect(order()).toEqual(['Status de Pessoa 7', 'Status de Pessoa 8', 'Status de Pessoa 9'])
    expect((screen.getByLabelText('Status de Pessoa 9') as HTMLSelectElement).value).toBe('aprovado')

    // The second row is still Pessoa 8; its dialog names her, and her note goes to her record.
    await userEvent.click(within(screen.getAllByRole('row')[2]!).getByRole('button', { name: /^Detalhes de / }))
    const dialog = await screen.findByRole('dialog', { name: 'Pessoa 8' })
    await userEvent.type(within(dialog).getByLabelText('Observação'), 'Entrevista na segunda')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar observação' }))
    expect(await screen.findByText('Observação salva com sucesso!')).toBeTruthy()
    expect(calls.filter((c) => c.path.endsWith('/note')).map((c) => [c.path, c.body])).toEqual([['/bff/candidates/8/note', { obs: 'Entrevista na segunda' }]])
    expect(order()).toEqual(['Status de Pessoa 7', 'Status de Pessoa 8', 'Status de Pessoa 9'])
    expect(screen.getByText('Entrevista na segunda')).toBeTruthy()

    // Nothing was read again for either write; the order the server would give now (Pessoa 8,
    // 9, 7) waits for the user's "reordenar" after a later read (use-steady-page.test.ts).
    expect(reads).toBe(1)
  })
  it('rolls the status back with the spec’s message when the server refuses', async () => {
    bff({ 'PUT /bff/candidates/7/status': () => ({ status: 502, body: { message: 'Indisponível' } }) })
    renderRoute('/vagas/acougueiro-supermercado-bom-preco-natal-1/lista-candidatos')
    const select = (await screen.findByLabelText('Status de Pessoa 7')) as HTMLSelectElement
    await userEvent.selectOptions(select, 'aprovado')
    expect(await screen.findByText('Erro ao alterar o status do candidato')).toBeTruthy()
    await waitFor(() => expect((screen.getByLabelText('Status de Pessoa 7') as HTMLSelectElement).value).toBe('triado'))
  })
  it('shows the details and saves an observation', async () => {
    const { calls } = bff({ 'PUT /bff/candidates/7/note': () => ({ status: 200, body: { candidate: person(7, { obs: 'Ligar amanhã' }) } }) })
    renderRoute('/vagas/acougueiro-supermercado-bom-preco-natal-1/lista-candidatos')
    await userEvent.click(await screen.findByRole('button', { name: 'Detalhes de Pessoa 7' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pessoa 7' })
    await userEvent.type(within(dialog).getByLabelText('Observação'), 'Ligar amanhã')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar observação' }))
    expect(await screen.findByText('Observação salva com sucesso!')).toBeTruthy()
    expect(calls.find((c) => c.path === '/bff/candidates/7/note')!.body).toEqual({ obs: 'Ligar amanhã' })
  })
  it('keeps the forward dialog open when a note saved before it answers late', async () => {
    // On a busy machine the note's answer can arrive after the user closed its dialog and opened
    // the next one; that answer closes nothing but its own dialog.
    let answer: () => void = () => undefined
    bff({
      'PUT /bff/candidates/7/note': () => new Promise((resolve) => (answer = () => resolve({ status: 200, body: { candidate: person(7, { obs: 'Ligar amanhã' }) } }))),
      'GET /bff/vacancies': () => ({ status: 200, body: { vacancies: [] } }),
    })
    renderRoute('/vagas/acougueiro-supermercado-bom-preco-natal-1/lista-candidatos')
    await userEvent.click(await screen.findByRole('button', { name: 'Detalhes de Pessoa 7' }))
    const details = await screen.findByRole('dialog', { name: 'Pessoa 7' })
    await userEvent.type(within(details).getByLabelText('Observação'), 'Ligar amanhã')
    await userEvent.click(within(details).getByRole('button', { name: 'Salvar observação' }))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pessoa 7' })).toBeNull())
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Pessoa 7 para outra vaga' }))
    await screen.findByRole('dialog', { name: 'Enviar Pessoa 7 para outras vagas' })

    answer()
    expect(await screen.findByText('Observação salva com sucesso!')).toBeTruthy()
    // The row shows the saved note, and the dialog the user opened meanwhile is still there.
    expect(await screen.findByText('Ligar amanhã')).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Enviar Pessoa 7 para outras vagas' })).toBeTruthy()
  })
  it('says the vacancy is not found for an unknown slug', async () => {
    mockBff({ 'GET /bff/auth/session': me, 'GET /bff/vacancies/by-slug/nada-1': () => ({ status: 404, body: { message: 'Vaga não encontrada.' } }) })
    renderRoute('/vagas/nada-1/lista-candidatos')
    expect((await screen.findByRole('alert')).textContent).toContain('Vaga não encontrada.')
  })
  it('offers Try Again when the list fails', async () => {
    bff({ 'GET /bff/vacancies/1/candidates?page=1&order=last_action_desc': () => ({ status: 502, body: { message: 'x' } }) })
    renderRoute('/vagas/acougueiro-supermercado-bom-preco-natal-1/lista-candidatos')
    expect(await screen.findByText('Erro ao carregar a lista de candidatos.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy()
  })
})
