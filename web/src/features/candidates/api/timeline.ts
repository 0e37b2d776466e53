import useSWR from 'swr'
import type { TimelineAnswer } from '@mini-vagas/shared/schemas/timeline'
import { api } from '../../../lib/api-client.ts'

/** A candidate's timeline (staff): the team's notes and what the audit trail holds, newest first. */
export const timelineKey = (candidateId: number) => `/bff/candidates/${candidateId}/timeline`
export const useTimeline = (candidateId: number) => useSWR(timelineKey(candidateId), (key: string) => api<TimelineAnswer>(key))
export const addNote = (candidateId: number, text: string) => api<TimelineAnswer>(`/bff/candidates/${candidateId}/notes`, { method: 'POST', body: { text } })
