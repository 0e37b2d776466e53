import { describe, expect, it } from 'vitest'
import { fromVacancy, moneyValue, toInput } from './vacancy-form-model.ts'

describe('the vacancy form’s salary', () => {
  it('reads reais as people type them', () => {
    expect(moneyValue('1.800')).toBe(1800)
    expect(moneyValue('1800,50')).toBe(1800.5)
    expect(moneyValue('R$ 12.345,67')).toBe(12345.67)
    expect(moneyValue('2200')).toBe(2200)
    expect(moneyValue('1800.5')).toBe(1800.5)
    expect(moneyValue('')).toBeNull()
    expect(moneyValue('dois mil')).toBeNaN()
    expect(moneyValue('1,2,3')).toBeNaN()
  })
  it('shows a stored vacancy’s details in the form and sends them back the same', () => {
    const form = fromVacancy({
      id: 1,
      description: 'Caixa',
      details: { about: 'Atender.', salary_min: 1800.5, salary_max: 2200, salary_negotiable: false, contract: 'pj', work_model: 'remoto', hours: '30h' },
    })
    expect(form).toMatchObject({ salary_min: '1800,50', salary_max: '2200', contract: 'pj', work_model: 'remoto' })
    expect(toInput(form).details).toEqual({ about: 'Atender.', salary_min: 1800.5, salary_max: 2200, salary_negotiable: false, contract: 'pj', work_model: 'remoto', hours: '30h' })
  })
})
