import useSWR from 'swr'
import type { CompanyVacancyInput, CreatedVacancy, ListedVacancy, VacancyList } from '@mini-vagas/shared/schemas/vacancy'
import { api } from '../../../lib/api-client.ts'

export type CompanyVacancy = ListedVacancy
export const companyVacanciesKey = '/bff/vacancies'

/** The company's own vacancies: the BFF filters the list by the session's CNPJ. */
export function useCompanyVacancies() {
  return useSWR(companyVacanciesKey, async (key: string) => (await api<VacancyList>(key)).vacancies)
}

export const createCompanyVacancy = (body: CompanyVacancyInput) => api<CreatedVacancy>('/bff/company/vacancies', { method: 'POST', body })
