import { describe, expect, it } from 'vitest'
import { dateWindows } from './index.ts'

describe('dateWindows', () => {
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
