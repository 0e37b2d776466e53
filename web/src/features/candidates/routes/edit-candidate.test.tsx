import { screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, mockBff, renderRoute } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())
const me = () => ({ status: 200, body: { user: ADMIN } })
const candidate = {
  id: 5,
  full_name: 'Ana Lima',
  age: 30,
  genero: 'prefiro nao informar',
  is_pcd: false,
  email: 'ana@x.com',
  whatsapp: '85999990000',
  education: 'ensino médio completo',
  veiopor: 'Instagram',
  status: 'em_analise',
  obs: null,
  experience_1: 'sim trabalhei em supermercado',
  job_posting: { description: 'Caixa', company_name: 'Loja', city: 'Natal', recrutador: 'Ana Paula Lima' },
}

describe('EditarCandidato', () => {
  it('shows every section, keeps stored values missing from the lists, and saves the payload (docs/product.md, Candidate edit)', async () => {
    const { calls } = mockBff({
      'GET /bff/auth/session': me,
      'GET /bff/candidates/5': () => ({ status: 200, body: { candidate } }),
      'PUT /bff/candidates/5': () => ({ status: 200, body: { candidate } }),
    })
    renderRoute('/candidatos/5/edit')
    expect(await screen.findByDisplayValue('Ana Lima')).toBeTruthy()
    for (const section of ['Informações Pessoais', 'Contato', 'Endereço', 'Formação', 'Experiência Profissional', 'Informações Adicionais', 'Informações da Vaga']) {
      expect(screen.getByRole('heading', { name: section })).toBeTruthy()
    }
    expect((screen.getByLabelText('Gênero') as HTMLSelectElement).value).toBe('prefiro nao informar')
    expect((screen.getByLabelText('Como soube da vaga') as HTMLSelectElement).value).toBe('Instagram')
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('em_analise')
    expect(screen.getByText('Ana Paula Lima')).toBeTruthy()
    await userEvent.clear(screen.getByLabelText(/Idade/))
    await userEvent.type(screen.getByLabelText(/Idade/), '31')
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }))
    expect(await screen.findByText('Candidato atualizado com sucesso!')).toBeTruthy()
    const sent = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>
    expect(sent).toMatchObject({ full_name: 'Ana Lima', age: 31, genero: 'prefiro nao informar', veiopor: 'Instagram', status: 'em_analise', is_pcd: false })
  })
  it('checks required fields and the age range before sending', async () => {
    const { calls } = mockBff({ 'GET /bff/auth/session': me, 'GET /bff/candidates/5': () => ({ status: 200, body: { candidate } }) })
    renderRoute('/candidatos/5/edit')
    await userEvent.clear(await screen.findByLabelText(/Nome Completo/))
    await userEvent.clear(screen.getByLabelText(/Idade/))
    await userEvent.type(screen.getByLabelText(/Idade/), '101')
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }))
    expect(await screen.findByText('Informe o nome completo.')).toBeTruthy()
    expect(screen.getByText('A idade deve ser um número de 14 a 100.')).toBeTruthy()
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
  })
  it('says when saving fails and keeps the form', async () => {
    mockBff({
      'GET /bff/auth/session': me,
      'GET /bff/candidates/5': () => ({ status: 200, body: { candidate } }),
      'PUT /bff/candidates/5': () => ({ status: 422, body: { message: 'x', errors: { email: ['O campo e-mail deve ser um endereço de e-mail válido.'] } } }),
    })
    renderRoute('/candidatos/5/edit')
    await userEvent.click(await screen.findByRole('button', { name: 'Salvar Alterações' }))
    expect(await screen.findByText('Erro ao salvar as alterações')).toBeTruthy()
    expect(screen.getByText('O campo e-mail deve ser um endereço de e-mail válido.')).toBeTruthy()
    expect((screen.getByLabelText(/Nome Completo/) as HTMLInputElement).value).toBe('Ana Lima')
  })
  it('offers Tentar novamente when loading fails, and shows the vacancy fallback text', async () => {
    let fail = true
    mockBff({
      'GET /bff/auth/session': me,
      'GET /bff/candidates/5': () => (fail ? { status: 502, body: { message: 'x' } } : { status: 200, body: { candidate: { ...candidate, job_posting: null } } }),
    })
    renderRoute('/candidatos/5/edit')
    expect(await screen.findByText('Erro ao carregar os dados do candidato.')).toBeTruthy()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    await waitFor(() => expect(screen.getAllByText('Erro ao carregar')).toHaveLength(4))
  })
})
