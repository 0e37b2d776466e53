import { describe, expect, it } from 'vitest'
import { employmentType, jobPosting, jsonForScript, vacancyPath } from './job-posting.ts'

const vacancy = { id: 35, description: 'Estagiário de RH', company_name: 'Mercado', city: 'Natal', bairro: null, requirements: [], benefits: ['VT'] }

describe('JobPosting', () => {
  it('names the vacancy by its slug and reads an estágio as an internship', () => {
    expect(vacancyPath(vacancy)).toBe('/vagas/estagiario-de-rh-mercado-natal-z')
    expect(employmentType(vacancy)).toBe('INTERN')
    expect(employmentType({ description: 'Repositor' })).toBe('FULL_TIME')
    expect(employmentType({ description: null })).toBe('FULL_TIME')
  })
  it('has no address parts it does not know', () => {
    const posting = jobPosting(vacancy, { origin: 'https://x.com.br', datePosted: '2026-11-20' })
    expect(posting.jobLocation).toEqual({ '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Natal', addressCountry: 'BR' } })
    expect(posting).toMatchObject({ jobBenefits: 'VT', url: 'https://x.com.br/vagas/estagiario-de-rh-mercado-natal-z' })
    expect(posting).not.toHaveProperty('qualifications')
  })
  it('JSON for a script element: no <, > or & left, the same value once parsed', () => {
    const value = { t: '</script><!-- & \u2028' }
    const text = jsonForScript(value)
    expect(text).not.toMatch(/[<>&\u2028]/)
    expect(JSON.parse(text)).toEqual(value)
  })
})
