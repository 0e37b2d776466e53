import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  monthRange,
  monthName,
  previousMonth,
  GLOBAL_MAX_DAYS,
  GLOBAL_RANGE_MESSAGE,
  calendarDate,
  calendarMonth,
  checkScreeningRange,
  dateWindows,
  dayRangeInstants,
  formatDate,
  formatDateTime,
  isCalendarDate,
  rangeDays,
  screeningRange,
  shiftDate,
  todayDate,
} from './dates.ts'

describe('calendar dates in America/Fortaleza', () => {
  it('validate YYYY-MM-DD', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true)
    expect(isCalendarDate('2024-02-29')).toBe(true)
    expect(isCalendarDate('2026-02-29')).toBe(false)
    expect(isCalendarDate('2026-13-01')).toBe(false)
    expect(isCalendarDate('22/11/2026')).toBe(false)
    expect(isCalendarDate(20261122)).toBe(false)
  })
  it('take the date of an instant in Fortaleza, not UTC', () => {
    // 02:30 UTC is still the previous evening in Fortaleza (UTC−3)
    expect(calendarDate('2026-11-22T02:30:00Z')).toBe('2026-11-21')
    expect(calendarDate('2026-11-22T03:00:00Z')).toBe('2026-11-22')
    expect(todayDate(new Date('2026-01-01T01:00:00Z'))).toBe('2025-12-31')
    expect(calendarMonth('2026-12-01T02:00:00Z')).toBe('2026-11')
  })
  it('bound inclusive day ranges by Fortaleza midnights', () => {
    const { from, until } = dayRangeInstants('2026-11-01', '2026-11-30')
    expect(from.toISOString()).toBe('2026-11-01T03:00:00.000Z')
    expect(until.toISOString()).toBe('2026-12-01T03:00:00.000Z')
  })
  it('shift across months and leap days', () => {
    expect(shiftDate('2024-03-01', -1)).toBe('2024-02-29')
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01')
  })
  it('give a month’s first and last day, leap Februaries and Decembers included', () => {
    expect(monthRange('2024-02')).toEqual({ start: '2024-02-01', end: '2024-02-29' })
    expect(monthRange('2026-12')).toEqual({ start: '2026-12-01', end: '2026-12-31' })
  })
  it('refuse an invalid date instead of guessing', () => {
    expect(() => shiftDate('2026-02-30', 1)).toThrow(RangeError)
  })
})

describe('pt-BR formatting', () => {
  it('format dates and date-times in Fortaleza time', () => {
    expect(formatDate('2026-11-22T02:30:00Z')).toBe('21/11/2026')
    expect(formatDate('2026-11-22')).toBe('22/11/2026')
    expect(formatDateTime('2026-11-22T13:05:00.000000Z')).toBe('22/11/2026, 10:05')
  })
  it('give empty text for missing or unreadable values', () => {
    expect(formatDate(null)).toBe('')
    expect(formatDate('')).toBe('')
    expect(formatDateTime('amanhã')).toBe('')
  })
})

