import type { CandidateApplication, PublicApplication } from '@mini-vagas/shared/schemas/candidate'
import type { ApplicationAnswer } from '@mini-vagas/shared/schemas/public'
import { api } from '../../../lib/api-client.ts'

/** The form's payload and the privacy notice's version the applicant accepted. */
export async function createApplication(application: CandidateApplication & Required<Pick<PublicApplication, 'consent'>>): Promise<ApplicationAnswer> {
  return api<ApplicationAnswer>('/bff/public/applications', { method: 'POST', body: application })
}
