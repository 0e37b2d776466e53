import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import { REPORT_COLUMNS, type ReportField } from '@mini-vagas/shared/constants/report'

type Row = Record<string, unknown>
const FIELDS = Object.keys(REPORT_COLUMNS) as ReportField[]
const FORTALEZA_OFFSET_MS = 3 * 3_600_000

/** An ISO instant as the wall-clock time in Fortaleza, which is what a spreadsheet date holds. */
function localDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value === '') return null
  const t = Date.parse(value)
  return Number.isNaN(t) ? null : new Date(t - FORTALEZA_OFFSET_MS)
}

/**
 * A §3.8 report row, from either shape the legacy has: a report row of GET /excel_relatorio
 * (job_description, job_city, job_created_at) or a candidate of GET /candidatos (nested job_posting).
 */
export function reportRow(c: Row): Record<ReportField, unknown> {
  const job = (c.job_posting ?? {}) as Row
  const updated = typeof c.updated_at === 'string' ? c.updated_at : null
  const created = typeof c.created_at === 'string' ? c.created_at : null
  const last = c.ultima_acao ?? (updated && created ? (updated > created ? updated : created) : (updated ?? created))
  const source: Record<ReportField, unknown> = {
    full_name: c.full_name, age: c.age, whatsapp: c.whatsapp, email: c.email, address_street: c.address_street,
    address_neighborhood: c.address_neighborhood, address_city: c.address_city, address_state: c.address_state,
    education: c.education, curso: c.curso, experience_1: c.experience_1, experience_2: c.experience_2, experience_3: c.experience_3,
    created_at: created, ultima_acao: last, job_description: c.job_description ?? job.description, company_name: c.company_name ?? job.company_name,
    job_city: c.job_city ?? job.city, job_created_at: c.job_created_at ?? job.created_at, veiopor: c.veiopor, genero: c.genero, cep: c.cep, is_pcd: c.is_pcd,
  }
  const out = {} as Record<ReportField, unknown>
  for (const field of FIELDS) {
    const kind = REPORT_COLUMNS[field].kind
    const value = source[field]
    out[field] =
      kind === 'date' ? localDate(value)
      : kind === 'yesno' ? (value === true ? 'Sim' : value === false ? 'Não' : null)
      : kind === 'number' ? (typeof value === 'number' ? value : null)
      : value === null || value === undefined ? null : String(value).slice(0, 32_767)
  }
  return out
}

/**
 * relatorio.xlsx written by exceljs's streaming writer: bold frozen header, autofilter, widths,
 * dates as real dates. `pages` yields the rows page by page, so memory stays flat however many.
 */
export function streamReport(pages: AsyncIterable<Row[]>): PassThrough {
  const out = new PassThrough()
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
  ;(async () => {
    for await (const rows of pages) {
      for (const row of rows) sheet.addRow(reportRow(row)).commit()
    }
    sheet.commit()
    await workbook.commit()
  })().catch((error: unknown) => out.destroy(error as Error))
  return out
}
