import { TZDate } from '@date-fns/tz'
// Subpath imports: the package's index loads every function, ~1.1 s and ~340 MB on Node 24.
import { addDays } from 'date-fns/addDays'
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays'
import { format } from 'date-fns/format'
import { subMonths } from 'date-fns/subMonths'
import { DAYS_PER_MONTH, SCREENING_COMPANY_ALL_FROM, SCREENING_GLOBAL_MAX_MONTHS, TIME_ZONE } from '../constants/limits.ts'

/**
 * Dates. A calendar date is 'YYYY-MM-DD' in America/Fortaleza (UTC−3 all year); instants are ISO
 * strings. Date filters are inclusive calendar days in that zone.
 */
export type CalendarDate = string

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

export function isCalendarDate(value: unknown): value is CalendarDate {
  if (typeof value !== 'string') return false
  const m = ISO_DATE.exec(value)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const probe = new Date(Date.UTC(y, mo - 1, d))
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d
}

function midnight(date: CalendarDate): TZDate {
  if (!isCalendarDate(date)) throw new RangeError(`Data inválida: ${date}`)
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new TZDate(y, m - 1, d, TIME_ZONE)
}

const asCalendarDate = (d: TZDate): CalendarDate => format(d, 'yyyy-MM-dd')

/** The calendar date of an instant in Fortaleza. */
export function calendarDate(instant: Date | string | number): CalendarDate {
  return asCalendarDate(new TZDate(new Date(instant).getTime(), TIME_ZONE))
}

export function todayDate(now: Date = new Date()): CalendarDate {
  return calendarDate(now)
}

export function shiftDate(date: CalendarDate, days: number): CalendarDate {
  return asCalendarDate(addDays(midnight(date), days))
}

/**
 * Consecutive inclusive windows of `days` calendar days covering start..end (start ≤ end), the
 * last one cut at the end. Counted in days from the start, so no window ever reaches past `end`:
 * stepping a date past 9999-12-31 would give a year no calendar date has.
 */
export function dateWindows(start: CalendarDate, end: CalendarDate, days: number): DateRange[] {
  const total = differenceInCalendarDays(midnight(end), midnight(start)) + 1
  const out: DateRange[] = []
  for (let offset = 0; offset < total; offset += days) out.push({ start: shiftDate(start, offset), end: shiftDate(start, Math.min(offset + days, total) - 1) })
  return out
}

/** The instants bounding inclusive calendar days: from midnight of start to midnight after end. */
export function dayRangeInstants(start: CalendarDate, end: CalendarDate): { from: Date; until: Date } {
  return { from: new Date(midnight(start).getTime()), until: new Date(addDays(midnight(end), 1).getTime()) }
}

/** The month ('YYYY-MM') an instant falls in, in Fortaleza. */
export function calendarMonth(instant: Date | string | number): string {
  return calendarDate(instant).slice(0, 7)
}

/** First and last calendar day of 'YYYY-MM'. */
export function monthRange(month: string): DateRange {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`
  return { start: `${month}-01`, end: shiftDate(next, -1) }
}

/** The month before a 'YYYY-MM' month. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`
}

const monthFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', month: 'long', year: 'numeric' })

/** 'YYYY-MM' as read in Portuguese: 'outubro de 2026'. */
export function monthName(month: string): string {
  return monthFormat.format(new Date(`${month}-15T12:00:00Z`))
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, dateStyle: 'short' })
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'short',
})

function toInstant(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null
  const d = isCalendarDate(value) ? new Date(midnight(value).getTime()) : new Date(value)
  return Number.isNaN(d.getTime()) ? null : d
}

/** dd/mm/aaaa in pt-BR; '' for a missing or unreadable value. */
export function formatDate(value: string | Date | null | undefined): string {
  const d = toInstant(value)
  return d ? dateFormat.format(d) : ''
}

/** dd/mm/aaaa hh:mm in pt-BR; '' for a missing or unreadable value. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const d = toInstant(value)
  return d ? dateTimeFormat.format(d) : ''
}

export interface DateRange {
  start: CalendarDate
  end: CalendarDate
}

/**
 * Screening date ranges of docs/product.md, Limits, ending today. 'last-month' is one calendar month back (the
 * product's main reading); 'last-30-days' is its other reading. 'last-6-months' stays inside the
 * global cap of 6 × 30.44 days.
 */
export type ScreeningRangeKind = 'last-month' | 'last-30-days' | 'last-7-days' | 'last-6-months' | 'company-all'

export const GLOBAL_MAX_DAYS = SCREENING_GLOBAL_MAX_MONTHS * DAYS_PER_MONTH

export function screeningRange(kind: ScreeningRangeKind, today: CalendarDate): DateRange {
  switch (kind) {
    case 'last-month':
      return { start: asCalendarDate(subMonths(midnight(today), 1)), end: today }
    case 'last-30-days':
      return { start: shiftDate(today, -30), end: today }
    case 'last-7-days':
      return { start: shiftDate(today, -7), end: today }
    case 'last-6-months':
      return { start: shiftDate(today, -Math.floor(GLOBAL_MAX_DAYS)), end: today }
    case 'company-all':
      return { start: SCREENING_COMPANY_ALL_FROM, end: today }
  }
}

export type ScreeningMode = 'empresa' | 'global'

/** Each mode's default range and its "include all" range (docs/product.md, Limits). */
export const SCREENING_DEFAULT_RANGE: Record<ScreeningMode, ScreeningRangeKind> = {
  empresa: 'last-month',
  global: 'last-7-days',
}
export const SCREENING_ALL_RANGE: Record<ScreeningMode, ScreeningRangeKind> = {
  empresa: 'company-all',
  global: 'last-6-months',
}

export function rangeDays(range: DateRange): number {
  return differenceInCalendarDays(midnight(range.end), midnight(range.start))
}

export const GLOBAL_RANGE_MESSAGE = 'Triagem global limitada a 6 meses. Ajustando datas automaticamente.'

/**
 * Checks a screening range for a mode. Global ranges over 6 × 30.44 days are refused with the
 * product's message and the mode's default range to reset to; an end before the start is refused too.
 */
export function checkScreeningRange(mode: ScreeningMode, range: DateRange, today: CalendarDate): { ok: true } | { ok: false; message: string; reset: DateRange } {
  const reset = screeningRange(SCREENING_DEFAULT_RANGE[mode], today)
  if (!isCalendarDate(range.start) || !isCalendarDate(range.end)) {
    return { ok: false, message: 'Informe datas válidas.', reset }
  }
  if (rangeDays(range) < 0) {
    return { ok: false, message: 'A data final deve ser igual ou posterior à data inicial.', reset }
  }
  if (mode === 'global' && rangeDays(range) > GLOBAL_MAX_DAYS) {
    return { ok: false, message: GLOBAL_RANGE_MESSAGE, reset }
  }
  return { ok: true }
}

/** Whole calendar days from `start` to `end` (Fortaleza's dates); 0 on the same day. */
export function calendarDaysBetween(start: Date | string | number, end: Date | string | number): number {
  return differenceInCalendarDays(midnight(calendarDate(end)), midnight(calendarDate(start)))
}
