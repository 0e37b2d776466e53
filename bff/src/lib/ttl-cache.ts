/**
 * A small in-memory cache with a time to live and a size cap (oldest entry evicted first), plus
 * single-flight loading so concurrent misses make one upstream call.
 */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>
  /** The last value even if expired (for serving stale when the source fails). */
  peek(key: string): V | undefined
  clear(): void
}

export function createTtlCache<V>(options: { ttlMs: number; maxEntries: number; now?: () => number }): TtlCache<V> {
  const now = options.now ?? Date.now
  const entries = new Map<string, { value: V; at: number }>()
  const loading = new Map<string, Promise<V>>()
  return {
    async get(key, load) {
      const hit = entries.get(key)
      if (hit && now() - hit.at < options.ttlMs) return hit.value
      const pending = loading.get(key)
      if (pending) return pending
      const promise = load()
        .then((value) => {
          entries.delete(key)
          entries.set(key, { value, at: now() })
          while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string)
          return value
        })
        .finally(() => loading.delete(key))
      loading.set(key, promise)
      return promise
    },
    peek: (key) => entries.get(key)?.value,
    clear: () => entries.clear(),
  }
}
