import type { CandidateApplication, CandidateUpdate } from '@mini-vagas/shared/schemas/candidate'
import { api } from '../../../lib/api-client.ts'

/** Candidate writes, through the BFF's allow-listed pass-through. */
export const updateCandidate = (id: number, body: CandidateUpdate) => api(`/api/candidatos/${id}`, { method: 'PUT', body })
export const saveObservation = (id: number, observacao: string) => api(`/api/candidatos/${id}/observacao`, { method: 'POST', body: { observacao } })
export const createCandidate = (body: CandidateApplication) => api('/api/candidatos', { method: 'POST', body })
