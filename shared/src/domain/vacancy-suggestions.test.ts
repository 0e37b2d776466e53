import { describe, expect, it } from 'vitest'
import { vacancySuggestions } from './vacancy-suggestions.ts'

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
