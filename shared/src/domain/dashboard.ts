import { PUBLIC_VISIBILITY } from '../constants/vacancy.ts'
import { VEIOPOR_APPLY } from '../constants/option-lists.ts'
import { normalizeCandidateStatus } from './candidate-status.ts'
import { calendarMonth, monthRange, previousMonth, type DateRange } from './dates.ts'
import { toUf } from './estados.ts'
import { lastActionAt } from './last-action.ts'
import { foldText } from './text.ts'
import { knownRecruiters } from './vacancy-rules.ts'

/**
 * The dashboard's counts (docs/product.md, Dashboard; Limits), computed from legacy rows on the server. Only 'mostrar'
 * vacancies count; states are read in either spelling; "filled" means contratado candidates whose
 * last action falls in the chosen month (America/Fortaleza); origins use the nine apply-form values
 * plus 'Não informado' (any value outside the nine counts there too).
 */
export interface DashboardVacancy {
  estado?: string | null
  obs?: string | null
  vagas_abertas?: number | null
  vagas_preenchidas?: number | null
}
export interface DashboardHire {
  status?: string | null
  created_at?: string | null
  updated_at?: string | null
  job_posting?: { estado?: string | null; recrutador?: string | null } | null
}

export const DASHBOARD_STATES = ['CE', 'RN'] as const
export const NOT_INFORMED_ORIGIN = 'Não informado'

export interface VacancyCounts {
  /** 'mostrar' vacancies per UF (CE, RN, and 'outros' for the rest). */
  vacanciesByState: Record<string, number>
  /** Requested minus filled, never below zero, per vacancy; per UF and in total. */
  openPositionsByState: Record<string, number>
  openPositions: number
  visibleVacancies: number
}

const stateKey = (estado: string | null | undefined) => {
  const uf = toUf(estado)
  return uf === 'CE' || uf === 'RN' ? uf : 'outros'
}

export function vacancyCounts(vacancies: readonly DashboardVacancy[]): VacancyCounts {
  const out: VacancyCounts = { vacanciesByState: { CE: 0, RN: 0, outros: 0 }, openPositionsByState: { CE: 0, RN: 0, outros: 0 }, openPositions: 0, visibleVacancies: 0 }
  for (const v of vacancies) {
    if (v.obs !== PUBLIC_VISIBILITY) continue
    const key = stateKey(v.estado)
    const open = Math.max(0, (Number(v.vagas_abertas) || 0) - (Number(v.vagas_preenchidas) || 0))
    out.visibleVacancies++
    out.vacanciesByState[key]! += 1
    out.openPositionsByState[key]! += open
    out.openPositions += open
  }
  return out
}

const recruiterKey = (name: string) => name.replace(/\s+/g, ' ').trim().toLocaleLowerCase('pt-BR')

export interface FilledCounts {
  filled: number
  byState: Record<string, number>
  byRecruiter: Record<string, number>
}

/**
 * How far back a month's hires may have registered: 12 months before the month
 * (docs/decisions/dashboard-hire-window.md). A hire counts in the month of its last action
 * (docs/product.md, Limits), but the legacy filters hires by registration date only, so reading a month's hires exactly
 * meant reading every hire ever. A candidate is hired from an application to a vacancy, and
 * vacancies are filled within weeks; one who registered over a year before being hired is not
 * counted on the dashboard (the candidate lists still show them as contratado).
 */
export const HIRE_WINDOW_MONTHS = 12

/**
 * The registration dates that may hold `month`'s hires: from the first day HIRE_WINDOW_MONTHS
 * before it to its last day. The end is exact: a candidate registered after the month has their
 * last action after it too.
 */
export function hireWindow(month: string): DateRange {
  let first = month
  for (let i = 0; i < HIRE_WINDOW_MONTHS; i++) first = previousMonth(first)
  return { start: `${first}-01`, end: monthRange(month).end }
}

/**
 * Hires whose last action is in `month` ('YYYY-MM', Fortaleza), per state and per recruiter. Every
 * known recruiter is listed, with 0 when they hired nobody, and a hire's recruiter is
 * counted under the known spelling of the name (case and spaces aside).
 */
