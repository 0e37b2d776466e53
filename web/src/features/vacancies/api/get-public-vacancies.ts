import useSWR from 'swr'
import type { PublicVacancyList } from '@mini-vagas/shared/schemas/public'
import { api } from '../../../lib/api-client.ts'

export const publicVacanciesKey = '/bff/public/vacancies'

export async function getPublicVacancies(): Promise<PublicVacancyList['vacancies']> {
  return (await api<PublicVacancyList>(publicVacanciesKey)).vacancies
}

export function usePublicVacancies() {
  return useSWR(publicVacanciesKey, getPublicVacancies)
}
