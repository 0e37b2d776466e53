import { describe, expect, it } from 'vitest'
import { evidenceNote, proximity, reviewCriteria, screenCandidate, withHardRules } from './screening-rules.ts'

const job = { description: 'Repositor', city: 'Fortaleza', bairro: 'Centro', criterios: [], requirements: [] }
const person = { age: 30, address_city: 'Fortaleza', address_neighborhood: 'Benfica', experience_2: 'Caixa em farmácia' }

describe('rules provider: age bands', () => {
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
  ])('%s → review (%s), unless the form never asks it and the data cannot show it', (criterion, label) => {
    const vacancy = { ...job, criterios: [criterion] }
    expect(reviewCriteria(vacancy)).toContain(label)
    // The original rule: a person checks it whatever the data says.
    expect(screenCandidate(vacancy, person, { criteriaReview: 'always' })).toMatchObject({ outcome: 'revisao', explanation: expect.stringContaining(label) })
    // The default: what the form asks and the data does not show goes to review; what it never
    // asks (a licence, years, tools) is left to the interview, said in the explanation.
    const unasked = ['ferramentas de design', 'pacote office', 'linguagens de programação', 'anos de experiência', 'CNH'].includes(label)
    expect(screenCandidate(vacancy, person)).toMatchObject(
      unasked
        ? { outcome: 'triado', explanation: expect.stringContaining(`A conferir na entrevista: ${criterion}.`) }
        : { outcome: 'revisao', explanation: expect.stringContaining(label) },
    )
  })
  it('reviews a specific criterion only when the candidate’s data does not show it; with criteriaReview "always", whatever it says', () => {
    const vacancy = { ...job, requirements: ['Experiência em vendas', 'CNH categoria B'] }
    const seller = { ...person, experience_1: 'Vendedora de loja, com CNH B' }
    expect(screenCandidate(vacancy, seller)).toMatchObject({ outcome: 'triado' })
    expect(screenCandidate(vacancy, person)).toMatchObject({ outcome: 'revisao', explanation: expect.stringContaining('a vaga pede vendas, o que não consta nos dados') })
    expect(screenCandidate(vacancy, seller, { criteriaReview: 'always' })).toMatchObject({
      outcome: 'revisao',
      explanation: expect.stringContaining('a vaga pede vendas, CNH, a conferir no currículo'),
    })
  })
  it('has nothing to check for plain criteria', () => {
    expect(reviewCriteria({ ...job, criterios: ['Boa comunicação', 'Disponibilidade de horário'] })).toEqual([])
    // Whole words only: "excelente" is not Excel, "javali" is not Java.
    expect(reviewCriteria({ ...job, criterios: ['Atendimento excelente', 'Trabalhou com javali'] })).toEqual([])
  })
})

describe('evidence per criterion', () => {
  const vacancy = { ...job, criterios: ['CNH categoria B', 'Boa comunicação'] }
  it('lists every criterion of the vacancy with the candidate field that decided it', () => {
    const { evidence } = screenCandidate(vacancy, { ...person, experience_1: 'Motorista com CNH B' }, { mode: 'global' })
    expect(evidence.map((e) => [e.key, e.status, e.field])).toEqual([
      ['situacao', 'atende', 'Situação'],
      ['idade', 'atende', 'Idade'],
      ['distancia', 'atende', 'Cidade e bairro'],
      ['criterio_1', 'atende', 'Experiência 1'],
      ['criterio_2', 'desconhecido', ''],
    ])
    expect(evidence.find((e) => e.key === 'idade')).toMatchObject({ hard: true, value: '30 anos', by: 'regras' })
    expect(evidence.find((e) => e.key === 'criterio_1')).toMatchObject({ label: 'CNH categoria B', value: 'Motorista com CNH B', hard: false })
  })
  it('says what is not met and what cannot be known', () => {
    const far = screenCandidate(job, { ...person, age: null, address_city: 'Sobral' }).evidence
    expect(far.find((e) => e.key === 'idade')).toMatchObject({ status: 'desconhecido', value: 'não informada' })
    expect(far.find((e) => e.key === 'distancia')).toMatchObject({ status: 'nao_atende', value: expect.stringMatching(/^Sobral \/ Benfica \(~\d+ km\)$/) })
    const internship = screenCandidate({ ...job, description: 'Estágio em Marketing' }, { ...person, age: 30, experience_2: 'Marketing digital' }).evidence
    expect(internship.map((e) => [e.key, e.status])).toEqual([
      ['idade', 'nao_atende'],
      ['distancia', 'atende'],
      ['experiencia_area', 'nao_atende'],
    ])
  })
  it('leaves people already past screening out of a global run', () => {
    expect(screenCandidate(job, { ...person, status: 'contratado' }, { mode: 'global' })).toMatchObject({
      outcome: 'nao_triado',
      explanation: 'Já está em Contratado, fora da triagem global.',
    })
    expect(screenCandidate(job, { ...person, status: 'contratado' }, { mode: 'empresa' }).outcome).toBe('triado')
  })
  it('writes a short form for the note', () => {
    expect(evidenceNote(screenCandidate(vacancy, person).evidence)).toBe(
      'Critérios: Idade de 18 a 65 anos — atende; Mora a até 30 km da vaga — atende; CNH categoria B — a conferir; Boa comunicação — a conferir.',
    )
  })
})

