import { BOARD_STAGES, stageOf } from './pipeline.ts'
import type { StatusFamily } from './candidate-status.ts'
import { foldText } from './text.ts'

/**
 * The staff's home page (docs/product.md, Home): what needs attention in their vacancies. Pure
 * rules the BFF and the SPA share.
 */

/** People whose next step is the agency's, untouched for more than this many days, are "esperando". */
export const HOME_WAITING_DAYS = 7
/** A visit ends after this long without opening the home page: "new since your last visit" counts from the visit before. */
export const HOME_VISIT_GAP_MS = 30 * 60_000

/** The stages where a person waits on the agency: new, screening, interviews, in contact. */
export const WAITING_FAMILIES: readonly StatusFamily[] = ['neutral', 'screening', 'interview', 'waiting']
export const WAITING_STATUSES: readonly string[] = BOARD_STAGES.filter((s) => WAITING_FAMILIES.includes(s.family)).flatMap((s) => s.statuses)

/**
 * Whether a vacancy is this person's: its "Recrutador" names them — the same words, whatever the
 * accents and case, or the first of their names alone ("Ana" for Ana Souza), as the field is
 * often filled.
 */
export function isRecruiterOf(recruiter: string | null | undefined, personName: string): boolean {
  const field = foldText(recruiter).split(/\s+/).filter(Boolean)
  const name = foldText(personName).split(/\s+/).filter(Boolean)
  if (field.length === 0 || name.length === 0) return false
  const shorter = field.length <= name.length ? field : name
  const longer = shorter === field ? name : field
  return shorter.every((word, i) => word === longer[i])
}

/** Candidates per board stage from counts per status. */
export function stageCounts(byStatus: Readonly<Record<string, number>>): Record<StatusFamily, number> {
  const out = Object.fromEntries(BOARD_STAGES.map((s) => [s.family, 0])) as Record<StatusFamily, number>
  for (const [status, n] of Object.entries(byStatus)) if (status !== 'all') out[stageOf(status)] += n
  return out
}

/** When a visit that starts at `now` began counting "new": the visit before, unless the current one is still going on. */
export function visitAfter(visit: { previous: number | null; current: number | null }, now: number): { previous: number | null; current: number } {
  if (visit.current !== null && now - visit.current < HOME_VISIT_GAP_MS) return { previous: visit.previous, current: now }
  return { previous: visit.current, current: now }
}
