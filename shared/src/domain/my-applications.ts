import { emailKey } from './candidate-identity.ts'
import { normalizeCandidateStatus } from './candidate-status.ts'
import type { CriterionEvidence } from '../schemas/screening.ts'

/**
 * What an applicant reads about their own applications ("Minhas candidaturas"): the stage in plain
 * words, never the agency's internal status names (a "Reprovado Empresa" or "Sem Interesse" is the
 * agency's note, not a message to the person), and how an automated screening judged them.
 */
export type ApplicantStageKey = 'em_analise' | 'contato' | 'entrevista' | 'aprovado' | 'contratado' | 'encerrado' | 'desistiu'

export interface ApplicantStage {
  key: ApplicantStageKey
  label: string
  detail: string
}

const STAGES: Record<ApplicantStageKey, Omit<ApplicantStage, 'key'>> = {
  em_analise: { label: 'Em análise', detail: 'Recebemos a sua candidatura e ela está sendo avaliada.' },
  contato: { label: 'Em contato', detail: 'A agência quer falar com você. Fique de olho no seu WhatsApp e no seu e-mail.' },
  entrevista: { label: 'Entrevista', detail: 'Você foi chamado(a) para uma entrevista. A agência combina com você a data e o local.' },
  aprovado: { label: 'Aprovado(a)', detail: 'Você foi aprovado(a) nesta seleção. A agência entra em contato com os próximos passos.' },
  contratado: { label: 'Contratado(a)', detail: 'Parabéns! Esta seleção terminou com a sua contratação.' },
  encerrado: { label: 'Processo encerrado', detail: 'Esta seleção terminou para você. Obrigado pelo interesse: as outras vagas continuam abertas para você.' },
  desistiu: { label: 'Você desistiu', detail: 'Você desistiu desta candidatura. Ela não segue mais na seleção.' },
}

const BY_STATUS: Record<string, ApplicantStageKey> = {
  '': 'em_analise',
  triado: 'em_analise',
  revisao: 'em_analise',
  segunda_fase: 'em_analise',
  aguardando_retorno: 'em_analise',
  entrar_contato: 'contato',
  interessado: 'contato',
  sem_retorno: 'contato',
  entrevista_online: 'entrevista',
  entrevista_presencial: 'entrevista',
  aprovado: 'aprovado',
  contratado: 'contratado',
  reprovado: 'encerrado',
  reprovado_empresa: 'encerrado',
  nao_compareceu: 'encerrado',
  nao_compareceu_empresa: 'encerrado',
  sem_interesse: 'encerrado',
  desistente: 'desistiu',
}

/** The stage of an application as its applicant reads it; a status the product does not know reads "Em análise". */
export function applicantStage(status: string | null | undefined): ApplicantStage {
  const key = BY_STATUS[normalizeCandidateStatus(status)] ?? 'em_analise'
  return { key, ...STAGES[key] }
}

/** The stage when an interview is confirmed ahead: "Entrevista marcada para …". */
export function interviewStage(when: string): ApplicantStage {
  return { key: 'entrevista', label: `Entrevista marcada para ${when}`, detail: 'Confira abaixo onde e com quem. Se não puder ir, peça outro horário ou cancele.' }
}

/**
 * Who a "Minhas candidaturas" link is for, as the link keeps it: the e-mail they applied with, or
 * their WhatsApp number (`phone:` and its digits, as `phoneKey` keeps them) when they asked by WhatsApp.
 */
export const phoneHolder = (digits: string) => `phone:${digits}`
export const linkHolder = (kept: string): { kind: 'email' | 'phone'; key: string } =>
  kept.startsWith('phone:') ? { kind: 'phone', key: kept.slice('phone:'.length) } : { kind: 'email', key: emailKey(kept) }

/** Whether the applicant may still withdraw: the selection has not ended for them. */
export const mayWithdraw = (stage: ApplicantStageKey) => stage === 'em_analise' || stage === 'contato' || stage === 'entrevista'

const JUDGED: Record<CriterionEvidence['status'], string> = {
  atende: 'atende',
  nao_atende: 'não atende',
  desconhecido: 'não foi possível avaliar com o que você informou',
}

/** One criterion of a screening as the applicant reads it: what was asked, what was read in their application, how it was judged. */
export function explainCriterion(c: CriterionEvidence): string {
  const asked = `${c.label}${c.hard ? ' (obrigatório)' : ''}`
  // No field: nothing in the application spoke to it (the value is then the engine's placeholder, not the person's words).
  const value = c.value.trim()
  const read = !c.field ? 'nada sobre isso na sua candidatura' : value ? `${c.field}: “${value}”` : `nada informado em ${c.field}`
  return `${asked} — ${JUDGED[c.status]} (${read}).`
}

/** Who judged, in words: the rules the agency set ('rules'), or a language model. */
export const screeningMethod = (provider: string, model: string | null) =>
  provider === 'rules'
    ? 'Regras automáticas definidas pela agência compararam a sua candidatura com os critérios da vaga.'
    : `Um modelo de linguagem${model ? ` (${model})` : ''} comparou a sua candidatura com os critérios da vaga.`

/** What the screening's verdict meant for the application, in the applicant's words. */
export function screeningOutcomeText(outcome: string): string {
  if (outcome === 'triado') return 'A triagem indicou que a sua candidatura atende aos critérios da vaga.'
  if (outcome === 'nao_triado') return 'A triagem indicou que a sua candidatura não atende a um ou mais critérios obrigatórios da vaga.'
  return 'A triagem não conseguiu decidir com o que você informou: a sua candidatura foi para a análise de uma pessoa.'
}

/** That a person decided, and when they reviewed the verdict. */
export const screeningDecisionText = (reviewedAt: string | null) =>
  reviewedAt
    ? `Uma pessoa da equipe revisou este resultado em ${reviewedAt} e decidiu os próximos passos.`
    : 'Este resultado não decide nada sozinho: uma pessoa da equipe o confere e decide os próximos passos.'

/** How to ask for a person's review of an automated decision (LGPD Art. 20), from "Meus dados". */
export const SCREENING_REVIEW_HOW =
  'Você pode pedir que uma pessoa revise esta avaliação: use "Pedir revisão por uma pessoa" nesta página ou, em "Meus dados", escolha "Revisão por uma pessoa de uma decisão automatizada". A resposta chega em até 15 dias.'

/** The one refusal for a link that does not open — unknown, altered, expired or for another purpose alike: it tells nothing. */
export const APPLICANT_LINK_GONE = 'Este link não vale mais: ele expirou, está incompleto ou não é um link de "Minhas candidaturas". Peça um novo link informando o seu e-mail.'
