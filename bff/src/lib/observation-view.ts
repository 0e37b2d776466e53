import { teamNotesOf, withoutTeamNotes } from '@mini-vagas/shared/domain/candidate-timeline'
import { hideApplyMarkers, keepHiddenParts, withoutScreeningNotes } from '@mini-vagas/shared/domain/screening-apply'

/** Who reads or writes a note: all that decides what of it they see. */
type Viewer = { user: { role: 'admin' | 'company' } }

/**
 * A candidate's observation as this session may read it: staff read the agency's
 * screening notes without their proof-of-landing markers; a client company never reads them.
 * Nobody reads the team notes' paragraph there (it is for other clients of the legacy): staff read
 * the notes on the timeline, companies never.
 */
export function asSeenBy<T>(session: Viewer, candidate: T): T {
  if (!candidate || typeof candidate !== 'object' || !('obs' in candidate)) return candidate
  const obs = withoutTeamNotes((candidate as { obs: unknown }).obs)
  return { ...candidate, obs: session.user.role === 'company' ? withoutScreeningNotes(obs) : hideApplyMarkers(obs) }
}

/**
 * The observation to write when this session saves text it was shown through asSeenBy, so what
 * was hidden from it is not lost: a company's save keeps the screening notes, a staff save keeps
 * the markers of notes left as they were.
 */
export function observationToStore(session: Viewer, edited: string, stored: unknown): string {
  const kept = keepHiddenParts(withoutTeamNotes(edited), withoutTeamNotes(stored), session.user.role === 'company' ? 'notes' : 'markers')
  return [kept.trimEnd(), teamNotesOf(stored)].filter(Boolean).join('\n\n')
}
