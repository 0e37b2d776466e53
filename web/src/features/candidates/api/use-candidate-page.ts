import useSWR from 'swr'
import { normalizeCandidateStatus } from '@mini-vagas/shared/domain/candidate-status'
import type { CandidateCounts } from '@mini-vagas/shared/schemas/candidates'
import { api } from '../../../lib/api-client.ts'
import { useSteadyPage } from '../../../lib/use-steady-page.ts'
import type { CandidatePage } from './types.ts'

/** The page with its selection's counts, the total of its status tab and its page count. */
function withCounts<P extends CandidatePage>(page: P, counts: Record<string, number>, status: string | undefined): P {
  const total = status === undefined ? (counts.all ?? 0) : (counts[normalizeCandidateStatus(status)] ?? 0)
  return { ...page, counts, total, pageCount: Math.max(1, Math.ceil(total / page.pageSize)) }
}

/**
 * A page of a candidate list whose rows hold still while the user works on them: the BFF orders
 * by last action, so without useSteadyPage a status change would move the row under the pointer.
 * A search answered from the candidate index comes without its counts (they cost what the search
 * matches, the page does not): they are asked of `countsKey` and joined to the page when they come.
 */
export function useCandidatePage<P extends CandidatePage>(key: string | null, countsKey: string | null = null, status?: string) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(key, (k: string) => api<P>(k))
  const steady = useSteadyPage(key, data, isValidating)
  const counted = useSWR(steady.page && steady.page.counts === null ? countsKey : null, (k: string) => api<CandidateCounts>(k))
  const page = steady.page && steady.page.counts === null && counted.data ? withCounts(steady.page, counted.data.counts, status) : steady.page
  return {
    key,
    countsKey,
    data: page,
    reordered: steady.reordered,
    reorder: steady.reorder,
    error,
    isLoading,
    mutate,
  }
}
