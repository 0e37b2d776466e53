import { Type, type Static } from 'typebox'

export const DashboardQuery = Type.Object({ month: Type.Optional(Type.String({ pattern: '^20\\d{2}-(0[1-9]|1[0-2])$' })) })
export type DashboardQuery = Static<typeof DashboardQuery>

const Counts = Type.Record(Type.String(), Type.Integer())

/** GET /bff/dashboard?month=AAAA-MM: the staff dashboard's aggregates (docs/product.md, Login). */
export const DashboardAnswer = Type.Object({
  month: Type.String(),
  generatedAt: Type.String(),
  /** The legacy failed and these are the last good figures. */
  stale: Type.Boolean(),
  /**
   * Counted from the candidate index: every write through the BFF is in, and what other clients
   * changed in the legacy directly is in up to this instant.
   */
  indexedAt: Type.Optional(Type.String()),
  vacancies: Type.Object({ vacanciesByState: Counts, openPositionsByState: Counts, openPositions: Type.Integer(), visibleVacancies: Type.Integer() }),
  filled: Type.Object({ filled: Type.Integer(), byState: Counts, byRecruiter: Counts }),
  statuses: Counts,
  origins: Counts,
})
export type DashboardAnswer = Static<typeof DashboardAnswer>
