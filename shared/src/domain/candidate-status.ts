import { CANDIDATE_STATUS_LABELS, CANDIDATE_STATUSES, COMPANY_SIDE_STATUSES, STATUSES_OPEN_TO_SCREENING, type CandidateStatus } from '../constants/candidate-statuses.ts'
import type { Option } from '../constants/option-lists.ts'
import { optionsIncluding } from './option-lists.ts'

const known = new Set<string>(CANDIDATE_STATUSES)

/**
 * The status as the product reads it: null, empty and 'pendente' are '' ('Sem Status'); a known
 * value is itself; an unknown legacy value is kept as stored so it is never lost.
 */
export function normalizeCandidateStatus(value: string | null | undefined): string {
  const v = (value ?? '').trim()
  if (v === '' || v.toLowerCase() === 'pendente') return ''
  return known.has(v.toLowerCase()) ? v.toLowerCase() : v
}

const openToScreening = new Set<string>(STATUSES_OPEN_TO_SCREENING)

/**
 * Whether applying a screening may change this stored status: only when the person is at or
 * before screening. An unknown legacy value was set by someone, so it is kept too.
 */
export function screeningMayChange(status: string | null | undefined): boolean {
  return openToScreening.has(normalizeCandidateStatus(status))
}

export function isKnownCandidateStatus(value: string): value is CandidateStatus {
  return known.has(value)
}

/** Portuguese label of any stored status ('Sem Status' for the empty ones). */
export function candidateStatusLabel(value: string | null | undefined): string {
  const v = normalizeCandidateStatus(value)
  return isKnownCandidateStatus(v) ? CANDIDATE_STATUS_LABELS[v] : v
}

/** Options for a status select: the union of docs/product.md, Statuses, plus the current value if it is unknown. */
export function candidateStatusOptions(current?: string | null): Option[] {
  return optionsIncluding(STATUS_OPTIONS, normalizeCandidateStatus(current))
}

const STATUS_OPTIONS: readonly Option[] = CANDIDATE_STATUSES.map((value) => ({
  value,
  label: CANDIDATE_STATUS_LABELS[value],
}))

/**
 * A company's status select: the company-side statuses, with the current value first
 * when it is not one of them, so the select shows it (choosing it again changes nothing).
 */
export function companyStatusOptions(current?: string | null): Option[] {
  const value = normalizeCandidateStatus(current)
  const side = COMPANY_SIDE_STATUSES.map((v) => ({ value: v as string, label: CANDIDATE_STATUS_LABELS[v] }))
  if (side.some((o) => o.value === value)) return side
  return [{ value, label: candidateStatusLabel(value) || 'Sem Status' }, ...side]
}

/** The colour families of the status badges: where a person stands, at a glance. */
export type StatusFamily = 'neutral' | 'screening' | 'interview' | 'waiting' | 'success' | 'danger'

const FAMILIES: Record<CandidateStatus, StatusFamily> = {
  '': 'neutral',
  triado: 'screening',
  revisao: 'screening',
  entrevista_online: 'interview',
  entrevista_presencial: 'interview',
  segunda_fase: 'interview',
  aguardando_retorno: 'waiting',
  entrar_contato: 'waiting',
  interessado: 'waiting',
  sem_retorno: 'waiting',
  aprovado: 'success',
  contratado: 'success',
  reprovado: 'danger',
  reprovado_empresa: 'danger',
  nao_compareceu: 'danger',
  nao_compareceu_empresa: 'danger',
  desistente: 'danger',
  sem_interesse: 'danger',
}

/** A stored status's family; an unknown legacy value is neutral. */
export function candidateStatusFamily(value: string | null | undefined): StatusFamily {
  const v = normalizeCandidateStatus(value)
  return isKnownCandidateStatus(v) ? FAMILIES[v] : 'neutral'
}
