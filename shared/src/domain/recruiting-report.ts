import { DAY_MS } from '../constants/limits.ts'
import { normalizeCandidateStatus } from './candidate-status.ts'
import { foldText } from './text.ts'

/**
 * The recruiting report (docs/product.md, Reports): what a client company asks its agency — how
 * fast vacancies are filled, how long people wait in each stage, how many get through each step,
 * which sources lead to hires, who hires. Pure: the BFF reads the facts (the candidate index's
 * tallies, hires and status history) and this turns them into figures.
 */

/** The funnel's steps, in order; a person counts in every step up to the furthest reached. */
export const FUNNEL_STAGES = [
  { key: 'inscritos', label: 'Inscritos' },
  { key: 'triagem', label: 'Triagem' },
  { key: 'entrevista', label: 'Entrevista' },
  { key: 'aprovado', label: 'Aprovado' },
  { key: 'contratado', label: 'Contratado' },
] as const
export type FunnelStage = (typeof FUNNEL_STAGES)[number]['key']

/**
 * How far along the funnel a status says a person got: its step's index. A status that ends a
 * process (reprovado, desistente, sem interesse…) says nothing of how far it got: 0, and the
 * status history tells the rest.
 */
const STAGE_OF: Record<string, number> = {
  triado: 1,
  revisao: 1,
  aguardando_retorno: 1,
  entrar_contato: 1,
  interessado: 1,
  sem_retorno: 1,
  entrevista_online: 2,
  entrevista_presencial: 2,
  segunda_fase: 2,
  nao_compareceu: 2,
  nao_compareceu_empresa: 2,
  aprovado: 3,
  contratado: 4,
}
export const funnelStep = (status: string | null | undefined): number => STAGE_OF[normalizeCandidateStatus(status)] ?? 0

/** The stages a person waits in, as the report measures time in them. */
export const WAITING_STAGES = [
  { key: 'novo', label: 'Sem status (até a primeira ação)' },
  { key: 'triagem', label: 'Em triagem' },
  { key: 'contato', label: 'Aguardando contato ou retorno' },
  { key: 'entrevista', label: 'Em entrevista' },
  { key: 'aprovado', label: 'Aprovado, até a contratação' },
] as const
export type WaitingStage = (typeof WAITING_STAGES)[number]['key']
const WAITING_OF: Record<string, WaitingStage> = {
  '': 'novo',
  triado: 'triagem',
  revisao: 'triagem',
  aguardando_retorno: 'contato',
  entrar_contato: 'contato',
  interessado: 'contato',
  sem_retorno: 'contato',
  entrevista_online: 'entrevista',
  entrevista_presencial: 'entrevista',
  segunda_fase: 'entrevista',
  aprovado: 'aprovado',
}

/** One change of status the BFF saw: who, in which vacancy, from what to what, when (ms). */
export interface StatusChange {
  candidateId: number
  vacancyId: number | null
  from: string
  to: string
  at: number
}

/** What the report is made of, for the vacancies it covers. */
export interface ReportFacts {
  vacancies: ReportVacancy[]
  /** Candidates per vacancy and status (current). */
  statusCounts: { vacancyId: number; status: string; n: number }[]
  /** Candidates per vacancy and origin, and how many of them are hired. */
  origins: { vacancyId: number; origin: string; n: number; hired: number }[]
  /** Each hire: its vacancy and when (ms: the change to contratado the BFF saw, else the record's last action). */
  hires: { vacancyId: number; at: number }[]
  /** Every change of status seen in these vacancies, and the current status of those who changed. */
  changes: StatusChange[]
  current: Map<number, string>
  /** When each person who changed applied (ms), for the time before the first action. */
  appliedAt: Map<number, number>
  /** Since when changes of status are seen (ms), or null. */
  historyFrom: number | null
}

export interface ReportVacancy {
  id: number
  description: string
  company: string
  cnpj: string
  city: string
  recruiter: string
  status: string
  /** When it opened (ms). */
  openedAt: number
  requested: number
}

