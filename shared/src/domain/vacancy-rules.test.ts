import { describe, expect, it } from 'vitest'
import { knownRecruiters, positionsError, vacancyPickerDetails, vacancyRequiredErrors } from './vacancy-rules.ts'

describe('vacancy rules', () => {
  it('a new vacancy needs a description and a company; an update only when it sends them', () => {
    expect(vacancyRequiredErrors({}, true)).toEqual({ description: 'Preencha o título da vaga.', company_name: 'Preencha o nome da empresa.' })
    expect(vacancyRequiredErrors({ description: '  ', company_name: 'Mercado' }, true)).toEqual({ description: 'Preencha o título da vaga.' })
    expect(vacancyRequiredErrors({ redes_sociais: 'instagram' } as never, false)).toEqual({})
    expect(vacancyRequiredErrors({ company_name: '' }, false)).toEqual({ company_name: 'Preencha o nome da empresa.' })
  })
  it('lists each recruiter once, whatever the case and spacing, in order', () => {
    expect(knownRecruiters([{ recrutador: 'Ana Paula' }, { recrutador: ' ana  paula ' }, { recrutador: 'Bruno' }, { recrutador: null }, { recrutador: 'Álvaro' }])).toEqual([
      'Álvaro',
      'Ana Paula',
      'Bruno',
    ])
  })
})

describe('vacancyPickerDetails', () => {
  it('tells same-named vacancies apart by company, place, opening date, candidates and number', () => {
    expect(
      vacancyPickerDetails({ id: 12, company_name: 'Mercado Central', city: 'Natal', bairro: 'Ponta Negra', created_at: '2026-11-03T15:00:00Z', candidates_count: 1042 }),
    ).toBe('Mercado Central · Natal / Ponta Negra · aberta em 03/11/2026 · 1.042 candidatos · nº 12')
    expect(vacancyPickerDetails({ id: 13, company_name: 'Mercado Central', city: 'Natal', bairro: null, created_at: null, candidates_count: 1 })).toBe(
      'Mercado Central · Natal · 1 candidato · nº 13',
    )
  })
})

describe('positionsError', () => {
  it('refuses more filled than opened, reading the stored value of a field not sent', () => {
    expect(positionsError({ vagas_abertas: 3, vagas_preenchidas: 5 })).toBe('As vagas preenchidas (5) não podem passar das vagas abertas (3).')
    expect(positionsError({ vagas_abertas: 3, vagas_preenchidas: 3 })).toBeNull()
    expect(positionsError({ vagas_preenchidas: 4 }, { vagas_abertas: 2, vagas_preenchidas: 0 })).toMatch(/\(4\).*\(2\)/)
    expect(positionsError({ vagas_preenchidas: 4 })).toBeNull()
  })
})
