import { describe, expect, it } from 'vitest'
import { proximity, reviewCriteria, screenCandidate } from './screening-rules.ts'

const job = { description: 'Repositor', city: 'Fortaleza', bairro: 'Centro', criterios: [], requirements: [] }
const person = { age: 30, address_city: 'Fortaleza', address_neighborhood: 'Benfica', experience_2: 'Caixa em farmácia' }

describe('rules provider: age bands (spec §9)', () => {
  it.each([
    [17, 'nao_triado'],
    [18, 'triado'],
    [65, 'triado'],
    [66, 'nao_triado'],
  ] as const)('general vacancy, age %i → %s', (age, outcome) => {
    expect(screenCandidate(job, { ...person, age }).outcome).toBe(outcome)
  })
  it('reviews a candidate without an age', () => {
    expect(screenCandidate(job, { ...person, age: null })).toMatchObject({ outcome: 'revisao', explanation: expect.stringContaining('idade não informada') })
  })
})

describe('rules provider: internships', () => {
  const internship = { ...job, description: 'Estágio em Marketing' }
  it.each([
    [17, 'revisao'],
    [18, 'triado'],
    [28, 'triado'],
    [29, 'revisao'],
    [45, 'revisao'],
  ] as const)('age %i → %s (outside 18–28 goes to review, not out)', (age, outcome) => {
    expect(screenCandidate(internship, { ...person, age }).outcome).toBe(outcome)
  })
  it('reviews prior experience in the area, and does not require experience', () => {
    expect(screenCandidate(internship, { ...person, age: 20, experience_2: 'Assistente de marketing digital' })).toMatchObject({
      outcome: 'revisao',
      explanation: expect.stringContaining('experiência em marketing'),
    })
    expect(screenCandidate(internship, { ...person, age: 20, experience_2: '' }).outcome).toBe('triado')
  })
})

describe('rules provider: proximity tiers', () => {
  it('tells same neighbourhood, same city, near (≤ 30 km), far and unknown', () => {
    expect(proximity(job, { address_city: 'fortaleza', address_neighborhood: 'Centro' }).tier).toBe('same-neighbourhood')
    expect(proximity(job, { address_city: 'Fortaleza', address_neighborhood: 'Aldeota' }).tier).toBe('same-city')
    expect(proximity(job, { address_city: 'Caucaia' })).toMatchObject({ tier: 'near', km: 14 })
    expect(proximity(job, { address_city: 'Sobral' }).tier).toBe('far')
    expect(proximity(job, { address_city: 'Atlântida' }).tier).toBe('unknown')
    expect(proximity({ ...job, city: 'Natal' }, { address_city: 'Parnamirim' }).tier).toBe('near')
  })
  it('turns far candidates away, reviews unknown places and accepts near ones', () => {
    expect(screenCandidate(job, { ...person, address_city: 'Sobral' })).toMatchObject({ outcome: 'nao_triado', explanation: expect.stringMatching(/mais de 30 km/) })
    expect(screenCandidate(job, { ...person, address_city: 'Atlântida' }).outcome).toBe('revisao')
    expect(screenCandidate(job, { ...person, address_city: 'Eusébio' })).toMatchObject({ outcome: 'triado', explanation: expect.stringMatching(/km da vaga/) })
    expect(screenCandidate(job, { ...person, address_neighborhood: 'Centro' }).explanation).toMatch(/mesmo bairro/)
  })
})

describe('rules provider: specific criteria force review', () => {
  it.each([
    ['Ensino superior em andamento', 'ensino superior'],
    ['Curso técnico na área', 'curso técnico'],
    ['Conhecimento em design', 'design'],
    ['Fotografia de produtos', 'fotografia'],
    ['Noções de programação', 'programação'],
    ['Experiência em vendas', 'vendas'],
    ['Experiência administrativa', 'área administrativa'],
    ['Experiência em produção', 'produção'],
    ['Experiência em logística', 'logística'],
    ['Photoshop e Illustrator', 'ferramentas de design'],
    ['Pacote Office', 'pacote office'],
    ['Python', 'linguagens de programação'],
    ['2 anos de experiência', 'anos de experiência'],
    ['CNH categoria B', 'CNH'],
  ])('%s → review (%s)', (criterion, label) => {
    const vacancy = { ...job, criterios: [criterion] }
    expect(reviewCriteria(vacancy)).toContain(label)
    expect(screenCandidate(vacancy, person)).toMatchObject({ outcome: 'revisao', explanation: expect.stringContaining(label) })
  })
  it('has nothing to check for plain criteria', () => {
    expect(reviewCriteria({ ...job, criterios: ['Boa comunicação', 'Disponibilidade de horário'] })).toEqual([])
    // Whole words only: "excelente" is not Excel, "javali" is not Java.
    expect(reviewCriteria({ ...job, criterios: ['Atendimento excelente', 'Trabalhou com javali'] })).toEqual([])
  })
})
