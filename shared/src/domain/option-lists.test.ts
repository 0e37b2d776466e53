import { describe, expect, it } from 'vitest'
import { EDUCATION_APPLY, GENERO_APPLY, VEIOPOR_APPLY } from '../constants/option-lists.ts'
import { EDUCATION_UNION, GENERO_UNION, VEIOPOR_UNION, optionsIncluding, requiresCourse, unionOptions } from './option-lists.ts'

describe('option lists', () => {
  it('keep the apply form lists as the spec gives them', () => {
    expect(GENERO_APPLY.map((o) => o.value)).toEqual(['masculino', 'feminino', 'prefiro nao informar'])
    expect(EDUCATION_APPLY).toHaveLength(4)
    expect(VEIOPOR_APPLY).toHaveLength(9)
  })
  it('offer the union on edit screens', () => {
    expect(GENERO_UNION.map((o) => o.value)).toEqual(['masculino', 'feminino', 'outro', 'prefiro nao informar'])
    expect(EDUCATION_UNION).toHaveLength(7)
    expect(VEIOPOR_UNION.map((o) => o.value)).toEqual([
      'instagram',
      'facebook',
      'whatsapp',
      'linkedin',
      'site dr estagio',
      'site de vagas',
      'indicacao',
      'plataforma gupy',
      'curriculo facil',
      'redes sociais',
      'outro',
    ])
  })
  it('treat values differing only by accents or case as one option, first spelling wins', () => {
    expect(unionOptions([{ value: 'indicacao', label: 'A' }], [{ value: 'Indicação', label: 'B' }])).toEqual([{ value: 'indicacao', label: 'A' }])
  })
  it('add a stored value missing from the list so saving never drops it', () => {
    expect(optionsIncluding(GENERO_APPLY, 'outro').at(-1)).toEqual({ value: 'outro', label: 'outro' })
    expect(optionsIncluding(GENERO_APPLY, 'feminino')).toHaveLength(3)
    expect(optionsIncluding(GENERO_APPLY, '')).toHaveLength(3)
    expect(optionsIncluding(GENERO_APPLY, null)).toHaveLength(3)
  })
  it('ask for a course only with higher education', () => {
    expect(requiresCourse('ensino superior completo')).toBe(true)
    expect(requiresCourse('Ensino Superior Incompleto')).toBe(true)
    expect(requiresCourse('pos-graduacao')).toBe(true)
    expect(requiresCourse('ensino médio completo')).toBe(false)
    expect(requiresCourse('')).toBe(false)
  })
})
