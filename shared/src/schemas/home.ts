import { Type, type Static } from 'typebox'

const Stages = Type.Object({
  neutral: Type.Integer(),
  screening: Type.Integer(),
  interview: Type.Integer(),
  waiting: Type.Integer(),
  success: Type.Integer(),
  danger: Type.Integer(),
})

/** GET /bff/home: what needs attention in each vacancy, from the candidate index (docs/product.md, Home). */
export const HomeAnswer = Type.Object({
  /** Since when "novos" are counted: this person's visit before this one (or a week, at the first). */
  since: Type.String(),
  firstVisit: Type.Boolean(),
  waitingDays: Type.Integer(),
  /** How current the counts are; null while the candidate index is not ready (no counts then). */
  indexedAt: Type.Union([Type.String(), Type.Null()]),
  /** By vacancy id. */
  vacancies: Type.Record(Type.String({ pattern: '^\\d+$' }), Type.Object({ stages: Stages, total: Type.Integer(), fresh: Type.Integer(), waiting: Type.Integer() })),
})
export type HomeAnswer = Static<typeof HomeAnswer>
