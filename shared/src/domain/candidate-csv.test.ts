import { describe, expect, it } from 'vitest'
import { CANDIDATE_CSV_COLUMNS, candidateCsvRow, neutraliseFormula } from './candidate-csv.ts'

describe('candidate CSV (docs/product.md, CSV columns, docs/architecture.md)', () => {
  it('has the spec’s 13 columns in order', () => {
    expect(CANDIDATE_CSV_COLUMNS).toEqual([
      'Nome',
      'Email',
      'WhatsApp',
      'Idade',
      'Gênero',
      'Cidade',
      'Estado',
      'Escolaridade',
      'Curso',
      'PCD',
      'Última Ação',
      'Status',
      'Observações',
    ])
  })
  it('reads each column, with labels for PCD, status, last action and options, and Brazilian formats', () => {
    const row = candidateCsvRow({
      full_name: 'João Araújo',
      email: 'j@x.com',
      whatsapp: '85 9',
      age: 0,
      genero: 'masculino',
      address_city: 'Fortaleza',
      address_state: 'ceara',
      education: 'ensino médio completo',
      curso: null,
      is_pcd: true,
      status: 'entrar_contato',
      obs: 'Ligar',
      created_at: '2026-11-01T12:00:00Z',
      updated_at: '2026-11-02T13:05:00Z',
    })
    expect(row).toEqual([
      'João Araújo',
      'j@x.com',
      '85 9',
      '0',
      'Masculino',
      'Fortaleza',
      'CE',
      'Ensino médio completo',
      '',
      'Sim',
      'Observação adicionada em 02/11/2026, 10:05',
      'Entrar em Contato',
      'Ligar',
    ])
    expect(candidateCsvRow({ status: 'pendente' })[11]).toBe('Sem Status')
    expect(candidateCsvRow({})[10]).toBe('Sem ações')
  })
  it('neutralises formula-like cells', () => {
    for (const bad of ['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '＝1', '＋1', '－1', '＠A1']) expect(neutraliseFormula(bad).startsWith("'")).toBe(true)
    for (const ok of ['Maria', '85 98877-6655', '', 'a=b']) expect(neutraliseFormula(ok)).toBe(ok)
  })
})
