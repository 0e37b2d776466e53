import { isCalendarDate, rangeDays } from './dates.ts'
/**
 * The export control's rules (docs/product.md, Spreadsheet export; Validation; Texts; Limits): sheet names, format limits, long numbers.
 * The product's rules quote the spreadsheet library's English texts; the product shows them in Portuguese.
 */
export const EXPORT_TYPES = ['xls', 'html', 'csv', 'xlsx'] as const
export type ExportType = (typeof EXPORT_TYPES)[number]

export const EXPORT_MESSAGES = {
  blankSheetName: 'O nome da planilha não pode ficar em branco.',
  longSheetName: 'O nome da planilha não pode passar de 31 caracteres.',
  duplicateSheetName: 'Nome de planilha duplicado.',
  invalidWorkbook: 'Pasta de trabalho inválida.',
  emptyWorkbook: 'A pasta de trabalho está vazia.',
  tooManySheets: 'A pasta de trabalho tem planilhas demais.',
  unknownType: 'Tipo de arquivo não reconhecido.',
  sheetNotFound: 'Planilha não encontrada.',
  badSheetName: 'O nome da planilha não pode conter : \\ / ? * [ ], nem começar ou terminar com apóstrofo, nem ser "History".',
  tooManyRows: (max: number) => `O arquivo aceita no máximo ${max.toLocaleString('pt-BR')} linhas.`,
  tooManyColumns: (max: number) => `O arquivo aceita no máximo ${max.toLocaleString('pt-BR')} colunas.`,
  longCell: 'Uma célula passa de 32.767 caracteres, o limite das planilhas.',
  tooLarge: 'A tabela passa de 8 MB, o máximo que se exporta de uma vez. Filtre as linhas ou exporte em partes.',
} as const

export const MAX_SHEETS = 65_535
export const MAX_CELL_CHARS = 32_767
export const FORMAT_LIMITS: Record<ExportType, { rows: number; columns: number }> = {
  xls: { rows: 65_536, columns: 256 },
  xlsx: { rows: 1_048_576, columns: 16_384 },
  // Text formats have no sheet limits; the spreadsheet that opens them does.
  csv: { rows: 1_048_576, columns: 16_384 },
  html: { rows: 1_048_576, columns: 16_384 },
}

/**
 * The largest export the control sends to be rendered, in bytes of its JSON. Sized to the
 * default format's limit (xls: 65,535 data rows, docs/product.md, Limits) at ~128 bytes a row, which is a narrow
 * table, or ~9,000 rows of the all-candidates list's columns; the dashboard's own export is ~3 KB.
 * Parsing and checking 8 MiB holds the BFF's event loop ~40 ms once, which keeps other users' p99
 * under 50 ms; a body of every format's limit (1,048,576 × 16,384 cells) could never be parsed.
 */
export const MAX_RENDER_BODY_BYTES = 8 * 1_048_576

/** The first problem with a sheet name (blank, too long, apostrophes, History, : \ / ? * [ ]), or null. */
export function sheetNameProblem(name: string, others: readonly string[] = []): string | null {
  if (name.trim() === '') return EXPORT_MESSAGES.blankSheetName
  if ([...name].length > 31) return EXPORT_MESSAGES.longSheetName
  if (name.startsWith("'") || name.endsWith("'") || name.toLowerCase() === 'history' || /[:\\/?*[\]]/.test(name)) return EXPORT_MESSAGES.badSheetName
  if (others.some((o) => o.toLowerCase() === name.toLowerCase())) return EXPORT_MESSAGES.duplicateSheetName
  return null
}

/** Numbers above 99999999999 or below 1e-13 go as text, so spreadsheets keep every digit (CPF, phones). */
export function shouldQuoteNumber(value: number): boolean {
  return value > 99_999_999_999 || (value !== 0 && Math.abs(value) < 1e-13)
}

/** The length of a table's longest text cell, for the cell limit. */
export function longestText(rows: readonly Record<string, unknown>[]): number {
  let longest = 0
  for (const row of rows)
    for (const key in row) {
      const value = row[key]
      if (typeof value === 'string' && value.length > longest) longest = value.length
    }
  return longest
}

/** The first limit a table breaks for a format (header row included), or null. */
export function limitProblem(type: ExportType, rows: number, columns: number, longestCell: number): string | null {
  const limits = FORMAT_LIMITS[type]
  if (rows + 1 > limits.rows) return EXPORT_MESSAGES.tooManyRows(limits.rows - 1)
  if (columns > limits.columns) return EXPORT_MESSAGES.tooManyColumns(limits.columns)
  if (longestCell > MAX_CELL_CHARS) return EXPORT_MESSAGES.longCell
  return null
}

/** relatorio.xlsx covers at most this many days (two years): about 105 reads of the legacy's report. */
export const REPORT_MAX_DAYS = 731

/**
 * Why a relatorio.xlsx range cannot be exported, or null: both dates, real calendar dates, the end
 * not before the start, at most REPORT_MAX_DAYS. The screen and the BFF check the same rule.
 */
/**
 * A filter by dates where either end may be left open: what is given must be a real day, and the
 * end not before the start.
 */
export function optionalRangeProblem(start: string | undefined, end: string | undefined): string | null {
  if ((start && !isCalendarDate(start)) || (end && !isCalendarDate(end))) return 'Informe datas válidas (dia, mês e ano que existam no calendário).'
  if (start && end && end < start) return 'A data final deve ser igual ou posterior à data inicial.'
  return null
}

export function reportRangeProblem(start: string | undefined, end: string | undefined): string | null {
  if (!start || !end) return 'Por favor, selecione as datas inicial e final.'
  if (!isCalendarDate(start) || !isCalendarDate(end)) return 'Informe datas válidas (dia, mês e ano que existam no calendário).'
  if (end < start) return 'A data final deve ser igual ou posterior à data inicial.'
  if (rangeDays({ start, end }) + 1 > REPORT_MAX_DAYS) return `O relatório cobre no máximo ${REPORT_MAX_DAYS} dias (2 anos). Escolha um período menor.`
  return null
}
