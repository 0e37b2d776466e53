import { describe, expect, it } from 'vitest'
import { CANDIDATE_STATUSES } from '../constants/candidate-statuses.ts'
import { applicantStage, explainCriterion, mayWithdraw, screeningMethod } from './my-applications.ts'

describe('an application as its applicant reads it', () => {
  it('gives every status a plain stage, never the agency’s own status name', () => {
    for (const status of CANDIDATE_STATUSES) {
      const stage = applicantStage(status)
      expect(stage.label).not.toMatch(/Reprovado|Empresa|Sem Interesse|Não Compareceu|Triado|Revisão/)
      expect(stage.detail.length).toBeGreaterThan(20)
    }
    expect(applicantStage(null).label).toBe('Em análise')
    expect(applicantStage('pendente').label).toBe('Em análise')
    expect(applicantStage('status-que-ninguem-conhece').label).toBe('Em análise')
    expect(applicantStage('reprovado_empresa').label).toBe('Processo encerrado')
    expect(applicantStage('entrevista_online').key).toBe('entrevista')
    expect(applicantStage('desistente').label).toBe('Você desistiu')
  })

  it('lets an applicant withdraw only while the selection goes on for them', () => {
    expect(mayWithdraw(applicantStage('').key)).toBe(true)
    expect(mayWithdraw(applicantStage('entrevista_presencial').key)).toBe(true)
    expect(mayWithdraw(applicantStage('contratado').key)).toBe(false)
    expect(mayWithdraw(applicantStage('reprovado').key)).toBe(false)
    expect(mayWithdraw(applicantStage('desistente').key)).toBe(false)
  })

  it('says each criterion with what was asked, what was read and how it was judged', () => {
    expect(explainCriterion({ key: 'cidade', label: 'Mora em Natal', hard: true, status: 'atende', field: 'Cidade', value: 'Natal', by: 'regras' })).toBe(
      'Mora em Natal (obrigatório) — atende (Cidade: “Natal”).',
    )
    expect(explainCriterion({ key: 'exp', label: 'Experiência em açougue', hard: false, status: 'desconhecido', field: 'Experiências', value: ' ', by: 'ia' })).toBe(
      'Experiência em açougue — não foi possível avaliar com o que você informou (nada informado em Experiências).',
    )
    expect(
      explainCriterion({ key: 'c1', label: 'CNH categoria B', hard: false, status: 'desconhecido', field: '', value: 'não encontrado nos dados do candidato', by: 'regras' }),
    ).toBe('CNH categoria B — não foi possível avaliar com o que você informou (nada sobre isso na sua candidatura).')
  })

  it('names who judged: the agency’s rules or a model', () => {
    expect(screeningMethod('rules', null)).toMatch(/^Regras automáticas/)
    expect(screeningMethod('openai', 'gpt-4.1-mini')).toMatch(/modelo de linguagem \(gpt-4\.1-mini\)/)
  })
})
