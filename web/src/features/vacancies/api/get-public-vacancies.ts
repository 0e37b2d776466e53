import useSWR from 'swr'
import type { PublicVacancy } from '@mini-vagas/shared/schemas/vacancy'
import { api } from '../../../lib/api-client.ts'

export const publicVacanciesKey = '/bff/public/vacancies'

export async function getPublicVacancies(): Promise<PublicVacancy[]> {
  return (await api<{ vacancies: PublicVacancy[] }>(publicVacanciesKey)).vacancies
}

export function usePublicVacancies() {
  return useSWR(publicVacanciesKey, getPublicVacancies)
}
