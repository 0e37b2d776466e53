/**
 * Reads configuration from an environment object, collecting every problem so a process can stop
 * with one message that names each missing or invalid variable. Pure: the caller passes the env.
 */
export interface EnvReader {
  string(name: string, fallback?: string): string
  int(name: string, fallback: number, min: number, max: number): number
  bool(name: string, fallback: boolean): boolean
  list(name: string, fallback?: string[]): string[]
  url(name: string, fallback?: string): string
  problems: string[]
  /** Throws one Error listing every problem, if there are any. */
  assertValid(what: string): void
}

export function createEnvReader(env: Record<string, string | undefined>): EnvReader {
  const problems: string[] = []
  const raw = (name: string) => {
    const value = env[name]
    return value === undefined || value.trim() === '' ? undefined : value.trim()
  }
  const missing = (name: string) => problems.push(`${name} is required`)
  return {
    problems,
    string(name, fallback) {
      const value = raw(name) ?? fallback
      if (value === undefined) {
        missing(name)
        return ''
      }
      return value
    },
    int(name, fallback, min, max) {
      const value = raw(name)
      if (value === undefined) return fallback
      if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
        problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}")`)
        return fallback
      }
      return Number(value)
    },
    bool(name, fallback) {
      const value = raw(name)?.toLowerCase()
      if (value === undefined) return fallback
      if (['1', 'true', 'yes'].includes(value)) return true
      if (['0', 'false', 'no'].includes(value)) return false
      problems.push(`${name} must be true or false (got "${value}")`)
      return fallback
    },
    list(name, fallback) {
      const value = raw(name)
      if (value === undefined) {
        if (fallback === undefined) missing(name)
        return fallback ?? []
      }
      return value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    },
    url(name, fallback) {
      const value = raw(name) ?? fallback
      if (value === undefined) {
        missing(name)
        return ''
      }
      try {
        const url = new URL(value)
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol')
        return value.replace(/\/+$/, '')
      } catch {
        problems.push(`${name} must be an http(s) URL (got "${value}")`)
        return ''
      }
    },
    assertValid(what) {
      if (problems.length > 0) throw new Error(`Invalid ${what} configuration:\n- ${problems.join('\n- ')}`)
    },
  }
}
