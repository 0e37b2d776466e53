import { useState } from 'react'
import type { BoardStage } from '@mini-vagas/shared/domain/pipeline'
import { LoadStates } from '../../../components/load-states.tsx'
import { ApiError, GENERIC_ERROR } from '../../../lib/api-client.ts'
import { useToast } from '../../../components/toast.tsx'
import { useBoard } from '../api/pipeline.ts'
import { Board } from './board.tsx'
import { bulkBody, MoveDialog } from './bulk-actions.tsx'
import type { usePipeline } from './use-pipeline.ts'

/** The board of a vacancy with its moves: a drop on a column of one status moves at once; otherwise the status is asked. */
export function PipelineBoard({ vacancyId, pipeline }: { vacancyId: number; pipeline: ReturnType<typeof usePipeline> }) {
  const { data, error, isLoading, mutate } = useBoard(vacancyId)
  const toast = useToast()
  const [dropped, setDropped] = useState<{ ids: number[]; stage: BoardStage } | null>(null)
  const chosen = pipeline.selection.kind === 'ids' ? pipeline.selection.ids : new Set<number>()
  const move = async (ids: number[], status: string) => {
    setDropped(null)
    try {
      await pipeline.start(bulkBody(vacancyId, { kind: 'ids', ids: new Set(ids) }, { action: 'status', status }))
    } catch (e) {
      toast(e instanceof ApiError ? (Object.values(e.errors)[0]?.[0] ?? e.message) : GENERIC_ERROR, { kind: 'error' })
    }
  }
  return (
    <>
      <LoadStates
        loading={isLoading ? 'Carregando o quadro...' : null}
        error={data ? null : error}
        failed="Erro ao carregar o quadro de candidatos."
        showReason={false}
        onRetry={() => void mutate()}
        empty={data && data.cards.length === 0 ? { title: 'Nenhum candidato nesta vaga ainda.' } : null}
      />
      {data && data.cards.length > 0 && (
        <Board
          cards={data.cards}
          selected={chosen}
          onToggle={pipeline.toggle}
          onDrop={(ids, stage) => (stage.statuses.length === 1 ? void move(ids, stage.statuses[0]!) : setDropped({ ids, stage }))}
        />
      )}
      {dropped && <MoveDialog count={dropped.ids.length} family={dropped.stage.family} onMove={(status) => void move(dropped.ids, status)} onClose={() => setDropped(null)} />}
    </>
  )
}
