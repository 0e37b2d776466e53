import { formatPhone, formatUf, optionLabel } from './br-format.ts'
import { candidateStatusLabel } from './candidate-status.ts'
import { formatDateTime } from './dates.ts'
import { lastAction } from './last-action.ts'

/** The CSV export's columns (docs/product.md, CSV columns) and how each is read from a candidate. */
export const CANDIDATE_CSV_COLUMNS = [
  'Nome',
  'Email',
  'WhatsApp',
  'Idade',
  'Gênero',
  'Cidade',
  'Estado',
  'Escolaridade',
  'Curso',
  'PCD',
  'Última Ação',
  'Status',
  'Observações',
] as const

export interface CsvCandidate {
  full_name?: string | null
  email?: string | null
  whatsapp?: string | null
  age?: number | null
  genero?: string | null
  address_city?: string | null
  address_state?: string | null
  education?: string | null
  curso?: string | null
  is_pcd?: boolean | null
  status?: string | null
  obs?: string | null
  created_at?: string | null
  updated_at?: string | null
}

export function candidateCsvRow(c: CsvCandidate): string[] {
  const action = lastAction(c)
  return [
    c.full_name ?? '',
    c.email ?? '',
    formatPhone(c.whatsapp),
    c.age === null || c.age === undefined ? '' : String(c.age),
    optionLabel('genero', c.genero),
    c.address_city ?? '',
    formatUf(c.address_state),
    optionLabel('education', c.education),
    c.curso ?? '',
    c.is_pcd === true ? 'Sim' : c.is_pcd === false ? 'Não' : '',
    action.at ? `${action.label} em ${formatDateTime(action.at)}` : action.label,
    candidateStatusLabel(c.status),
    c.obs ?? '',
  ]
}

/**
 * Spreadsheet formula injection (docs/architecture.md) in the HTML-table exports (xls, html), where no
 * CSV writer is involved: a cell starting with = + - @ (full-width ＝＋－＠ too) or a tab or CR,
 * which some programs strip first, is prefixed with an apostrophe so it is read as text. The CSVs
 * use csv-stringify's own `escape_formulas`, which covers the same characters.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value
}
