import { describe, expect, it } from 'vitest'
import { biasCsvRows, biasGroups, biasReport } from './screening-bias.ts'

type Outcome = 'triado' | 'revisao' | 'nao_triado' | null
/** `n` candidates alike, the first `selected` triado, the rest alternating revisão / não triado. */
const people = (n: number, selected: number, candidate: Record<string, unknown>) =>
  Array.from({ length: n }, (_, i) => ({ outcome: (i < selected ? 'triado' : i % 2 ? 'revisao' : 'nao_triado') as Outcome, candidate }))

// Hand-computed: 45 screened (and one pending, left out).
//   A: feminino, PcD, 20 anos, CE (spelled three ways) — 10, 4 triados
//   B: feminino, não PcD, 30 anos, CE — 10, 3 triados
//   C: masculino, não PcD, 30 anos, RN — 20, 10 triados
//   D: outro, PcD não informado, idade e estado não informados — 5, 5 triados (too small to judge)
const fixture = [
  ...people(4, 4, { genero: 'feminino', is_pcd: true, age: 20, address_state: 'ceara' }),
  ...people(3, 0, { genero: 'Feminino', is_pcd: true, age: 20, address_state: 'CE' }),
  ...people(3, 0, { genero: 'feminino', is_pcd: true, age: 20, address_state: 'Ceará' }),
  ...people(10, 3, { genero: 'feminino', is_pcd: false, age: 30, address_state: 'CE' }),
  ...people(20, 10, { genero: 'masculino', is_pcd: false, age: 30, address_state: 'rio_grande_do_norte' }),
  ...people(5, 5, { genero: 'outro', is_pcd: null, age: null, address_state: null }),
  { outcome: null, candidate: { genero: 'masculino', is_pcd: false, age: 30, address_state: 'RN' } },
]

describe('bias report', () => {
  const report = biasReport(fixture)
  const group = (dimension: string, name: string) => report.groups.find((g) => g.dimension === dimension && g.group === name)!
  it('counts selection rates per group over the screened candidates only', () => {
    expect(report.screened).toBe(45)
    expect(group('genero', 'Feminino')).toMatchObject({ total: 20, selected: 7, rate: 0.35, small: false })
    expect(group('genero', 'Masculino')).toMatchObject({ total: 20, selected: 10, rate: 0.5, ratio: 1, flagged: false })
    expect(group('pcd', 'PcD')).toMatchObject({ total: 10, selected: 4, rate: 0.4 })
    expect(group('pcd', 'Não PcD')).toMatchObject({ total: 30, selected: 13 })
    expect(group('faixa_etaria', '18 a 24')).toMatchObject({ total: 10, selected: 4 })
    expect(group('faixa_etaria', '25 a 34')).toMatchObject({ total: 30, selected: 13 })
    expect(group('estado', 'Ceará (CE)')).toMatchObject({ total: 20, selected: 7 })
    expect(group('estado', 'Rio Grande do Norte (RN)')).toMatchObject({ total: 20, selected: 10 })
  })
  it('gives impact ratios against the highest judged rate and warns under 0.8', () => {
    expect(group('genero', 'Feminino')).toMatchObject({ ratio: 0.7, flagged: true })
    expect(group('pcd', 'PcD').ratio).toBeCloseTo(0.4 / (13 / 30), 10)
    expect(group('pcd', 'PcD').flagged).toBe(false)
    expect(group('estado', 'Ceará (CE)')).toMatchObject({ ratio: 0.7, flagged: true })
    expect(report.warnings).toEqual([
      'Gênero — Feminino: taxa de seleção de 35%, razão de impacto 0,70 frente a Masculino (50%), abaixo de 0,80.',
      'Estado — Ceará (CE): taxa de seleção de 35%, razão de impacto 0,70 frente a Rio Grande do Norte (RN) (50%), abaixo de 0,80.',
    ])
  })
  it('marks groups too small to judge: no ratio, no warning, and they never set the highest rate', () => {
    // Group D selected 5 of 5 (100%): judged, it would flag every other group.
    for (const [dimension, name] of [
      ['genero', 'Outro'],
      ['pcd', 'Não informado'],
      ['faixa_etaria', 'Não informado'],
      ['estado', 'Não informado'],
    ] as const)
      expect(group(dimension, name)).toMatchObject({ total: 5, selected: 5, small: true, ratio: null, flagged: false })
  })
  it('does not warn at exactly four fifths', () => {
    const even = biasReport([...people(10, 4, { genero: 'feminino' }), ...people(10, 5, { genero: 'masculino' })])
    expect(even.groups.find((g) => g.group === 'Feminino')).toMatchObject({ ratio: 0.8, flagged: false })
    expect(even.warnings).toEqual([])
  })
  it('judges nothing when nobody was selected', () => {
    const none = biasReport(people(20, 0, { genero: 'feminino' }))
    expect(none.groups.every((g) => g.ratio === null && !g.flagged)).toBe(true)
  })
  it('reads every spelling of a group the same', () => {
    expect(biasGroups({ genero: ' FEMININO ', is_pcd: true, age: 17, address_state: 'rio grande do norte' })).toEqual({
      genero: 'Feminino',
      pcd: 'PcD',
      faixa_etaria: 'Menos de 18',
      estado: 'Rio Grande do Norte (RN)',
    })
    expect(biasGroups({ age: 70 }).faixa_etaria).toBe('Mais de 65')
  })
  it('exports as CSV rows with the situation in words', () => {
    const rows = biasCsvRows(report)
    expect(rows[0]).toEqual(['Dimensão', 'Grupo', 'Candidatos', 'Triados', 'Taxa de seleção', 'Razão de impacto', 'Situação'])
    expect(rows).toContainEqual(['Gênero', 'Feminino', '20', '7', '35%', '0,70', 'abaixo de 0,80'])
    expect(rows).toContainEqual(['Gênero', 'Outro', '5', '5', '100%', '', 'grupo pequeno demais (menos de 10)'])
    expect(rows).toContainEqual(['Gênero', 'Masculino', '20', '10', '50%', '1,00', 'ok'])
  })
})
