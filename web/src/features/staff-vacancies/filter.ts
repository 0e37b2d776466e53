import { foldText } from '@mini-vagas/shared/domain/text'
import type { StaffVacancy } from './api/get-vacancies.ts'

export type VisibilityFilter = 'all' | 'mostrar' | 'nao mostrar'

/** docs/product.md, Vacancies for staff: text over description, company, city and recruiter; visibility; counts. */
export function filterStaffVacancies(vacancies: readonly StaffVacancy[], text: string, visibility: VisibilityFilter): StaffVacancy[] {
  const q = foldText(text)
  return vacancies.filter(
    (v) => (visibility === 'all' || v.obs === visibility) && (!q || [v.description, v.company_name, v.city, v.recrutador].some((f) => foldText(f).includes(q))),
  )
}

/** Positions still open: requested minus filled, never below zero. */
export const openPositions = (v: Pick<StaffVacancy, 'vagas_abertas' | 'vagas_preenchidas'>) => Math.max(0, (v.vagas_abertas ?? 0) - (v.vagas_preenchidas ?? 0))
