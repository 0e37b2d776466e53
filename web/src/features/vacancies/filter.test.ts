import { describe, expect, it } from 'vitest'
import { filterVacancies } from './filter.ts'

const v = (id: number, city: string, company_name: string) => ({ id, city, company_name, description: 'x', bairro: null, requirements: [], benefits: [] })
const list = [v(1, 'Mossoró', 'Farmácia Vida Nova'), v(2, 'Fortaleza', 'Supermercado Bom Preço'), v(3, 'Natal', 'Padaria São João')]

describe('filterVacancies', () => {
  it('matches city or company, without accents or case', () => {
    expect(filterVacancies(list, 'mossoro').map((x) => x.id)).toEqual([1])
    expect(filterVacancies(list, 'BOM PRECO').map((x) => x.id)).toEqual([2])
    expect(filterVacancies(list, 'sao joao').map((x) => x.id)).toEqual([3])
  })
  it('keeps everything for an empty or blank query and nothing for no match', () => {
    expect(filterVacancies(list, '   ')).toHaveLength(3)
    expect(filterVacancies(list, 'recife')).toEqual([])
  })
  it('does not match other fields', () => {
    expect(filterVacancies(list, 'x')).toEqual([])
  })
})
