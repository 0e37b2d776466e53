import { describe, expect, it } from 'vitest'
import { CANDIDATE_STATUS_LABELS, CANDIDATE_STATUSES } from '../constants/candidate-statuses.ts'
import { candidateStatusFamily, candidateStatusLabel, candidateStatusOptions, companyStatusOptions, normalizeCandidateStatus, screeningMayChange } from './candidate-status.ts'

describe('candidate statuses', () => {
  it('hold the union of every screen: 17 statuses plus the empty one', () => {
    expect(CANDIDATE_STATUSES).toHaveLength(18)
    for (const s of ['segunda_fase', 'reprovado_empresa', 'nao_compareceu_empresa', 'revisao', 'triado']) {
      expect(CANDIDATE_STATUSES).toContain(s)
    }
  })
  it('label every status in Portuguese', () => {
    expect(candidateStatusLabel('entrevista_online')).toBe('Entrevista Online')
    expect(candidateStatusLabel('reprovado_empresa')).toBe('Reprovado Empresa')
    expect(candidateStatusLabel('entrar_contato')).toBe('Entrar em Contato')
    expect(candidateStatusLabel('nao_compareceu')).toBe('Não Compareceu')
    for (const s of CANDIDATE_STATUSES) expect(CANDIDATE_STATUS_LABELS[s]).toMatch(/^[A-ZÁÉÍÓÚÃÕÇ]/)
  })
  it("read empty, null and 'pendente' as 'Sem Status'", () => {
    for (const v of ['', null, undefined, 'pendente', 'PENDENTE', '  ']) {
      expect(normalizeCandidateStatus(v)).toBe('')
      expect(candidateStatusLabel(v)).toBe('Sem Status')
    }
  })
  it('normalise case and spaces of known values and keep unknown ones as stored', () => {
    expect(normalizeCandidateStatus(' Aprovado ')).toBe('aprovado')
    expect(normalizeCandidateStatus('em_analise')).toBe('em_analise')
    expect(candidateStatusLabel('em_analise')).toBe('em_analise')
  })
  it('offer the union in selects and add an unknown stored value so it is not lost', () => {
    expect(candidateStatusOptions('aprovado').map((o) => o.value)).toEqual([...CANDIDATE_STATUSES])
    const withUnknown = candidateStatusOptions('em_analise')
    expect(withUnknown).toHaveLength(19)
    expect(withUnknown.at(-1)).toEqual({ value: 'em_analise', label: 'em_analise' })
  })
  it('offers a company only the company-side statuses, with the current one shown first', () => {
    expect(companyStatusOptions('aprovado').map((o) => o.value)).toEqual(['aprovado', 'reprovado_empresa', 'nao_compareceu_empresa', 'contratado'])
    expect(companyStatusOptions('triado').map((o) => o.value)).toEqual(['triado', 'aprovado', 'reprovado_empresa', 'nao_compareceu_empresa', 'contratado'])
    expect(companyStatusOptions('pendente')[0]).toEqual({ value: '', label: 'Sem Status' })
  })
})

describe('what applying a screening may change', () => {
  it('changes only people at or before screening, over all 18 statuses', () => {
    expect(CANDIDATE_STATUSES).toHaveLength(18)
    const changeable = CANDIDATE_STATUSES.filter((s) => screeningMayChange(s))
    expect(changeable).toEqual(['', 'triado', 'revisao'])
    // Everyone a person moved past triage keeps their status.
    expect(CANDIDATE_STATUSES.filter((s) => !screeningMayChange(s))).toEqual([
      'entrevista_online',
      'entrevista_presencial',
      'aprovado',
      'reprovado',
      'reprovado_empresa',
      'nao_compareceu',
      'nao_compareceu_empresa',
      'contratado',
      'segunda_fase',
      'aguardando_retorno',
      'desistente',
      'entrar_contato',
      'interessado',
      'sem_interesse',
      'sem_retorno',
    ])
  })
  it('reads the legacy’s empty forms as no status, and keeps an unknown value someone set', () => {
    expect([null, undefined, 'pendente', ' PENDENTE ', 'Triado'].map((s) => screeningMayChange(s))).toEqual([true, true, true, true, true])
    expect(screeningMayChange('em_analise_rh')).toBe(false)
  })
})

describe('status families', () => {
  it('every known status has a family; empty, pendente and unknown values are neutral', () => {
    for (const status of CANDIDATE_STATUSES) expect(['neutral', 'screening', 'interview', 'waiting', 'success', 'danger']).toContain(candidateStatusFamily(status))
    expect(candidateStatusFamily(null)).toBe('neutral')
    expect(candidateStatusFamily('Pendente')).toBe('neutral')
    expect(candidateStatusFamily('algo_antigo')).toBe('neutral')
    expect(candidateStatusFamily('CONTRATADO')).toBe('success')
    expect(candidateStatusFamily('reprovado_empresa')).toBe('danger')
    expect(candidateStatusFamily('entrevista_online')).toBe('interview')
  })
})
