import type { CandidateApplication } from '@mini-vagas/shared/schemas/candidate'
import type { ApplicationAnswer } from '@mini-vagas/shared/schemas/public'
import { api } from '../../../lib/api-client.ts'

export async function createApplication(application: CandidateApplication): Promise<ApplicationAnswer> {
  return api<ApplicationAnswer>('/bff/public/applications', { method: 'POST', body: application })
}
