import { describe, expect, it } from 'vitest'
import { filterStaffVacancies, knownCompanies, openPositions, type StaffVacancyFilters } from './filter.ts'

const v = (id: number, extra: Record<string, unknown>) => ({
  id,
  description: 'Caixa',
  company_name: 'Loja',
  city: 'Natal',
  recrutador: 'Ana',
  obs: 'mostrar',
  status: 'aberta',
  estado: 'RN',
  ...extra,
})
const list = [
  v(1, { description: 'Açougueiro' }),
  v(2, { obs: 'nao mostrar', city: 'Mossoró' }),
  v(3, { recrutador: 'Fábio Nogueira', company_name: 'Padaria Pão', estado: 'ceara', status: 'concluida' }),
]
const by = (filters: Partial<StaffVacancyFilters>) => filterStaffVacancies(list, { text: '', visibility: 'all', ...filters }).map((x) => x.id)

describe('staff vacancy filters', () => {
  it('filter by text over description, company, city and recruiter', () => {
    expect(by({ text: 'acougue' })).toEqual([1])
    expect(by({ text: 'mossoro' })).toEqual([2])
    expect(by({ text: 'fabio' })).toEqual([3])
  })
  it('finds every word in any order, across fields, without accents ("acougueiro natal")', () => {
    expect(by({ text: 'acougueiro natal' })).toEqual([1])
    expect(by({ text: 'NATAL Açougueiro' })).toEqual([1])
    expect(by({ text: 'acougueiro mossoro' })).toEqual([])
  })
  it('filter by visibility, and the hidden ones a company asked for', () => {
    expect(filterStaffVacancies([...list, v(4, { obs: 'nao mostrar', awaitingPublication: true })], { text: '', visibility: 'aguardando' }).map((x) => x.id)).toEqual([4])
    expect(by({ visibility: 'nao mostrar' })).toEqual([2])
    expect(by({ visibility: 'mostrar' })).toEqual([1, 3])
  })
  it('filter by status, company, recruiter and state, whatever the accents, case and spelling of the state', () => {
    expect(by({ status: 'concluida' })).toEqual([3])
    expect(by({ company: 'padaria pao' })).toEqual([3])
    expect(by({ recruiter: 'fabio nogueira' })).toEqual([3])
    expect(by({ estado: 'ceara' })).toEqual([3])
    expect(by({ estado: 'rio_grande_do_norte' }).length + by({ estado: 'ceara' }).length).toBeLessThanOrEqual(3)
  })
  it('lists the companies once each', () => {
    expect(knownCompanies([...list, v(5, { company_name: 'LOJA ' })])).toEqual(['Loja', 'Padaria Pão'])
  })
  it('count open positions as requested minus filled, not below zero', () => {
    expect(openPositions({ vagas_abertas: 5, vagas_preenchidas: 2 })).toBe(3)
    expect(openPositions({ vagas_abertas: 1, vagas_preenchidas: 3 })).toBe(0)
    expect(openPositions({ vagas_abertas: null, vagas_preenchidas: undefined })).toBe(0)
  })
})
