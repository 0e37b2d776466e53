import type { CriterionEvidence, ScreeningCandidate, ScreeningOptions, ScreeningVacancy } from '@mini-vagas/shared/domain/screening-rules'
import type { ScreeningOutcome } from '@mini-vagas/shared/constants/candidate-statuses'
import type { ScreeningSource } from '@mini-vagas/shared/domain/screening-text'

/**
 * One candidate's verdict as a provider gives it. The evidence is the provider's judgement of the
 * vacancy's criteria; the run puts the hard rules over it (withHardRules) before keeping it.
 */
export interface ScreeningResult {
  outcome: ScreeningOutcome
  explanation: string
  evidence?: CriterionEvidence[]
}

/** One screening engine: the deterministic rules, or an OpenAI-compatible model (docs/screening.md). */
export interface ScreeningProvider {
  name: 'rules' | 'openai'
  /** The model that screens (null: the rules engine). */
  model: string | null
  /** The candidate fields that leave the BFF, by their labels (the screen says which). */
  fieldsSent: string[]
  /** Verdicts keyed by candidate id; every candidate sent gets one. */
  screen(vacancy: ScreeningVacancy, candidates: readonly (ScreeningSource & ScreeningCandidate)[], options?: ScreeningOptions): Promise<Map<number, ScreeningResult>>
  testConnection(): Promise<{ ok: boolean; message: string }>
}

/** A screening failure with the text (docs/product.md, Texts) for the recruiter. */
export class ScreeningError extends Error {}
