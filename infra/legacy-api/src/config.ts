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

const INTEGER = /^\d+$/

export function readLegacyConfig(env: Record<string, string | undefined> = process.env): LegacyConfig {
  const problems: string[] = []
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]
    if (raw === undefined || raw === '') return fallback
    if (!INTEGER.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`)
      return fallback
    }
    return Number(raw)
  }
  const bool = (name: string): boolean => {
    const raw = env[name]
    if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false
    if (raw === '1' || raw === 'true') return true
    problems.push(`${name} must be 1/true or 0/false (got "${raw}")`)
    return false
  }
  const config: LegacyConfig = {
    host: env.LEGACY_HOST || '127.0.0.1',
    port: int('LEGACY_PORT', 8000, 0, 65535),
    databaseFile: env.LEGACY_DB || DEFAULT_DATABASE_FILE,
    pageSize: int('LEGACY_PAGE_SIZE', 20, 1, 1000),
    tokenTtlMinutes: int('LEGACY_TOKEN_TTL_MINUTES', 720, 1, 525_600),
    latencyMs: int('LEGACY_LATENCY_MS', 0, 0, 60_000),
    latencyJitterMs: int('LEGACY_LATENCY_JITTER_MS', 0, 0, 60_000),
    rateLimitPerMinute: int('LEGACY_RATE_LIMIT', 0, 0, 1_000_000),
    control: bool('LEGACY_CONTROL'),
  }
  if (problems.length > 0) throw new Error(`Invalid legacy API configuration:\n- ${problems.join('\n- ')}`)
  return config
}
