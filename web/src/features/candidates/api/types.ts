import type { CandidatePage as Page } from '@mini-vagas/shared/schemas/candidates'

export type { ListedCandidate as StaffCandidate } from '@mini-vagas/shared/schemas/candidates'
export type { ListedVacancy as StaffVacancy } from '@mini-vagas/shared/schemas/vacancy'

/** A page of candidates as the BFF answers it; `partial` only on a vacancy's list. */
export type CandidatePage = Page & { partial?: boolean }
