import type { Queries } from './store-backends.ts'

/**
 * Counts attempts per key in a sliding window — login per client IP and per CNPJ,
 * screening runs per user an hour — in the BFF's store, so every
 * instance sharing the store counts the same attempts. Rows older than the window are pruned as
 * new ones come in.
 */
export interface AttemptLimiter {
  /** Seconds to wait if the key is over its limit now, else 0. */
  blockedFor(key: string): Promise<number>
  record(key: string): Promise<void>
  reset(key: string): Promise<void>
}

/** The counters' table, in the core store's migrations. */
export const ATTEMPTS_TABLE = `CREATE TABLE IF NOT EXISTS attempts (bucket TEXT NOT NULL, key TEXT NOT NULL, at BIGINT NOT NULL);
   CREATE INDEX IF NOT EXISTS attempts_by_key ON attempts (bucket, key, at);`

export function createAttemptLimiter(options: { store: Queries; bucket: string; limit: number; windowMs: number; now?: () => number }): AttemptLimiter {
  const { store, bucket, limit, windowMs } = options
  const now = options.now ?? Date.now
  let recorded = 0
  return {
    async blockedFor(key) {
      const t = now()
      const recent = await store.all<{ at: number }>('SELECT at FROM attempts WHERE bucket = ? AND key = ? AND at > ? ORDER BY at DESC LIMIT ?', [bucket, key, t - windowMs, limit])
      if (recent.length < limit) return 0
      return Math.max(1, Math.ceil((Number(recent[recent.length - 1]!.at) + windowMs - t) / 1000))
    },
    async record(key) {
      const t = now()
      await store.run('INSERT INTO attempts (bucket, key, at) VALUES (?, ?, ?)', [bucket, key, t])
      // Bounded table under a flood of distinct keys: expired rows go every hundred records.
      if (++recorded % 100 === 0) await store.run('DELETE FROM attempts WHERE bucket = ? AND at <= ?', [bucket, t - windowMs])
    },
    async reset(key) {
      await store.run('DELETE FROM attempts WHERE bucket = ? AND key = ?', [bucket, key])
    },
  }
}
