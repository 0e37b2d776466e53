import { Type, type Static } from 'typebox'
import { BlockText } from './text.ts'
import { DateQuery } from './common.ts'
import { ListedCandidate } from './candidates.ts'
import { ListedVacancy } from './vacancy.ts'

/** Screening (docs/product.md, AI screening, docs/screening.md): a range of candidates, runs, their progress and applying. */

export const ScreeningMode = Type.Union([Type.Literal('empresa'), Type.Literal('global')])
export type ScreeningModeName = Static<typeof ScreeningMode>

/** What a run keeps of each candidate: what screening reads, what the screen shows, and where the person applied. */
export const ScreenedCandidate = Type.Pick(ListedCandidate, [
  'id',
  'full_name',
  'age',
  'genero',
  'is_pcd',
  'address_street',
  'address_neighborhood',
  'address_city',
  'address_state',
  'education',
  'curso',
  'experience_1',
  'experience_2',
  'experience_3',
  'status',
  'created_at',
  'job_posting_id',
])
export type ScreenedCandidate = Static<typeof ScreenedCandidate>

/** What a run keeps of its vacancy: the screen's title and what the providers screen against. */
export const ScreenedVacancy = Type.Pick(ListedVacancy, ['id', 'description', 'company_name', 'city', 'bairro', 'recrutador', 'requirements', 'criterios'])
export type ScreenedVacancy = Static<typeof ScreenedVacancy>

/** POST /bff/screening/candidates: what to load. Company mode needs the vacancy. */
export const LoadBody = Type.Object(
  { mode: ScreeningMode, vacancyId: Type.Optional(Type.Integer({ minimum: 1 })), start_date: DateQuery, end_date: DateQuery },
  { additionalProperties: false },
)
export type LoadBody = Static<typeof LoadBody>

/** GET /bff/screening/fit: a quick range, moved to fit the cap when the candidate index can count it. */
export const FitQuery = Type.Object(
  {
    mode: ScreeningMode,
    kind: Type.Union([Type.Literal('last-month'), Type.Literal('last-30-days'), Type.Literal('last-7-days'), Type.Literal('last-6-months'), Type.Literal('company-all')]),
    vacancyId: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,14}$' })),
  },
  { additionalProperties: false },
)
export const FitAnswer = Type.Object({
  start: Type.String(),
  end: Type.String(),
  /** Candidates in the period as the index counts them; null when it cannot count yet. */
  total: Type.Union([Type.Integer(), Type.Null()]),
  clamped: Type.Boolean(),
  message: Type.Union([Type.String(), Type.Null()]),
})
export type FitAnswer = Static<typeof FitAnswer>

/**
 * The loaded set, kept by the BFF as the next run's draft (`draftId`): starting a run screens
 * exactly these candidates, never a second read that could differ from what was shown.
 */
export const LoadAnswer = Type.Object({ draftId: Type.String(), total: Type.Integer(), warnings: Type.Array(Type.String()), candidates: Type.Array(ListedCandidate) })
export type LoadAnswer = Static<typeof LoadAnswer>

/** POST /bff/screening/runs: screen the draft the load answered. */
export const RunBody = Type.Object({ draftId: Type.String({ pattern: '^[0-9a-f-]{36}$' }) }, { additionalProperties: false })
export type RunBody = Static<typeof RunBody>

export const RunParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f-]{36}$' }) })

export const Outcome = Type.Union([Type.Literal('triado'), Type.Literal('revisao'), Type.Literal('nao_triado')])
export type Outcome = Static<typeof Outcome>
export const RunStatus = Type.Union([Type.Literal('screening'), Type.Literal('done'), Type.Literal('failed')])
export type RunStatus = Static<typeof RunStatus>
export const ApplyStatus = Type.Union([Type.Literal('applying'), Type.Literal('applied'), Type.Literal('interrupted'), Type.Literal('failed')])
export type ApplyStatus = Static<typeof ApplyStatus>

/** How many candidates have each verdict; `pendente`: not screened yet. */
export const OutcomeCounts = Type.Object({ triado: Type.Integer(), revisao: Type.Integer(), nao_triado: Type.Integer(), pendente: Type.Integer() })
export type OutcomeCounts = Static<typeof OutcomeCounts>

const NullableText = Type.Union([Type.String(), Type.Null()])

/** Applying's progress without the failures listed: what the progress stream sends. */
export const ApplySummary = Type.Object({
  status: ApplyStatus,
  message: NullableText,
  notice: NullableText,
  total: Type.Integer(),
  processed: Type.Integer(),
  updated: Type.Integer(),
  sent: Type.Integer(),
  /** Kept as they were: a person had moved them past screening. */
  skipped: Type.Integer(),
  /** Not forwarded: already in the screened vacancy. */
  alreadyThere: Type.Integer(),
  failed: Type.Integer(),
})
export type ApplySummary = Static<typeof ApplySummary>

export const ApplyFailure = Type.Object({ candidateId: Type.Integer(), name: Type.String(), kind: Type.String(), message: Type.String() })
export const ApplyView = Type.Object({ ...ApplySummary.properties, failures: Type.Array(ApplyFailure) })
export type ApplyView = Static<typeof ApplyView>

/** Undoing an apply: restored, kept (with why) and failed, as they stand. */
export const UndoView = Type.Object({
  status: Type.Union([Type.Literal('undoing'), Type.Literal('undone'), Type.Literal('failed')]),
  message: NullableText,
  total: Type.Integer(),
  processed: Type.Integer(),
  restored: Type.Integer(),
  kept: Type.Array(Type.String()),
  failed: Type.Array(Type.String()),
})
export type UndoView = Static<typeof UndoView>

/** A run's vacancy; a draft's may hold only the id it was loaded for. */
export const RunVacancy = Type.Partial(ScreenedVacancy)

