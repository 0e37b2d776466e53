import { describe, expect, it } from 'vitest'
import { forwardTargets, vacancySuggestions } from './vacancy-suggestions.ts'

const v = (id: number, fields: Record<string, string>, obs = 'mostrar') => ({ id, obs, ...fields })
const list = [
  v(1, { description: 'Operador de Caixa', company_name: 'Mercadinho São Luiz', city: 'Fortaleza', recrutador: 'Ana Paula' }),
  v(2, { description: 'Repositor', company_name: 'Atacarejo Nordeste', city: 'Maracanaú', recrutador: 'João Souza' }),
  v(3, { description: 'Operador de Caixa', company_name: 'Oculta', city: 'Natal', recrutador: 'Ana Paula' }, 'nao mostrar'),
]

describe('vacancy suggestions', () => {
  it('matches description, company, city or recruiter, ignoring accents and case, only public vacancies', () => {
    expect(vacancySuggestions(list, 'caixa').map((x) => x.id)).toEqual([1])
    expect(vacancySuggestions(list, 'sao luiz').map((x) => x.id)).toEqual([1])
    expect(vacancySuggestions(list, 'MARACANAU').map((x) => x.id)).toEqual([2])
    expect(vacancySuggestions(list, 'joão').map((x) => x.id)).toEqual([2])
    expect(vacancySuggestions(list, 'ana fortaleza').map((x) => x.id)).toEqual([1])
    expect(vacancySuggestions(list, 'natal')).toEqual([])
  })
  it('offers at most 10', () => {
    const many = Array.from({ length: 25 }, (_, i) => v(i + 1, { description: `Vaga ${i}` }))
    expect(vacancySuggestions(many, '')).toHaveLength(10)
    expect(vacancySuggestions(many, 'vaga')).toHaveLength(10)
  })
})

describe('where a candidate can be sent', () => {
  const all = [
    { id: 1, description: 'Repositor', company_name: 'Mercado Sol', city: 'Fortaleza', obs: 'mostrar', status: 'aberta' },
    { id: 2, description: 'Caixa', company_name: 'Mercado Sol', city: 'Natal', obs: 'mostrar', status: 'cancelada' },
    { id: 3, description: 'Açougueiro', company_name: 'Bom Preço', city: 'Fortaleza', obs: 'nao mostrar', status: 'aberta' },
    { id: 4, description: 'Padeiro', company_name: 'Bom Preço', city: 'Caucaia', obs: 'mostrar', status: 'concluida' },
    { id: 5, description: 'Estoquista', company_name: 'Bom Preço', city: 'Fortaleza', obs: 'mostrar', status: null },
  ]
  const ids = (vs: { id: number }[]) => vs.map((v) => v.id)
  it('leaves out the current, cancelled and concluded vacancies, and hidden ones unless asked', () => {
    expect(ids(forwardTargets(all, { query: '', currentVacancyId: 5, includeHidden: false }))).toEqual([1])
    expect(ids(forwardTargets(all, { query: '', includeHidden: true }))).toEqual([1, 3, 5])
  })
  it('searches description, company and city, accents and case ignored', () => {
    expect(ids(forwardTargets(all, { query: 'acougue fortal', includeHidden: true }))).toEqual([3])
    expect(ids(forwardTargets(all, { query: 'BOM PRECO', includeHidden: false }))).toEqual([5])
  })
})
