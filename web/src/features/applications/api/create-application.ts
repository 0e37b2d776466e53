import type { CandidateApplication } from '@mini-vagas/shared/schemas/candidate'
import { api } from '../../../lib/api-client.ts'

export async function createApplication(application: CandidateApplication): Promise<{ message: string }> {
  return api<{ message: string }>('/bff/public/applications', { method: 'POST', body: application })
}
