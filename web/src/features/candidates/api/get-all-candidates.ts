import type { CandidateOrder } from '@mini-vagas/shared/domain/candidate-list'
import type { AllCandidatesPage } from '@mini-vagas/shared/schemas/candidates'
import { useCandidatePage } from './use-candidate-page.ts'

export interface AllListParams {
  page: number
  status: string | undefined
  q: string
  order: CandidateOrder
  start: string
  end: string
  /** Only the people with this tag ('' for everyone). */
  tag: string
}

export function allCandidatesQuery(p: Omit<AllListParams, 'page'> & { page?: number }): string {
  const query = new URLSearchParams()
  if (p.page) query.set('page', String(p.page))
  query.set('order', p.order)
  if (p.status !== undefined) query.set('status', p.status)
  if (p.q.trim()) query.set('q', p.q.trim())
  if (p.start) query.set('start_date', p.start)
  if (p.end) query.set('end_date', p.end)
  if (p.tag) query.set('tag', p.tag)
  return query.toString()
}

export const allCandidatesKey = (p: AllListParams) => `/bff/candidates?${allCandidatesQuery(p)}`

/** The list's counts per status for a search and dates (asked when its page comes without them). */
export function allCountsKey(p: Pick<AllListParams, 'q' | 'start' | 'end' | 'tag'>): string {
  const query = new URLSearchParams()
  if (p.q.trim()) query.set('q', p.q.trim())
  if (p.start) query.set('start_date', p.start)
  if (p.end) query.set('end_date', p.end)
  if (p.tag) query.set('tag', p.tag)
  return `/bff/candidates/counts?${query}`
}

export function useAllCandidates(params: AllListParams | null) {
  return useCandidatePage<AllCandidatesPage>(params ? allCandidatesKey(params) : null, params ? allCountsKey(params) : null, params?.status)
}
