import { PassThrough, Readable } from 'node:stream'
import { setImmediate } from 'node:timers/promises'
import { stringify } from 'csv-stringify/sync'
import { neutraliseFormula } from '@mini-vagas/shared/domain/candidate-csv'
import { shouldQuoteNumber, type ExportType } from '@mini-vagas/shared/domain/export-rules'
import { DownloadClosed, paceRow, zipInputs } from './back-pressure.ts'
import { sharedColumnStyles, xlsxText } from '../../lib/xlsx-cells.ts'

export type Cell = string | number | boolean | null
export interface RenderRequest {
  rows: Record<string, Cell>[]
  fields: Record<string, string>
  type: ExportType
  worksheetName: string
  header: string[]
  footer: string[]
  defaultValue: string
  rtl: boolean
  quoteLongNumbers: boolean
  numberFormats: Record<string, string>
  columnWidths: Record<string, number>
  escapeCsv: boolean
}

const MIME: Record<ExportType, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  html: 'text/html; charset=utf-8',
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** One cell as the file will hold it: empty → the default value; long numbers as text when asked. */
function cellValue(value: Cell | undefined, r: RenderRequest): string | number | boolean {
  if (value === null || value === undefined || value === '') return r.defaultValue
  if (typeof value === 'number' && r.quoteLongNumbers && shouldQuoteNumber(value)) return String(value)
  return value
}

/**
 * A cell with formula injection neutralised (docs/architecture.md) for the text formats (csv, xls, html)
 * that a spreadsheet program would otherwise evaluate. The caller's default value is not user
 * data: only real values are neutralised.
 */
function neutralised(value: Cell | undefined, r: RenderRequest): string | number | boolean {
  const cell = cellValue(value, r)
  if (value === null || value === undefined || value === '') return cell
  return r.escapeCsv && typeof cell === 'string' ? neutraliseFormula(cell) : cell
}

/** Rows rendered between two yields to the event loop: a few ms of work at most. */
const SLICE_ROWS = 200

function htmlRow(row: Record<string, Cell>, keys: string[], r: RenderRequest, excel: boolean): string {
  let cells = ''
  for (const k of keys) {
    const v = neutralised(row[k], r)
    // Excel reads a cell as text with mso-number-format:\@: long digit runs, and anything that
    // looked like a formula (its leading apostrophe, as in CSV, keeps it text everywhere else).
    const style = excel && typeof v === 'string' && (/^\d{12,}$/.test(v) || v !== cellValue(row[k], r)) ? ' style="mso-number-format:\\@"' : ''
    cells += `<td${style}>${escapeHtml(String(v))}</td>`
  }
  return `<tr>${cells}</tr>`
}

/** The html and "xls" files: the document's head, the rows slice by slice, then its foot. */
async function* htmlTable(r: RenderRequest, keys: string[], excel: boolean): AsyncGenerator<string> {
  const head = keys.map((k) => `<th>${escapeHtml(r.fields[k] ?? k)}</th>`).join('')
  const caption = r.header.length ? `<caption>${r.header.map(escapeHtml).join('<br>')}</caption>` : ''
  const foot = r.footer.length ? `<tfoot><tr><td colspan="${keys.length}">${r.footer.map(escapeHtml).join('<br>')}</td></tr></tfoot>` : ''
  const dir = r.rtl ? ' dir="rtl"' : ''
  const documentHead = excel
    ? // The "xls" of the export control family: an HTML table Excel opens, with the sheet's name.
      `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel" xmlns="http://www.w3.org/TR/REC-html40"><head><meta charset="utf-8"><!--[if gte mso 9]><xml><x:ExcelWorkbook><x:ExcelWorksheets><x:ExcelWorksheet><x:Name>${escapeHtml(r.worksheetName)}</x:Name><x:WorksheetOptions><x:DisplayGridlines/></x:WorksheetOptions></x:ExcelWorksheet></x:ExcelWorksheets></x:ExcelWorkbook></xml><![endif]--></head>`
    : `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(r.worksheetName)}</title></head>`
  yield `${documentHead}<body><table${dir}>${caption}<thead><tr>${head}</tr></thead><tbody>`
  for (let i = 0; i < r.rows.length; i += SLICE_ROWS) {
    if (i > 0) await setImmediate()
    yield r.rows
      .slice(i, i + SLICE_ROWS)
      .map((row) => htmlRow(row, keys, r, excel))
      .join('')
  }
  yield `</tbody>${foot}</table></body></html>`
}

