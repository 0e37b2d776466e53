import { useSWRConfig } from 'swr'
import { useToast } from '../../../components/toast.tsx'
import { updateCandidate } from '../api/candidate-writes.ts'
import type { CandidatePage, StaffCandidate } from '../api/types.ts'

/**
 * Spec §4: the status change shows at once and is rolled back if the server refuses it, with the
 * spec's messages. Every cached list is revalidated after, so counts agree.
 */
export function useStatusChange(pageKey: string | null) {
  const { mutate } = useSWRConfig()
  const toast = useToast()
  return async (candidate: StaffCandidate, status: string) => {
    if (!pageKey) return
    const apply = (page: CandidatePage | undefined): CandidatePage =>
      page ? { ...page, items: page.items.map((c) => (c.id === candidate.id ? { ...c, status, updated_at: new Date().toISOString() } : c)) } : (page as never)
    try {
      await mutate(
        pageKey,
        async (page: CandidatePage | undefined) => {
          await updateCandidate(candidate.id, { status })
          return apply(page)
        },
        { optimisticData: apply, rollbackOnError: true, populateCache: true, revalidate: false },
      )
      toast('Status do candidato alterado com sucesso')
      await mutate((key) => typeof key === 'string' && (key.startsWith('/bff/vacancies/') || key.startsWith('/bff/candidates')))
    } catch {
      toast('Erro ao alterar o status do candidato', { kind: 'error' })
    }
  }
}
