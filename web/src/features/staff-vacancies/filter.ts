import { searchVacancies } from '@mini-vagas/shared/domain/vacancy-search'
import type { StaffVacancy } from './api/get-vacancies.ts'

export type VisibilityFilter = 'all' | 'mostrar' | 'nao mostrar' | 'aguardando'

/**
 * docs/product.md, Vacancies for staff: every word of the text, in any order, accent- and
 * case-insensitive, over title, company, city, neighbourhood and recruiter ("acougueiro natal"
 * finds Açougueiro in Natal) — the public search's rule; visibility; counts.
 */
export function filterStaffVacancies(vacancies: readonly StaffVacancy[], text: string, visibility: VisibilityFilter): StaffVacancy[] {
  return searchVacancies(
    vacancies.filter((v) => visibility === 'all' || (visibility === 'aguardando' ? v.awaitingPublication === true : v.obs === visibility)),
    text,
    (v) => [v.recrutador],
  )
}

/** Positions still open: requested minus filled, never below zero. */
export const openPositions = (v: Pick<StaffVacancy, 'vagas_abertas' | 'vagas_preenchidas'>) => Math.max(0, (v.vagas_abertas ?? 0) - (v.vagas_preenchidas ?? 0))
