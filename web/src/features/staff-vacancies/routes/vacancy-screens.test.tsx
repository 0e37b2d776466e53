import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, mockBff, renderRoute } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())
const me = () => ({ status: 200, body: { user: ADMIN } })
const vacancies = [
  {
    id: 1,
    description: 'Açougueiro',
    company_name: 'Supermercado Bom Preço',
    cnpj: '45723618000118',
    city: 'Natal',
    bairro: 'Ponta Negra',
    estado: 'RN',
    recrutador: 'Ana',
    obs: 'mostrar',
    status: 'aberta',
    vagas_abertas: 5,
    vagas_preenchidas: 2,
    candidates_count: 1200,
    requirements: ['CNH categoria B'],
    benefits: [],
    criterios: [],
  },
  {
    id: 2,
    description: 'Caixa',
    company_name: 'Farmácia Vida Nova',
    cnpj: '',
    city: 'Mossoró',
    bairro: null,
    estado: 'rio_grande_do_norte',
    recrutador: null,
    obs: 'nao mostrar',
    status: 'triagem',
    vagas_abertas: 1,
    vagas_preenchidas: 3,
    candidates_count: 0,
    requirements: [],
    benefits: [],
    criterios: [],
  },
]

describe('VagasAdmin', () => {
  it('shows counts, CNPJ display rules, open positions and the two buttons per row', async () => {
    mockBff({ 'GET /bff/auth/session': me, 'GET /bff/vacancies': () => ({ status: 200, body: { vacancies } }) })
    renderRoute('/administracao_de_vagas')
    expect(await screen.findByText('2 vagas · 1 aberta')).toBeTruthy()
    const row = (name: string) => screen.getAllByRole('row').find((r) => within(r).queryByText(name))!
    const first = row('Açougueiro')
    expect(within(first).getByText('45.723.618/0001-18')).toBeTruthy()
    expect(within(first).getByText('3 de 5')).toBeTruthy()
    expect(within(first).getByRole('link', { name: 'Candidatos de Açougueiro' }).getAttribute('href')).toBe('/vagas/acougueiro-supermercado-bom-preco-natal-1/lista-candidatos')
    expect(within(first).getByRole('link', { name: 'Editar Açougueiro' }).getAttribute('href')).toBe('/processos_seletivos/1/edit')
    const second = row('Caixa')
    expect(within(second).getAllByText('Não informado')).toHaveLength(2)
    expect(within(second).getByText('0 de 1')).toBeTruthy()
  })
  it('filters by text and visibility, and says when nothing matches', async () => {
    mockBff({ 'GET /bff/auth/session': me, 'GET /bff/vacancies': () => ({ status: 200, body: { vacancies } }) })
    renderRoute('/administracao_de_vagas')
    await screen.findByText('Caixa')
    await userEvent.selectOptions(screen.getByLabelText('Visibilidade'), 'nao mostrar')
    expect(screen.queryByText('Açougueiro')).toBeNull()
    await userEvent.type(screen.getByLabelText('Buscar'), 'natal')
    // Only the filter matches nothing — vacancies exist.
    expect(await screen.findByText('Nenhuma vaga corresponde aos filtros.')).toBeTruthy()
    expect(screen.queryByText('Nenhuma vaga cadastrada.')).toBeNull()
  })
})

