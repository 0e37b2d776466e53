import useSWR from 'swr'
import type { PublicVacancyAnswer } from '@mini-vagas/shared/schemas/public'
import { api } from '../../../lib/api-client.ts'

export const publicVacancyKey = (id: string) => `/bff/public/vacancies/${encodeURIComponent(id)}`

export function usePublicVacancy(id: string) {
  return useSWR(publicVacancyKey(id), async (key: string) => (await api<PublicVacancyAnswer>(key)).vacancy)
}
