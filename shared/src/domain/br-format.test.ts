import { describe, expect, it } from 'vitest'
import { formatCep, formatEstado, formatPhone, formatUf, maskCepInput, maskPhoneInput, optionLabel } from './br-format.ts'

describe('Brazilian formats', () => {
  it('shows every WhatsApp spelling of one list the same way, and leaves what it cannot read', () => {
    expect(['85 980700676', '85980700676', '(85) 98070-0676', '+55 85 98070-0676', '5585980700676'].map(formatPhone)).toEqual(Array(5).fill('(85) 98070-0676'))
    expect(formatPhone('8533334444')).toBe('(85) 3333-4444')
    expect(formatPhone('0')).toBe('0')
    expect(formatPhone(null)).toBe('')
  })
  it('masks a phone as it is typed', () => {
    expect(['8', '85', '859', '8598877', '85988776655', '859887766551'].map(maskPhoneInput)).toEqual(['(8', '(85', '(85) 9', '(85) 9887-7', '(85) 98877-6655', '(85) 98877-6655'])
    expect(maskPhoneInput('8533334444')).toBe('(85) 3333-4444')
  })
  it('shows and masks CEPs, a pasted 60.160-230 included', () => {
    expect(['60160230', '60160-230', '60.160-230'].map(formatCep)).toEqual(Array(3).fill('60160-230'))
    expect(formatCep('123')).toBe('123')
    expect(maskCepInput('60.160-230')).toBe('60160-230')
    expect(maskCepInput('6016')).toBe('6016')
    expect(maskCepInput('601602')).toBe('60160-2')
  })
  it('reads every spelling of a state, both ways', () => {
    expect(['CE', 'ce', 'ceara', 'Ceará'].map(formatUf)).toEqual(Array(4).fill('CE'))
    expect(formatUf('rio_grande_do_norte')).toBe('RN')
    expect(formatEstado('rio_grande_do_norte')).toBe('Rio Grande do Norte')
    expect(formatEstado('RN')).toBe('Rio Grande do Norte')
    expect(formatUf('Atlântida')).toBe('Atlântida')
  })
  it('shows option values as their labels, and a value without one as stored', () => {
    expect(optionLabel('veiopor', 'site dr estagio')).toBe('Site Dr. Estágio')
    expect(optionLabel('experience', 'sim trabalhei em supermercado')).toBe('Sim, trabalhei em supermercado')
    expect(optionLabel('genero', 'prefiro nao informar')).toBe('Prefiro não informar')
    expect(optionLabel('education', 'ensino médio completo')).toBe('Ensino médio completo')
    expect(optionLabel('veiopor', 'panfleto na rua')).toBe('panfleto na rua')
  })
})
