import useSWR from 'swr'
import { api } from '../../../lib/api-client.ts'
import { useSteadyPage } from '../../../lib/use-steady-page.ts'
import type { CandidatePage } from './types.ts'

/**
 * A page of a candidate list whose rows hold still while the user works on them: the BFF orders
 * by last action, so without useSteadyPage a status change would move the row under the pointer.
 */
export function useCandidatePage<P extends CandidatePage>(key: string | null) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(key, (k: string) => api<P>(k))
  const steady = useSteadyPage(key, data, isValidating)
  return { key, data: steady.page, reordered: steady.reordered, reorder: steady.reorder, error, isLoading, mutate }
}
