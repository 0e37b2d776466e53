import { CITY_COORDINATES } from '../constants/city-coordinates.ts'
import { GLOBAL_SCREENING_EXCLUDED_STATUSES, type ScreeningOutcome } from '../constants/candidate-statuses.ts'
import { candidateStatusLabel, normalizeCandidateStatus } from './candidate-status.ts'
import { foldText } from './text.ts'
import type { CriterionEvidence, ScreenedCandidate, ScreenedVacancy } from '../schemas/screening.ts'

export type { CriterionEvidence }

/**
 * The `rules` screening provider (docs/screening.md): the prompt (docs/product.md, Limits) rules applied
 * deterministically, with a Portuguese justification per candidate. Used when no AI key is
 * configured, in the demo and in end-to-end tests.
 */
/** The vacancy's fields the rules read (any part of a run's vacancy). */
export type ScreeningVacancy = Partial<Pick<ScreenedVacancy, 'description' | 'city' | 'bairro' | 'requirements' | 'criterios'>>

/** The candidate's fields the rules read. */
export type ScreeningCandidate = Partial<
  Pick<ScreenedCandidate, 'age' | 'address_city' | 'address_neighborhood' | 'education' | 'curso' | 'experience_1' | 'experience_2' | 'experience_3' | 'status'>
>

export interface ScreeningVerdict {
  outcome: ScreeningOutcome
  explanation: string
  /** Every criterion of the vacancy as judged. */
  evidence: CriterionEvidence[]
}

export const GENERAL_AGE = { min: 18, max: 65 } as const
export const INTERNSHIP_AGE = { min: 18, max: 28 } as const
export const NEAR_KM = 30

/**
 * Specific criteria that a person must check (docs/product.md, Limits): whole folded words or
 * phrases (regex). `asked: false` marks what the application form never asks (a driving licence,
 * years of experience, the tools one uses): its absence from the data says nothing, so by default
 * it is left to the interview ("a conferir") instead of sending everyone to review.
 */
