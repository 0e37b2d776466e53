import { useSWRConfig } from 'swr'
import { useToast } from '../../../components/toast.tsx'
import { updateCandidate } from '../api/candidate-writes.ts'
import type { CandidatePage, StaffCandidate } from '../api/types.ts'

const isCandidateList = (key: unknown) => typeof key === 'string' && (key.startsWith('/bff/vacancies/') || key.startsWith('/bff/candidates'))

/** The page with one candidate's fields changed; every other row as it was. */
const patchRow = (id: number, change: Partial<StaffCandidate>) => (page: CandidatePage | undefined): CandidatePage =>
  page ? { ...page, items: page.items.map((c) => (c.id === id ? { ...c, ...change } : c)) } : (page as never)

/**
 * The writes of a candidate list, shown on the list's page (`pageKey`) at once and then every
 * cached list revalidated so counts agree. The list keeps its row order meanwhile
 * (useSteadyPage), so the row written stays where the user acted on it, with its new values.
 */
export function useCandidateWrites(pageKey: string | null) {
  const { mutate } = useSWRConfig()
  const toast = useToast()
  return {
    /** Spec §4: the status shows at once and is rolled back, with the spec's message, if refused. */
    async changeStatus(candidate: StaffCandidate, status: string) {
      if (!pageKey) return
      const apply = patchRow(candidate.id, { status, updated_at: new Date().toISOString() })
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
        await mutate(isCandidateList)
      } catch {
        toast('Erro ao alterar o status do candidato', { kind: 'error' })
      }
    },
    /** A note saved from the details dialog shows on its row even if the server now lists the row elsewhere. */
    async noteSaved(candidateId: number, obs: string) {
      if (pageKey) await mutate(pageKey, patchRow(candidateId, { obs, updated_at: new Date().toISOString() }), { revalidate: false })
      await mutate(isCandidateList)
    },
  }
}
