import useSWR from 'swr'
import { api } from '../../../lib/api-client.ts'
import type { CandidateAnswer } from '@mini-vagas/shared/schemas/candidates'

export const candidateKey = (id: string) => `/bff/candidates/${encodeURIComponent(id)}`

export function useCandidate(id: string) {
  return useSWR(candidateKey(id), async (key: string) => (await api<CandidateAnswer>(key)).candidate)
}
