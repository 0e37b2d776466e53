/** Vacancy (processo seletivo) statuses, docs/product.md, Statuses; any may be chosen, no order is enforced. */
export const VACANCY_STATUSES = ['aberta', 'divulgação', 'triagem', 'entrevista', 'retorno_entrevista', 'concluida', 'cancelada'] as const

export type VacancyStatus = (typeof VACANCY_STATUSES)[number]

export const VACANCY_STATUS_LABELS: Record<VacancyStatus, string> = {
  aberta: 'Aberta',
  divulgação: 'Divulgação',
  triagem: 'Triagem',
  entrevista: 'Entrevista',
  retorno_entrevista: 'Retorno Entrevista',
  concluida: 'Concluída',
  cancelada: 'Cancelada',
}

/** Visibility is stored in the vacancy's `obs` field; only 'mostrar' is public (docs/product.md, Statuses). */
export const VISIBILITIES = ['mostrar', 'nao mostrar'] as const
export type Visibility = (typeof VISIBILITIES)[number]
export const PUBLIC_VISIBILITY: Visibility = 'mostrar'

export const VISIBILITY_LABELS: Record<Visibility, string> = {
  mostrar: 'Mostrar',
  'nao mostrar': 'Não mostrar',
}
