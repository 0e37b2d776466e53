import useSWR from 'swr'
import type { CandidateOrder } from '@mini-vagas/shared/domain/candidate-list'
import { api } from '../../../lib/api-client.ts'
import type { CandidatePage, StaffVacancy } from './types.ts'
import { useCandidatePage } from './use-candidate-page.ts'

export interface VacancyListParams {
  page: number
  status: string | undefined
  q: string
  order: CandidateOrder
}

export function vacancyCandidatesKey(id: number, p: VacancyListParams): string {
  const query = new URLSearchParams({ page: String(p.page), order: p.order })
  if (p.status !== undefined) query.set('status', p.status)
  if (p.q.trim()) query.set('q', p.q.trim())
  return `/bff/vacancies/${id}/candidates?${query}`
}

export function useVacancyBySlug(slug: string) {
  return useSWR(`/bff/vacancies/by-slug/${encodeURIComponent(slug)}`, async (key: string) => (await api<{ vacancy: StaffVacancy }>(key)).vacancy)
}

export function useVacancyCandidates(id: number | undefined, params: VacancyListParams) {
  return useCandidatePage<CandidatePage & { vacancy: StaffVacancy }>(id ? vacancyCandidatesKey(id, params) : null)
}
