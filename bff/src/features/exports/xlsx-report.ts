import { PassThrough } from 'node:stream'
import { REPORT_COLUMNS, type ReportField } from '@mini-vagas/shared/constants/report'
import { lastActionAt } from '@mini-vagas/shared/domain/last-action'
import { formatCep, formatPhone, formatUf, optionLabel } from '@mini-vagas/shared/domain/br-format'
import { DownloadClosed, paceRow, zipInputs } from './back-pressure.ts'

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

// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const NEEDS_ESCAPE = /[\x00-\x08\x0b-\x1f]|_x[0-9A-Fa-f]{4}_/

/**
 * Text exactly as stored, for any spreadsheet program. Written as an inline string
 * (`t="inlineStr"`, exceljs's rich-text cell) whose `<t>` gets `xml:space="preserve"` when it starts
 * or ends with whitespace or holds a line break — a plain `t="str"` cell lost leading and trailing
 * spaces, tabs and CRs in LibreOffice. XML turns a CR into a LF when read, so CRs and the other
 * control characters are written as OOXML's `_xHHHH_` escapes, and a literal `_xHHHH_` in the text
 * is escaped itself (`_x005F_`), as Excel does.
 */
export function xlsxText(text: string): { richText: { text: string }[] } {
  // Most text has nothing to escape: one regex scan instead of a loop over every character.
  if (!NEEDS_ESCAPE.test(text)) return { richText: [{ text }] }
  let escaped = ''
  for (const ch of text.replace(/_x([0-9A-Fa-f]{4})_/g, '_x005F_x$1_')) {
    const code = ch.charCodeAt(0)
    // Tab and LF pass as they are (XML keeps them); every other C0 control character is escaped.
    escaped += code < 0x20 && code !== 0x09 && code !== 0x0a ? `_x${code.toString(16).toUpperCase().padStart(4, '0')}_` : ch
  }
  return { richText: [{ text: escaped }] }
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
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: FIELDS.length } }
    for await (const rows of pages) {
      for (let i = 0; i < rows.length; i++) {
        // Never hold the event loop for long (other users' requests wait behind it), and let a
        // slow download, or the zip behind exceljs, hold the writer back instead of buffering the
        // file in memory; a download that was left stops the writer and its legacy reads.
        const wait = paceRow(i, YIELD_EVERY_ROWS, out, zipInputs(sheet))
        if (wait) await wait
        sheet.addRow(reportRow(rows[i]!)).commit()
      }
    }
    sheet.commit()
    await workbook.commit()
  })().catch((error: unknown) => out.destroy(error instanceof DownloadClosed ? undefined : (error as Error)))
  return out
}
