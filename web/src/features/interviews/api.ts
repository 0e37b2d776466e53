import useSWR from 'swr'
import type { MessageAnswer } from '@mini-vagas/shared/schemas/common'
import type { InterviewCreated, InterviewList, InterviewProposalBody, PublicInterview, PublicInterviewAnswerBody } from '@mini-vagas/shared/schemas/interviews'
import { api } from '../../lib/api-client.ts'

/** Interviews (docs/product.md, Interviews): staff's side, and the candidate's through the link. */
export const interviewsOfKey = (candidateId: number) => `/bff/candidates/${candidateId}/interviews`
export const useCandidateInterviews = (candidateId: number) => useSWR(interviewsOfKey(candidateId), (key: string) => api<InterviewList>(key))
export const proposeInterview = (candidateId: number, body: InterviewProposalBody) => api<InterviewCreated>(interviewsOfKey(candidateId), { method: 'POST', body })
export const cancelInterview = (id: string) => api<MessageAnswer>(`/bff/interviews/${id}/cancel`, { method: 'POST', body: {} })
export const markNoShow = (id: string) => api<MessageAnswer>(`/bff/interviews/${id}/no-show`, { method: 'POST', body: {} })

/** Interviews between two instants (a company's: its own vacancies'). */
export const useInterviewsBetween = (from: Date, to: Date) =>
  useSWR(`/bff/interviews?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`, (key: string) => api<InterviewList>(key), {
    revalidateOnFocus: false,
  })

export const openInterview = (token: string) => api<PublicInterview>('/bff/public/interview', { method: 'POST', body: { token } })
export const answerInterview = (body: PublicInterviewAnswerBody) => api<PublicInterview>('/bff/public/interview/answer', { method: 'POST', body })
