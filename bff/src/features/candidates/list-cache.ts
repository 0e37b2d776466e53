import type { LegacyEvent } from '../../legacy/writes.ts'
import { inList, type Queries } from '../../plugins/store.ts'

/** The candidates feature's table: one counter per thing a cached list depends on. */
export const LIST_VERSION_MIGRATIONS = ['CREATE TABLE IF NOT EXISTS list_versions (key TEXT PRIMARY KEY, version BIGINT NOT NULL)']

/** Every candidate write bumps this: the all-candidates searches and counts depend on it. */
export const ANY_CANDIDATE = 'candidates'
/** Bumped by a write whose vacancy is not known: every vacancy's list depends on it. */
export const ANY_VACANCY = 'vacancies'
/** A vacancy's candidates: moved by a write to one of them. */
export const vacancyKey = (id: number) => `vacancy:${id}`
/** A vacancy's own record: moved by an edit of the vacancy. */
export const vacancyRecordKey = (id: number) => `vacancy-record:${id}`

interface Entry {
  value: unknown
  /** The versions of its keys when it was read, e.g. `3.0` for [vacancy:7 at 3, vacancies at 0]. */
  versions: number[]
  keys: readonly string[]
  at: number
}

/**
 * Lists the staff page through, kept between clicks. An entry is served while it is
 * younger than `ttlMs` and none of the version counters it depends on moved. The counters live in
 * the store, so a write through any instance (its `bump`) makes every instance read again on the
 * next click; the check costs one small store read and no legacy call. A write's own answer
 * patches the rows here (`patch`), so the writer's next click needs no read at all.
 */
export function createListCache({ store, ttlMs, maxEntries, now = Date.now }: { store: Queries; ttlMs: number; maxEntries: number; now?: () => number }) {
  const entries = new Map<string, Entry>()
  const loading = new Map<string, Promise<unknown>>()

  async function versionsOf(keys: readonly string[]): Promise<number[]> {
    const list = inList(keys)
    const rows = await store.all<{ key: string; version: number | string }>(`SELECT key, version FROM list_versions WHERE key IN (${list.marks})`, list.values, { samePlan: true })
    const byKey = new Map(rows.map((r) => [r.key, Number(r.version)]))
    return keys.map((k) => byKey.get(k) ?? 0)
  }
  const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i])

  /** Reads `key` through `load` (concurrent callers share it) and keeps it under the versions read before. */
  function loadInto<T>(key: string, keys: readonly string[], versions: number[], load: () => Promise<T>): Promise<T> {
    const promise = load()
      .then((value) => {
        entries.delete(key)
        entries.set(key, { value, versions, keys, at: now() })
        while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
        return value
      })
      .finally(() => loading.delete(key))
    loading.set(key, promise)
    return promise
  }

  return {
    /**
     * The value under `key`, read through `load` when missing, older than the TTL, or when one of
     * `keys` moved. Concurrent misses share one load. Versions are read before loading, so a write
     * that lands during the load makes the next read load again.
     * With `staleMs`, an entry past its TTL (nothing moved) is still answered until that age while
     * a load runs behind it; a load that fails as `dropOn` says drops it.
     */
    async read<T>(
      key: string,
      keys: readonly string[],
      load: () => Promise<T>,
      { staleMs = 0, dropOn = () => false }: { staleMs?: number; dropOn?: (error: unknown) => boolean } = {},
    ): Promise<T> {
      let versions: number[]
      try {
        versions = await versionsOf(keys)
      } catch {
        // The store cannot say what changed: read the legacy, as without a cache.
        return load()
      }
      const hit = entries.get(key)
      const current = hit && same(hit.versions, versions)
      if (current && now() - hit.at < ttlMs) return hit.value as T
      // Past its TTL but nothing written through the BFF: served at once while read again behind
      // it, so the answer does not wait on a slow legacy. A read that fails keeps it, unless
      // `dropOn` says the failure is for good (then the next read waits and says so).
      if (current && now() - hit.at < staleMs) {
        if (!loading.has(key))
          loadInto(key, keys, versions, load).catch((error: unknown) => {
            if (dropOn(error) && entries.get(key) === hit) entries.delete(key)
          })
        return hit.value as T
      }
      const pending = loading.get(key)
      if (pending) return pending as Promise<T>
      return loadInto(key, keys, versions, load)
    },

    /** Moves the counters of `keys` on (every instance's entries depending on them go stale); answers their new values. */
    async bump(keys: readonly string[]): Promise<Map<string, number>> {
      const moved = new Map<string, number>()
      for (const key of keys) {
        const row = await store.get<{ version: number | string }>(
          'INSERT INTO list_versions (key, version) VALUES (?, 1) ON CONFLICT (key) DO UPDATE SET version = list_versions.version + 1 RETURNING version',
          [key],
        )
        moved.set(key, Number(row?.version ?? 0))
      }
      return moved
    },

    /**
     * After this instance's own write moved `moved`: `change` edits the entry under `key` in place,
     * and the entry is kept current when nothing but that write moved its counters; otherwise (or
     * when `change` says it cannot) it is dropped and read again on the next click.
     */
    patch<T>(key: string, moved: ReadonlyMap<string, number>, change: (value: T) => boolean) {
      const hit = entries.get(key)
      if (!hit) return
      const next = hit.keys.map((k, i) => (moved.has(k) ? moved.get(k)! : hit.versions[i]!))
      const onlyOurs = hit.keys.every((k, i) => !moved.has(k) || moved.get(k) === hit.versions[i]! + 1)
      if (onlyOurs && change(hit.value as T)) hit.versions = next
      else entries.delete(key)
    },

    clear: () => entries.clear(),
  }
}
export type ListCache = ReturnType<typeof createListCache>

/**
 * The counters a write moves: any candidate write moves ANY_CANDIDATE and its vacancy's (from what
 * was sent or answered; ANY_VACANCY when neither says). A vacancy's edit moves its own counter (its
 * record is cached beside its rows); a new vacancy has nothing cached yet.
 */
export function listKeysOf(event: LegacyEvent): string[] {
  if (event.kind === 'vacancy') return event.change === 'edit' && event.id !== null ? [vacancyRecordKey(event.id)] : []
  return [ANY_CANDIDATE, event.vacancyId !== null ? vacancyKey(event.vacancyId) : ANY_VACANCY]
}

/** After a write this instance made moved `moved`: the row it answered replaces the cached one (a new record is not patched in: the list is read again). */
export function patchRow(cache: ListCache, vacancyId: number, row: Record<string, unknown>, moved: ReadonlyMap<string, number>) {
  cache.patch<{ rows: Record<string, unknown>[] }>(`rows:${vacancyId}`, moved, (list) => {
    const at = list.rows.findIndex((c) => Number(c.id) === Number(row.id))
    if (at < 0) return false
    // A new array, so the list's view is computed again with the row's new status and dates.
    list.rows = list.rows.with(at, row)
    return true
  })
}
