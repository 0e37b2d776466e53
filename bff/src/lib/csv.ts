import type { FastifyReply } from 'fastify'
import { stringify } from 'csv-stringify/sync'
import type { ListRow } from '@mini-vagas/shared/domain/candidate-list'
import { CANDIDATE_CSV_COLUMNS, candidateCsvRow } from '@mini-vagas/shared/domain/candidate-csv'

/**
 * CSV exports (docs/architecture.md): UTF-8 with BOM, ';' (Excel in Brazil), RFC 4180 quoting by
 * csv-stringify, formula-like cells escaped by csv-stringify itself (`escape_formulas`, full-width
 * signs included), the columns of docs/product.md, CSV columns, the date in the file name.
 */
export function candidatesCsv(rows: readonly ListRow[]): string {
  return tableCsv([[...CANDIDATE_CSV_COLUMNS], ...rows.map(candidateCsvRow)])
}

/** Any table (header row first) as our CSV. */
export function tableCsv(rows: readonly (readonly string[])[]): string {
  return stringify(rows as string[][], {
    delimiter: ';',
    bom: true,
    record_delimiter: 'windows',
    quoted_match: /[;"\r\n]/,
    escape_formulas: true,
  })
}

export function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv)
}
