/**
 * The background jobs this instance runs, one per key (a run's apply, its undo). A second start
 * while one runs changes nothing; a start while the last one is past its last step but still
 * saying its last words (recording its end, releasing its lease — on a store that just failed,
 * that can take the store's whole timeout) waits for it and then starts anew, so a click at that
 * moment is never taken and lost.
 */
export function createJobSlots() {
  const running = new Set<string>()
  const ending = new Map<string, { done: Promise<void>; resolve: () => void }>()
  return {
    has: (key: string) => running.has(key),
    get size() {
      return running.size
    },
    keys: () => running.values(),
    /** True when the key was free and is now this caller's; false when a job runs on it. */
    async take(key: string): Promise<boolean> {
      while (ending.has(key)) await ending.get(key)!.done
      // No await between the check and the add: of two clicks on this instance, one takes it.
      if (running.has(key)) return false
      running.add(key)
      return true
    },
    /** The job has taken its last step: a start from now on waits for `free`. */
    ending(key: string) {
      if (ending.has(key)) return
      let resolve!: () => void
      const done = new Promise<void>((r) => (resolve = r))
      ending.set(key, { done, resolve })
    },
    free(key: string) {
      running.delete(key)
      ending.get(key)?.resolve()
      ending.delete(key)
    },
  }
}
