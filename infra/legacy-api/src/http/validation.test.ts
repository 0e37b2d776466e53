import { describe, expect, it } from 'vitest'
import { validate } from './validation.ts'

describe('Laravel-style validation', () => {
  it('passes valid data', () => {
    expect(validate({ name: 'Ana', age: '30' }, { name: ['required', 'string'], age: ['required', 'integer'] })).toBeNull()
  })
  it('reports every failing field with pt_BR messages and the "(e mais N erros)" summary', () => {
    const result = validate({ email: 'x', age: 'dez', tags: 'a' }, { name: ['required'], email: ['required', 'email'], age: ['numeric'], tags: ['array'] }, { name: 'nome' })
    expect(result).toEqual({
      message: 'O campo nome é obrigatório. (e mais 3 erros)',
      errors: {
        name: ['O campo nome é obrigatório.'],
        email: ['O campo email deve ser um endereço de e-mail válido.'],
        age: ['O campo age deve ser um número.'],
        tags: ['O campo tags deve ser uma matriz.'],
      },
    })
  })
  it('reads nested fields and array elements', () => {
    const result = validate({ address: { city: '' }, experience: ['ok', 5] }, { 'address.city': ['required'], 'experience.*': ['nullable', 'string'] })
    expect(result?.errors).toEqual({
      'address.city': ['O campo address.city é obrigatório.'],
      'experience.1': ['O campo experience.1 deve ser uma string.'],
    })
    expect(result?.message).toBe('O campo address.city é obrigatório. (e mais 1 erro)')
  })
  it('skips absent fields marked sometimes and enforces present', () => {
    expect(validate({}, { status: ['sometimes', 'string'] })).toBeNull()
    expect(validate({}, { observacao: ['present', 'nullable', 'string'] })?.errors).toEqual({
      observacao: ['O campo observacao deve estar presente.'],
    })
    expect(validate({ observacao: null }, { observacao: ['present', 'nullable', 'string'] })).toBeNull()
  })
  it('checks min, max and in for numbers, strings and lists', () => {
    expect(validate({ n: -1 }, { n: ['integer', { min: 0 }] })?.errors.n).toEqual(['O campo n deve ser pelo menos 0.'])
    expect(validate({ s: 'abcd' }, { s: ['string', { max: 3 }] })?.errors.s).toEqual(['O campo s não pode ser superior a 3 caracteres.'])
    expect(validate({ l: [1, 2, 3, 4] }, { l: ['array', { max: 3 }] })?.errors.l).toEqual(['O campo l não pode ter mais de 3 itens.'])
    expect(validate({ v: 'talvez' }, { v: [{ in: ['sim', 'nao'] }] })?.errors.v).toEqual(['O v selecionado é inválido.'])
  })
  it('accepts Laravel boolean forms and rejects others', () => {
    for (const ok of [true, false, 0, 1, '0', '1']) expect(validate({ b: ok }, { b: ['boolean'] })).toBeNull()
    expect(validate({ b: 'Sim' }, { b: ['boolean'] })).not.toBeNull()
  })
  it('validates dates as Y-m-d', () => {
    expect(validate({ d: '2026-11-22' }, { d: ['date'] })).toBeNull()
    expect(validate({ d: '22/11/2026' }, { d: ['date'] })?.errors.d).toEqual(['O campo d não é uma data válida.'])
    expect(validate({ d: '2026-02-30' }, { d: ['date'] })).not.toBeNull()
  })
  it('runs custom rules with the attribute name', () => {
    const rule = { custom: (v: unknown) => (v === 'x' ? 'O :attribute não pode ser x.' : null) }
    expect(validate({ f: 'x' }, { f: [rule] }, { f: 'campo f' })?.errors.f).toEqual(['O campo f não pode ser x.'])
  })
})
