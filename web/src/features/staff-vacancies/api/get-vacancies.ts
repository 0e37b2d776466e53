import useSWR from 'swr'
import type { ListedVacancy, VacancyAnswer, VacancyList } from '@mini-vagas/shared/schemas/vacancy'
import { api } from '../../../lib/api-client.ts'

export type StaffVacancy = ListedVacancy
export const vacanciesKey = '/bff/vacancies'

export function useVacancies() {
  return useSWR(vacanciesKey, async (key: string) => (await api<VacancyList>(key)).vacancies)
}

export const vacancyKey = (id: string) => `/bff/vacancies/${encodeURIComponent(id)}`

export function useVacancy(id: string | undefined) {
  return useSWR(id ? vacancyKey(id) : null, async (key: string) => (await api<VacancyAnswer>(key)).vacancy)
}
