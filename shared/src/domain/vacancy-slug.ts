import { foldText } from './text.ts'

/**
 * Vacancy slugs (docs/product.md, Screens): description, company and city, lowercased, accents and symbols
 * removed, spaces turned into hyphens, then the id in base 36. The legacy app added "a short
 * base-36 hash of the id" and kept a slug→id map in browser storage; we make the suffix the id
 * itself so any slug URL resolves without storage, and keep a fallback that matches the text part
 * for slugs whose suffix cannot be decoded (old links).
 */
export function slugText(parts: readonly (string | null | undefined)[]): string {
  return parts
    .map((p) => foldText(p))
    .join(' ')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-|-$/g, '')
}

export interface SluggableVacancy {
  id: number
  description?: string | null
  company_name?: string | null
  city?: string | null
}

export function vacancySlugBase(vacancy: SluggableVacancy): string {
  return slugText([vacancy.description, vacancy.company_name, vacancy.city])
}

export function vacancySlug(vacancy: SluggableVacancy): string {
  const base = vacancySlugBase(vacancy)
  const suffix = vacancy.id.toString(36)
  return base ? `${base}-${suffix}` : suffix
}

/** Splits a slug into its text part and the id its suffix encodes (null if it encodes none). */
export function parseVacancySlug(slug: string): { base: string; id: number | null } {
  const clean = slug.trim().toLowerCase()
  const cut = clean.lastIndexOf('-')
  const base = cut === -1 ? '' : clean.slice(0, cut)
  const suffix = cut === -1 ? clean : clean.slice(cut + 1)
  if (!/^[0-9a-z]{1,8}$/.test(suffix)) return { base: clean, id: null }
  const id = Number.parseInt(suffix, 36)
  return { base, id: Number.isSafeInteger(id) && id > 0 ? id : null }
}

/**
 * Finds the vacancy a slug names: first by the encoded id (checked against the text, so a stale
 * or edited link does not open another vacancy), then by the text part when exactly one vacancy
 * matches it.
 */
export function resolveVacancySlug<V extends SluggableVacancy>(slug: string, vacancies: readonly V[]): V | null {
  const { base, id } = parseVacancySlug(slug)
  if (id !== null) {
    const byId = vacancies.find((v) => v.id === id)
    if (byId && vacancySlugBase(byId) === base) return byId
  }
  const candidates = [base, slug.trim().toLowerCase()]
  const matches = vacancies.filter((v) => {
    const vb = vacancySlugBase(v)
    return vb !== '' && candidates.includes(vb)
  })
  return matches.length === 1 ? (matches[0] ?? null) : null
}
