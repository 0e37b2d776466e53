import { SCREENING_MAX_CANDIDATES } from '../constants/limits.ts'
import { formatDate, rangeDays, shiftDate, type CalendarDate, type DateRange } from './dates.ts'

/** A number as people in Brazil read it (3.000). */
const n = (value: number) => value.toLocaleString('pt-BR')

export interface FittedRange {
  range: DateRange
  /** Candidates in `range` (what a load would find, before a company's own exclusions). */
  total: number
  /** Candidates in the range asked for. */
  asked: number
  /** The start was moved later so the period fits the cap. */
  clamped: boolean
}

/**
 * The longest period ending where `range` ends, starting no earlier than it, whose candidates fit
 * `cap`: a quick range ("Últimos 7 dias") stays inside the screening's limit instead of failing at
 * the load. `countFrom(start)` counts the candidates from `start` to the range's end; it can only
 * fall as the start moves later, so the start is found by halving (a few counts, not one per day).
 * A single day over the cap is answered as that day, still over it (`total > cap`).
 */
export async function fitRangeToCap(range: DateRange, countFrom: (start: CalendarDate) => Promise<number>, cap = SCREENING_MAX_CANDIDATES): Promise<FittedRange> {
  const asked = await countFrom(range.start)
  if (asked <= cap) return { range, total: asked, asked, clamped: false }
  // Invariant: a start `lo` days in is over the cap; `hi` days in is within it (or the last day).
  let lo = 0
  let hi = rangeDays(range)
  let atHi = await countFrom(range.end)
  if (atHi > cap) return { range: { start: range.end, end: range.end }, total: atHi, asked, clamped: true }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    const count = await countFrom(shiftDate(range.start, mid))
    if (count > cap) lo = mid
    else {
      hi = mid
      atHi = count
    }
  }
  return { range: { start: shiftDate(range.start, hi), end: range.end }, total: atHi, asked, clamped: true }
}

/** What the form says of a quick range it moved to fit the cap, or of one still over it. */
export function fittedRangeMessage(label: string, fitted: FittedRange, cap = SCREENING_MAX_CANDIDATES): string | null {
  if (!fitted.clamped) return null
  const period = `${formatDate(fitted.range.start)} a ${formatDate(fitted.range.end)}`
  if (fitted.total > cap)
    return `Só o dia ${formatDate(fitted.range.end)} já tem ${n(fitted.total)} candidatos, acima do limite de ${n(cap)} por triagem. Use a triagem por empresa.`
  return `${label}: ${n(fitted.asked)} candidatos, acima do limite de ${n(cap)} por triagem. O período foi ajustado para ${period} (${n(fitted.total)} candidatos).`
}

/** The load's refusal of a period over the cap, with the numbers written as people read them. */
export const overCapMessage = (found: number, cap = SCREENING_MAX_CANDIDATES) =>
  `Muitos candidatos encontrados (${n(found)}). Reduza o período de datas para no máximo ${n(cap)} candidatos.`
