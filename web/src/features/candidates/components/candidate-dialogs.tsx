import { useState } from 'react'
import type { StaffCandidate } from '../api/types.ts'
import { CandidateDetailDialog } from './candidate-detail-dialog.tsx'
import { ForwardDialog } from './forward-dialog.tsx'

type Open = StaffCandidate | null

export interface CandidateDialogState {
  details: Open
  forward: Open
  openDetails: (candidate: StaffCandidate) => void
  openForward: (candidate: StaffCandidate) => void
  closeDetails: (candidateId: number) => void
  closeForward: (candidateId: number) => void
}

/**
 * Which candidate each dialog of a list shows. A dialog closes only itself, and only while it
 * still shows the candidate that asked: a note saved (or a forward sent) that answers after the
 * user closed that dialog and opened another must not close the one they are now working in.
 */
export function useCandidateDialogs(): CandidateDialogState {
  const [details, setDetails] = useState<Open>(null)
  const [forward, setForward] = useState<Open>(null)
  const unless = (candidateId: number) => (open: Open) => (open?.id === candidateId ? null : open)
  return {
    details,
    forward,
    openDetails: setDetails,
    openForward: setForward,
    closeDetails: (candidateId) => setDetails(unless(candidateId)),
    closeForward: (candidateId) => setForward(unless(candidateId)),
  }
}

/**
 * The details and forwarding dialogs of a candidate list. Each is bound to the candidate it was
 * opened for (keyed by id, named in its title), whatever the list does behind it meanwhile.
 */
export function CandidateDialogs({
  dialogs,
  currentVacancyId,
  onNoteSaved,
  company = false,
  tags,
  onTagsSaved,
}: {
  dialogs: CandidateDialogState
  currentVacancyId?: number | undefined
  onNoteSaved: (row: StaffCandidate) => void
  company?: boolean
  /** The tags of the list's people (staff); a dialog edits its person's. */
  tags?: Record<string, string[]> | undefined
  onTagsSaved?: (candidateId: number, tags: string[]) => void
}) {
  const { details, forward, closeDetails, closeForward } = dialogs
  return (
    <>
      {details && (
        <CandidateDetailDialog
          key={details.id}
          candidate={details}
          canEdit={!company}
          tags={company ? undefined : (tags?.[String(details.id)] ?? [])}
          onTagsSaved={company || !onTagsSaved ? undefined : (kept) => onTagsSaved(details.id, kept)}
          onClose={() => closeDetails(details.id)}
          onSaved={(row) => {
            closeDetails(row.id)
            onNoteSaved(row)
          }}
        />
      )}
      {!company && forward && <ForwardDialog key={forward.id} candidate={forward} currentVacancyId={currentVacancyId} onClose={() => closeForward(forward.id)} />}
    </>
  )
}