describe('screening ranges', () => {
  const today = '2026-11-22'
  it('company mode: last month (calendar) and its 30-day reading', () => {
    expect(screeningRange('last-month', today)).toEqual({ start: '2026-10-22', end: today })
    expect(screeningRange('last-month', '2026-03-31')).toEqual({ start: '2026-02-28', end: '2026-03-31' })
    expect(screeningRange('last-30-days', today)).toEqual({ start: '2026-10-23', end: today })
  })
  it('company mode "all candidates" starts at 2020-01-01', () => {
    expect(screeningRange('company-all', today)).toEqual({ start: '2020-01-01', end: today })
  })
  it('global mode: last 7 days and last 6 months of 30.44 days', () => {
    expect(screeningRange('last-7-days', today)).toEqual({ start: '2026-11-15', end: today })
    const six = screeningRange('last-6-months', today)
    expect(rangeDays(six)).toBe(182)
    expect(rangeDays(six)).toBeLessThanOrEqual(GLOBAL_MAX_DAYS)
    expect(GLOBAL_MAX_DAYS).toBeCloseTo(182.64)
  })
  it('refuse a global range over 6 months with the spec message and the default range', () => {
    expect(checkScreeningRange('global', screeningRange('last-6-months', today), today)).toEqual({ ok: true })
    const result = checkScreeningRange('global', { start: '2026-05-01', end: today }, today)
    expect(result).toEqual({ ok: false, message: GLOBAL_RANGE_MESSAGE, reset: { start: '2026-11-15', end: today } })
  })
  it('allow long ranges in company mode', () => {
    expect(checkScreeningRange('empresa', screeningRange('company-all', today), today)).toEqual({ ok: true })
  })
  it('refuse reversed or invalid ranges', () => {
    expect(checkScreeningRange('empresa', { start: today, end: '2026-11-01' }, today)).toMatchObject({ ok: false })
    expect(checkScreeningRange('global', { start: 'ontem', end: today }, today)).toMatchObject({ ok: false })
  })
})

describe('months (the dashboard against the month before)', () => {
  it('previousMonth crosses the year; monthName reads in Portuguese', () => {
    expect(previousMonth('2026-11')).toBe('2026-10')
    expect(previousMonth('2026-01')).toBe('2025-12')
    expect(monthName('2026-10')).toBe('outubro de 2026')
  })
})

/** Every calendar date there is, as a day number since 0100-01-01 (isCalendarDate's first year). */
const FIRST_DAY = Date.UTC(100, 0, 1)
const LAST_DAY = Date.UTC(9999, 11, 31)
const DAY_MS = 86_400_000
const dateOf = (day: number) => new Date(FIRST_DAY + day * DAY_MS).toISOString().slice(0, 10)
const anyDay = fc.integer({ min: 0, max: (LAST_DAY - FIRST_DAY) / DAY_MS })

describe('dateWindows over the whole date space (property)', () => {
  it('covers start..end exactly, day after day, in windows of at most `days`, never past the end', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: 0, max: 800 }), fc.integer({ min: 3, max: 31 }), (first, length, days) => {
        const lastDay = Math.min(first + length, (LAST_DAY - FIRST_DAY) / DAY_MS)
        const [start, end] = [dateOf(first), dateOf(lastDay)]
        const windows = dateWindows(start, end, days)
        expect(windows[0]!.start).toBe(start)
        expect(windows.at(-1)!.end).toBe(end)
        for (const [i, w] of windows.entries()) {
          expect(isCalendarDate(w.start) && isCalendarDate(w.end)).toBe(true)
          expect(w.start <= w.end && w.end <= end).toBe(true)
          // Full windows of `days`, only the last one shorter.
          if (i < windows.length - 1) expect(shiftDate(w.start, days - 1)).toBe(w.end)
          if (i > 0) expect(shiftDate(windows[i - 1]!.end, 1)).toBe(w.start)
        }
      }),
      { numRuns: 200 },
    )
  })
  it('reaches the last day there is without stepping past it', () => {
    expect(dateWindows('9999-12-01', '9999-12-31', 7).at(-1)).toEqual({ start: '9999-12-29', end: '9999-12-31' })
  })
})

describe('dateWindows (examples)', () => {
  it('covers the range with inclusive windows, the last one cut at the end', () => {
    expect(dateWindows('2026-11-01', '2026-11-20', 7)).toEqual([
      { start: '2026-11-01', end: '2026-11-07' },
      { start: '2026-11-08', end: '2026-11-14' },
      { start: '2026-11-15', end: '2026-11-20' },
    ])
    expect(dateWindows('2026-12-30', '2027-01-02', 7)).toEqual([{ start: '2026-12-30', end: '2027-01-02' }])
    expect(dateWindows('2026-11-05', '2026-11-05', 7)).toEqual([{ start: '2026-11-05', end: '2026-11-05' }])
  })
})
