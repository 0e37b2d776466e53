import { describe, expect, it } from 'vitest'
import { cnpjDigits, cnpjWarning, formatStoredCnpj, isValidCnpj, maskCnpjInput, withCheckDigits } from './cnpj.ts'

describe('maskCnpjInput (docs/product.md, Validation: progressive mask while typing)', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['11', '11'],
    ['112', '11.2'],
    ['11222', '11.222'],
    ['112223', '11.222.3'],
    ['11222333', '11.222.333'],
    ['112223330', '11.222.333/0'],
    ['112223330001', '11.222.333/0001'],
    ['1122233300018', '11.222.333/0001-8'],
    ['11222333000181', '11.222.333/0001-81'],
  ])('%s → %s', (typed, shown) => {
    expect(maskCnpjInput(typed)).toBe(shown)
  })

  it('drops punctuation and anything past 14 characters, so the masked value is at most 18 chars', () => {
    expect(maskCnpjInput('11.222.333/0001-81999')).toBe('11.222.333/0001-81')
    expect(maskCnpjInput('11222333000181999').length).toBe(18)
  })
  it('takes letters in the first 12 characters, capitalised, and only digits as check digits', () => {
    expect(maskCnpjInput('12abc34501de35')).toBe('12.ABC.345/01DE-35')
    expect(maskCnpjInput('12.ABC.345/01DE-3X5')).toBe('12.ABC.345/01DE-35')
    expect(maskCnpjInput('ab11c222')).toBe('AB.11C.222')
  })

  it('re-masks an already masked value idempotently (paste, backspace)', () => {
    expect(maskCnpjInput(maskCnpjInput('11222333000181'))).toBe('11.222.333/0001-81')
    expect(maskCnpjInput('11.222.333/')).toBe('11.222.333')
  })
})

describe('cnpjDigits (the value sent)', () => {
  it('keeps the alphanumeric CNPJ’s letters, capitalised', () => {
    expect(cnpjDigits('12.abc.345/01de-35')).toBe('12ABC34501DE35')
    expect(cnpjDigits('12ABC34501DEXY')).toBe('12ABC34501DE')
  })
  it('keeps only digits and letters, at most 14', () => {
    expect(cnpjDigits('11.222.333/0001-81')).toBe('11222333000181')
    expect(cnpjDigits(' 45.723.618/0001-18 ')).toBe('45723618000118')
    expect(cnpjDigits(null)).toBe('')
    expect(cnpjDigits('112223330001819')).toBe('11222333000181')
  })
})

describe('formatStoredCnpj', () => {
  it('masks 14 stored digits', () => {
    expect(formatStoredCnpj('11222333000181')).toBe('11.222.333/0001-81')
  })
  it('shows an already masked value masked', () => {
    expect(formatStoredCnpj('11.222.333/0001-81')).toBe('11.222.333/0001-81')
  })
  it('shows other values raw', () => {
    expect(formatStoredCnpj('123')).toBe('123')
    expect(formatStoredCnpj('CNPJ 11222333000181')).toBe('CNPJ 11222333000181')
  })
  it("shows 'Não informado' when empty", () => {
    expect(formatStoredCnpj('')).toBe('Não informado')
    expect(formatStoredCnpj('   ')).toBe('Não informado')
    expect(formatStoredCnpj(null)).toBe('Não informado')
    expect(formatStoredCnpj(undefined)).toBe('Não informado')
  })
})

describe('isValidCnpj / cnpjWarning (extra: warns only)', () => {
  it('accepts the demo accounts', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true)
    expect(isValidCnpj('45.723.618/0001-18')).toBe(true)
    expect(isValidCnpj('07.654.012/0001-89')).toBe(true)
  })
  it('rejects wrong check digits, wrong lengths and repeated digits', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false)
    expect(isValidCnpj('11.222.333/0001-91')).toBe(false)
    expect(isValidCnpj('1122233300018')).toBe(false)
    expect(isValidCnpj('00000000000000')).toBe(false)
    expect(isValidCnpj('11111111111111')).toBe(false)
    expect(isValidCnpj('')).toBe(false)
  })
  it('warns only for a complete CNPJ with bad check digits', () => {
    expect(cnpjWarning('11.222.333/0001-82')).toMatch(/dígitos verificadores/)
    expect(cnpjWarning('11.222.333/0001-81')).toBeNull()
    expect(cnpjWarning('11.222')).toBeNull()
  })
})

describe('withCheckDigits', () => {
  it('completes 12 base digits into a valid CNPJ', () => {
    expect(withCheckDigits('112223330001')).toBe('11222333000181')
    expect(isValidCnpj(withCheckDigits('987654320001'))).toBe(true)
  })
})

describe('alphanumeric CNPJ check digits (Receita Federal)', () => {
  it('computes them from each character’s code minus 48, as the Receita’s example', () => {
    expect(withCheckDigits('12ABC34501DE')).toBe('12ABC34501DE35')
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true)
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true)
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false)
    expect(cnpjWarning('12ABC34501DE36')).toBe('CNPJ com dígitos verificadores inválidos. Confira o número.')
    expect(formatStoredCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35')
  })
  it('leaves numeric CNPJs as they were', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true)
    expect(withCheckDigits('112223330001')).toBe('11222333000181')
    expect(isValidCnpj('AAAAAAAAAAAAAA')).toBe(false)
  })
})