describe('hard rules after any provider', () => {
  const model = (outcome: 'triado' | 'revisao' | 'nao_triado') => ({ outcome, explanation: 'Perfil excelente.', evidence: [] })
  it('a model cannot pass an under-age, over-age, far or excluded candidate to triado: review, both reasons shown', () => {
    for (const candidate of [
      { ...person, age: 16 },
      { ...person, age: 70 },
      { ...person, address_city: 'Sobral' },
      { ...person, age: null },
      { ...person, address_city: 'Atlântida' },
      { ...person, status: 'aprovado' },
    ]) {
      const verdict = withHardRules(job, candidate, model('triado'), { mode: 'global' })
      expect(verdict.outcome, JSON.stringify(candidate)).toBe('revisao')
      expect(verdict.explanation).toMatch(/^Revisão obrigatória pelas regras fixas: .+\. A indicação era TRIADO: Perfil excelente\.$/)
    }
    expect(withHardRules(job, { ...person, age: 16 }, model('triado')).explanation).toContain('Idade 16 fora da faixa geral de 18 a 65 anos')
    expect(withHardRules({ ...job, description: 'Estágio em vendas' }, { ...person, age: 30 }, model('triado')).outcome).toBe('revisao')
  })
  it('lets a model move towards review or out, and keeps its verdict where the rules allow it', () => {
    expect(withHardRules(job, person, model('triado')).outcome).toBe('triado')
    expect(withHardRules(job, person, model('nao_triado')).outcome).toBe('nao_triado')
    const review = withHardRules(job, { ...person, age: 70 }, model('revisao'))
    expect(review).toMatchObject({ outcome: 'revisao', explanation: 'Perfil excelente. Regra fixa: Idade 70 fora da faixa geral de 18 a 65 anos.' })
  })
  it('keeps the rules’ evidence for hard criteria and the model’s for the rest', () => {
    const vacancy = { ...job, criterios: ['Boa comunicação'] }
    const claimed = [
      { key: 'idade', label: 'x', hard: true, status: 'atende' as const, field: 'Idade', value: '30 anos', by: 'ia' as const },
      { key: 'criterio_1', label: 'Boa comunicação', hard: false, status: 'atende' as const, field: 'Experiência 1', value: 'Atendimento ao público', by: 'ia' as const },
    ]
    const verdict = withHardRules(vacancy, { ...person, age: 15 }, { outcome: 'triado', explanation: 'ok', evidence: claimed })
    expect(verdict.evidence.find((e) => e.key === 'idade')).toMatchObject({ status: 'nao_atende', by: 'regras', value: '15 anos' })
    expect(verdict.evidence.find((e) => e.key === 'criterio_1')).toMatchObject({ status: 'atende', by: 'ia' })
  })
  it('changes nothing the rules provider decided', () => {
    for (const candidate of [person, { ...person, age: 16 }, { ...person, address_city: 'Atlântida' }, { ...person, address_city: 'Caucaia' }]) {
      const rules = screenCandidate(job, candidate)
      expect(withHardRules(job, candidate, rules)).toEqual(rules)
    }
  })
})

describe('counterfactual: names, gender and PcD decide nothing', () => {
  const cities = ['Fortaleza', 'Caucaia', 'Sobral', 'Natal', 'Atlântida', 'Maracanaú']
  const people = Array.from({ length: 240 }, (_, i) => ({
    full_name: `Pessoa ${i}`,
    genero: ['feminino', 'masculino', 'outro', null][i % 4],
    is_pcd: [true, false, null][i % 3],
    age: [15, 17, 18, 22, 28, 29, 40, 65, 66, null][i % 10],
    address_city: cities[i % cities.length],
    address_neighborhood: i % 5 ? 'Benfica' : 'Centro',
    education: i % 7 ? 'ensino médio completo' : 'ensino superior completo',
    experience_2: ['Caixa', 'Vendas no varejo', 'Marketing digital', ''][i % 4],
    status: ['', 'triado', 'contratado'][i % 3],
  }))
  // Each person gets another's name, gender and PcD flag (a rotation, so every value moves).
  const swapped = people.map((p, i) => {
    const other = people[(i + 7) % people.length]!
    return { ...p, full_name: other.full_name, genero: other.genero, is_pcd: other.is_pcd }
  })
  it.each([
    ['general', job],
    ['internship', { ...job, description: 'Estágio em Marketing' }],
    ['with criteria', { ...job, criterios: ['CNH', 'Ensino superior'] }],
  ])('%s vacancy: every verdict, explanation and evidence identical', (_name, vacancy) => {
    for (const mode of ['empresa', 'global'] as const) {
      const before = people.map((p) => screenCandidate(vacancy, p, { mode }))
      const after = swapped.map((p) => screenCandidate(vacancy, p, { mode }))
      expect(after).toEqual(before)
      // The swap really changed the inputs, and the set has more than one outcome.
      expect(swapped.filter((p, i) => p.genero !== people[i]!.genero).length).toBeGreaterThan(100)
      expect(new Set(before.map((v) => v.outcome)).size).toBeGreaterThanOrEqual(2)
    }
  })
})
