import { screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, mockBff, renderRoute } from '../../../testing/render.tsx'

// The talent pool on the candidate screens: tags on a person, the tag filter and saved searches
// on the all-candidates list, and "Sugerir do banco" on a vacancy's list.
afterEach(() => vi.unstubAllGlobals())
const me = () => ({ status: 200, body: { user: ADMIN } })
const person = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  full_name: `Pessoa ${id}`,
  email: `p${id}@x.com`,
  whatsapp: '85999990000',
  address_city: 'Natal',
  address_state: 'RN',
  company_name: 'Loja',
  status: 'triado',
  obs: null,
  created_at: '2026-11-01T12:00:00Z',
  updated_at: '2026-11-01T12:00:00Z',
  ...extra,
})
const list = (items: unknown[], extra: Record<string, unknown> = {}) => ({
  status: 200,
  body: {
    idle: false,
    items,
    page: 1,
    pageCount: 1,
    total: items.length,
    pageSize: 20,
    hasMore: false,
    counts: { all: items.length, triado: items.length },
    possibleDuplicates: [],
    ...extra,
  },
})

describe('the talent pool', () => {
  it('tags a person from the details dialog, shows the tags on the row, and refuses a tag too short', async () => {
    const { calls } = mockBff({
      'GET /bff/auth/session': me,
      'GET /bff/tags': () => ({ status: 200, body: { tags: [{ tag: 'Noturno', count: 4 }] } }),
      'GET /bff/saved-searches': () => ({ status: 200, body: { searches: [] } }),
      'GET /bff/candidates?page=1&order=last_action_desc&status=triado': () => list([person(7)], { tags: { '7': ['CNH B'] } }),
      'GET /bff/candidates?page=1&order=last_action_desc': () => list([], { idle: true, counts: { all: 5, triado: 5 } }),
      'GET /bff/candidates/7/timeline': () => ({ status: 200, body: { entries: [] } }),
      'PUT /bff/candidates/7/tags': (init) => {
        const { tags } = JSON.parse(String(init?.body)) as { tags: string[] }
        return tags.some((t) => t.trim().length < 2)
          ? { status: 422, body: { message: 'Dados inválidos.', errors: { tags: ['Cada etiqueta deve ter entre 2 e 40 caracteres.'] } } }
          : { status: 200, body: { tags } }
      },
    })
    renderRoute('/todos-candidatos')
    await userEvent.click(await screen.findByRole('button', { name: /Triado/ }))
    expect(await screen.findByText('CNH B')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: /^Detalhes de Pessoa 7/ }))
    const dialog = await screen.findByRole('dialog')
    const input = within(dialog).getByLabelText('Nova etiqueta')
    await userEvent.type(input, 'x{Enter}')
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Cada etiqueta deve ter entre 2 e 40 caracteres.')
    await userEvent.clear(input)
    await userEvent.type(input, 'Noturno{Enter}')
    expect(await within(dialog).findByRole('button', { name: 'Remover etiqueta Noturno' })).toBeTruthy()
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ tags: ['CNH B', 'Noturno'] }])
    // The row shows the saved tags at once.
    expect(await screen.findAllByText('Noturno')).not.toHaveLength(0)
  })

  it('narrows the list to a tag, saves the search and restores it', async () => {
    const saved: unknown[] = []
    const { calls } = mockBff({
      'GET /bff/auth/session': me,
      'GET /bff/tags': () => ({ status: 200, body: { tags: [{ tag: 'Noturno', count: 1 }] } }),
      'GET /bff/saved-searches': () => ({ status: 200, body: { searches: saved } }),
      'POST /bff/saved-searches': (init) => {
        const body = JSON.parse(String(init?.body)) as { name: string; query: unknown }
        const search = { id: '7c7f3c1e-2b0a-4f1e-9d1f-0a0b0c0d0e0f', name: body.name, query: body.query, createdAt: '2026-11-26T12:00:00.000Z' }
        saved.push(search)
        return { status: 201, body: { search } }
      },
      'GET /bff/candidates?page=1&order=last_action_desc': () => list([], { idle: true }),
      'GET /bff/candidates?page=1&order=last_action_desc&tag=Noturno': () => list([person(3)]),
    })
    renderRoute('/todos-candidatos')
    await userEvent.selectOptions(await screen.findByLabelText('Etiqueta'), 'Noturno')
    expect(await screen.findByText('Pessoa 3')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Salvar esta busca' }))
    await userEvent.type(screen.getByLabelText('Nome da busca'), 'Turno da noite{Enter}')
    expect(await screen.findByRole('button', { name: 'Turno da noite' })).toBeTruthy()
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Turno da noite', query: { order: 'last_action_desc', tag: 'Noturno' } })
    await userEvent.selectOptions(screen.getByLabelText('Etiqueta'), '')
    await userEvent.click(screen.getByRole('button', { name: 'Turno da noite' }))
    expect(((await screen.findByLabelText('Etiqueta')) as HTMLSelectElement).value).toBe('Noturno')
  })

  it('suggests people of the base for a vacancy with their evidence, and sends one', async () => {
    const vacancy = { id: 1, description: 'Açougueiro', company_name: 'Supermercado Bom Preço', city: 'Natal', recrutador: 'Ana' }
    const { calls } = mockBff({
      'GET /bff/auth/session': me,
      'GET /bff/tags': () => ({ status: 200, body: { tags: [] } }),
      'GET /bff/vacancies/by-slug/acougueiro-supermercado-bom-preco-natal-1': () => ({ status: 200, body: { vacancy } }),
      'GET /bff/vacancies/1/candidates?page=1&order=last_action_desc': () => ({
        status: 200,
        body: { vacancy, partial: false, items: [person(7)], page: 1, pageCount: 1, total: 1, pageSize: 20, hasMore: false, counts: { all: 1, triado: 1 }, possibleDuplicates: [] },
      }),
      'GET /bff/vacancies/1/suggestions': () => ({
        status: 200,
        body: {
          evaluated: 120,
          suggestions: [
            {
              candidate: person(40, { address_neighborhood: 'Tirol' }),
              outcome: 'triado',
              explanation: 'Atende aos critérios: idade 30 anos, mora na mesma cidade da vaga.',
              evidence: [{ key: 'idade', label: 'Idade', hard: true, status: 'atende', field: 'idade', value: '30', by: 'regras' }],
              proximity: 'same-city',
              km: null,
            },
          ],
        },
      }),
      'POST /bff/candidates/40/forwards': () => ({ status: 201, body: { candidate: person(41) } }),
    })
    renderRoute('/vagas/acougueiro-supermercado-bom-preco-natal-1/lista-candidatos')
    await userEvent.click(await screen.findByRole('button', { name: 'Sugerir do banco' }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText('Pessoa 40')).toBeTruthy()
    expect(within(dialog).getByText(/120 pessoas avaliadas · 1 sugestão/)).toBeTruthy()
    expect(within(dialog).getByText('Atende', { selector: '.status-badge' })).toBeTruthy()
    expect(within(dialog).getByText(/Critérios \(1 de 1 atendidos\)/)).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar para esta vaga' }))
    expect(await within(dialog).findByRole('button', { name: 'Enviado' })).toBeTruthy()
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ vacancyId: 1 })
  })
})
