import { PassThrough } from 'node:stream'
import { REPORT_COLUMNS, type ReportField } from '@mini-vagas/shared/constants/report'
import { lastActionAt } from '@mini-vagas/shared/domain/last-action'
import { formatCep, formatPhone, formatUf, optionLabel } from '@mini-vagas/shared/domain/br-format'
import { DownloadClosed, paceRow, zipInputs } from './back-pressure.ts'
import { sharedColumnStyles, xlsxText } from '../../lib/xlsx-cells.ts'

type Row = Record<string, unknown>
const FIELDS = Object.keys(REPORT_COLUMNS) as ReportField[]
const FORTALEZA_OFFSET_MS = 3 * 3_600_000
const YIELD_EVERY_ROWS = 100

/** An ISO instant as the wall-clock time in Fortaleza, which is what a spreadsheet date holds. */
function localDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value === '') return null
  const t = Date.parse(value)
  return Number.isNaN(t) ? null : new Date(t - FORTALEZA_OFFSET_MS)
}

/** Text columns shown the Brazilian way from one place: formats and option labels, the stored value where none applies. */
const SHOWN: Partial<Record<ReportField, (value: unknown) => string>> = {
  whatsapp: formatPhone,
  address_state: formatUf,
  cep: formatCep,
  education: (v) => optionLabel('education', v),
  experience_1: (v) => optionLabel('experience', v),
  veiopor: (v) => optionLabel('veiopor', v),
  genero: (v) => optionLabel('genero', v),
}

/** A report row (docs/product.md, Report row) from a row of GET /excel_relatorio, typed for the sheet. */
export function reportRow(c: Row): Record<ReportField, unknown> {
  const source = { ...c, ultima_acao: c.ultima_acao ?? lastActionAt({ created_at: c.created_at as string | null, updated_at: c.updated_at as string | null }) } as Record<
    ReportField,
    unknown
  >
  const out = {} as Record<ReportField, unknown>
  for (const field of FIELDS) {
    const kind = REPORT_COLUMNS[field].kind
    const value = source[field]
    out[field] =
      kind === 'date'
        ? localDate(value)
        : kind === 'yesno'
          ? value === true
            ? 'Sim'
            : value === false
              ? 'Não'
              : null
          : kind === 'number'
            ? typeof value === 'number'
              ? value
              : null
            : value === null || value === undefined
              ? null
              : xlsxText((SHOWN[field]?.(value) ?? String(value)).slice(0, 32_767))
  }
  return out
}

/**
 * relatorio.xlsx written by exceljs's streaming writer: bold frozen header, autofilter, widths,
 * dates as real dates. `pages` yields the rows page by page, so memory stays flat however many.
 */
export function streamReport(pages: AsyncIterable<Row[]>): PassThrough {
  const out = new PassThrough()
  ;(async () => {
    // Loaded on first use: exceljs costs ~200 ms and ~13 MB at startup otherwise.
    const { default: ExcelJS } = await import('exceljs')
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
    const sheet = workbook.addWorksheet('Relatório', { views: [{ state: 'frozen', ySplit: 1 }] })
    sheet.columns = FIELDS.map((key) => ({
      header: REPORT_COLUMNS[key].header,
      key,
      width: REPORT_COLUMNS[key].width,
      ...(REPORT_COLUMNS[key].kind === 'date' ? { style: { numFmt: 'dd/mm/yyyy hh:mm' } } : {}),
    }))
    sheet.getRow(1).font = { bold: true }
    const styled = sharedColumnStyles(sheet, FIELDS.length)
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: FIELDS.length } }
    for await (const rows of pages) {
      for (let i = 0; i < rows.length; i++) {
        // Never hold the event loop for long (other users' requests wait behind it), and let a
        // slow download, or the zip behind exceljs, hold the writer back instead of buffering the
        // file in memory; a download that was left stops the writer and its legacy reads.
        const wait = paceRow(i, YIELD_EVERY_ROWS, out, zipInputs(sheet))
        if (wait) await wait
        styled(sheet.addRow(reportRow(rows[i]!))).commit()
      }
    }
    sheet.commit()
    await workbook.commit()
  })().catch((error: unknown) => out.destroy(error instanceof DownloadClosed ? undefined : (error as Error)))
  return out
}
