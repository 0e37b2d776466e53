import useSWR from 'swr'
import type { RecruitingReport } from '@mini-vagas/shared/schemas/reports'
import type { VacancyList } from '@mini-vagas/shared/schemas/vacancy'
import { api } from '../../../lib/api-client.ts'

export interface ReportParams {
  from: string
  to: string
  cnpj: string
}

/** The report's query: only what was chosen (the BFF's defaults otherwise: the last twelve months). */
export function reportQuery(p: ReportParams): string {
  const query = new URLSearchParams()
  if (p.from) query.set('from', p.from)
  if (p.to) query.set('to', p.to)
  if (p.cnpj) query.set('cnpj', p.cnpj)
  return query.toString()
}

export function useRecruitingReport(params: ReportParams | null) {
  return useSWR(params ? `/bff/reports/recruiting?${reportQuery(params)}` : null, (key: string) => api<RecruitingReport>(key))
}

/** The companies staff may narrow the report to: those of the vacancies, by CNPJ, by name. */
export function useReportCompanies(staff: boolean): [cnpj: string, name: string][] {
  const { data } = useSWR(staff ? '/bff/vacancies' : null, async (key: string) => (await api<VacancyList>(key)).vacancies)
  const companies = new Map((data ?? []).filter((v) => v.cnpj).map((v) => [String(v.cnpj), String(v.company_name ?? '')]))
  return [...companies].sort((a, b) => a[1].localeCompare(b[1], 'pt-BR'))
}
