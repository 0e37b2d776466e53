import { PassThrough, type Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import { formatDate, formatDateTime } from '@mini-vagas/shared/domain/dates'
import type { RecruitingReport } from '@mini-vagas/shared/schemas/reports'
import { xlsxText } from '../../lib/xlsx-cells.ts'

type Cell = string | number | null
const text = (value: string) => xlsxText(value)
const days = (value: number | null) => value ?? '—'

/** A sheet of a header row and rows, its columns as wide as their header. */
function sheet(book: ExcelJS.Workbook, name: string, header: string[], rows: Cell[][]) {
  const ws = book.addWorksheet(name)
  ws.columns = header.map((h) => ({ header: h, width: Math.max(12, h.length + 2) }))
  ws.getRow(1).font = { bold: true }
  for (const row of rows) ws.addRow(row.map((c) => (typeof c === 'string' ? text(c) : c)))
  return ws
}

/** The recruiting report as a workbook: a summary, then vacancies, sources, recruiters and companies, one sheet each. */
export function reportWorkbook(report: RecruitingReport): Readable {
  const book = new ExcelJS.Workbook()
  book.creator = 'Mini Vagas'
  const line = (l: RecruitingReport['totals']): Cell[] => [l.vacancies, l.filledVacancies, l.candidates, l.hires, days(l.medianDaysToFill), days(l.medianDaysToFirstHire)]
  sheet(
    book,
    'Resumo',
    ['Indicador', 'Valor'],
    [
      ['Período (vagas abertas de … a …)', `${formatDate(report.from)} a ${formatDate(report.to)}`],
      ['Gerado em', formatDateTime(report.generatedAt)],
      ['Alterações feitas fora do Mini Vagas incluídas até', formatDateTime(report.indexedAt)],
      ['Tempo em cada etapa medido desde', report.historyFrom ? formatDateTime(report.historyFrom) : 'sem registro ainda'],
      ['Vagas', report.totals.vacancies],
      ['Vagas preenchidas', report.totals.filledVacancies],
      ['Candidatos', report.totals.candidates],
      ['Contratações', report.totals.hires],
      ['Tempo até preencher (mediana, dias)', days(report.totals.medianDaysToFill)],
      ['Tempo até a primeira contratação (mediana, dias)', days(report.totals.medianDaysToFirstHire)],
      ...report.funnel.map((s): Cell[] => [`Funil: ${s.label}`, s.count]),
      ...report.stageTimes.map((s): Cell[] => [`Dias em: ${s.label} (mediana; ${s.measured} medidos)`, days(s.medianDays)]),
    ],
  )
  sheet(
    book,
    'Vagas',
    [
      'Vaga',
      'Empresa',
      'Cidade',
      'Recrutador',
      'Status',
      'Aberta em',
      'Solicitadas',
      'Candidatos',
      'Contratações',
      'Dias até preencher',
      'Dias até a 1ª contratação',
      ...report.funnel.map((s) => `Funil: ${s.label}`),
    ],
    report.vacancies.map((v) => [
      v.description,
      v.company,
      v.city,
      v.recruiter,
      v.status,
      formatDate(v.openedAt),
      v.requested,
      v.candidates,
      v.hires,
      days(v.daysToFill),
      days(v.daysToFirstHire),
      ...report.funnel.map((s) => v.funnel[s.stage] ?? 0),
    ]),
  )
  sheet(
    book,
    'Fontes',
    ['Como soube da vaga', 'Candidatos', 'Contratações', 'Taxa de contratação (%)'],
    report.sources.map((s) => [s.origin, s.candidates, s.hires, s.rate]),
  )
  const lines = ['Vagas', 'Vagas preenchidas', 'Candidatos', 'Contratações', 'Dias até preencher (mediana)', 'Dias até a 1ª contratação (mediana)']
  sheet(
    book,
    'Recrutadores',
    ['Recrutador', ...lines],
    report.recruiters.map((r) => [r.name, ...line(r)]),
  )
  sheet(
    book,
    'Empresas',
    ['Empresa', ...lines],
    report.companies.map((c) => [c.name, ...line(c)]),
  )
  const out = new PassThrough()
  book.xlsx.write(out).then(
    () => out.end(),
    (error: unknown) => out.destroy(error as Error),
  )
  return out
}
