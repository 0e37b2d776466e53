import useSWR from 'swr'
import type { MessageAnswer } from '@mini-vagas/shared/schemas/common'
import type { InterviewCreated, InterviewList, InterviewProposalBody } from '@mini-vagas/shared/schemas/interviews'
import { api } from '../../../lib/api-client.ts'

/** A candidate's interviews (docs/product.md, Interviews): proposing one, cancelling it, marking a no-show. */
export const interviewsOfKey = (candidateId: number) => `/bff/candidates/${candidateId}/interviews`
export const useCandidateInterviews = (candidateId: number) => useSWR(interviewsOfKey(candidateId), (key: string) => api<InterviewList>(key))
export const proposeInterview = (candidateId: number, body: InterviewProposalBody) => api<InterviewCreated>(interviewsOfKey(candidateId), { method: 'POST', body })
export const cancelInterview = (id: string) => api<MessageAnswer>(`/bff/interviews/${id}/cancel`, { method: 'POST', body: {} })
export const markNoShow = (id: string) => api<MessageAnswer>(`/bff/interviews/${id}/no-show`, { method: 'POST', body: {} })
