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
  status?: string | null
}

const searchWords = (query: string) => foldText(query).split(/\s+/).filter(Boolean)
const matches = (v: SuggestibleVacancy, words: readonly string[]) => {
  const text = foldText([v.description, v.company_name, v.city, v.recrutador].filter(Boolean).join(' '))
  return words.every((w) => text.includes(w))
}

/**
 * The screening screen's vacancy suggestions (docs/product.md, AI screening; Limits): only vacancies shown to the public,
 * matching the typed text (accents and case ignored) in description, company, city or recruiter;
 * at most 10. An empty search suggests the first 10.
 */
export function vacancySuggestions<V extends SuggestibleVacancy>(vacancies: readonly V[], query: string): V[] {
  const words = searchWords(query)
  const out: V[] = []
  for (const v of vacancies) {
    if (v.obs !== PUBLIC_VISIBILITY || !matches(v, words)) continue
    out.push(v)
    if (out.length === VACANCY_SUGGESTIONS_MAX) break
  }
  return out
}

/** Vacancies that no longer take people: nobody is sent to them. */
const CLOSED_STATUSES = new Set(['cancelada', 'concluida'])

/**
 * Where a candidate can be sent: open vacancies other than the current one, matching
 * the typed text like the suggestions; hidden ones only when asked for (a vacancy not yet
 * published may still take people the agency chose).
 */
export function forwardTargets<V extends SuggestibleVacancy>(
  vacancies: readonly V[],
  { query, currentVacancyId, includeHidden }: { query: string; currentVacancyId?: number | undefined; includeHidden: boolean },
): V[] {
  const words = searchWords(query)
  return vacancies.filter((v) => v.id !== currentVacancyId && !CLOSED_STATUSES.has(v.status ?? '') && (includeHidden || v.obs === PUBLIC_VISIBILITY) && matches(v, words))
}
