import { describe, expect, it } from 'vitest'
import { EXPORT_MESSAGES, MAX_RENDER_BODY_BYTES, limitProblem, longestText, optionalRangeProblem, sheetNameProblem, reportRangeProblem, shouldQuoteNumber } from './export-rules.ts'

describe('sheet names', () => {
  it('accept ordinary names', () => {
    expect(sheetNameProblem('Sheet1')).toBeNull()
    expect(sheetNameProblem('Candidatos de Natal')).toBeNull()
    expect(sheetNameProblem('x'.repeat(31))).toBeNull()
  })
  it('refuse blank, long, apostrophes, History, forbidden characters and duplicates', () => {
    expect(sheetNameProblem('  ')).toBe(EXPORT_MESSAGES.blankSheetName)
    expect(sheetNameProblem('x'.repeat(32))).toBe(EXPORT_MESSAGES.longSheetName)
    for (const bad of ["'Vagas", "Vagas'", 'History', 'history', 'a:b', 'a/b', 'a\\b', 'a?b', 'a*b', 'a[b', 'a]b'])
      expect(sheetNameProblem(bad), bad).toBe(EXPORT_MESSAGES.badSheetName)
    expect(sheetNameProblem('Vagas', ['vagas'])).toBe(EXPORT_MESSAGES.duplicateSheetName)
  })
})

describe('format limits and long numbers', () => {
  it('enforce rows, columns and cell length per format', () => {
    expect(limitProblem('xls', 65_535, 256, 10)).toBeNull()
    expect(limitProblem('xls', 65_536, 10, 10)).toBe('O arquivo aceita no máximo 65.535 linhas.')
    expect(limitProblem('xls', 10, 257, 10)).toBe('O arquivo aceita no máximo 256 colunas.')
    expect(limitProblem('xlsx', 100_000, 300, 10)).toBeNull()
    expect(limitProblem('xlsx', 10, 16_385, 10)).toBe('O arquivo aceita no máximo 16.384 colunas.')
    expect(limitProblem('csv', 10, 10, 32_768)).toBe(EXPORT_MESSAGES.longCell)
  })
  it('quote numbers above 99999999999 or below 1e-13', () => {
    expect(shouldQuoteNumber(85_988_776_655)).toBe(false)
    expect(shouldQuoteNumber(100_000_000_000)).toBe(true)
    expect(shouldQuoteNumber(5e-14)).toBe(true)
    expect(shouldQuoteNumber(0)).toBe(false)
    expect(shouldQuoteNumber(27)).toBe(false)
  })
})

describe('relatorio.xlsx range', () => {
  it('needs both real dates, in order, at most two years', () => {
    expect(reportRangeProblem('2026-01-01', '2026-12-31')).toBeNull()
    expect(reportRangeProblem('2024-11-22', '2026-11-22')).toBeNull() // 731 days, both ends included
    expect(reportRangeProblem('2024-11-21', '2026-11-22')).toBe('O relatório cobre no máximo 731 dias (2 anos). Escolha um período menor.')
    expect(reportRangeProblem('', '2026-01-01')).toBe('Por favor, selecione as datas inicial e final.')
    expect(reportRangeProblem('2026-02-29', '2026-03-01')).toBe('Informe datas válidas (dia, mês e ano que existam no calendário).')
    expect(reportRangeProblem('2026-03-02', '2026-03-01')).toBe('A data final deve ser igual ou posterior à data inicial.')
  })
  it('measures the longest text cell, ignoring numbers and empties', () => {
    expect(
      longestText([
        { a: 'abc', b: 123456789 },
        { a: null, b: 'abcdef' },
      ]),
    ).toBe(6)
    expect(longestText([])).toBe(0)
  })
  it('names the render limit in the text the user sees', () => {
    expect(EXPORT_MESSAGES.tooLarge).toContain(`${MAX_RENDER_BODY_BYTES / 1_048_576} MB`)
  })
})

describe('optional date filters', () => {
  it('take either end open, refuse impossible days and an end before the start', () => {
    expect(optionalRangeProblem(undefined, undefined)).toBeNull()
    expect(optionalRangeProblem('2026-01-01', undefined)).toBeNull()
    expect(optionalRangeProblem(undefined, '9999-12-31')).toBeNull()
    expect(optionalRangeProblem('2026-02-30', undefined)).toBe('Informe datas válidas (dia, mês e ano que existam no calendário).')
    expect(optionalRangeProblem('2026-03-02', '2026-03-01')).toBe('A data final deve ser igual ou posterior à data inicial.')
  })
})
