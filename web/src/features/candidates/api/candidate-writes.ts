import type { CandidateUpdate } from '@mini-vagas/shared/schemas/candidate'
import type { CandidateAnswer, ForwardAnswer, TagsAnswer } from '@mini-vagas/shared/schemas/candidates'
import { api } from '../../../lib/api-client.ts'

/** Candidate writes in domain terms; each answers with the changed row as this user may see it. */
const candidatePath = (id: number) => `/bff/candidates/${id}`

export const changeStatus = async (id: number, status: string, undo = false) =>
  (await api<CandidateAnswer>(`${candidatePath(id)}/status`, { method: 'PUT', body: undo ? { status, undo } : { status } })).candidate
export const saveNote = async (id: number, obs: string) => (await api<CandidateAnswer>(`${candidatePath(id)}/note`, { method: 'PUT', body: { obs } })).candidate
export const updateCandidate = async (id: number, body: CandidateUpdate) => (await api<CandidateAnswer>(candidatePath(id), { method: 'PUT', body })).candidate
/** A new application of the candidate in another vacancy, built by the BFF from the stored record. */
export const forwardCandidate = (id: number, vacancyId: number) => api<ForwardAnswer>(`${candidatePath(id)}/forwards`, { method: 'POST', body: { vacancyId } })

/** The person's tags replaced (the talent pool); answers them as kept. */
export const saveTags = async (id: number, tags: string[]) => (await api<TagsAnswer>(`${candidatePath(id)}/tags`, { method: 'PUT', body: { tags } })).tags
