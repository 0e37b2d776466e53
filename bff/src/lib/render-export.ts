import { stringify } from 'csv-stringify/sync'
import { neutraliseFormula } from '@mini-vagas/shared/domain/candidate-csv'
import { shouldQuoteNumber, type ExportType } from '@mini-vagas/shared/domain/export-rules'

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
 * A cell with formula injection neutralised (DESIGN.md §7) for the text formats (csv, xls, html)
 * that a spreadsheet program would otherwise evaluate. The caller's default value is not user
 * data: only real values are neutralised.
 */
function neutralised(value: Cell | undefined, r: RenderRequest): string | number | boolean {
  const cell = cellValue(value, r)
  if (value === null || value === undefined || value === '') return cell
  return r.escapeCsv && typeof cell === 'string' ? neutraliseFormula(cell) : cell
}

function htmlTable(r: RenderRequest, keys: string[], excel: boolean): string {
  const head = keys.map((k) => `<th>${escapeHtml(r.fields[k] ?? k)}</th>`).join('')
  const body = r.rows
    .map(
      (row) =>
        `<tr>${keys
          .map((k) => {
            const v = neutralised(row[k], r)
            // Excel reads a cell as text with mso-number-format:\@: long digit runs, and anything that
            // looked like a formula (its leading apostrophe, as in CSV, keeps it text everywhere else).
            const style = excel && typeof v === 'string' && (/^\d{12,}$/.test(v) || v !== cellValue(row[k], r)) ? ' style="mso-number-format:\\@"' : ''
            return `<td${style}>${escapeHtml(String(v))}</td>`
          })
          .join('')}</tr>`,
    )
    .join('')
  const caption = r.header.length ? `<caption>${r.header.map(escapeHtml).join('<br>')}</caption>` : ''
  const foot = r.footer.length ? `<tfoot><tr><td colspan="${keys.length}">${r.footer.map(escapeHtml).join('<br>')}</td></tr></tfoot>` : ''
  const dir = r.rtl ? ' dir="rtl"' : ''
  const table = `<table${dir}>${caption}<thead><tr>${head}</tr></thead><tbody>${body}</tbody>${foot}</table>`
  if (!excel) return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(r.worksheetName)}</title></head><body>${table}</body></html>`
  // The "xls" of the export control family: an HTML table Excel opens, with the sheet's name.
  return `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel" xmlns="http://www.w3.org/TR/REC-html40"><head><meta charset="utf-8"><!--[if gte mso 9]><xml><x:ExcelWorkbook><x:ExcelWorksheets><x:ExcelWorksheet><x:Name>${escapeHtml(r.worksheetName)}</x:Name><x:WorksheetOptions><x:DisplayGridlines/></x:WorksheetOptions></x:ExcelWorksheet></x:ExcelWorksheets></x:ExcelWorkbook></xml><![endif]--></head><body>${table}</body></html>`
}

/** Renders the export control's table into the chosen format (spec §2.14). */
export async function renderExport(r: RenderRequest): Promise<{ body: Buffer | string; contentType: string }> {
  const keys = Object.keys(r.fields)
  if (r.type === 'csv') {
    const lines = [...r.header.map((h) => [h]), keys.map((k) => r.fields[k] ?? k), ...r.rows.map((row) => keys.map((k) => neutralised(row[k], r))), ...r.footer.map((f) => [f])]
    const csv = r.escapeCsv
      ? // Not csv-stringify's escape_formulas here: it would also escape the caller's default value
        // (a '-' for empty cells), which is not user data; only real values are neutralised.
        stringify(lines, { delimiter: ';', bom: true, record_delimiter: 'windows', quoted_match: /[;"\r\n]/ })
      : '\ufeff' + lines.map((l) => l.join(';')).join('\r\n') + '\r\n'
    return { body: csv, contentType: MIME.csv }
  }
  if (r.type === 'html' || r.type === 'xls') return { body: htmlTable(r, keys, r.type === 'xls'), contentType: MIME[r.type] }
  // Loaded on first use (issue 16): exceljs costs ~200 ms and ~13 MB at startup otherwise.
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(r.worksheetName, { views: [{ rightToLeft: r.rtl, state: 'frozen', ySplit: r.header.length + 1 }] })
  for (const line of r.header) sheet.addRow([line]).font = { bold: true }
  const headerRow = sheet.addRow(keys.map((k) => r.fields[k] ?? k))
  headerRow.font = { bold: true }
  keys.forEach((k, i) => {
    const column = sheet.getColumn(i + 1)
    column.width = r.columnWidths[k] ?? Math.min(50, Math.max(10, (r.fields[k] ?? k).length + 2))
    if (r.numberFormats[k]) column.numFmt = r.numberFormats[k]
  })
  for (const row of r.rows) sheet.addRow(keys.map((k) => cellValue(row[k], r)))
  for (const line of r.footer) sheet.addRow([line])
  return { body: Buffer.from(await workbook.xlsx.writeBuffer()), contentType: MIME.xlsx }
}
