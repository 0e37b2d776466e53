import { useSWRConfig } from 'swr'
import type { StaffCandidate } from '../api/types.ts'
import { CandidateDetailDialog } from './candidate-detail-dialog.tsx'
import { ForwardDialog } from './forward-dialog.tsx'

/** The details and forwarding dialogs of a candidate list; a saved note refreshes every list. */
export function CandidateDialogs({ details, forward, currentVacancyId, onClose }: { details: StaffCandidate | null; forward: StaffCandidate | null; currentVacancyId?: number | undefined; onClose: () => void }) {
  const { mutate } = useSWRConfig()
  return (
    <>
      <CandidateDetailDialog
        candidate={details}
        onClose={onClose}
        onSaved={() => {
          onClose()
          void mutate((key) => typeof key === 'string' && key.startsWith('/bff/'))
        }}
      />
      <ForwardDialog candidate={forward} currentVacancyId={currentVacancyId} onClose={onClose} />
    </>
  )
}
