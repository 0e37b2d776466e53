import { Type, type Static } from 'typebox'
import { DateQuery, Nullable } from './common.ts'

/**
 * The recruiting report (the BFF's `reports` feature; docs/product.md, Reports): the vacancies
 * opened in a period — of one company, for a company user always its own — with how fast they were
 * filled, the funnel, time in each stage, sources that lead to hires, and hires per recruiter and
 * per company. JSON for the screen, xlsx to download.
 */
export const RecruitingReportQuery = Type.Object({
  from: Type.Optional(DateQuery),
  to: Type.Optional(DateQuery),
  /** One company's vacancies (its CNPJ, digits and letters); staff only, a company sees its own. */
  cnpj: Type.Optional(Type.String({ pattern: '^[0-9A-Za-z]{14}$' })),
})
export type RecruitingReportQuery = Static<typeof RecruitingReportQuery>

const Days = Nullable(Type.Number())
const Line = {
  vacancies: Type.Integer(),
  candidates: Type.Integer(),
  hires: Type.Integer(),
  filledVacancies: Type.Integer(),
  medianDaysToFill: Days,
  medianDaysToFirstHire: Days,
}
const Funnel = Type.Record(Type.String(), Type.Integer())

export const RecruitingReport = Type.Object({
  /** Whose vacancies: every company's (staff: may narrow to one) or the viewer's own (a company). */
  scope: Type.Union([Type.Literal('agency'), Type.Literal('company')]),
  from: Type.String(),
  to: Type.String(),
  generatedAt: Type.String(),
  /** Every change through Mini Vagas is in; what other clients changed in the legacy, up to this instant. */
  indexedAt: Type.String(),
  /** Since when changes of status are recorded: time in each stage is measured from then. */
  historyFrom: Nullable(Type.String()),
  totals: Type.Object(Line),
  funnel: Type.Array(Type.Object({ stage: Type.String(), label: Type.String(), count: Type.Integer() })),
  stageTimes: Type.Array(Type.Object({ stage: Type.String(), label: Type.String(), medianDays: Days, measured: Type.Integer() })),
  sources: Type.Array(Type.Object({ origin: Type.String(), candidates: Type.Integer(), hires: Type.Integer(), rate: Type.Number() })),
  recruiters: Type.Array(Type.Object({ name: Type.String(), ...Line })),
  companies: Type.Array(Type.Object({ name: Type.String(), ...Line })),
  vacancies: Type.Array(
    Type.Object({
      id: Type.Integer(),
      description: Type.String(),
      company: Type.String(),
      city: Type.String(),
      recruiter: Type.String(),
      status: Type.String(),
      openedAt: Type.String(),
      requested: Type.Integer(),
      candidates: Type.Integer(),
      hires: Type.Integer(),
      daysToFill: Days,
      daysToFirstHire: Days,
      funnel: Funnel,
    }),
  ),
})
export type RecruitingReport = Static<typeof RecruitingReport>