const days = (ms: number) => Math.round((ms / DAY_MS) * 10) / 10

/** The middle value (the mean of the two middle ones), or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
const medianDays = (values: readonly number[]) => {
  const m = median(values)
  return m === null ? null : Math.round(m * 10) / 10
}

/**
 * Time to fill: days from the vacancy's opening to the hire that filled its last requested
 * position (null while fewer are hired than it requested, or it requested none); and to its first hire.
 */
export function fillTimes(vacancy: Pick<ReportVacancy, 'openedAt' | 'requested'>, hiresAt: readonly number[]) {
  const sorted = [...hiresAt].sort((a, b) => a - b)
  const filledAt = vacancy.requested > 0 && sorted.length >= vacancy.requested ? sorted[vacancy.requested - 1]! : null
  return {
    daysToFill: filledAt === null ? null : days(Math.max(0, filledAt - vacancy.openedAt)),
    daysToFirstHire: sorted.length ? days(Math.max(0, sorted[0]! - vacancy.openedAt)) : null,
  }
}

/**
 * The funnel of some people: how many reached each step. From the counts per current status, each
 * person at the step their status says; then those whose history went further (someone
 * interviewed and then rejected) are counted up to the furthest step they reached.
 */
export function funnel(
  statusCounts: readonly { status: string; n: number }[],
  changes: readonly StatusChange[],
  current: ReadonlyMap<number, string>,
): Record<FunnelStage, number> {
  const reached = [0, 0, 0, 0, 0]
  for (const { status, n } of statusCounts) for (let step = 0; step <= funnelStep(status); step++) reached[step]! += n
  const furthest = new Map<number, number>()
  for (const c of changes) furthest.set(c.candidateId, Math.max(furthest.get(c.candidateId) ?? 0, funnelStep(c.from), funnelStep(c.to)))
  for (const [id, step] of furthest) for (let s = funnelStep(current.get(id)) + 1; s <= step; s++) reached[s]! += 1
  return Object.fromEntries(FUNNEL_STAGES.map((stage, i) => [stage.key, reached[i]!])) as Record<FunnelStage, number>
}

/**
 * Days people spent in each stage, from the changes seen: a stay is measured from the change into
 * the stage (or, for the first stage, from the application) to the change out of it. A stay whose
 * start was before the history began is not measured.
 */
export function stageTimes(changes: readonly StatusChange[], appliedAt: ReadonlyMap<number, number>): Record<WaitingStage, number[]> {
  const out = Object.fromEntries(WAITING_STAGES.map((s) => [s.key, [] as number[]])) as Record<WaitingStage, number[]>
  const byCandidate = new Map<number, StatusChange[]>()
  for (const c of changes) byCandidate.set(c.candidateId, [...(byCandidate.get(c.candidateId) ?? []), c])
  for (const [id, list] of byCandidate) {
    list.sort((a, b) => a.at - b.at)
    list.forEach((change, i) => {
      const stage = WAITING_OF[normalizeCandidateStatus(change.from)]
      if (!stage) return
      const since = i > 0 ? list[i - 1]!.at : normalizeCandidateStatus(change.from) === '' ? appliedAt.get(id) : undefined
      if (since !== undefined && change.at >= since) out[stage].push(days(change.at - since))
    })
  }
  return out
}

export interface ReportLine {
  candidates: number
  hires: number
  vacancies: number
  filledVacancies: number
  medianDaysToFill: number | null
  medianDaysToFirstHire: number | null
}

const recruiterKey = (name: string) => foldText(name.replace(/\s+/g, ' ').trim())