export const REVIEW_KEYWORDS: readonly { label: string; words: readonly string[]; asked?: false }[] = [
  { label: 'ensino superior', words: ['ensino superior', 'graduacao', 'faculdade', 'universitario'] },
  { label: 'curso técnico', words: ['curso tecnico', 'tecnico em'] },
  { label: 'design', words: ['design'] },
  { label: 'fotografia', words: ['fotografia', 'fotografo'] },
  { label: 'programação', words: ['programacao', 'programador', 'desenvolvimento de software'] },
  { label: 'vendas', words: ['vendas', 'vendedora?'] },
  { label: 'área administrativa', words: ['administrativ\\w*'] },
  { label: 'produção', words: ['producao'] },
  { label: 'logística', words: ['logistica'] },
  { label: 'ferramentas de design', words: ['photoshop', 'illustrator', 'corel', 'figma', 'ferramentas de design'], asked: false },
  { label: 'pacote office', words: ['pacote office', 'excel', 'word', 'powerpoint'], asked: false },
  { label: 'linguagens de programação', words: ['javascript', 'python', 'java', 'php', 'linguagem de programacao', 'linguagens de programacao'], asked: false },
  { label: 'anos de experiência', words: ['anos? de experiencia'], asked: false },
  { label: 'CNH', words: ['cnh', 'carteira de motorista', 'habilitacao'], asked: false },
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

/** The proximity tiers (docs/product.md, Limits) between where the candidate lives and where the vacancy is. */
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

/** Met, not met, or not decidable from what the candidate gave (a person checks). */
export type CriterionStatus = CriterionEvidence['status']

export interface ScreeningOptions {
  /** Global runs leave out people already past screening (docs/product.md, Limits); an exclusion is a hard rule. */
  mode?: 'empresa' | 'global'
  /**
   * When a criterion with a specific keyword (CNH, curso técnico…) sends a candidate to review:
   * 'unverified' (the default) only when the candidate's data does not show it; 'always' — the
   * original prompt rule — whatever the data says, which on the seeded base sent every candidate
   * of most vacancies to review (docs/decisions/screening-rules.md, measured by
   * `npm run bench -- screening-outcomes`).
   */
  criteriaReview?: 'unverified' | 'always'
}

/** One criterion as the rules engine sees it: the evidence, and what it does to the verdict. */
interface Finding extends CriterionEvidence {
  /** 'out': not triado (nao_triado); 'review': a person must look; null: no effect. */
  effect: 'out' | 'review' | null
  /** The reason in the explanation, when it has an effect. */
  reason: string
}

const shown = (v: unknown, max = 80) => (v === null || v === undefined || String(v).trim() === '' ? 'não informado' : String(v).replace(/\s+/g, ' ').trim().slice(0, max))

/** The vacancy's screening criteria, each item of `criterios`, then each requirement a keyword marks. */
function listedCriteria(vacancy: ScreeningVacancy): string[] {
  const items = (vacancy.criterios ?? []).map((c) => String(c).trim()).filter(Boolean)
  const marked = (vacancy.requirements ?? []).map((r) => String(r).trim()).filter((r) => r && REVIEW_KEYWORDS.some((k) => KEYWORD_PATTERNS.get(k)!.test(foldText(r))))
  return [...new Set([...items, ...marked])]
}

/** Where in the candidate's own text a criterion's keywords appear: the first field that has one. */
function foundIn(candidate: ScreeningCandidate, keywords: readonly (typeof REVIEW_KEYWORDS)[number][]): { field: string; value: string } | null {
  const fields: [string, unknown][] = [
    ['Escolaridade', candidate.education],
    ['Curso', candidate.curso],
    ['Experiência 1', candidate.experience_1],
    ['Experiência 2', candidate.experience_2],
    ['Experiência 3', candidate.experience_3],
  ]
  for (const [field, value] of fields) {
    const text = foldText(String(value ?? ''))
    if (text && keywords.some((k) => KEYWORD_PATTERNS.get(k)!.test(text))) return { field, value: shown(value) }
  }
  return null
}

/** Every criterion of the vacancy judged by the rules engine, in the order the verdict reads them. */
function assess(vacancy: ScreeningVacancy, candidate: ScreeningCandidate, options: ScreeningOptions): Finding[] {
  const internship = isInternship(vacancy)
  const findings: Finding[] = []
  const rule = (f: Omit<Finding, 'by'>) => findings.push({ ...f, by: 'regras' })

  if (options.mode === 'global') {
    const status = normalizeCandidateStatus(candidate.status)
    const excluded = (GLOBAL_SCREENING_EXCLUDED_STATUSES as readonly string[]).includes(status)
    rule({
      key: 'situacao',
      label: 'Ainda não aprovado, contratado ou em entrevista presencial',
      hard: true,
      status: excluded ? 'nao_atende' : 'atende',
      field: 'Situação',
      value: candidateStatusLabel(status),
      effect: excluded ? 'out' : null,
      reason: `já está em ${candidateStatusLabel(status)}, fora da triagem global`,
    })
  }

  const age = typeof candidate.age === 'number' && Number.isFinite(candidate.age) ? candidate.age : null
  const band = internship ? INTERNSHIP_AGE : GENERAL_AGE
  const inBand = age !== null && age >= band.min && age <= band.max
  rule({
    key: 'idade',
    label: internship ? `Idade de ${band.min} a ${band.max} anos (estágio)` : `Idade de ${band.min} a ${band.max} anos`,
    hard: true,
    status: age === null ? 'desconhecido' : inBand ? 'atende' : 'nao_atende',
    field: 'Idade',
    value: age === null ? 'não informada' : `${age} anos`,
    effect: age === null || (internship && !inBand) ? 'review' : inBand ? null : 'out',
    reason:
      age === null
        ? 'idade não informada'
        : internship
          ? `idade ${age} fora da faixa de estágio (${band.min} a ${band.max} anos)`
          : `Idade ${age} fora da faixa geral de ${band.min} a ${band.max} anos.`,
  })

  const place = proximity(vacancy, candidate)
  rule({
    key: 'distancia',
    label: `Mora a até ${NEAR_KM} km da vaga`,
    hard: true,
    status: place.tier === 'unknown' ? 'desconhecido' : place.tier === 'far' ? 'nao_atende' : 'atende',
    field: 'Cidade e bairro',
    value: `${shown(candidate.address_city)} / ${shown(candidate.address_neighborhood)}${place.km !== undefined ? ` (~${place.km} km)` : ''}`,
    effect: place.tier === 'far' ? 'out' : place.tier === 'unknown' ? 'review' : null,
    reason: place.tier === 'far' ? `Mora a cerca de ${place.km} km do local da vaga (mais de ${NEAR_KM} km).` : 'não foi possível calcular a distância até a vaga',
  })

  if (internship) {
    const area = foldText(vacancy.description).replace('estagio em', '').replace('estagio', '').trim()
    const experienced = area !== '' && experienceText(candidate).includes(area)
    rule({
      key: 'experiencia_area',
      label: area ? `Sem experiência anterior em ${area} (estágio)` : 'Sem experiência anterior na área (estágio)',
      hard: false,
      status: experienced ? 'nao_atende' : 'atende',
      field: 'Experiências',
      value: shown([candidate.experience_2, candidate.experience_3].filter(Boolean).join('; ')),
      effect: experienced ? 'review' : null,
      reason: `já tem experiência em ${area} (vaga de estágio)`,
    })
  }

  listedCriteria(vacancy).forEach((criterion, i) => {
    const keywords = REVIEW_KEYWORDS.filter((k) => KEYWORD_PATTERNS.get(k)!.test(foldText(criterion)))
    const found = keywords.length > 0 ? foundIn(candidate, keywords) : null
    const unanswered = found ? [] : keywords.filter((k) => k.asked !== false)
    rule({
      key: `criterio_${i + 1}`,
      label: criterion.slice(0, 120),
      hard: false,
      status: found ? 'atende' : 'desconhecido',
      field: found?.field ?? '',
      value: found?.value ?? 'não encontrado nos dados do candidato',
      // docs/product.md, Limits: a criterion with these keywords is checked by a person when the
      // candidate's answers to what the form asks do not show it (or always, with criteriaReview
      // 'always'); what the form never asks is left to the interview.
      effect: keywords.length > 0 && (options.criteriaReview === 'always' || (!found && unanswered.length > 0)) ? 'review' : null,
      reason:
        options.criteriaReview === 'always' || unanswered.length === 0
          ? ''
          : `a vaga pede ${unanswered.map((k) => k.label).join(', ')}, o que não consta nos dados: a conferir no currículo`,
    })
  })
  return findings
}

/** The vacancy's criteria (what every result judges), in order. */
export function vacancyCriteria(vacancy: ScreeningVacancy, options: ScreeningOptions = {}): Pick<CriterionEvidence, 'key' | 'label' | 'hard'>[] {
  return assess(vacancy, {}, options).map(({ key, label, hard }) => ({ key, label, hard }))
}

const strip = ({ effect: _effect, reason: _reason, ...evidence }: Finding): CriterionEvidence => evidence

/** The criteria of a vacancy, each judged by the rules engine for the candidate. */
export function ruleEvidence(vacancy: ScreeningVacancy, candidate: ScreeningCandidate, options: ScreeningOptions = {}): CriterionEvidence[] {
  return assess(vacancy, candidate, options).map(strip)
}

/**
 * One candidate's verdict, read from the criteria in order: an exclusion, an age outside the
 * general band or a distance beyond 30 km give 'nao_triado'; an unknown age or place, an age
 * outside the internship band, internship experience in the area and specific criteria give
 * 'revisao'; otherwise 'triado'. The evidence is every criterion as judged.
 */
export function screenCandidate(vacancy: ScreeningVacancy, candidate: ScreeningCandidate, options: ScreeningOptions = {}): ScreeningVerdict {
  const findings = assess(vacancy, candidate, options)
  const evidence = findings.map(strip)
  const out = findings.find((f) => f.effect === 'out')
  if (out) return { outcome: 'nao_triado', explanation: out.reason.endsWith('.') ? out.reason : `${out.reason[0]!.toUpperCase()}${out.reason.slice(1)}.`, evidence }
  const reasons = findings.filter((f) => f.effect === 'review' && f.reason).map((f) => f.reason)
  const criteria = options.criteriaReview === 'always' ? reviewCriteria(vacancy) : []
  if (criteria.length > 0) reasons.push(`a vaga pede ${criteria.join(', ')}, a conferir no currículo`)

  const place = proximity(vacancy, candidate)
  const where =
    place.tier === 'same-neighbourhood'
      ? 'mora no mesmo bairro da vaga'
      : place.tier === 'same-city'
        ? 'mora na mesma cidade da vaga'
        : place.tier === 'near'
          ? `mora a cerca de ${place.km} km da vaga`
          : 'local não verificado'
  if (reasons.length > 0) return { outcome: 'revisao', explanation: `Revisão: ${reasons.join('; ')}. ${where[0]!.toUpperCase()}${where.slice(1)}.`, evidence }
  // What the form never asks and the vacancy wants: said, for the interview.
  const toCheck = [
    ...new Set(
      findings
        .filter(
          (f) => f.key.startsWith('criterio_') && f.status === 'desconhecido' && REVIEW_KEYWORDS.some((k) => k.asked === false && KEYWORD_PATTERNS.get(k)!.test(foldText(f.label))),
        )
        .map((f) => f.label),
    ),
  ]
  const interview = toCheck.length > 0 ? ` A conferir na entrevista: ${toCheck.join('; ')}.` : ''
  return { outcome: 'triado', explanation: `Atende aos critérios: idade ${candidate.age} anos, ${where}.${interview}`, evidence }
}

/**
 * The rules after any provider: a model may move a candidate towards review, never past
 * a hard rule to triado. A 'triado' that a hard criterion does not allow becomes 'revisao' with
 * both reasons; a 'revisao' where the rules say 'nao_triado' stays with a person, the rule's reason
 * added. The hard criteria's evidence is always the rules engine's; the rest is the provider's
 * where it gave a valid one for that criterion.
 */
export function withHardRules(
  vacancy: ScreeningVacancy,
  candidate: ScreeningCandidate,
  verdict: { outcome: ScreeningOutcome; explanation: string; evidence?: readonly CriterionEvidence[] | undefined },
  options: ScreeningOptions = {},
): ScreeningVerdict {
  const findings = assess(vacancy, candidate, options)
  const given = new Map((verdict.evidence ?? []).map((e) => [e.key, e]))
  const evidence = findings.map((f) => (f.hard ? strip(f) : (given.get(f.key) ?? strip(f))))
  const blocking = findings.filter((f) => f.hard && f.status !== 'atende')
  const reason = (f: Finding) => (f.status === 'desconhecido' ? `${f.label.toLowerCase()}: ${f.value} (não verificável)` : f.reason.replace(/\.$/, ''))
  if (verdict.outcome === 'triado' && blocking.length > 0) {
    return {
      outcome: 'revisao',
      explanation: `Revisão obrigatória pelas regras fixas: ${blocking.map(reason).join('; ')}. A indicação era TRIADO: ${verdict.explanation}`.slice(0, 1000),
      evidence,
    }
  }
  const outs = blocking.filter((f) => f.effect === 'out')
  if (verdict.outcome === 'revisao' && outs.length > 0) {
    return { outcome: 'revisao', explanation: `${verdict.explanation} Regra fixa: ${outs.map(reason).join('; ')}.`.slice(0, 1000), evidence }
  }
  return { outcome: verdict.outcome, explanation: verdict.explanation, evidence }
}

const STATUS_WORDS: Record<CriterionStatus, string> = { atende: 'atende', nao_atende: 'não atende', desconhecido: 'a conferir' }

/** The evidence in a line, for the note applying writes. */
export function evidenceNote(evidence: readonly CriterionEvidence[]): string {
  return evidence.length === 0 ? '' : `Critérios: ${evidence.map((e) => `${e.label} — ${STATUS_WORDS[e.status]}`).join('; ')}.`
}
