import { createEnvReader } from '@mini-vagas/shared/domain/env'

/**
 * The stand-in's knobs, from environment variables (see README). Invalid values stop the process
 * with one message naming every problem.
 */
export const DEFAULT_DATABASE_FILE = '.data/legacy.sqlite'

export interface LegacyConfig {
  host: string
  port: number
  databaseFile: string
  /** Page size of GET /candidatos. */
  pageSize: number
  tokenTtlMinutes: number
  /** Added to every /api and /ws response: a fixed delay plus up to `latencyJitterMs` at random. */
  latencyMs: number
  latencyJitterMs: number
  /** Requests per minute per token (or per IP without one); 0 turns the limit off. */
  rateLimitPerMinute: number
  /** Enables the test-only /__control endpoints (faults, request log, settings). */
  control: boolean
}

export function readLegacyConfig(env: Record<string, string | undefined> = process.env): LegacyConfig {
  const read = createEnvReader(env)
  const config: LegacyConfig = {
    host: read.string('LEGACY_HOST', '127.0.0.1'),
    port: read.int('LEGACY_PORT', 8000, 0, 65535),
    databaseFile: read.string('LEGACY_DB', DEFAULT_DATABASE_FILE),
    pageSize: read.int('LEGACY_PAGE_SIZE', 20, 1, 1000),
    tokenTtlMinutes: read.int('LEGACY_TOKEN_TTL_MINUTES', 720, 1, 525_600),
    latencyMs: read.int('LEGACY_LATENCY_MS', 0, 0, 60_000),
    latencyJitterMs: read.int('LEGACY_LATENCY_JITTER_MS', 0, 0, 60_000),
    rateLimitPerMinute: read.int('LEGACY_RATE_LIMIT', 0, 0, 1_000_000),
    control: read.bool('LEGACY_CONTROL', false),
  }
  read.assertValid('legacy API')
  return config
}
