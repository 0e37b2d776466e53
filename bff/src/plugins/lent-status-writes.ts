import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Store } from './store.ts'
import { LegacyRefusal, sessionEnded } from '../legacy/errors.ts'

/** A status an applicant's own action asks the legacy to hold (a withdrawal, a confirmed interview). */
export interface PendingStatusWrite {
  /** The source's own key for it. */
  key: string
  candidateId: number
  status: string
  /** Who asked (the applicant's address and name): the audit trail's author. */
  actor: string
  actorName: string
  via: string
}

/** Where pending writes are kept: the feature's own table. */
export interface StatusWriteSource {
  pending(limit: number): Promise<PendingStatusWrite[]>
  done(key: string): Promise<void>
  refused(key: string, reason: string): Promise<void>
}

/**
 * Statuses applicants' actions ask for, kept in the feature's table at once (the person's page says
 * so from then on) and written to the legacy on a staff member's token: the BFF keeps no legacy
 * login of its own, so, like the candidate index, it writes when staff use the product and lend
 * theirs (`app.sessions.lendStaffTokens`). Setting a status is idempotent, so a write repeated after
 * a crash changes nothing; one writer at a time across instances (the lease `name`).
 */
export function createLentStatusWrites({
  app,
  store,
  log,
  now,
  instanceId,
  name,
  source,
}: {
  app: FastifyInstance
  store: Pick<Store, 'takeLease' | 'releaseLease'>
  log: FastifyBaseLogger
  now: () => number
  instanceId: string
  name: string
  source: StatusWriteSource
}) {
  let running: Promise<void> | null = null
  /**
   * When to look in the store again: at once after a write is asked for here, else every half
   * minute (another instance may have recorded one) — not on every staff request.
   */
  let lookAt = 0

  async function writeAll(token: string) {
    if (!(await store.takeLease(name, instanceId, 60_000))) return
    try {
      const gateway = app.legacyFor({ token, priority: 'job' })
      for (;;) {
        const rows = await source.pending(20)
        if (rows.length === 0) break
        for (const row of rows) {
          try {
            await app.audit.around(
              { actor: row.actor, actorName: row.actorName, action: 'status_alterado', subject: `candidato:${row.candidateId}`, detail: { to: row.status, via: row.via } },
              () => gateway.candidates.setStatus(row.candidateId, row.status),
            )
            await source.done(row.key)
          } catch (error) {
            // The lent token ended: the next staff request lends another.
            if (sessionEnded(error)) return
            if (!(error instanceof LegacyRefusal)) throw error
            await source.refused(row.key, error.reason)
          }
        }
      }
    } finally {
      await store.releaseLease(name, instanceId).catch(() => {})
    }
  }

  const writer = {
    /** A write was just asked for on this instance: the next staff request writes it. */
    asked() {
      lookAt = 0
    },
    /** A staff request lends its token: pending writes are written, one writer at a time. */
    offer(token: string) {
      if (running || now() < lookAt) return
      lookAt = now() + 30_000
      running = (async () => {
        if ((await source.pending(1)).length > 0) await writeAll(token)
      })()
        .catch((error: unknown) => log.error({ err: { message: (error as Error).message } }, `${name}: writing to the legacy failed`))
        .finally(() => (running = null))
    },
    stop: () => running ?? Promise.resolve(),
  }
  app.sessions.lendStaffTokens((token) => writer.offer(token))
  return writer
}
