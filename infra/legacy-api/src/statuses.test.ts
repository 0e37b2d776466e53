import { describe, expect, it } from 'vitest'
import { CANDIDATE_STATUSES, COMPANY_SIDE_STATUSES, EMPTY_STATUS_ALIASES, STATUSES_OPEN_TO_SCREENING } from '@mini-vagas/shared/constants/candidate-statuses'
import { VACANCY_STATUSES, VISIBILITIES } from '@mini-vagas/shared/constants/vacancy'
import { LEGACY_CANDIDATE_STATUSES, LEGACY_VACANCY_STATUSES, LEGACY_VISIBILITIES } from './statuses.ts'

// The product and the legacy must speak the same statuses: a status the product writes that the
// legacy does not know is a 422 for every user in production. Both lists are written out apart
// (the stand-in's is the legacy's), so a change to one side alone fails here.
const sorted = (values: readonly string[]) => [...new Set(values)].sort()

describe('the stand-in’s own status lists', () => {
  it('are exactly the statuses the product offers, with the legacy’s empty aliases', () => {
    expect(sorted(LEGACY_CANDIDATE_STATUSES)).toEqual(sorted([...CANDIDATE_STATUSES, ...EMPTY_STATUS_ALIASES]))
    expect(sorted(LEGACY_VACANCY_STATUSES)).toEqual(sorted(VACANCY_STATUSES))
    expect(sorted(LEGACY_VISIBILITIES)).toEqual(sorted(VISIBILITIES))
  })
  it('include every status the product writes by itself', () => {
    for (const status of [...COMPANY_SIDE_STATUSES, ...STATUSES_OPEN_TO_SCREENING, 'triado', 'revisao']) expect(LEGACY_CANDIDATE_STATUSES).toContain(status)
  })
})
