import type { StaffCandidate } from '../api/types.ts'
import { CandidateDetailDialog } from './candidate-detail-dialog.tsx'
import { ForwardDialog } from './forward-dialog.tsx'

/**
 * The details and forwarding dialogs of a candidate list. Each is bound to the candidate it was
 * opened for (keyed by id, named in its title), whatever the list does behind it meanwhile.
 */
export function CandidateDialogs({
  details,
  forward,
  currentVacancyId,
  onClose,
  onNoteSaved,
  company = false,
}: {
  details: StaffCandidate | null
  forward: StaffCandidate | null
  currentVacancyId?: number | undefined
  onClose: () => void
  onNoteSaved: (row: StaffCandidate) => void
  company?: boolean
}) {
  return (
    <>
      {details && (
        <CandidateDetailDialog
          key={details.id}
          candidate={details}
          canEdit={!company}
          onClose={onClose}
          onSaved={(row) => {
            onClose()
            onNoteSaved(row)
          }}
        />
      )}
      {!company && forward && <ForwardDialog key={forward.id} candidate={forward} currentVacancyId={currentVacancyId} onClose={onClose} />}
    </>
  )
}
