import { describe, expect, it } from 'vitest'
import { filterStaffVacancies, openPositions } from './filter.ts'

const v = (id: number, extra: Record<string, unknown>) => ({ id, description: 'Caixa', company_name: 'Loja', city: 'Natal', recrutador: 'Ana', obs: 'mostrar', ...extra })
const list = [v(1, { description: 'Açougueiro' }), v(2, { obs: 'nao mostrar', city: 'Mossoró' }), v(3, { recrutador: 'Fábio Nogueira' })]

describe('staff vacancy filters', () => {
  it('filter by text over description, company, city and recruiter', () => {
    expect(filterStaffVacancies(list, 'acougue', 'all').map((x) => x.id)).toEqual([1])
    expect(filterStaffVacancies(list, 'mossoro', 'all').map((x) => x.id)).toEqual([2])
    expect(filterStaffVacancies(list, 'fabio', 'all').map((x) => x.id)).toEqual([3])
  })
  it('finds every word in any order, across fields, without accents ("acougueiro natal")', () => {
    expect(filterStaffVacancies(list, 'acougueiro natal', 'all').map((x) => x.id)).toEqual([1])
    expect(filterStaffVacancies(list, 'NATAL Açougueiro', 'all').map((x) => x.id)).toEqual([1])
    expect(filterStaffVacancies(list, 'acougueiro mossoro', 'all')).toEqual([])
  })
  it('filter by visibility, and the hidden ones a company asked for', () => {
    expect(filterStaffVacancies([...list, v(4, { obs: 'nao mostrar', awaitingPublication: true })], '', 'aguardando').map((x) => x.id)).toEqual([4])
    expect(filterStaffVacancies(list, '', 'nao mostrar').map((x) => x.id)).toEqual([2])
    expect(filterStaffVacancies(list, '', 'mostrar').map((x) => x.id)).toEqual([1, 3])
  })
  it('count open positions as requested minus filled, not below zero', () => {
    expect(openPositions({ vagas_abertas: 5, vagas_preenchidas: 2 })).toBe(3)
    expect(openPositions({ vagas_abertas: 1, vagas_preenchidas: 3 })).toBe(0)
    expect(openPositions({ vagas_abertas: null, vagas_preenchidas: undefined })).toBe(0)
  })
})
