import { VACANCY_SUGGESTIONS_MAX } from '../constants/limits.ts'
import { PUBLIC_VISIBILITY } from '../constants/vacancy.ts'
import { foldText } from './text.ts'

export interface SuggestibleVacancy {
  id: number
  description?: string | null
  company_name?: string | null
  city?: string | null
  recrutador?: string | null
  obs?: string | null
}

/**
 * The screening screen's vacancy suggestions (spec §2.13, §9): only vacancies shown to the public,
 * matching the typed text (accents and case ignored) in description, company, city or recruiter;
 * at most 10. An empty search suggests the first 10.
 */
export function vacancySuggestions<V extends SuggestibleVacancy>(vacancies: readonly V[], query: string): V[] {
  const words = foldText(query).split(/\s+/).filter(Boolean)
  const out: V[] = []
  for (const v of vacancies) {
    if (v.obs !== PUBLIC_VISIBILITY) continue
    const text = foldText([v.description, v.company_name, v.city, v.recrutador].filter(Boolean).join(' '))
    if (!words.every((w) => text.includes(w))) continue
    out.push(v)
    if (out.length === VACANCY_SUGGESTIONS_MAX) break
  }
  return out
}
