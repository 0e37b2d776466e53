import { CITY_COORDINATES } from '../constants/city-coordinates.ts'
import type { ScreeningOutcome } from '../constants/candidate-statuses.ts'
import { foldText } from './text.ts'
import type { ScreenedCandidate, ScreenedVacancy } from '../schemas/screening.ts'

/**
 * The `rules` screening provider (DESIGN.md §6): the spec's §9 prompt rules applied
 * deterministically, with a Portuguese justification per candidate. Used when no AI key is
 * configured, in the demo and in end-to-end tests.
 */
/** The vacancy's fields the rules read (any part of a run's vacancy). */
export type ScreeningVacancy = Partial<Pick<ScreenedVacancy, 'description' | 'city' | 'bairro' | 'requirements' | 'criterios'>>

/** The candidate's fields the rules read. */
export type ScreeningCandidate = Partial<
  Pick<ScreenedCandidate, 'age' | 'address_city' | 'address_neighborhood' | 'education' | 'curso' | 'experience_1' | 'experience_2' | 'experience_3'>
>

export interface ScreeningVerdict {
  outcome: ScreeningOutcome
  explanation: string
}

export const GENERAL_AGE = { min: 18, max: 65 } as const
export const INTERNSHIP_AGE = { min: 18, max: 28 } as const
export const NEAR_KM = 30

/** Specific criteria that a person must check (spec §9): whole folded words or phrases (regex). */
export const REVIEW_KEYWORDS: readonly { label: string; words: readonly string[] }[] = [
  { label: 'ensino superior', words: ['ensino superior', 'graduacao', 'faculdade', 'universitario'] },
  { label: 'curso técnico', words: ['curso tecnico', 'tecnico em'] },
  { label: 'design', words: ['design'] },
  { label: 'fotografia', words: ['fotografia', 'fotografo'] },
  { label: 'programação', words: ['programacao', 'programador', 'desenvolvimento de software'] },
  { label: 'vendas', words: ['vendas', 'vendedora?'] },
  { label: 'área administrativa', words: ['administrativ\\w*'] },
  { label: 'produção', words: ['producao'] },
  { label: 'logística', words: ['logistica'] },
  { label: 'ferramentas de design', words: ['photoshop', 'illustrator', 'corel', 'figma', 'ferramentas de design'] },
  { label: 'pacote office', words: ['pacote office', 'excel', 'word', 'powerpoint'] },
  { label: 'linguagens de programação', words: ['javascript', 'python', 'java', 'php', 'linguagem de programacao', 'linguagens de programacao'] },
  { label: 'anos de experiência', words: ['anos? de experiencia'] },
  { label: 'CNH', words: ['cnh', 'carteira de motorista', 'habilitacao'] },
]

const KEYWORD_PATTERNS = new Map(REVIEW_KEYWORDS.map((k) => [k, new RegExp(`\\b(?:${k.words.join('|')})\\b`)]))

export function isInternship(vacancy: ScreeningVacancy): boolean {
  return foldText(vacancy.description).includes('estagio')
}

function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLon = (b.lon - a.lon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}

export type ProximityTier = 'same-neighbourhood' | 'same-city' | 'near' | 'far' | 'unknown'

/** Spec §9's proximity tiers between where the candidate lives and where the vacancy is. */
export function proximity(vacancy: ScreeningVacancy, candidate: ScreeningCandidate): { tier: ProximityTier; km?: number } {
  const vCity = foldText(vacancy.city)
  const cCity = foldText(candidate.address_city)
  if (!vCity || !cCity) return { tier: 'unknown' }
  if (vCity === cCity) {
    const same = foldText(vacancy.bairro) !== '' && foldText(vacancy.bairro) === foldText(candidate.address_neighborhood)
    return { tier: same ? 'same-neighbourhood' : 'same-city' }
  }
  const a = CITY_COORDINATES[vCity]
  const b = CITY_COORDINATES[cCity]
  if (!a || !b) return { tier: 'unknown' }
  const km = Math.round(distanceKm(a, b))
  return { tier: km <= NEAR_KM ? 'near' : 'far', km }
}

/** Criteria of the vacancy that a person must check, by their label. */
export function reviewCriteria(vacancy: ScreeningVacancy): string[] {
  const text = foldText([...(vacancy.criterios ?? []), ...(vacancy.requirements ?? [])].join(' | '))
  return REVIEW_KEYWORDS.filter((k) => KEYWORD_PATTERNS.get(k)!.test(text)).map((k) => k.label)
}

const experienceText = (c: ScreeningCandidate) => foldText([c.experience_2, c.experience_3].filter(Boolean).join(' '))

/**
 * One candidate's verdict. Order: age (hard limits give 'nao_triado'; internship limits review),
 * distance (beyond 30 km: 'nao_triado'; unknown places: review), internship experience in the area
 * (review), specific criteria (review), otherwise 'triado'.
 */
export function screenCandidate(vacancy: ScreeningVacancy, candidate: ScreeningCandidate): ScreeningVerdict {
  const internship = isInternship(vacancy)
  const reasons: string[] = []
  const age = typeof candidate.age === 'number' && Number.isFinite(candidate.age) ? candidate.age : null
  if (age === null) reasons.push('idade não informada')
  else if (!internship && (age < GENERAL_AGE.min || age > GENERAL_AGE.max)) {
    return { outcome: 'nao_triado', explanation: `Idade ${age} fora da faixa geral de ${GENERAL_AGE.min} a ${GENERAL_AGE.max} anos.` }
  } else if (internship && (age < INTERNSHIP_AGE.min || age > INTERNSHIP_AGE.max)) {
    reasons.push(`idade ${age} fora da faixa de estágio (${INTERNSHIP_AGE.min} a ${INTERNSHIP_AGE.max} anos)`)
  }

  const place = proximity(vacancy, candidate)
  if (place.tier === 'far') return { outcome: 'nao_triado', explanation: `Mora a cerca de ${place.km} km do local da vaga (mais de ${NEAR_KM} km).` }
  if (place.tier === 'unknown') reasons.push('não foi possível calcular a distância até a vaga')

  if (internship) {
    const area = foldText(vacancy.description).replace('estagio em', '').replace('estagio', '').trim()
    if (area && experienceText(candidate).includes(area)) reasons.push(`já tem experiência em ${area} (vaga de estágio)`)
  }
  const criteria = reviewCriteria(vacancy)
  if (criteria.length > 0) reasons.push(`a vaga pede ${criteria.join(', ')}, a conferir no currículo`)

  const where =
    place.tier === 'same-neighbourhood'
      ? 'mora no mesmo bairro da vaga'
      : place.tier === 'same-city'
        ? 'mora na mesma cidade da vaga'
        : place.tier === 'near'
          ? `mora a cerca de ${place.km} km da vaga`
          : 'local não verificado'
  if (reasons.length > 0) return { outcome: 'revisao', explanation: `Revisão: ${reasons.join('; ')}. ${where[0]!.toUpperCase()}${where.slice(1)}.` }
  return { outcome: 'triado', explanation: `Atende aos critérios: idade ${age} anos, ${where}.` }
}