describe('vacancy form', () => {
  it('creates a vacancy with the masked CNPJ sent as digits, trimmed lists, and opens the vacancy', async () => {
    const { calls } = mockBff({
      'GET /bff/auth/session': me,
      'POST /bff/vacancies': () => ({ status: 201, body: { vacancy: { id: 9, description: 'Repositor', company_name: 'Atacarejo Nordeste', city: 'Fortaleza' } } }),
      'GET /bff/vacancies': () => ({ status: 200, body: { vacancies } }),
    })
    const { router } = renderRoute('/nova_vaga')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/Título da vaga/), 'Operador de Empilhadeira')
    await user.type(screen.getByLabelText(/Nome da Empresa/), 'Mercado Central')
    await user.type(screen.getByLabelText('CNPJ da Empresa'), '45723618000118')
    expect((screen.getByLabelText('CNPJ da Empresa') as HTMLInputElement).value).toBe('45.723.618/0001-18')
    await user.selectOptions(screen.getByLabelText('Estado'), 'ceara')
    await user.type(screen.getByLabelText('Requisitos'), '  CNH categoria B  {Enter}')
    await user.type(screen.getByLabelText('Requisitos'), '   {Enter}')
    await user.type(screen.getByLabelText('Benefícios'), 'Vale-transporte{Enter}')
    await user.click(screen.getByRole('button', { name: 'Remover Vale-transporte' }))
    await user.clear(screen.getByLabelText('Vagas Solicitadas'))
    await user.type(screen.getByLabelText('Vagas Solicitadas'), '4')
    await user.type(screen.getByLabelText('Descrição da vaga'), 'Operar a empilhadeira no depósito.')
    await user.selectOptions(screen.getByLabelText('Tipo de contrato'), 'CLT (efetivo)')
    await user.selectOptions(screen.getByLabelText('Modelo de trabalho'), 'Presencial')
    await user.type(screen.getByLabelText('Salário de (R$ por mês)'), '1.800')
    await user.type(screen.getByLabelText('Salário até (R$ por mês)'), '2200,50')
    await user.type(screen.getByLabelText('Jornada'), '44h semanais')
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/vagas/repositor-atacarejo-nordeste-fortaleza-9/lista-candidatos'))
    const sent = calls.find((c) => c.method === 'POST')!.body
    expect(sent).toMatchObject({
      description: 'Operador de Empilhadeira',
      cnpj: '45723618000118',
      estado: 'ceara',
      requirements: ['CNH categoria B'],
      benefits: [],
      vagas_abertas: 4,
      vagas_preenchidas: 0,
      obs: 'nao mostrar',
      status: 'aberta',
      details: {
        about: 'Operar a empilhadeira no depósito.',
        salary_min: 1800,
        salary_max: 2200.5,
        salary_negotiable: false,
        contract: 'clt',
        work_model: 'presencial',
        hours: '44h semanais',
      },
    })
    expect(await screen.findByText('Nova vaga criada com sucesso!')).toBeTruthy()
  })
  it('refuses a salary that is not an amount, or a maximum below the minimum, at the field', async () => {
    const { calls } = mockBff({ 'GET /bff/auth/session': me, 'GET /bff/vacancies': () => ({ status: 200, body: { vacancies } }) })
    renderRoute('/nova_vaga')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/Título da vaga/), 'Caixa')
    await user.type(screen.getByLabelText(/Nome da Empresa/), 'Mercado')
    await user.type(screen.getByLabelText('Salário de (R$ por mês)'), 'dois mil')
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(await screen.findByText('Informe um valor em reais, como 1.800 ou 1800,50.')).toBeTruthy()
    await user.clear(screen.getByLabelText('Salário de (R$ por mês)'))
    await user.type(screen.getByLabelText('Salário de (R$ por mês)'), '3000')
    await user.type(screen.getByLabelText('Salário até (R$ por mês)'), '2000')
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(await screen.findByText('O salário máximo não pode ser menor que o mínimo.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
  })
  it('refuses more positions filled than opened, and a field’s error goes once the field is changed', async () => {
    const { calls } = mockBff({ 'GET /bff/auth/session': me, 'GET /bff/vacancies': () => ({ status: 200, body: { vacancies } }) })
    renderRoute('/nova_vaga')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/Título da vaga/), 'Repositor')
    await user.type(screen.getByLabelText(/Nome da Empresa/), 'Mercado Central')
    await user.clear(screen.getByLabelText('Vagas Solicitadas'))
    await user.type(screen.getByLabelText('Vagas Solicitadas'), '3')
    await user.clear(screen.getByLabelText('Vagas Preenchidas'))
    await user.type(screen.getByLabelText('Vagas Preenchidas'), '5')
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(await screen.findByText('As vagas preenchidas (5) não podem passar das vagas abertas (3).')).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    await user.clear(screen.getByLabelText('Vagas Preenchidas'))
    await user.type(screen.getByLabelText('Vagas Preenchidas'), '2')
    expect(screen.queryByText(/não podem passar das vagas abertas/)).toBeNull()
  })
  it('needs a description and a company, starts hidden, and offers the known recruiters', async () => {
    const { calls } = mockBff({ 'GET /bff/auth/session': me, 'GET /bff/vacancies': () => ({ status: 200, body: { vacancies } }) })
    renderRoute('/nova_vaga')
    const user = userEvent.setup()
    expect((await screen.findByLabelText('Visibilidade da Vaga')) as HTMLSelectElement).toHaveProperty('value', 'nao mostrar')
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(await screen.findByText('Preencha o título da vaga.')).toBeTruthy()
    expect(screen.getByText('Preencha o nome da empresa.')).toBeTruthy()
    expect(document.activeElement?.id).toBe('description')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    const recruiter = screen.getByLabelText(/Recrutador/)
    const options = [...document.querySelectorAll(`#${recruiter.getAttribute('list')} option`)].map((o) => (o as HTMLOptionElement).value)
    expect(options.length).toBeGreaterThan(0)
    expect(options).toEqual([...new Set(vacancies.map((v) => String(v.recrutador ?? '').trim()).filter(Boolean))].sort((a, b) => a.localeCompare(b, 'pt-BR')))
  })
  it('refuses negative positions and shows the failure message from the server', async () => {
    mockBff({ 'GET /bff/auth/session': me, 'POST /bff/vacancies': () => ({ status: 502, body: { message: 'Indisponível' } }) })
    renderRoute('/nova_vaga')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/Título da vaga/), 'Caixa')
    await user.type(screen.getByLabelText(/Nome da Empresa/), 'Mercado')
    await user.clear(screen.getByLabelText('Vagas Preenchidas'))
    await user.type(screen.getByLabelText('Vagas Preenchidas'), '-1')
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(await screen.findByText('Informe um número inteiro a partir de 0.')).toBeTruthy()
    await user.clear(screen.getByLabelText('Vagas Preenchidas'))
    await user.type(screen.getByLabelText('Vagas Preenchidas'), '0')
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Ocorreu um erro ao enviar o formulário.')
  })
  it('edits the route’s vacancy, reading the UF spelling of its state', async () => {
    const { calls } = mockBff({
      'GET /bff/auth/session': me,
      'GET /bff/vacancies/1': () => ({ status: 200, body: { vacancy: vacancies[0] } }),
      'PUT /bff/vacancies/1': () => ({ status: 200, body: { vacancy: vacancies[0] } }),
      'GET /bff/vacancies': () => ({ status: 200, body: { vacancies } }),
    })
    renderRoute('/processos_seletivos/1/edit')
    expect(await screen.findByDisplayValue('Açougueiro')).toBeTruthy()
    expect((screen.getByLabelText('Estado') as HTMLSelectElement).value).toBe('rio_grande_do_norte')
    expect((screen.getByLabelText('CNPJ da Empresa') as HTMLInputElement).value).toBe('45.723.618/0001-18')
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ description: 'Açougueiro', requirements: ['CNH categoria B'], vagas_preenchidas: 2 })
  })
})
