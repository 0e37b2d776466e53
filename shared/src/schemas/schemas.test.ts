import { Value } from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { Candidate, CandidateUpdate } from './candidate.ts'
import { User } from './user.ts'
import { Vacancy, VacancyInput } from './vacancy.ts'

const vacancy = {
  id: 1,
  recrutador: 'Ana',
  description: 'Repositor',
  company_name: 'Supermercado Bom Preço',
  cnpj: '45723618000118',
  city: 'Fortaleza',
  bairro: 'Centro',
  estado: 'ceara',
  requirements: ['Ensino médio'],
  benefits: ['VT'],
  criterios: [],
  obs: 'mostrar',
  vagas_abertas: 3,
  vagas_preenchidas: 1,
  status: 'aberta',
  redes_sociais: null,
  candidates_count: 10,
  created_at: '2026-01-01T00:00:00.000000Z',
  updated_at: null,
}

describe('schemas', () => {
  it('accept a legacy vacancy with nulls', () => {
    expect(Value.Check(Vacancy, vacancy)).toBe(true)
  })
  it('refuse a vacancy whose lists are not lists', () => {
    expect(Value.Check(Vacancy, { ...vacancy, requirements: 'Ensino médio' })).toBe(false)
  })
  it('validate the vacancy form input: positions ≥ 0, CNPJ digits only', () => {
    expect(Value.Check(VacancyInput, { vagas_abertas: 0, cnpj: '45723618000118' })).toBe(true)
    expect(Value.Check(VacancyInput, { vagas_abertas: -1 })).toBe(false)
    expect(Value.Check(VacancyInput, { cnpj: '45.723.618/0001-18' })).toBe(false)
  })
  it('accept a candidate as the legacy returns it', () => {
    const candidate = {
      id: 5,
      full_name: 'Maria',
      age: 30,
      genero: 'feminino',
      is_pcd: false,
      email: 'm@example.com',
      whatsapp: '85988776655',
      address_street: null,
      address_neighborhood: null,
      address_city: 'Fortaleza',
      address_state: 'CE',
      cep: null,
      education: null,
      curso: null,
      experience_1: null,
      experience_2: null,
      experience_3: null,
      veiopor: null,
      status: '',
      obs: null,
      job_posting_id: 1,
      created_at: '2026-01-01T00:00:00.000000Z',
      updated_at: '2026-01-02T00:00:00.000000Z',
      ultima_acao: '2026-01-02T00:00:00.000000Z',
      company_name: 'Loja',
      job_posting: {
        company_name: 'Loja',
        recrutador: 'Ana',
        estado: 'CE',
        description: 'Caixa',
        city: 'Fortaleza',
        created_at: null,
      },
    }
    expect(Value.Check(Candidate, candidate)).toBe(true)
  })
  it('validate candidate updates: age 14–100, e-mail format, partial payloads', () => {
    expect(Value.Check(CandidateUpdate, { status: 'triado' })).toBe(true)
    expect(Value.Check(CandidateUpdate, { obs: 'ok' })).toBe(true)
    expect(Value.Check(CandidateUpdate, { age: 13 })).toBe(false)
    expect(Value.Check(CandidateUpdate, { age: 101 })).toBe(false)
    expect(Value.Check(CandidateUpdate, { email: 'sem-arroba' })).toBe(false)
    expect(Value.Check(CandidateUpdate, { full_name: '   ' })).toBe(false)
  })
  it('restrict user roles to admin and company', () => {
    expect(Value.Check(User, { name: 'A', email: 'a@b.c', role: 'admin', cnpj: '1' })).toBe(true)
    expect(Value.Check(User, { name: 'A', email: 'a@b.c', role: 'root', cnpj: '1' })).toBe(false)
  })
})
