import useSWR from 'swr'
import type { CompanyVacancyInput, Vacancy } from '@mini-vagas/shared/schemas/vacancy'
import { api } from '../../../lib/api-client.ts'

export type CompanyVacancy = Partial<Vacancy> & { id: number }
export const companyVacanciesKey = '/bff/vacancies'

/** The company's own vacancies: the BFF filters the list by the session's CNPJ. */
export function useCompanyVacancies() {
  return useSWR(companyVacanciesKey, async (key: string) => (await api<{ vacancies: CompanyVacancy[] }>(key)).vacancies)
}

export const createCompanyVacancy = (body: CompanyVacancyInput) => api<{ vacancy: CompanyVacancy }>('/bff/company/vacancies', { method: 'POST', body })
