import type { ScreeningVacancy, ScreeningVerdict } from '@mini-vagas/shared/domain/screening-rules'
import type { ScreeningSource } from '@mini-vagas/shared/domain/screening-text'

/** One candidate's verdict, whichever engine gave it (the rules engine's type). */
export type ScreeningResult = ScreeningVerdict

/** One screening engine: the deterministic rules, or an OpenAI-compatible model (DESIGN.md §6). */
export interface ScreeningProvider {
  name: 'rules' | 'openai'
  /** Verdicts keyed by candidate id; every candidate sent gets one. */
  screen(vacancy: ScreeningVacancy, candidates: readonly (ScreeningSource & { age?: number | null })[]): Promise<Map<number, ScreeningResult>>
  testConnection(): Promise<{ ok: boolean; message: string }>
}

/** A screening failure with the spec's §8 text for the recruiter. */
export class ScreeningError extends Error {}
