import { describe, expect, it } from 'vitest'
import { digitsOnly, foldText, isBlank } from './text.ts'

describe('text helpers', () => {
  it('fold accents, case and spaces', () => {
    expect(foldText('  São   JOÃO  do Piauí ')).toBe('sao joao do piaui')
    expect(foldText('Ação Çedilha')).toBe('acao cedilha')
    expect(foldText(null)).toBe('')
  })
  it('tell blank values', () => {
    expect(isBlank(null)).toBe(true)
    expect(isBlank(undefined)).toBe(true)
    expect(isBlank(' \t')).toBe(true)
    expect(isBlank(0)).toBe(false)
    expect(isBlank(false)).toBe(false)
    expect(isBlank('a')).toBe(false)
  })
  it('keep digits', () => {
    expect(digitsOnly('(85) 9 8877-6655')).toBe('85988776655')
    expect(digitsOnly(undefined)).toBe('')
  })
})
