import { describe, expect, it } from 'vitest'
import { HOME_VISIT_GAP_MS, isRecruiterOf, stageCounts, visitAfter, WAITING_STATUSES } from './staff-home.ts'

describe('isRecruiterOf', () => {
  it('matches the same name whatever accents and case, or the first names alone', () => {
    expect(isRecruiterOf('Ana Souza', 'ana souza')).toBe(true)
    expect(isRecruiterOf('Ana', 'Ana Souza')).toBe(true)
    expect(isRecruiterOf('Márcia', 'MARCIA Lima')).toBe(true)
    expect(isRecruiterOf('Ana Souza Lima', 'Ana Souza')).toBe(true)
    expect(isRecruiterOf('Ana Paula', 'Ana Souza')).toBe(false)
    expect(isRecruiterOf('Bruno', 'Ana Souza')).toBe(false)
    expect(isRecruiterOf('', 'Ana Souza')).toBe(false)
    expect(isRecruiterOf(null, 'Ana')).toBe(false)
  })
})

describe('stageCounts', () => {
  it('sums the statuses into the board’s stages', () => {
    expect(stageCounts({ all: 9, '': 2, triado: 3, revisao: 1, contratado: 2, reprovado: 1 })).toEqual({
      neutral: 2,
      screening: 4,
      interview: 0,
      waiting: 0,
      success: 2,
      danger: 1,
    })
  })
})

describe('WAITING_STATUSES', () => {
  it('are the statuses whose next step is the agency’s', () => {
    expect(WAITING_STATUSES).toContain('')
    expect(WAITING_STATUSES).toContain('entrevista_online')
    expect(WAITING_STATUSES).not.toContain('contratado')
    expect(WAITING_STATUSES).not.toContain('reprovado')
  })
})

describe('visitAfter', () => {
  it('counts "new" from the visit before, and keeps it while the visit goes on', () => {
    const first = visitAfter({ previous: null, current: null }, 1_000)
    expect(first).toEqual({ previous: null, current: 1_000 })
    const soon = visitAfter(first, 1_000 + HOME_VISIT_GAP_MS - 1)
    expect(soon.previous).toBeNull()
    const later = visitAfter(soon, soon.current + HOME_VISIT_GAP_MS + 1)
    expect(later).toEqual({ previous: soon.current, current: soon.current + HOME_VISIT_GAP_MS + 1 })
  })
})
