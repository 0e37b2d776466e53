/**
 * The statuses the legacy itself accepts, written out here rather than taken from the product's
 * constants: the real legacy knows its own list, so a status the product invents must be refused
 * here as it would be there (a contract test compares the two lists).
 */
export const LEGACY_CANDIDATE_STATUSES = [
  '',
  'pendente',
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

export const LEGACY_VACANCY_STATUSES = ['aberta', 'divulgação', 'triagem', 'entrevista', 'retorno_entrevista', 'concluida', 'cancelada'] as const

export const LEGACY_VISIBILITIES = ['mostrar', 'nao mostrar'] as const
