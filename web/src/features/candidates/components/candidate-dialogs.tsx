import { useSWRConfig } from 'swr'
import type { StaffCandidate } from '../api/types.ts'
import { CandidateDetailDialog } from './candidate-detail-dialog.tsx'
import { ForwardDialog } from './forward-dialog.tsx'

/** The details and forwarding dialogs of a candidate list; a saved note refreshes every list. */
export function CandidateDialogs({ details, forward, currentVacancyId, onClose, company = false }: { details: StaffCandidate | null; forward: StaffCandidate | null; currentVacancyId?: number | undefined; onClose: () => void; company?: boolean }) {
  const { mutate } = useSWRConfig()
  return (
    <>
      <CandidateDetailDialog
        candidate={details}
        canEdit={!company}
        onClose={onClose}
        onSaved={() => {
          onClose()
          void mutate((key) => typeof key === 'string' && key.startsWith('/bff/'))
        }}
      />
      {!company && <ForwardDialog candidate={forward} currentVacancyId={currentVacancyId} onClose={onClose} />}
    </>
  )
}
