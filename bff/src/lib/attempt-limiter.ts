/**
 * Counts attempts per key in a sliding window (login: per client IP and per CNPJ, SECURITY.md 22).
 * In memory per instance, like the session revocation list; it moves to the BFF store with it.
 */
export interface AttemptLimiter {
  /** Seconds to wait if the key is over its limit now, else 0. */
  blockedFor(key: string): number
  record(key: string): void
  reset(key: string): void
}

export function createAttemptLimiter(options: { limit: number; windowMs: number; now?: () => number; maxKeys?: number }): AttemptLimiter {
  const now = options.now ?? Date.now
  const hits = new Map<string, number[]>()
  const recent = (key: string) => {
    const t = now()
    const list = (hits.get(key) ?? []).filter((at) => t - at < options.windowMs)
    if (list.length === 0) hits.delete(key)
    else hits.set(key, list)
    return list
  }
  return {
    blockedFor(key) {
      const list = recent(key)
      if (list.length < options.limit) return 0
      return Math.max(1, Math.ceil((list[list.length - options.limit]! + options.windowMs - now()) / 1000))
    },
    record(key) {
      const list = recent(key)
      list.push(now())
      hits.set(key, list)
      // Bounded memory under a flood of distinct keys: the oldest keys go first.
      const max = options.maxKeys ?? 100_000
      while (hits.size > max) hits.delete(hits.keys().next().value as string)
    },
    reset(key) {
      hits.delete(key)
    },
  }
}
