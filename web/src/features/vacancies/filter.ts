import { foldText } from '@mini-vagas/shared/domain/text'
import type { PublicVacancy } from '@mini-vagas/shared/schemas/vacancy'

/** docs/product.md, Public vacancy list: the search matches city or company, ignoring accents and case. */
export function filterVacancies(vacancies: readonly PublicVacancy[], query: string): PublicVacancy[] {
  const q = foldText(query)
  if (!q) return [...vacancies]
  return vacancies.filter((v) => foldText(v.city).includes(q) || foldText(v.company_name).includes(q))
}
