import { useCallback, useState } from 'react'
import { useSWRConfig } from 'swr'
import type { BoardAnswer, BulkBody, BulkJob } from '@mini-vagas/shared/schemas/pipeline'
import { boardKey, startBulk } from '../api/pipeline.ts'
import { NO_SELECTION, type Selection } from './bulk-actions.tsx'

/**
 * A vacancy's selection and its bulk action, shared by the list and the board: who is chosen
 * (one by one, or all that match the filter), the running job, and what follows it — the board
 * shows a move at once (the job confirms it), and when the job ends every list of the vacancy
 * is read again.
 */
export function usePipeline(vacancyId: number | undefined) {
  const { mutate } = useSWRConfig()
  const [selection, setSelection] = useState<Selection>(NO_SELECTION)
  const [jobId, setJobId] = useState<string | null>(null)
  const refresh = useCallback(() => {
    if (!vacancyId) return
    const prefix = `/bff/vacancies/${vacancyId}/`
    void mutate((key) => typeof key === 'string' && key.startsWith(prefix) && !key.endsWith('/bulk'))
  }, [mutate, vacancyId])
  return {
    selection,
    setSelection,
    jobId,
    toggle(id: number) {
      setSelection((s) => {
        const ids = new Set(s.kind === 'ids' ? s.ids : [])
        if (ids.has(id)) ids.delete(id)
        else ids.add(id)
        return { kind: 'ids', ids }
      })
    },
    /** Chooses (or, with `on` false, lets go of) some ids, keeping the others chosen. */
    choose(ids: readonly number[], on: boolean) {
      setSelection((s) => {
        const chosen = new Set(s.kind === 'ids' ? s.ids : [])
        for (const id of ids)
          if (on) chosen.add(id)
          else chosen.delete(id)
        return { kind: 'ids', ids: chosen }
      })
    },
    clear: () => setSelection(NO_SELECTION),
    async start(body: BulkBody) {
      const job = await startBulk(body)
      setJobId(job.id)
      setSelection(NO_SELECTION)
      // The board shows the move at once; the job's end reads it again either way.
      if (body.action === 'status' && body.ids && vacancyId) {
        const moved = new Set(body.ids)
        void mutate(
          boardKey(vacancyId),
          (board: BoardAnswer | undefined) => board && { ...board, cards: board.cards.map((c) => (moved.has(c.id) ? { ...c, status: body.status! } : c)) },
          {
            revalidate: false,
          },
        )
      }
    },
    /** The job (or its undo) stopped: every list of the vacancy is read again. */
    onSettled: useCallback((_job: BulkJob) => refresh(), [refresh]),
    dismiss: () => setJobId(null),
  }
}
