import { describe, expect, it } from 'vitest'
import { shiftDate } from './dates.ts'
import { fitRangeToCap, fittedRangeMessage, overCapMessage } from './screening-range-fit.ts'

// 600 candidates a day over the week before 2026-11-27 (the seed's busiest weeks look like this).
const perDay = (day: string) => (day >= '2026-11-20' && day <= '2026-11-27' ? 600 : 0)
const countFrom = (end: string) => async (start: string) => {
  let total = 0
  for (let d = start; d <= end; d = shiftDate(d, 1)) total += perDay(d)
  return total
}

describe('a quick range inside the screening’s cap', () => {
  it('keeps a range that fits', async () => {
    const fitted = await fitRangeToCap({ start: '2026-11-26', end: '2026-11-27' }, countFrom('2026-11-27'))
    expect(fitted).toEqual({ range: { start: '2026-11-26', end: '2026-11-27' }, total: 1200, asked: 1200, clamped: false })
    expect(fittedRangeMessage('Últimos 7 dias', fitted)).toBeNull()
  })
  it('moves the start of a range over the cap to the earliest day that fits, and says so with formatted numbers', async () => {
    const calls: string[] = []
    const fitted = await fitRangeToCap({ start: '2026-11-20', end: '2026-11-27' }, async (start) => (calls.push(start), countFrom('2026-11-27')(start)))
    expect(fitted).toEqual({ range: { start: '2026-11-23', end: '2026-11-27' }, total: 3000, asked: 4800, clamped: true })
    expect(calls.length).toBeLessThanOrEqual(5)
    expect(fittedRangeMessage('Últimos 7 dias', fitted)).toBe(
      'Últimos 7 dias: 4.800 candidatos, acima do limite de 3.000 por triagem. O período foi ajustado para 23/11/2026 a 27/11/2026 (3.000 candidatos).',
    )
  })
  it('says when one day alone is over the cap', async () => {
    const fitted = await fitRangeToCap({ start: '2026-11-20', end: '2026-11-27' }, countFrom('2026-11-27'), 500)
    expect(fitted).toMatchObject({ range: { start: '2026-11-27', end: '2026-11-27' }, total: 600, clamped: true })
    expect(fittedRangeMessage('Últimos 7 dias', fitted, 500)).toMatch(/^Só o dia 27\/11\/2026 já tem 600 candidatos, acima do limite de 500/)
  })
  it('writes the load’s refusal with the numbers as people read them', () => {
    expect(overCapMessage(4210)).toBe('Muitos candidatos encontrados (4.210). Reduza o período de datas para no máximo 3.000 candidatos.')
  })
})
