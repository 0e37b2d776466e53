import { describe, expect, it } from 'vitest'
import { parseVacancySlug, resolveVacancySlug, slugText, vacancySlug, vacancySlugBase } from './vacancy-slug.ts'

const vacancy = (id: number, description: string, company_name: string, city: string) => ({
  id,
  description,
  company_name,
  city,
})

describe('slugText', () => {
  it('lowercases, removes accents and symbols, turns spaces into hyphens', () => {
    expect(slugText(['Auxiliar de Operações (Noturno)', 'Mercadinho São João & Cia', 'Fortaleza'])).toBe('auxiliar-de-operacoes-noturno-mercadinho-sao-joao-cia-fortaleza')
  })
  it('collapses repeated spaces and hyphens and trims them', () => {
    expect(slugText(['  Caixa -- Loja  ', null, 'Natal '])).toBe('caixa-loja-natal')
  })
  it('handles missing parts', () => {
    expect(slugText([null, undefined, ''])).toBe('')
  })
})

describe('vacancySlug', () => {
  it('appends the id in base 36', () => {
    expect(vacancySlug(vacancy(1, 'Repositor', 'Supermercado Bom Preço', 'Caucaia'))).toBe('repositor-supermercado-bom-preco-caucaia-1')
    expect(vacancySlug(vacancy(1295, 'Caixa', 'Loja', 'Natal'))).toBe('caixa-loja-natal-zz')
  })
  it('is only the suffix when the vacancy has no text', () => {
    expect(vacancySlug({ id: 36 })).toBe('10')
  })
})

describe('parseVacancySlug', () => {
  it('splits base and id', () => {
    expect(parseVacancySlug('caixa-loja-natal-zz')).toEqual({ base: 'caixa-loja-natal', id: 1295 })
    expect(parseVacancySlug('10')).toEqual({ base: '', id: 36 })
  })
  it('gives no id for an undecodable suffix', () => {
    expect(parseVacancySlug('caixa-loja-natal-').id).toBeNull()
    expect(parseVacancySlug('caixa-loja-natal-abcdefghijk').id).toBeNull()
    expect(parseVacancySlug('caixa-0').id).toBeNull()
  })
})

describe('resolveVacancySlug (no browser storage needed)', () => {
  const list = [
    vacancy(1, 'Repositor', 'Supermercado Bom Preço', 'Caucaia'),
    vacancy(2, 'Caixa', 'Loja Azul', 'Natal'),
    vacancy(3, 'Caixa', 'Loja Azul', 'Natal'),
    vacancy(40, 'Estágio em Marketing', 'Agência Sol', 'Mossoró'),
  ]
  it('resolves every generated slug to its vacancy, including duplicates of the same text', () => {
    for (const v of list) expect(resolveVacancySlug(vacancySlug(v), list)?.id).toBe(v.id)
  })
  it('falls back to the text when the suffix is a legacy hash', () => {
    expect(resolveVacancySlug('estagio-em-marketing-agencia-sol-mossoro-k9x2', list)?.id).toBe(40)
  })
  it('does not open another vacancy when the id and the text disagree', () => {
    expect(resolveVacancySlug('repositor-supermercado-bom-preco-caucaia-2', list)?.id).toBe(1)
  })
  it('gives null when the text is ambiguous or unknown', () => {
    expect(resolveVacancySlug('caixa-loja-azul-natal-zzz', list)).toBeNull()
    expect(resolveVacancySlug('nada-a-ver-1', list)).toBeNull()
    expect(resolveVacancySlug('', list)).toBeNull()
  })
  it('matches case-insensitively and ignores surrounding spaces', () => {
    expect(resolveVacancySlug(' CAIXA-LOJA-AZUL-NATAL-2 ', list)?.id).toBe(2)
  })
  it('slug base reads the same fields the slug is built from', () => {
    expect(vacancySlugBase(list[3]!)).toBe('estagio-em-marketing-agencia-sol-mossoro')
  })
})
