import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { normalizeCandidateStatus } from '@mini-vagas/shared/domain/candidate-status'
import type { Migration, Store } from './store.ts'
import { LegacyRefusal, sessionEnded } from '../legacy/errors.ts'

const MIGRATIONS: Migration[] = [
  `CREATE TABLE IF NOT EXISTS lent_status_attempts (writer TEXT NOT NULL, key TEXT NOT NULL, prev_status TEXT NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (writer, key));`,
]

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
 * theirs (`app.sessions.lendStaffTokens`). One writer at a time across instances (the lease `name`).
 *
 * A write is repeated only where it cannot undo someone's later change: before writing, the status
 * the record holds is kept as an attempt; a writer that died between the legacy's answer and its
 * own record leaves that attempt, and the next one reads the record first — the asked status there
 * means done, the kept one means the write never landed (write it), any other means staff changed
 * it since, and theirs stands.
 */
export function createLentStatusWrites({
  app,
  store,
  log,
  now,
  instanceId,
  name,
  source,
  leaseMs,
}: {
  app: FastifyInstance
  store: Pick<Store, 'takeLease' | 'releaseLease' | 'migrate' | 'get' | 'run'>
  log: FastifyBaseLogger
  now: () => number
  instanceId: string
  name: string
  source: StatusWriteSource
  /** How long the writer's lease lasts unrenewed: how soon another instance carries on after this one died. */
  leaseMs: number
}) {
  let running: Promise<void> | null = null
  /**
   * When to look in the store again: at once after a write is asked for here, else every half
   * minute (another instance may have recorded one) — not on every staff request.
   */
  let lookAt = 0
  let migrated: Promise<void> | null = null

  const attempt = {
    of: async (key: string) => (await store.get<{ prev_status: string }>('SELECT prev_status FROM lent_status_attempts WHERE writer = ? AND key = ?', [name, key]))?.prev_status,
    keep: (key: string, prev: string) =>
      store.run('INSERT INTO lent_status_attempts (writer, key, prev_status, at) VALUES (?, ?, ?, ?) ON CONFLICT (writer, key) DO NOTHING', [name, key, prev, now()]),
    drop: (key: string) => store.run('DELETE FROM lent_status_attempts WHERE writer = ? AND key = ?', [name, key]),
  }

  async function writeAll(token: string) {
    migrated ??= store.migrate('lent-status-writes', MIGRATIONS)
    await migrated
    try {
      const gateway = app.legacyFor({ token, priority: 'job' })
      for (;;) {
        // Taken (or renewed) for each batch; held elsewhere, look again once it would have run out.
        if (!(await store.takeLease(name, instanceId, leaseMs))) {
          lookAt = now() + leaseMs
          return
        }
        const rows = await source.pending(20)
        if (rows.length === 0) break
        for (const row of rows) {
          try {
            const asked = normalizeCandidateStatus(row.status)
            const kept = await attempt.of(row.key)
            const { record } = await gateway.candidates.get(row.candidateId)
            const current = normalizeCandidateStatus(record?.status as string | null)
            if (current === asked || (kept !== undefined && current !== kept)) {
              // Written already (by a writer that died before its record), or changed by staff since: nothing to write.
              await source.done(row.key)
              await attempt.drop(row.key)
              continue
            }
            await attempt.keep(row.key, current)
            await app.audit.around(
              { actor: row.actor, actorName: row.actorName, action: 'status_alterado', subject: `candidato:${row.candidateId}`, detail: { to: row.status, via: row.via } },
              () => gateway.candidates.setStatus(row.candidateId, row.status),
            )
            await source.done(row.key)
            await attempt.drop(row.key)
          } catch (error) {
            // The lent token ended: the next staff request lends another.
            if (sessionEnded(error)) return
            if (!(error instanceof LegacyRefusal)) throw error
            await source.refused(row.key, error.reason)
            await attempt.drop(row.key)
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
