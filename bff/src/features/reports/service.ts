import { cnpjDigits } from '@mini-vagas/shared/domain/cnpj'
import { optionalRangeProblem } from '@mini-vagas/shared/domain/export-rules'
import { dayRangeInstants, shiftDate, todayDate } from '@mini-vagas/shared/domain/dates'
import { recruitingReport, type ReportVacancy } from '@mini-vagas/shared/domain/recruiting-report'
import type { RecruitingReport, RecruitingReportQuery } from '@mini-vagas/shared/schemas/reports'
import { visibleVacancies } from '../../legacy/access.ts'
import type { LegacyGateway } from '../../legacy/gateway.ts'
import { HttpError } from '../../lib/http-error.ts'
import type { SessionData } from '../../plugins/session-seal.ts'
import type { CandidateIndex } from '../../candidate-index/plugin.ts'

/** The period a report covers by default: the last twelve months. */
export const DEFAULT_REPORT_DAYS = 365

export const REPORT_MESSAGES = {
  noIndex: 'Os relatórios são calculados a partir do índice de candidatos, que está desligado nesta instalação (CANDIDATE_INDEX).',
  building: 'O relatório fica disponível quando o índice de candidatos terminar de ser montado. Tente novamente em alguns minutos.',
} as const

/**
 * The recruiting report (docs/product.md, Reports): the vacancies opened in the period that the
 * session may see — a company's always its own; staff's all, or one company's — with their
 * figures from the candidate index (shared/src/domain/recruiting-report.ts).
 */
export function createReports({ index, now = Date.now }: { index: CandidateIndex | null; now?: () => number }) {
  return {
    async report(query: RecruitingReportQuery, session: SessionData, legacy: LegacyGateway): Promise<RecruitingReport> {
      const asked = optionalRangeProblem(query.from, query.to)
      if (asked) throw new HttpError(400, asked, { errors: { from: [asked] } })
      const to = query.to ?? todayDate(new Date(now()))
      const from = query.from ?? shiftDate(to, -DEFAULT_REPORT_DAYS)
      const problem = optionalRangeProblem(from, to)
      if (problem) throw new HttpError(400, problem, { errors: { from: [problem] } })
      if (!index) throw new HttpError(503, REPORT_MESSAGES.noIndex)
      const { from: start, until } = dayRangeInstants(from, to)
      // A company sees its own vacancies whatever it asks; staff may narrow to one company.
      const company = session.user.role === 'company' ? null : query.cnpj ? cnpjDigits(query.cnpj) : null
      const vacancies: ReportVacancy[] = (await visibleVacancies(legacy, session))
        .filter((v) => !company || cnpjDigits(String(v.cnpj ?? '')) === company)
        .map((v) => ({
          id: Number(v.id),
          description: String(v.description ?? ''),
          company: String(v.company_name ?? ''),
          cnpj: cnpjDigits(String(v.cnpj ?? '')),
          city: String(v.city ?? ''),
          recruiter: String(v.recrutador ?? ''),
          status: String(v.status ?? ''),
          openedAt: Date.parse(String(v.created_at ?? '')),
          requested: Math.max(0, Number(v.vagas_abertas) || 0),
        }))
        .filter((v) => v.openedAt >= start.getTime() && v.openedAt < until.getTime())
      const facts = await index.reportFacts(vacancies.map((v) => v.id))
      if (!facts) throw new HttpError(503, REPORT_MESSAGES.building)
      return {
        scope: session.user.role === 'company' ? 'company' : 'agency',
        from,
        to,
        generatedAt: new Date(now()).toISOString(),
        indexedAt: facts.indexedAt,
        ...recruitingReport({ ...facts, vacancies }),
      }
    },
  }
}
export type Reports = ReturnType<typeof createReports>