/** The CSV file: a BOM, the header lines and column headers, the rows slice by slice, the footer lines. */
async function* csvLines(r: RenderRequest, keys: string[]): AsyncGenerator<string> {
  const write = (lines: (string | number | boolean)[][], bom: boolean) =>
    r.escapeCsv
      ? // Not csv-stringify's escape_formulas here: it would also escape the caller's default value
        // (a '-' for empty cells), which is not user data; only real values are neutralised.
        stringify(lines, { delimiter: ';', bom, record_delimiter: 'windows', quoted_match: /[;"\r\n]/ })
      : (bom ? '\ufeff' : '') + lines.map((l) => l.join(';') + '\r\n').join('')
  yield write([...r.header.map((h) => [h]), keys.map((k) => r.fields[k] ?? k)], true)
  for (let i = 0; i < r.rows.length; i += SLICE_ROWS) {
    if (i > 0) await setImmediate()
    yield write(
      r.rows.slice(i, i + SLICE_ROWS).map((row) => keys.map((k) => neutralised(row[k], r))),
      false,
    )
  }
  if (r.footer.length)
    yield write(
      r.footer.map((f) => [f]),
      false,
    )
}

/** The xlsx file through exceljs's streaming writer: rows leave as they are written. */
async function writeXlsx(r: RenderRequest, keys: string[], out: PassThrough): Promise<void> {
  // Loaded on first use: exceljs costs ~200 ms and ~13 MB at startup otherwise.
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  const sheet = workbook.addWorksheet(r.worksheetName, { views: [{ rightToLeft: r.rtl, state: 'frozen', ySplit: r.header.length + 1 }] })
  sheet.columns = keys.map((k) => ({
    key: k,
    width: r.columnWidths[k] ?? Math.min(50, Math.max(10, (r.fields[k] ?? k).length + 2)),
    ...(r.numberFormats[k] ? { style: { numFmt: r.numberFormats[k] } } : {}),
  }))
  const text = (value: string | number | boolean) => (typeof value === 'string' ? xlsxText(value) : value)
  for (const line of r.header) {
    const row = sheet.addRow([xlsxText(line)])
    row.font = { bold: true }
    row.commit()
  }
  const headerRow = sheet.addRow(keys.map((k) => xlsxText(r.fields[k] ?? k)))
  headerRow.font = { bold: true }
  headerRow.commit()
  const styled = sharedColumnStyles(sheet, keys.length)
  for (let i = 0; i < r.rows.length; i++) {
    // Slices as the other formats; within one, a wait when the download or the zip behind exceljs is full.
    const wait = paceRow(i, SLICE_ROWS, out, zipInputs(sheet))
    if (wait) await wait
    const row = r.rows[i]!
    styled(sheet.addRow(keys.map((k) => text(cellValue(row[k], r))))).commit()
  }
  for (const line of r.footer) sheet.addRow([xlsxText(line)]).commit()
  sheet.commit()
  await workbook.commit()
}

/**
 * Renders the export control's table into the chosen format (docs/product.md, Spreadsheet export) as a stream:
 * slices of rows with the event loop free between them, and no more written than the reader
 * takes. A failure after the first bytes can only cut the download short; the request's checks
 * all run before.
 */
export function renderExport(r: RenderRequest): { stream: Readable; contentType: string } {
  const keys = Object.keys(r.fields)
  if (r.type === 'xlsx') {
    const out = new PassThrough()
    writeXlsx(r, keys, out).catch((error: unknown) => out.destroy(error instanceof DownloadClosed ? undefined : (error as Error)))
    return { stream: out, contentType: MIME.xlsx }
  }
  // Readable.from renders the next slice only when the reader has taken the last one.
  const chunks = r.type === 'csv' ? csvLines(r, keys) : htmlTable(r, keys, r.type === 'xls')
  return { stream: Readable.from(chunks, { objectMode: false }), contentType: MIME[r.type] }
}
