import type { Candidate } from '@mini-vagas/shared/schemas/candidate'
import type { Vacancy } from '@mini-vagas/shared/schemas/vacancy'

export type StaffCandidate = Partial<Candidate> & { id: number }
export type StaffVacancy = Partial<Vacancy> & { id: number }

/** A page of candidates as the BFF answers it: 20 rows and the counts per status. */
export interface CandidatePage {
  items: StaffCandidate[]
  page: number
  pageCount: number
  total: number
  pageSize: number
  counts: Record<string, number>
  /** The BFF read a bounded fallback and may be missing candidates. */
  partial?: boolean
}