export const RunHeader = Type.Object({
  id: Type.String(),
  mode: ScreeningMode,
  provider: Type.String(),
  status: RunStatus,
  total: Type.Integer(),
  done: Type.Integer(),
  message: NullableText,
  /** Said from the run's creation: a partial load, how many of how many. */
  warning: NullableText,
  createdAt: Type.String(),
  updatedAt: Type.String(),
  vacancy: RunVacancy,
  /** The model that screened (null: the rules engine). */
  model: NullableText,
  /** The candidate fields sent outside the BFF, by their labels (empty: nothing left the server). */
  fieldsSent: Type.Array(Type.String()),
})
export type RunHeader = Static<typeof RunHeader>

/**
 * One criterion of the vacancy judged for one candidate: met, not met or not decidable,
 * with the candidate's own field and value that decided it. Hard criteria (age band, distance,
 * the run's exclusions) are always judged by the rules engine.
 */
export const CriterionEvidence = Type.Object({
  key: Type.String(),
  label: Type.String(),
  hard: Type.Boolean(),
  status: Type.Union([Type.Literal('atende'), Type.Literal('nao_atende'), Type.Literal('desconhecido')]),
  field: Type.String(),
  value: Type.String(),
  by: Type.Union([Type.Literal('regras'), Type.Literal('ia')]),
})
export type CriterionEvidence = Static<typeof CriterionEvidence>

/** A person's review of a verdict: who, when, their final decision and why. */
export const ResultReview = Type.Object({ by: Type.String(), decision: Outcome, reason: Type.String(), at: Type.String() })
export type ResultReview = Static<typeof ResultReview>

/** PUT /bff/screening/runs/:id/results/:candidateId/review */
export const ReviewBody = Type.Object({ decision: Outcome, reason: BlockText(500) }, { additionalProperties: false })
export type ReviewBody = Static<typeof ReviewBody>
export const ReviewParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f-]{36}$' }), candidateId: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) })

export const ScreeningResult = Type.Object({
  candidateId: Type.Integer(),
  name: Type.String(),
  outcome: Type.Union([Outcome, Type.Null()]),
  explanation: NullableText,
  evidence: Type.Array(CriterionEvidence),
  review: Type.Union([ResultReview, Type.Null()]),
})
export type ScreeningResult = Static<typeof ScreeningResult>

/** One group of a run's bias report: its selection rate and impact ratio (null when too small to judge). */
export const BiasGroup = Type.Object({
  dimension: Type.String(),
  dimensionLabel: Type.String(),
  group: Type.String(),
  total: Type.Integer(),
  selected: Type.Integer(),
  rate: Type.Number(),
  ratio: Type.Union([Type.Number(), Type.Null()]),
  small: Type.Boolean(),
  flagged: Type.Boolean(),
})
export type BiasGroup = Static<typeof BiasGroup>
export const BiasReport = Type.Object({
  screened: Type.Integer(),
  minGroup: Type.Integer(),
  floor: Type.Number(),
  groups: Type.Array(BiasGroup),
  warnings: Type.Array(Type.String()),
})
export type BiasReport = Static<typeof BiasReport>

/** GET /bff/screening/runs/:id (and the answer of starting or applying one). */
export const RunView = Type.Object({
  run: RunHeader,
  counts: OutcomeCounts,
  results: Type.Array(ScreeningResult),
  /** Once the run is done. */
  bias: Type.Union([BiasReport, Type.Null()]),
  apply: Type.Union([ApplyView, Type.Null()]),
  undo: Type.Union([UndoView, Type.Null()]),
})
export type RunView = Static<typeof RunView>

/** Each `progress` event of GET /bff/screening/runs/:id/events (server-sent), every half second while live. */
export const ProgressEvent = Type.Object({
  status: RunStatus,
  total: Type.Integer(),
  done: Type.Integer(),
  message: NullableText,
  counts: OutcomeCounts,
  apply: Type.Union([ApplySummary, Type.Null()]),
})
export type ProgressEvent = Static<typeof ProgressEvent>

/** GET /bff/screening/runs/:id/apply-preview: what applying will write, to confirm first. */
export const ApplyPreview = Type.Object({ changes: Type.Integer(), forwards: Type.Integer(), kept: Type.Array(Type.Object({ status: Type.String(), count: Type.Integer() })) })
export type ApplyPreview = Static<typeof ApplyPreview>

export const ProviderName = Type.Union([Type.Literal('rules'), Type.Literal('openai')])
/** GET /bff/screening/provider: which provider screens (the rules engine when no key is set). */
export const ProviderAnswer = Type.Object({ provider: ProviderName, model: NullableText, fieldsSent: Type.Array(Type.String()) })
export type ProviderAnswer = Static<typeof ProviderAnswer>

/** POST /bff/screening/test-connection */
export const ConnectionAnswer = Type.Object({ ok: Type.Boolean(), provider: Type.String(), message: Type.String() })
export type ConnectionAnswer = Static<typeof ConnectionAnswer>

/**
 * GET /bff/vacancies/:id/suggestions ("sugerir do banco"): people of the base for the vacancy,
 * judged by the screening rules with their evidence, and how many were judged.
 */
export const PoolSuggestions = Type.Object({
  evaluated: Type.Integer(),
  suggestions: Type.Array(
    Type.Object({
      candidate: ListedCandidate,
      outcome: Type.Union([Type.Literal('triado'), Type.Literal('revisao')]),
      explanation: Type.String(),
      evidence: Type.Array(CriterionEvidence),
      proximity: Type.String(),
      km: Type.Union([Type.Number(), Type.Null()]),
    }),
  ),
})
export type PoolSuggestions = Static<typeof PoolSuggestions>