/** The report of the facts: totals, funnel, time in each stage, sources, recruiters, companies and each vacancy. */
export function recruitingReport(facts: ReportFacts) {
  const countsOf = new Map<number, { status: string; n: number }[]>()
  for (const c of facts.statusCounts) countsOf.set(c.vacancyId, [...(countsOf.get(c.vacancyId) ?? []), c])
  const hiresOf = new Map<number, number[]>()
  for (const h of facts.hires) hiresOf.set(h.vacancyId, [...(hiresOf.get(h.vacancyId) ?? []), h.at])
  const changesOf = new Map<number, StatusChange[]>()
  for (const c of facts.changes) if (c.vacancyId !== null) changesOf.set(c.vacancyId, [...(changesOf.get(c.vacancyId) ?? []), c])

  const vacancies = facts.vacancies.map((v) => {
    const counts = countsOf.get(v.id) ?? []
    const hires = hiresOf.get(v.id) ?? []
    const candidates = counts.reduce((n, c) => n + c.n, 0)
    return {
      ...v,
      candidates,
      hires: hires.length,
      ...fillTimes(v, hires),
      funnel: funnel(counts, changesOf.get(v.id) ?? [], facts.current),
    }
  })
  type Row = (typeof vacancies)[number]
  const line = (rows: readonly Row[]): ReportLine => ({
    vacancies: rows.length,
    candidates: rows.reduce((n, r) => n + r.candidates, 0),
    hires: rows.reduce((n, r) => n + r.hires, 0),
    filledVacancies: rows.filter((r) => r.daysToFill !== null).length,
    medianDaysToFill: medianDays(rows.flatMap((r) => (r.daysToFill === null ? [] : [r.daysToFill]))),
    medianDaysToFirstHire: medianDays(rows.flatMap((r) => (r.daysToFirstHire === null ? [] : [r.daysToFirstHire]))),
  })
  const groups = <K extends string>(key: (r: Row) => K, name: (r: Row) => string) => {
    const by = new Map<K, Row[]>()
    for (const r of vacancies) by.set(key(r), [...(by.get(key(r)) ?? []), r])
    return [...by.values()].map((rows) => ({ name: name(rows[0]!), ...line(rows) })).sort((a, b) => b.hires - a.hires || a.name.localeCompare(b.name, 'pt-BR'))
  }
  const sources = new Map<string, { candidates: number; hires: number }>()
  for (const o of facts.origins) {
    const s = sources.get(o.origin) ?? { candidates: 0, hires: 0 }
    s.candidates += o.n
    s.hires += o.hired
    sources.set(o.origin, s)
  }
  const times = stageTimes(facts.changes, facts.appliedAt)
  const allFunnel = funnel(facts.statusCounts, facts.changes, facts.current)
  return {
    historyFrom: facts.historyFrom === null ? null : new Date(facts.historyFrom).toISOString(),
    totals: line(vacancies),
    funnel: FUNNEL_STAGES.map((s) => ({ stage: s.key, label: s.label, count: allFunnel[s.key] })),
    stageTimes: WAITING_STAGES.map((s) => ({ stage: s.key, label: s.label, medianDays: medianDays(times[s.key]), measured: times[s.key].length })),
    sources: [...sources]
      .map(([origin, s]) => ({ origin, candidates: s.candidates, hires: s.hires, rate: s.candidates ? Math.round((s.hires / s.candidates) * 10_000) / 100 : 0 }))
      .sort((a, b) => b.hires - a.hires || b.candidates - a.candidates || a.origin.localeCompare(b.origin, 'pt-BR')),
    recruiters: groups(
      (r) => recruiterKey(r.recruiter) || '—',
      (r) => r.recruiter.replace(/\s+/g, ' ').trim() || 'Sem recrutador',
    ),
    companies: groups(
      (r) => r.cnpj || foldText(r.company),
      (r) => r.company || 'Sem empresa',
    ),
    vacancies: vacancies.map((v) => ({
      id: v.id,
      description: v.description,
      company: v.company,
      city: v.city,
      recruiter: v.recruiter,
      status: v.status,
      openedAt: new Date(v.openedAt).toISOString(),
      requested: v.requested,
      candidates: v.candidates,
      hires: v.hires,
      daysToFill: v.daysToFill,
      daysToFirstHire: v.daysToFirstHire,
      funnel: v.funnel,
    })),
  }
}
export type RecruitingReport = ReturnType<typeof recruitingReport>
