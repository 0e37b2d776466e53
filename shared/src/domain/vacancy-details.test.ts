import { describe, expect, it } from 'vitest'
import { detailsSummary, salaryText, schemaOrgBaseSalary, schemaOrgEmploymentType, vacancyDetailsErrors } from './vacancy-details.ts'

describe('vacancy details', () => {
  // Intl puts a no-break space after R$ (the figure never wraps away from its currency).
  it('says the salary as people read it', () => {
    expect(salaryText({ salary_min: 1800, salary_max: 2200 })).toBe('R$\u00a01.800 a R$\u00a02.200 por mês')
    expect(salaryText({ salary_min: 1518.5 })).toBe('A partir de R$\u00a01.518,50 por mês')
    expect(salaryText({ salary_max: 3000 })).toBe('Até R$\u00a03.000 por mês')
    expect(salaryText({ salary_min: 2000, salary_max: 2000 })).toBe('R$\u00a02.000 por mês')
    expect(salaryText({ salary_min: 2000, salary_negotiable: true })).toBe('A combinar')
    expect(salaryText({})).toBe('')
    expect(salaryText(null)).toBe('')
  })
  it('refuses a maximum below the minimum', () => {
    expect(vacancyDetailsErrors({ salary_min: 3000, salary_max: 2000 })).toEqual({ salary_max: 'O salário máximo não pode ser menor que o mínimo.' })
    expect(vacancyDetailsErrors({ salary_min: 2000, salary_max: 3000 })).toEqual({})
  })
  it('gives schema.org the contract type, or reads an estágio from the title as before', () => {
    expect(schemaOrgEmploymentType({ contract: 'pj' }, 'Desenvolvedor')).toBe('CONTRACTOR')
    expect(schemaOrgEmploymentType({ contract: 'temporario' }, 'Estágio')).toBe('TEMPORARY')
    expect(schemaOrgEmploymentType({}, 'Estágio em RH')).toBe('INTERN')
    expect(schemaOrgEmploymentType(null, 'Caixa')).toBe('FULL_TIME')
  })
  it('gives schema.org a monthly salary in BRL, never for "a combinar"', () => {
    expect(schemaOrgBaseSalary({ salary_min: 1800, salary_max: 2200 })).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'BRL',
      value: { '@type': 'QuantitativeValue', minValue: 1800, maxValue: 2200, unitText: 'MONTH' },
    })
    expect(schemaOrgBaseSalary({ salary_min: 1800 })).toMatchObject({ value: { value: 1800 } })
    expect(schemaOrgBaseSalary({ salary_min: 1800, salary_negotiable: true })).toBeNull()
    expect(schemaOrgBaseSalary({})).toBeNull()
  })
  it('sums the details up in one line', () => {
    expect(detailsSummary({ contract: 'clt', work_model: 'hibrido', salary_negotiable: true })).toBe('CLT (efetivo) · Híbrido · A combinar')
  })
})
