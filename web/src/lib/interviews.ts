import useSWR from 'swr'
import type { InterviewList } from '@mini-vagas/shared/schemas/interviews'
import { api } from './api-client.ts'

/** Interviews between two instants — a company's own vacancies' only (the BFF keeps to them): Início and a company's page read them. */
export const useInterviewsBetween = (from: Date, to: Date) =>
  useSWR(`/bff/interviews?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`, (key: string) => api<InterviewList>(key), {
    revalidateOnFocus: false,
  })

/** Today's interviews, the agency's day by the server's clock. */
export const useTodaysInterviews = () => useSWR('/bff/interviews/today', (key: string) => api<InterviewList>(key), { revalidateOnFocus: false })
