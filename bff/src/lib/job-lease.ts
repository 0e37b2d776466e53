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
