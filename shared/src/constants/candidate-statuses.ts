/**
 * Candidate statuses: the union of every screen of docs/product.md, Statuses. The empty value is 'Sem Status';
 * legacy data also holds 'pendente' (and null), which read the same.
 */
export const CANDIDATE_STATUSES = [
  '',
  'triado',
  'revisao',
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
] as const

export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number]

export const CANDIDATE_STATUS_LABELS: Record<CandidateStatus, string> = {
  '': 'Sem Status',
  triado: 'Triado',
  revisao: 'Revisão',
  entrevista_online: 'Entrevista Online',
  entrevista_presencial: 'Entrevista Presencial',
  aprovado: 'Aprovado',
  reprovado: 'Reprovado',
  reprovado_empresa: 'Reprovado Empresa',
  nao_compareceu: 'Não Compareceu',
  nao_compareceu_empresa: 'Não Compareceu Empresa',
  contratado: 'Contratado',
  segunda_fase: 'Segunda Fase',
  aguardando_retorno: 'Aguardando Retorno',
  desistente: 'Desistente',
  entrar_contato: 'Entrar em Contato',
  interessado: 'Interessado',
  sem_interesse: 'Sem Interesse',
  sem_retorno: 'Sem Retorno',
}

/** Values that legacy data uses for "no status"; all read as ''. */
export const EMPTY_STATUS_ALIASES = ['', 'pendente'] as const

/** Statuses a client company may set on its own candidates. */
export const COMPANY_SIDE_STATUSES = ['aprovado', 'reprovado_empresa', 'nao_compareceu_empresa', 'contratado'] as const satisfies readonly CandidateStatus[]

/** Global screening leaves these candidates out (docs/product.md, Limits). */
export const GLOBAL_SCREENING_EXCLUDED_STATUSES = ['aprovado', 'contratado', 'entrevista_presencial'] as const satisfies readonly CandidateStatus[]

/**
 * Statuses a screening apply may overwrite: nobody has acted on the person past
 * screening yet — no status, or an earlier screening's verdict. Every other status (interviews,
 * segunda fase, aprovado, contratado, reprovado, desistente, contact states…) was set by a person
 * after triage and is kept, in the screened vacancy and in any other.
 */
export const STATUSES_OPEN_TO_SCREENING = ['', 'triado', 'revisao'] as const satisfies readonly CandidateStatus[]

/** Outcomes of AI screening (docs/product.md, Screening result; Statuses); only triado and revisao are ever written back. */
export const SCREENING_OUTCOMES = ['triado', 'revisao', 'nao_triado'] as const
export type ScreeningOutcome = (typeof SCREENING_OUTCOMES)[number]
