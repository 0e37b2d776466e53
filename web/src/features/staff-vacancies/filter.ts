import { foldText } from '@mini-vagas/shared/domain/text'
import { toEstado } from '@mini-vagas/shared/domain/estados'
import { searchVacancies } from '@mini-vagas/shared/domain/vacancy-search'
import type { StaffVacancy } from './api/get-vacancies.ts'

export type VisibilityFilter = 'all' | 'mostrar' | 'nao mostrar' | 'aguardando'

/** The staff list's filters; '' for any. */
export interface StaffVacancyFilters {
  text: string
  visibility: VisibilityFilter
  status?: string
  company?: string
  recruiter?: string
  /** An estado key (toEstado), or '' for any. */
  estado?: string
}

const same = (a: string | null | undefined, b: string) => foldText(a).replace(/\s+/g, ' ').trim() === foldText(b).replace(/\s+/g, ' ').trim()

/**
 * docs/product.md, Vacancies for staff: every word of the text, in any order, accent- and
 * case-insensitive, over title, company, city, neighbourhood and recruiter ("acougueiro natal"
 * finds Açougueiro in Natal) — the public search's rule; visibility (and the ones a company asked
 * for), status, company, recruiter and state, each exact whatever the accents and case.
 */
export function filterStaffVacancies(vacancies: readonly StaffVacancy[], filters: StaffVacancyFilters): StaffVacancy[] {
  const { visibility, status = '', company = '', recruiter = '', estado = '' } = filters
  return searchVacancies(
    vacancies.filter(
      (v) =>
        (visibility === 'all' || (visibility === 'aguardando' ? v.awaitingPublication === true : v.obs === visibility)) &&
        (!status || v.status === status) &&
        (!company || same(v.company_name, company)) &&
        (!recruiter || same(v.recrutador, recruiter)) &&
        (!estado || toEstado(v.estado) === estado),
    ),
    filters.text,
    (v) => [v.recrutador],
  )
}

/** The companies of a list, once each (accents and case aside), in alphabetical order. */
export function knownCompanies(vacancies: readonly StaffVacancy[]): string[] {
  const byKey = new Map<string, string>()
  for (const v of vacancies) {
    const name = String(v.company_name ?? '')
      .replace(/\s+/g, ' ')
      .trim()
    if (name && !byKey.has(foldText(name))) byKey.set(foldText(name), name)
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'pt-BR'))
}

/** Positions still open: requested minus filled, never below zero. */
export const openPositions = (v: Pick<StaffVacancy, 'vagas_abertas' | 'vagas_preenchidas'>) => Math.max(0, (v.vagas_abertas ?? 0) - (v.vagas_preenchidas ?? 0))
