import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { GLOBAL_RANGE_MESSAGE, screeningRange, todayDate } from '@mini-vagas/shared/domain/dates'
import { ADMIN, mockBff, renderRoute, type Handler } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())

const vacancies = [
  {
    id: 1,
    description: 'Operador de Caixa',
    company_name: 'Mercadinho São Luiz',
    city: 'Fortaleza',
    bairro: 'Centro',
    recrutador: 'Ana Paula Lima',
    obs: 'mostrar',
    candidates_count: 42,
    requirements: ['Ensino médio completo'],
    criterios: ['CNH categoria B'],
  },
  {
    id: 2,
    description: 'Repositor',
    company_name: 'Atacarejo Nordeste',
    city: 'Maracanaú',
    recrutador: 'João Souza',
    obs: 'mostrar',
    candidates_count: 7,
    requirements: [],
    criterios: [],
  },
  {
    id: 3,
    description: 'Operador de Caixa',
    company_name: 'Vaga Oculta',
    city: 'Natal',
    recrutador: 'Ana Paula Lima',
    obs: 'nao mostrar',
    candidates_count: 3,
    requirements: [],
    criterios: [],
  },
]
const candidates = [
  { id: 10, full_name: 'Maria Silva', age: 25, address_city: 'Fortaleza', education: 'ensino médio completo', status: 'pendente', created_at: '2026-11-20T12:00:00Z' },
  { id: 11, full_name: 'José Lima', age: 70, address_city: 'Fortaleza', education: 'ensino médio completo', status: '', created_at: '2026-11-21T12:00:00Z' },
]
const RUN = '11111111-2222-3333-4444-555555555555'
const runView = (status: string, apply: unknown = null) => ({
  run: {
    id: RUN,
    mode: 'empresa',
    provider: 'rules',
    status,
    total: 2,
    done: status === 'screening' ? 0 : 2,
    message: status === 'done' ? 'Triagem concluída! 1 candidatos triados.' : null,
    createdAt: '2026-11-22T12:00:00Z',
    updatedAt: '2026-11-22T12:00:00Z',
    vacancy: vacancies[0],
    model: null,
    fieldsSent: [],
  },
  counts: status === 'screening' ? { triado: 0, revisao: 0, nao_triado: 0, pendente: 2 } : { triado: 1, revisao: 0, nao_triado: 1, pendente: 0 },
  results:
    status === 'screening'
      ? []
      : [
          {
            candidateId: 10,
            name: 'Maria Silva',
            outcome: 'triado',
            explanation: 'Atende aos critérios: idade 25 anos, mora na mesma cidade da vaga.',
            evidence: [
              { key: 'idade', label: 'Idade de 18 a 65 anos', hard: true, status: 'atende', field: 'Idade', value: '25 anos', by: 'regras' },
              { key: 'distancia', label: 'Mora a até 30 km da vaga', hard: true, status: 'atende', field: 'Cidade e bairro', value: 'Fortaleza / Centro', by: 'regras' },
            ],
          },
          {
            candidateId: 11,
            name: 'José Lima',
            outcome: 'nao_triado',
            explanation: 'Idade 70 fora da faixa geral de 18 a 65 anos.',
            evidence: [{ key: 'idade', label: 'Idade de 18 a 65 anos', hard: true, status: 'nao_atende', field: 'Idade', value: '70 anos', by: 'regras' }],
          },
        ],
  bias:
    status === 'done'
      ? {
          screened: 2,
          minGroup: 10,
          floor: 0.8,
          groups: [
            { dimension: 'genero', dimensionLabel: 'Gênero', group: 'Feminino', total: 12, selected: 3, rate: 0.25, ratio: 0.5, small: false, flagged: true },
            { dimension: 'genero', dimensionLabel: 'Gênero', group: 'Masculino', total: 10, selected: 5, rate: 0.5, ratio: 1, small: false, flagged: false },
            { dimension: 'pcd', dimensionLabel: 'PcD', group: 'PcD', total: 2, selected: 1, rate: 0.5, ratio: null, small: true, flagged: false },
          ],
          warnings: ['Gênero — Feminino: taxa de seleção de 25%, razão de impacto 0,50 frente a Masculino (50%), abaixo de 0,80.'],
        }
      : null,
  apply,
})

