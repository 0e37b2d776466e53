import useSWR from 'swr'
import type { CandidateOrder } from '@mini-vagas/shared/domain/candidate-list'
import { api } from '../../../lib/api-client.ts'
import type { VacancyCandidatePage } from '@mini-vagas/shared/schemas/candidates'
import type { VacancyAnswer } from '@mini-vagas/shared/schemas/vacancy'
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
  return useSWR(`/bff/vacancies/by-slug/${encodeURIComponent(slug)}`, async (key: string) => (await api<VacancyAnswer>(key)).vacancy)
}

/** The vacancy's counts per status for a search (asked when its page comes without them). */
export function vacancyCountsKey(id: number, q: string): string {
  return `/bff/vacancies/${id}/candidates/counts${q.trim() ? `?${new URLSearchParams({ q: q.trim() })}` : ''}`
}

export function useVacancyCandidates(id: number | undefined, params: VacancyListParams) {
  return useCandidatePage<VacancyCandidatePage>(id ? vacancyCandidatesKey(id, params) : null, id ? vacancyCountsKey(id, params.q) : null, params.status)
}
