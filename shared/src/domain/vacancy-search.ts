import { foldText } from './text.ts'

/** How many vacancy cards the public list shows at first, and how many more each "Mostrar mais vagas" adds. */
export const PUBLIC_PAGE_SIZE = 24

/** The public search box's texts (docs/product.md, Public vacancy list; docs/decisions/public-search.md). */
export const PUBLIC_SEARCH_TEXTS = {
  subtitle: 'Procure por vaga, cidade, bairro ou empresa',
  label: 'Buscar por vaga, cidade, bairro ou empresa',
  placeholder: 'Buscar por vaga, cidade, bairro ou empresa...',
  more: 'Mostrar mais vagas',
} as const

/** Words that say nothing of a vacancy: "padeiro em fortaleza" asks for padeiro and fortaleza. */
const STOPWORDS = new Set(['a', 'o', 'as', 'os', 'e', 'de', 'da', 'do', 'das', 'dos', 'em', 'na', 'no', 'nas', 'nos', 'para', 'pra', 'com', 'vaga', 'vagas'])

interface Searchable {
  description?: string | null | undefined
  company_name?: string | null | undefined
  city?: string | null | undefined
  bairro?: string | null | undefined
}

/** The words of a query a vacancy must hold, folded (no accents, no case), stopwords dropped. */
export function searchWords(query: string): string[] {
  const words = foldText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  const meaningful = words.filter((w) => !STOPWORDS.has(w))
  // A query of stopwords alone ("vagas") still asks for something.
  return meaningful.length > 0 ? meaningful : words
}

/**
 * The public search, as on a job site: every word of the query, in any order, found in the
 * vacancy's title, city, neighbourhood or company, without accents or case; a word matches the
 * start of a word there ("pad" finds Padeiro, not Empada). Vacancies whose title holds more of
 * the words come first; otherwise the list keeps its order. `more` adds fields of a caller's own
 * (the staff's list searches the recruiter too).
 */
export function searchVacancies<V extends Searchable>(vacancies: readonly V[], query: string, more: (vacancy: V) => readonly (string | null | undefined)[] = () => []): V[] {
  const words = searchWords(query)
  if (words.length === 0) return [...vacancies]
  const scored: { vacancy: V; inTitle: number; index: number }[] = []
  vacancies.forEach((vacancy, index) => {
    const title = ` ${foldText(vacancy.description).replace(/[^\p{L}\p{N}]+/gu, ' ')}`
    const rest = ` ${[vacancy.city, vacancy.bairro, vacancy.company_name, ...more(vacancy)].map((f) => foldText(f).replace(/[^\p{L}\p{N}]+/gu, ' ')).join(' ')}`
    let inTitle = 0
    for (const word of words) {
      if (title.includes(` ${word}`)) inTitle++
      else if (!rest.includes(` ${word}`)) return
    }
    scored.push({ vacancy, inTitle, index })
  })
  return scored.sort((a, b) => b.inTitle - a.inTitle || a.index - b.index).map((s) => s.vacancy)
}
