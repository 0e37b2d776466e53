import { describe, expect, it } from 'vitest'
import { knownRecruiters, vacancyRequiredErrors } from './vacancy-rules.ts'

describe('vacancy rules', () => {
  it('a new vacancy needs a description and a company; an update only when it sends them', () => {
    expect(vacancyRequiredErrors({}, true)).toEqual({ description: 'Preencha a descrição da vaga.', company_name: 'Preencha o nome da empresa.' })
    expect(vacancyRequiredErrors({ description: '  ', company_name: 'Mercado' }, true)).toEqual({ description: 'Preencha a descrição da vaga.' })
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