export function filledCounts(hires: readonly DashboardHire[], month: string, recruiters: readonly string[] = []): FilledCounts {
  const tally = hireTally(recruiters)
  for (const h of hires) {
    if (normalizeCandidateStatus(h.status) !== 'contratado') continue
    const at = lastActionAt(h)
    if (!at || calendarMonth(at) !== month) continue
    tally.add(hireKeyOf(h.job_posting, tally.known), 1)
  }
  return tally.counts
}

/** Where a hire counts: its vacancy's state, and its recruiter under the known spelling of the name (or 'Sem recrutador'). */
interface HireKey {
  state: string
  recruiter: string
}
const hireKeyOf = (vacancy: DashboardHire['job_posting'], known: ReadonlyMap<string, string>): HireKey => {
  const named = vacancy?.recrutador?.replace(/\s+/g, ' ').trim()
  return { state: stateKey(vacancy?.estado), recruiter: named ? (known.get(recruiterKey(named)) ?? named) : 'Sem recrutador' }
}

/** What the dashboard takes from the vacancy list: its counts, the known recruiters and where each vacancy's hires count. */
export interface VacancyFigures {
  counts: VacancyCounts
  recruiters: readonly string[]
  hireKeys: ReadonlyMap<number, HireKey>
}

/**
 * The vacancy list's part of the dashboard, worked out once per list (its folds and locale-aware
 * comparisons cost about 3 µs a vacancy; the list is kept a minute, the figures asked after every
 * write): the counts, the known recruiters, and each vacancy's state and recruiter.
 */
export function vacancyFigures(vacancies: readonly (DashboardVacancy & DashboardHire['job_posting'] & { id?: number | null; recrutador?: string | null })[]): VacancyFigures {
  const recruiters = knownRecruiters(vacancies)
  const known = new Map(recruiters.map((r) => [recruiterKey(r), r]))
  return { counts: vacancyCounts(vacancies), recruiters, hireKeys: new Map(vacancies.map((v) => [Number(v?.id), hireKeyOf(v, known)])) }
}

/**
 * The hire figures from hires already counted per vacancy (the candidate index counts the month's
 * hires in SQL): each vacancy's state and recruiter as the vacancy list gives them; a hire whose
 * vacancy is not listed counts as a hire with no vacancy.
 */
export function filledCountsByVacancy(hiresByVacancy: ReadonlyMap<number | null, number>, figures: VacancyFigures): FilledCounts {
  const tally = hireTally(figures.recruiters)
  for (const [id, n] of hiresByVacancy) tally.add((id === null ? undefined : figures.hireKeys.get(id)) ?? hireKeyOf(null, tally.known), n)
  return tally.counts
}

/** Hires added up per state and per recruiter; every known recruiter listed. */
function hireTally(recruiters: readonly string[]) {
  const counts: FilledCounts = { filled: 0, byState: { CE: 0, RN: 0, outros: 0 }, byRecruiter: Object.fromEntries(recruiters.map((r) => [r, 0])) }
  return {
    counts,
    known: new Map(recruiters.map((r) => [recruiterKey(r), r])) as ReadonlyMap<string, string>,
    add({ state, recruiter }: HireKey, n: number) {
      counts.filled += n
      counts.byState[state]! += n
      counts.byRecruiter[recruiter] = (counts.byRecruiter[recruiter] ?? 0) + n
    },
  }
}

const ORIGINS = new Map(VEIOPOR_APPLY.map((o) => [foldText(o.value), o.label]))

/** The origin bucket of a stored veiopor: one of the nine (by folded value) or 'Não informado'. */
export function originOf(veiopor: string | null | undefined): string {
  return ORIGINS.get(foldText(veiopor)) ?? NOT_INFORMED_ORIGIN
}

export function originCounts(candidates: readonly { veiopor?: string | null }[]): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries([...ORIGINS.values(), NOT_INFORMED_ORIGIN].map((label) => [label, 0]))
  for (const c of candidates) out[originOf(c.veiopor)]! += 1
  return out
}

/** Status counts from the legacy's grouped rows, null/''/pendente merged as ''. */
export function statusCounts(rows: readonly { status: string | null; total: number }[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const { status, total } of rows) {
    const key = normalizeCandidateStatus(status)
    out[key] = (out[key] ?? 0) + total
  }
  return out
}
