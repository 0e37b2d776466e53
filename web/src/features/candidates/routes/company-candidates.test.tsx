import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { COMPANY, mockBff, renderRoute } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())
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
const page = {
  status: 200,
  body: { vacancy, items: [person(7), person(8, { status: 'aprovado' })], page: 1, pageCount: 1, total: 2, pageSize: 20, counts: { all: 2, triado: 1, aprovado: 1 } },
}
const SLUG = 'acougueiro-supermercado-bom-preco-natal-1'

describe('CandidatosEmpresa', () => {
  it('shows contacts, offers only the company-side statuses and no forwarding or editing', async () => {
    mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: COMPANY } }),
      [`GET /bff/vacancies/by-slug/${SLUG}`]: () => ({ status: 200, body: { vacancy } }),
      'GET /bff/vacancies/1/candidates?page=1&order=last_action_desc': () => page,
    })
    renderRoute(`/candidatos-empresa/${SLUG}`)
    expect(await screen.findByRole('heading', { name: 'Açougueiro' })).toBeTruthy()
    expect(await screen.findByText(/p7@x\.com/)).toBeTruthy()
    const select = screen.getByLabelText('Status de Pessoa 7') as HTMLSelectElement
    expect([...select.options].map((o) => o.value)).toEqual(['triado', 'aprovado', 'reprovado_empresa', 'nao_compareceu_empresa', 'contratado'])
    expect(screen.queryByRole('button', { name: /^Enviar Pessoa/ })).toBeNull()
    expect(screen.queryByRole('link', { name: /^Editar Pessoa/ })).toBeNull()
    expect(screen.getByRole('link', { name: '← Voltar para minhas vagas' }).getAttribute('href')).toBe('/vaga-empresa')
  })
  it('sets a company-side status and saves a note', async () => {
    const { calls } = mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: COMPANY } }),
      [`GET /bff/vacancies/by-slug/${SLUG}`]: () => ({ status: 200, body: { vacancy } }),
      'GET /bff/vacancies/1/candidates?page=1&order=last_action_desc': () => page,
      'PUT /bff/candidates/7/status': () => ({ status: 200, body: { candidate: person(7, { status: 'contratado' }) } }),
      'PUT /bff/candidates/7/note': () => ({ status: 200, body: { candidate: person(7, { obs: 'Começa segunda.' }) } }),
    })
    renderRoute(`/candidatos-empresa/${SLUG}`)
    await userEvent.selectOptions(await screen.findByLabelText('Status de Pessoa 7'), 'contratado')
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'contratado' }))
    await userEvent.click(screen.getByRole('button', { name: 'Detalhes de Pessoa 7' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).queryByRole('link', { name: 'Editar candidato' })).toBeNull()
    await userEvent.type(within(dialog).getByLabelText('Observação'), 'Começa segunda.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar observação' }))
    await waitFor(() => expect(calls.find((c) => c.path === '/bff/candidates/7/note')?.body).toEqual({ obs: 'Começa segunda.' }))
  })
})
