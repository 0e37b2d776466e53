import { describe, expect, it } from 'vitest'
import { searchVacancies, searchWords } from './vacancy-search.ts'

const v = (id: number, description: string, city: string, company_name: string, bairro: string | null = null) => ({ id, description, city, company_name, bairro })
const list = [
  v(1, 'Caixa', 'Mossoró', 'Farmácia Vida Nova', 'Centro'),
  v(2, 'Repositor', 'Fortaleza', 'Supermercado Bom Preço', 'Aldeota'),
  v(3, 'Padeiro', 'Natal', 'Padaria São João', 'Lagoa Nova'),
  v(4, 'Açougueiro', 'Natal', 'Mercadinho Natal'),
  v(5, 'Auxiliar de Padaria', 'Fortaleza', 'Empadas da Vovó', 'Benfica'),
]
const ids = (query: string) => searchVacancies(list, query).map((x) => x.id)

describe('searchVacancies', () => {
  it('finds by title, city, neighbourhood or company, without accents or case', () => {
    expect(ids('padeiro')).toEqual([3])
    expect(ids('MOSSORO')).toEqual([1])
    expect(ids('aldeota')).toEqual([2])
    expect(ids('bom preco')).toEqual([2])
  })
  it('needs every word, in any order, each anywhere among those fields', () => {
    expect(ids('acougueiro natal')).toEqual([4])
    expect(ids('natal açougueiro')).toEqual([4])
    expect(ids('padeiro fortaleza')).toEqual([])
  })
  it('matches the start of a word, not its middle', () => {
    expect(ids('pad')).toEqual([3, 5])
    expect(ids('empada')).toEqual([5])
    expect(ids('adeiro')).toEqual([])
  })
  it('puts vacancies whose title holds the words first, and keeps the list order otherwise', () => {
    expect(ids('natal')).toEqual([3, 4])
    expect(ids('padaria')).toEqual([5, 3])
  })
  it('drops words that say nothing, unless nothing else was asked', () => {
    expect(searchWords('Vagas de padeiro em Natal')).toEqual(['padeiro', 'natal'])
    expect(ids('vaga de padeiro em natal')).toEqual([3])
    expect(searchWords('de')).toEqual(['de'])
    expect(ids('  ')).toEqual([1, 2, 3, 4, 5])
    expect(ids('recife')).toEqual([])
  })
})
