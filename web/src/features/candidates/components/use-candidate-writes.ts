import { useSWRConfig } from 'swr'
import { movedCount } from '@mini-vagas/shared/domain/candidate-list'
import { TOAST_MS_UNDO } from '@mini-vagas/shared/constants/limits'
import { useToast } from '../../../components/toast.tsx'
import { changeStatus } from '../api/candidate-writes.ts'
import { tagsKey } from '../api/talent-pool.ts'
import type { CandidatePage, StaffCandidate } from '../api/types.ts'

/**
 * The page with one row replaced by `row` (and the counts moved when its status changed). SWR
 * types its updaters as always given a page; one is cached whenever a row can be acted on.
 */
const withRow =
  (row: StaffCandidate) =>
  (page: CandidatePage | undefined): CandidatePage => {
    if (!page) return page as unknown as CandidatePage
    const before = page.items.find((c) => c.id === row.id)
    const counts = before && before.status !== row.status && page.counts ? movedCount(page.counts, before.status, row.status) : page.counts
    return { ...page, counts, items: page.items.map((c) => (c.id === row.id ? { ...c, ...row } : c)) }
  }

/**
 * The writes of a candidate list. The BFF answers each write with the changed row, so the page
 * shows it (and its counts) without reading the list again; other lists are read again when
 * next shown (SWR revalidates a cached key on mount). The list keeps its row order meanwhile (useSteadyPage),
 * so the row written stays where the user acted on it, with its new values.
 */
export function useCandidateWrites(pageKey: string | null, countsKey: string | null = null) {
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const write = async (candidate: StaffCandidate, status: string, undo: boolean) => {
    await mutate(pageKey!, async (page: CandidatePage | undefined) => withRow(await changeStatus(candidate.id, status, undo))(page), {
      optimisticData: withRow({ ...candidate, status, updated_at: new Date().toISOString() }),
      rollbackOnError: true,
      populateCache: true,
      revalidate: false,
    })
    // A search's counts, asked apart from its page, are asked again.
    if (countsKey) void mutate(countsKey)
  }
  return {
    /**
     * docs/product.md, Statuses: the status shows at once and is rolled back, with the product's
     * message, if refused. The message offers "Desfazer" for a few seconds: a second write that
     * puts the status it had back (even from Contratado), recorded as an undo.
     */
    async changeStatus(candidate: StaffCandidate, status: string) {
      if (!pageKey) return
      const before = candidate.status ?? ''
      try {
        await write(candidate, status, false)
        toast('Status do candidato alterado com sucesso', {
          duration: TOAST_MS_UNDO,
          action: {
            label: 'Desfazer',
            onAct: () =>
              void write({ ...candidate, status }, before, true).then(
                () => toast('Alteração desfeita: o status anterior voltou.'),
                () => toast('Não foi possível desfazer a alteração do status.', { kind: 'error' }),
              ),
          },
        })
      } catch {
        toast('Erro ao alterar o status do candidato', { kind: 'error' })
      }
    },
    /** A person's tags as saved show on their row at once; the tags in use are read again. */
    async tagsSaved(candidateId: number, tags: string[]) {
      if (pageKey)
        await mutate(pageKey, (page: CandidatePage | undefined) => (page ? { ...page, tags: { ...page.tags, [String(candidateId)]: tags } } : page), { revalidate: false })
      void mutate(tagsKey)
    },
    /** A saved note (the BFF's answer) shows on its row even if the server now lists the row elsewhere. */
    async noteSaved(row: StaffCandidate) {
      if (pageKey) await mutate(pageKey, withRow(row), { revalidate: false })
    },
  }
}
