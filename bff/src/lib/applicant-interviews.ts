import type { InterviewMode, InterviewStatus } from '@mini-vagas/shared/domain/interviews'

/** What an applicant's pages need of an interview (the interviews feature's, when it is there). */
export interface ApplicantInterview {
  id: string
  candidateId: number
  email: string
  mode: InterviewMode
  place: string
  interviewer: string
  durationMinutes: number
  status: InterviewStatus
  startsAt: number | null
  slots: { id: number; startsAt: number }[]
}

export type InterviewAction = 'escolher' | 'remarcar' | 'cancelar'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The candidate's side of interviews, for pages an applicant opens in other features ("Minhas
     * candidaturas"); absent when the interviews feature is not registered.
     */
    interviews?: {
      ofCandidates(ids: readonly number[]): Promise<ApplicantInterview[]>
      answer(interview: ApplicantInterview, action: InterviewAction, slotId: number | undefined): Promise<{ interview: ApplicantInterview; message: string }>
    }
  }
}
