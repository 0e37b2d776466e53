/**
 * A job's lease, renewed every third of its time while the job runs (the store's `takeLease`):
 * `lost` once another owner may hold it (this instance stalled past the expiry), `broken` with the
 * first error the store gave. The job stops taking steps on either; `stop` ends the renewal.
 */
export function keepLease(takeLease: (name: string, owner: string, ttlMs: number) => Promise<boolean>, name: string, owner: string, leaseMs: number) {
  const state = { lost: false, broken: null as unknown }
  const heartbeat = setInterval(
    () => {
      takeLease(name, owner, leaseMs).then(
        (held) => {
          if (!held) state.lost = true
        },
        (error: unknown) => {
          state.broken ??= error
        },
      )
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  )
  heartbeat.unref()
  return { state, stop: () => clearInterval(heartbeat) }
}
export type HeldLease = ReturnType<typeof keepLease>

/**
 * A record the store says is running, checked for an owner: this instance running it, or any
 * instance's lease. With neither, the record is read again — an owner writes its last word before
 * it lets its lease go, so a record read before the check may be from just before that word (the
 * job done meanwhile), while one read after it and still running has truly lost its owner (its
 * instance died, the lease ran out). Answers the record to show and whether it is ownerless.
 */
export async function ownerOf<T>(
  record: T,
  check: { running: (record: T) => boolean; ownedHere: () => boolean; leaseHeld: () => Promise<boolean>; readAgain: () => Promise<T | null | undefined> },
): Promise<{ record: T; ownerless: boolean }> {
  if (!check.running(record) || check.ownedHere() || (await check.leaseHeld())) return { record, ownerless: false }
  const again = (await check.readAgain()) ?? record
  return { record: again, ownerless: check.running(again) }
}