function bff(extra: Record<string, Handler> = {}) {
  return mockBff({
    'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }),
    'GET /bff/vacancies': () => ({ status: 200, body: { vacancies } }),
    'GET /bff/screening/provider': () => ({ status: 200, body: { provider: 'rules', model: null, fieldsSent: [] } }),
    ...extra,
  })
}

async function pickVacancy(text: string, option: RegExp) {
  const box = await screen.findByRole('combobox', { name: 'Vaga' })
  fireEvent.change(box, { target: { value: text } })
  fireEvent.click(await screen.findByRole('option', { name: option }))
}

describe('TriagemAI', () => {
  it('says the rules provider is in use, and offers each mode its quick ranges', async () => {
    bff()
    renderRoute('/triagem-ai')
    expect(await screen.findByRole('note')).toHaveProperty('textContent', expect.stringContaining('Nenhuma chave de IA configurada'))
    const tabs = screen.getByRole('tablist', { name: 'Tipo de triagem' })
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Triagem por empresa', 'Triagem global'])
    expect(screen.getByRole('button', { name: 'Último mês' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Todos os candidatos' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Todos os candidatos' }))
    expect((screen.getByLabelText('Data inicial') as HTMLInputElement).value).toBe('2020-01-01')

    fireEvent.mouseDown(within(tabs).getByRole('tab', { name: 'Triagem global' }))
    expect(await screen.findByRole('button', { name: 'Últimos 7 dias' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Últimos 6 meses' })).toBeTruthy()
    expect((screen.getByLabelText('Data inicial') as HTMLInputElement).value).toBe(screeningRange('last-7-days', todayDate()).start)
  })

  it('keeps a quick range inside the cap: the BFF moves it, and the form says so with formatted numbers', async () => {
    const message = 'Últimos 7 dias: 4.800 candidatos, acima do limite de 3.000 por triagem. O período foi ajustado para 23/11/2026 a 27/11/2026 (3.000 candidatos).'
    bff({ 'GET /bff/screening/fit?mode=global&kind=last-7-days': () => ({ status: 200, body: { start: '2026-11-23', end: '2026-11-27', total: 3000, clamped: true, message } }) })
    renderRoute('/triagem-ai')
    const tabs = await screen.findByRole('tablist', { name: 'Tipo de triagem' })
    fireEvent.mouseDown(within(tabs).getByRole('tab', { name: 'Triagem global' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Últimos 7 dias' }))
    expect(await screen.findByText(message)).toBeTruthy()
    expect((screen.getByLabelText('Data inicial') as HTMLInputElement).value).toBe('2026-11-23')
  })

  it('suggests only public vacancies matching the text, with candidate counts, and shows the chosen one with its criteria', async () => {
    bff()
    renderRoute('/triagem-ai')
    const box = await screen.findByRole('combobox', { name: 'Vaga' })
    fireEvent.change(box, { target: { value: 'ana paula' } })
    const options = await screen.findAllByRole('option')
    expect(options).toHaveLength(1)
    expect(options[0]!.textContent).toContain('42 candidatos')
    fireEvent.click(options[0]!)
    const info = await screen.findByRole('region', { name: 'Vaga selecionada' })
    expect(info.textContent).toContain('CNH categoria B')
    expect(info.textContent).toContain('Ana Paula Lima')
    fireEvent.click(screen.getByRole('button', { name: 'Limpar seleção' }))
    expect(screen.queryByRole('region', { name: 'Vaga selecionada' })).toBeNull()
  })

  it('needs a vacancy in company mode, and caps the global range at 6 months with the spec’s message', async () => {
    bff()
    renderRoute('/triagem-ai')
    fireEvent.click(await screen.findByRole('button', { name: 'Buscar candidatos' }))
    expect((await screen.findAllByText('Selecione uma vaga para executar a triagem')).length).toBeGreaterThan(0)
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Triagem global' }))
    const start = await screen.findByLabelText('Data inicial')
    fireEvent.change(start, { target: { value: '2025-01-01' } })
    expect((await screen.findAllByText(GLOBAL_RANGE_MESSAGE)).length).toBeGreaterThan(0)
    expect((screen.getByLabelText('Data inicial') as HTMLInputElement).value).toBe(screeningRange('last-7-days', todayDate()).start)
  })

  it('shows the legacy’s loading failures in the spec’s words', async () => {
    bff({ 'POST /bff/screening/candidates': () => ({ status: 429, body: { message: 'Muitas requisições. Aguarde alguns segundos e tente novamente.' } }) })
    renderRoute('/triagem-ai')
    await pickVacancy('caixa', /Operador de Caixa/)
    fireEvent.click(screen.getByRole('button', { name: 'Buscar candidatos' }))
    expect((await screen.findAllByText('Muitas requisições. Aguarde alguns segundos e tente novamente.')).length).toBeGreaterThan(0)
  })

  it('loads, screens, shows grouped results, applies and reports failures by name', async () => {
    let polls = 0
    let applying = false
    const applied = {
      status: 'applied',
      message: 'Resultados aplicados com sucesso! 0 candidatos atualizados. 1 candidatos não puderam ser atualizados.',
      notice: null,
      total: 1,
      processed: 1,
      updated: 0,
      sent: 0,
      skipped: 0,
      alreadyThere: 0,
      failed: 1,
      failures: [{ candidateId: 10, name: 'Maria Silva', kind: 'status', message: 'Erro ao processar candidato Maria Silva: o sistema respondeu com erro (HTTP 500)' }],
    }
    const { calls } = bff({
      'POST /bff/screening/candidates': () => ({ status: 200, body: { draftId: 'd1', total: 2, warnings: [], candidates } }),
      'POST /bff/screening/runs': () => ({ status: 202, body: runView('screening') }),
      [`GET /bff/screening/runs/${RUN}`]: () => ({ status: 200, body: applying ? runView('done', applied) : runView(++polls > 1 ? 'done' : 'screening') }),
      [`GET /bff/screening/runs/${RUN}/apply-preview`]: () => ({ status: 200, body: { changes: 1, forwards: 0, kept: [{ status: 'Contratado', count: 2 }] } }),
      [`POST /bff/screening/runs/${RUN}/apply`]: () => (
        (applying = true),
        { status: 202, body: runView('done', { ...applied, status: 'applying', message: null, processed: 0, failed: 0, failures: [] }) }
      ),
    })
    const { router } = renderRoute('/triagem-ai')
    await pickVacancy('caixa', /Operador de Caixa/)
    fireEvent.click(screen.getByRole('button', { name: 'Buscar candidatos' }))
    const table = await screen.findByRole('table', { name: 'Candidatos carregados para a triagem' })
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(table.textContent).toContain('Sem Status')

    fireEvent.click(screen.getByRole('button', { name: 'Executar triagem' }))
    expect(await screen.findByText('Triando candidatos: 0 de 2')).toBeTruthy()
    expect(router.state.location.search).toBe(`?triagem=${RUN}`)
    expect((await screen.findAllByText('Triagem concluída! 1 candidatos triados.', {}, { timeout: 4000 })).length).toBeGreaterThan(0)
    const triados = screen.getByRole('region', { name: 'Triados (1)' })
    expect(triados.textContent).toContain('Maria Silva')
    expect(triados.textContent).toContain('mora na mesma cidade da vaga')
    expect(screen.getByRole('region', { name: 'Não triados (1)' }).textContent).toContain('Idade 70 fora da faixa geral')
    // Each result's criteria, collapsed; the bias report with its warning and CSV; what left the system.
    const criteria = within(triados).getByText('Critérios (2 de 2 atendidos)').closest('details')!
    expect(criteria.open).toBe(false)
    expect(criteria.textContent).toContain('Atende Idade de 18 a 65 anos (regra fixa) — Idade: 25 anos')
    const bias = screen.getByRole('region', { name: 'Relatório de vieses' })
    expect(within(bias).getByRole('alert').textContent).toContain('Gênero — Feminino: taxa de seleção de 25%, razão de impacto 0,50')
    expect(within(bias).getByRole('table', { name: 'PcD' }).textContent).toContain('grupo pequeno demais')
    expect(within(bias).getByRole('link', { name: 'Baixar relatório de vieses (CSV)' }).getAttribute('href')).toBe(`/bff/screening/runs/${RUN}/bias.csv`)
    expect(screen.getByText(/Nenhum dado de candidato saiu do sistema/)).toBeTruthy()
    expect(calls.find((c) => c.path === '/bff/screening/candidates')!.body).toEqual({
      mode: 'empresa',
      vacancyId: 1,
      start_date: screeningRange('last-month', todayDate()).start,
      end_date: todayDate(),
    })
    // The run screens the loaded set itself (its draft), never a second read.
    expect(calls.find((c) => c.path === '/bff/screening/runs')!.body).toEqual({ draftId: 'd1' })

    // Nothing is written before the recruiter confirms what will change and who is kept.
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar Resultados' }))
    const confirm = await screen.findByRole('dialog', { name: 'Aplicar resultados da triagem?' })
    expect(confirm.textContent).toContain('1 candidato terá o status alterado para Triado ou Revisão')
    expect(confirm.textContent).toContain('2 candidatos serão mantidos no status atual, pois já avançaram além da triagem: Contratado (2).')
    expect(within(confirm).getByRole('alert').textContent).toContain('Gênero — Feminino')
    expect(confirm.textContent).toContain('Ninguém é reprovado')
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/apply'))).toBe(false)
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmar e aplicar' }))
    expect((await screen.findAllByText('Erro ao processar candidato Maria Silva: o sistema respondeu com erro (HTTP 500)', {}, { timeout: 4000 })).length).toBeGreaterThan(0)
    await waitFor(() => expect(screen.getAllByText(applied.message).length).toBeGreaterThan(0))
  }, 15_000)

  it('a person reviews a verdict: decision and reason required, saved, then shown with their name', async () => {
    let reviewed = false
    const review = { by: 'Ana Admin', decision: 'nao_triado', reason: 'Sem disponibilidade à noite.', at: '2026-11-22T15:00:00Z' }
    const withReview = () => {
      const view = runView('done')
      if (reviewed) (view.results[0] as Record<string, unknown>).review = review
      return view
    }
    const { calls } = bff({
      [`GET /bff/screening/runs/${RUN}`]: () => ({ status: 200, body: withReview() }),
      [`PUT /bff/screening/runs/${RUN}/results/10/review`]: () => ((reviewed = true), { status: 200, body: { ...withReview().results[0], review } }),
    })
    renderRoute(`/triagem-ai?triagem=${RUN}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Revisar Maria Silva' }))
    const dialog = await screen.findByRole('dialog', { name: 'Revisar veredito — Maria Silva' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar revisão' }))
    expect(await within(dialog).findByText('Informe o motivo da revisão.')).toBeTruthy()
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Não triado' }))
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), { target: { value: 'Sem disponibilidade à noite.' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar revisão' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ decision: 'nao_triado', reason: 'Sem disponibilidade à noite.' })
    expect((await screen.findByText(/Revisado por Ana Admin em 22\/11\/2026/)).textContent).toContain('Não triado — Sem disponibilidade à noite.')
    expect(screen.getByRole('button', { name: 'Alterar revisão Maria Silva' })).toBeTruthy()
  })

  it('27. shows the model’s justifications as text, never as HTML', async () => {
    const hostile = runView('done')
    hostile.results[0]!.explanation = '<img src=x onerror="alert(1)"><b>TRIADO</b>'
    bff({ [`GET /bff/screening/runs/${RUN}`]: () => ({ status: 200, body: hostile }) })
    renderRoute(`/triagem-ai?triagem=${RUN}`)
    const triados = await screen.findByRole('region', { name: 'Triados (1)' })
    expect(triados.textContent).toContain('<img src=x onerror="alert(1)"><b>TRIADO</b>')
    expect(triados.querySelector('img')).toBeNull()
    expect(triados.querySelector('b')).toBeNull()
  })

  it('brings a run back from the address after a reload', async () => {
    bff({ [`GET /bff/screening/runs/${RUN}`]: () => ({ status: 200, body: runView('done') }) })
    renderRoute(`/triagem-ai?triagem=${RUN}`)
    expect(await screen.findByRole('region', { name: 'Triados (1)' })).toBeTruthy()
    expect((await screen.findByRole('region', { name: 'Vaga selecionada' })).textContent).toContain('Operador de Caixa')
  })
})
