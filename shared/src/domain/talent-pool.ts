import { GLOBAL_SCREENING_EXCLUDED_STATUSES } from '../constants/candidate-statuses.ts'
import { CITY_COORDINATES } from '../constants/city-coordinates.ts'
import { normalizeCandidateStatus } from './candidate-status.ts'
import { NEAR_KM, proximity, screenCandidate, type ProximityTier, type ScreeningCandidate, type ScreeningVacancy } from './screening-rules.ts'
import { emailKey, phoneKey } from './candidate-identity.ts'
import { foldText } from './text.ts'

/**
 * The talent pool (docs/product.md, Talent pool): the agency's own labels on people (tags), the
 * searches a recruiter comes back to (saved searches), and people already in the base who fit a
 * new vacancy ("sugerir do banco"). Rules shared by the SPA and the BFF.
 */

export const TAG_MIN = 2
export const TAG_MAX = 40
export const MAX_TAGS_PER_CANDIDATE = 20
export const SAVED_SEARCH_NAME_MAX = 60
export const MAX_SAVED_SEARCHES = 30

export const TALENT_POOL_MESSAGES = {
  tagLength: `Cada etiqueta deve ter entre ${TAG_MIN} e ${TAG_MAX} caracteres.`,
  tooManyTags: `Um candidato pode ter no máximo ${MAX_TAGS_PER_CANDIDATE} etiquetas.`,
  searchName: `Dê à busca um nome de até ${SAVED_SEARCH_NAME_MAX} caracteres.`,
  tooManySearches: `Você pode salvar no máximo ${MAX_SAVED_SEARCHES} buscas. Apague uma para salvar outra.`,
  searchExists: 'Já existe uma busca salva com este nome.',
} as const

/** A tag as kept: single spaces, no control characters, trimmed. */
export function normalizeTag(raw: string): string {
  return (
    raw
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  )
}

/** Two tags are the same tag whatever their accents and case ("Noturno" and "noturno"). */
export const tagKey = (tag: string) => foldText(normalizeTag(tag))

/** The tags as kept (one of each, in the order given), or the first problem with them. */
export function checkTags(raw: readonly string[]): { tags: string[] } | { problem: string } {
  const seen = new Map<string, string>()
  for (const t of raw) {
    const tag = normalizeTag(t)
    if (tag.length < TAG_MIN || tag.length > TAG_MAX) return { problem: TALENT_POOL_MESSAGES.tagLength }
    if (!seen.has(tagKey(tag))) seen.set(tagKey(tag), tag)
  }
  if (seen.size > MAX_TAGS_PER_CANDIDATE) return { problem: TALENT_POOL_MESSAGES.tooManyTags }
  return { tags: [...seen.values()] }
}

/** A saved search's name as kept, or null when it is empty or too long. */
export function savedSearchName(raw: string): string | null {
  const name = normalizeTag(raw)
  return name.length >= 1 && name.length <= SAVED_SEARCH_NAME_MAX ? name : null
}

/** Every city within NEAR_KM of the vacancy's (its own included), folded: where suggestions are looked for. */
export function nearbyCities(city: string | null | undefined): string[] {
  const own = foldText(city)
  if (!own) return []
  const here = CITY_COORDINATES[own]
  if (!here) return [own]
  const rad = Math.PI / 180
  const km = (b: { lat: number; lon: number }) => {
    const h = Math.sin(((b.lat - here.lat) * rad) / 2) ** 2 + Math.cos(here.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - here.lon) * rad) / 2) ** 2
    return 2 * 6371 * Math.asin(Math.sqrt(h))
  }
  return [own, ...Object.entries(CITY_COORDINATES).flatMap(([name, at]) => (name !== own && km(at) <= NEAR_KM ? [name] : []))]
}

const TIER_ORDER: Record<ProximityTier, number> = { 'same-neighbourhood': 0, 'same-city': 1, near: 2, unknown: 3, far: 4 }

/** A person of the base as the suggestions weigh them: the record, and when they last acted (ms). */
export interface PoolCandidate extends ScreeningCandidate {
  id: number
  email?: string | null
  whatsapp?: string | null
  lastAction: number
}

/**
 * "Sugerir do banco": people of the base for a vacancy, judged by the same rules and hard criteria
 * as screening (a global run's: people already hired, approved or in an in-person interview are
 * left out), with the same evidence. Those the rules put through come first, then those a person
 * should check; never those the rules leave out. Nearer first, then the most recently active; one
 * suggestion per person (the same e-mail or WhatsApp).
 */
export function suggestFromPool<C extends PoolCandidate>(vacancy: ScreeningVacancy, pool: readonly C[], limit = 20) {
  const people = new Set<string>()
  const judged = []
  for (const candidate of [...pool].sort((a, b) => b.lastAction - a.lastAction)) {
    if ((GLOBAL_SCREENING_EXCLUDED_STATUSES as readonly string[]).includes(normalizeCandidateStatus(candidate.status))) continue
    // The same person as candidate-identity.ts tells them: the e-mail, or a WhatsApp of 10+ digits.
    const phone = phoneKey(candidate.whatsapp)
    const keys = [emailKey(candidate.email) && `e:${emailKey(candidate.email)}`, phone.length >= 10 && `p:${phone}`].filter((k): k is string => Boolean(k))
    if (keys.some((k) => people.has(k))) continue
    keys.forEach((k) => people.add(k))
    const verdict = screenCandidate(vacancy, candidate, { mode: 'global' })
    if (verdict.outcome === 'nao_triado') continue
    judged.push({ candidate, verdict, place: proximity(vacancy, candidate) })
  }
  return judged
    .sort(
      (a, b) =>
        Number(a.verdict.outcome !== 'triado') - Number(b.verdict.outcome !== 'triado') ||
        TIER_ORDER[a.place.tier] - TIER_ORDER[b.place.tier] ||
        b.candidate.lastAction - a.candidate.lastAction,
    )
    .slice(0, limit)
}
