import { Value } from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { CandidateApplication } from '../schemas/candidate.ts'
import { applicationFormErrors, buildApplicationPayload, buildForwardPayload, type ApplicationForm } from './candidate-payloads.ts'

const form: ApplicationForm = {
  fullName: '  Maria Aparecida da Silva ',
  age: '27',
  genero: 'feminino',
  whatsapp: '(85) 98877-6655',
  email: ' maria@example.com ',
  isPCD: 'Não',
  cep: '60170-001',
  street: 'Avenida Beira Mar',
  neighborhood: 'Meireles',
  city: 'Fortaleza',
  state: 'CE',
  education: 'ensino médio completo',
  curso: 'Administração',
  veiopor: 'instagram',
  supermarketExperience: 'sim trabalhei em supermercado',
  lastExperience: ' Repositora no Mercadinho Central ',
}

describe('applicationFormErrors', () => {
  it('accepts a complete form', () => {
    expect(applicationFormErrors(form)).toEqual({})
  })
  it('names every missing required field in Portuguese, but not the optional ones', () => {
    const empty = Object.fromEntries(Object.keys(form).map((k) => [k, ''])) as unknown as ApplicationForm
    const errors = applicationFormErrors(empty)
    expect(Object.keys(errors).sort()).toEqual(
      ['fullName', 'age', 'genero', 'whatsapp', 'email', 'isPCD', 'cep', 'street', 'neighborhood', 'city', 'state', 'education', 'veiopor', 'supermarketExperience'].sort(),
    )
    expect(errors.fullName).toBe('Preencha o campo Nome completo.')
  })
  it('checks age, e-mail, PCD, CEP and WhatsApp formats', () => {
    const bad = applicationFormErrors({
      ...form,
      age: '13',
      email: 'maria@',
      isPCD: 'talvez',
      cep: '6017',
      whatsapp: '9999',
    })
    expect(bad).toEqual({
      age: 'Informe uma idade entre 14 e 100 anos.',
      email: 'Informe um e-mail válido.',
      isPCD: 'Responda Sim ou Não.',
      cep: 'Informe um CEP com 8 dígitos.',
      whatsapp: 'Informe o WhatsApp com DDD.',
    })
    expect(applicationFormErrors({ ...form, age: '27.5' }).age).toBeDefined()
    expect(applicationFormErrors({ ...form, age: 'vinte' }).age).toBeDefined()
  })
})

describe('buildApplicationPayload', () => {
  it('builds the documented shape, trimmed, with experience slots in order', () => {
    const payload = buildApplicationPayload(form, 7)
    expect(payload).toEqual({
      fullName: 'Maria Aparecida da Silva',
      age: 27,
      genero: 'feminino',
      whatsapp: '(85) 98877-6655',
      email: 'maria@example.com',
      isPCD: false,
      address: { street: 'Avenida Beira Mar', neighborhood: 'Meireles', city: 'Fortaleza', state: 'CE', cep: '60170001' },
      education: 'ensino médio completo',
      curso: '',
      veiopor: 'instagram',
      experience: ['sim trabalhei em supermercado', 'Repositora no Mercadinho Central', ''],
      jobId: 7,
    })
    expect(Value.Check(CandidateApplication, payload)).toBe(true)
  })
  it('sends the course only with higher education', () => {
    expect(buildApplicationPayload({ ...form, education: 'ensino superior incompleto' }, 7).curso).toBe('Administração')
  })
  it('maps PCD Sim to true', () => {
    expect(buildApplicationPayload({ ...form, isPCD: 'Sim' }, 7).isPCD).toBe(true)
  })
})

describe('buildForwardPayload', () => {
  const stored = {
    full_name: 'João Pedro Lima',
    age: 0,
    genero: '',
    whatsapp: '84999887766',
    email: 'joao@example.com',
    is_pcd: false,
    address_street: null,
    address_neighborhood: '  ',
    address_city: 'Natal',
    address_state: 'RN',
    cep: '59012300',
    education: 'ensino médio completo',
    curso: null,
    veiopor: 'indicacao',
    experience_1: '',
    experience_2: 'Caixa',
    experience_3: null,
  }
  it("turns empty values into 'nao informado' and keeps booleans and 0", () => {
    const payload = buildForwardPayload(stored, 12)
    expect(payload.age).toBe(0)
    expect(payload.isPCD).toBe(false)
    expect(payload.genero).toBe('nao informado')
    expect(payload.address.street).toBe('nao informado')
    expect(payload.address.neighborhood).toBe('nao informado')
    expect(payload.curso).toBe('nao informado')
    expect(payload.address.city).toBe('Natal')
    expect(payload.jobId).toBe(12)
  })
  it("defaults experience slot 1 to 'nao informado' and keeps the others as stored", () => {
    expect(buildForwardPayload(stored, 12).experience).toEqual(['nao informado', 'Caixa', ''])
  })
  it('adds status and obs only when given', () => {
    expect(buildForwardPayload(stored, 12)).not.toHaveProperty('status')
    expect(buildForwardPayload(stored, 12, { status: 'triado', obs: 'Triagem IA' })).toMatchObject({
      status: 'triado',
      obs: 'Triagem IA',
    })
  })
  it('keeps null age and PCD as not informed text (what the legacy app sent)', () => {
    const payload = buildForwardPayload({ ...stored, age: null, is_pcd: null }, 12)
    expect(payload.age).toBe('nao informado')
    expect(payload.isPCD).toBe('nao informado')
  })
})
