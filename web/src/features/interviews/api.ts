import type { PublicInterview, PublicInterviewAnswerBody } from '@mini-vagas/shared/schemas/interviews'
import { api } from '../../lib/api-client.ts'

/** The candidate's side of an interview, through the invitation's link. */
export const openInterview = (token: string) => api<PublicInterview>('/bff/public/interview', { method: 'POST', body: { token } })
export const answerInterview = (body: PublicInterviewAnswerBody) => api<PublicInterview>('/bff/public/interview/answer', { method: 'POST', body })
