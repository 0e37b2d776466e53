import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Migration, Store } from '../../plugins/store.ts'
import { LegacyRefusal, sessionEnded } from '../../legacy/errors.ts'

export const WITHDRAWAL_MIGRATIONS: Migration[] = [
  `CREATE TABLE IF NOT EXISTS applicant_withdrawals (candidate_id BIGINT PRIMARY KEY, email TEXT NOT NULL, name TEXT NOT NULL, at BIGINT NOT NULL,
     state TEXT NOT NULL, message TEXT, written_at BIGINT);
   CREATE INDEX IF NOT EXISTS applicant_withdrawals_state ON applicant_withdrawals (state, at);`,
]

/** 'pending': kept, not written to the legacy yet; 'done': the record says 'desistente'; 'refused': the legacy would not (the message says why). */
export type WithdrawalState = 'pending' | 'done' | 'refused'

/**
 * An applicant's withdrawal, kept here at once (the person's page says so from then on) and written
 * to the legacy as 'desistente' on a staff member's token: the BFF keeps no legacy login of its
 * own, so, like the candidate index, it writes when staff use the product and lend theirs. Setting
 * a status is idempotent, so a write repeated after a crash changes nothing; one writer at a time
 * across instances (a lease).
 */
export function createWithdrawals({ app, store, log, now, instanceId }: { app: FastifyInstance; store: Store; log: FastifyBaseLogger; now: () => number; instanceId: string }) {
  const LEASE = 'applicant-withdrawals'
  let running: Promise<void> | null = null
  /**
   * When to look in the store again for withdrawals to write: at once after one is recorded here,
   * else every half minute (another instance may have recorded one) — not on every staff request.
   */
  let lookAt = 0

  async function writeAll(token: string) {
    if (!(await store.takeLease(LEASE, instanceId, 60_000))) return
    try {
      const gateway = app.legacyFor({ token, priority: 'job' })
      for (;;) {
        const rows = await store.all<{ candidate_id: number; name: string; email: string }>(
          "SELECT candidate_id, name, email FROM applicant_withdrawals WHERE state = 'pending' ORDER BY at LIMIT 20",
        )
        if (rows.length === 0) break
        for (const row of rows) {
          const id = Number(row.candidate_id)
          try {
            await app.audit.around(
              { actor: row.email, actorName: row.name, action: 'status_alterado', subject: `candidato:${id}`, detail: { to: 'desistente', via: 'candidato' } },
              () => gateway.candidates.setStatus(id, 'desistente'),
            )
            await store.run("UPDATE applicant_withdrawals SET state = 'done', written_at = ? WHERE candidate_id = ?", [now(), id])
          } catch (error) {
            // The lent token ended: the next staff request lends another.
            if (sessionEnded(error)) return
            if (!(error instanceof LegacyRefusal)) throw error
            await store.run("UPDATE applicant_withdrawals SET state = 'refused', message = ? WHERE candidate_id = ?", [error.reason, id])
          }
        }
      }
    } finally {
      await store.releaseLease(LEASE, instanceId).catch(() => {})
    }
  }

  return {
    async record(candidateId: number, who: { email: string; name: string }) {
      await store.run(`INSERT INTO applicant_withdrawals (candidate_id, email, name, at, state) VALUES (?, ?, ?, ?, 'pending') ON CONFLICT (candidate_id) DO NOTHING`, [
        candidateId,
        who.email,
        who.name,
        now(),
      ])
      lookAt = 0
    },
    /** The withdrawals among some applications (ids), by id. */
    async of(ids: readonly number[]): Promise<Map<number, { at: number; state: WithdrawalState }>> {
      const out = new Map<number, { at: number; state: WithdrawalState }>()
      if (ids.length === 0) return out
      for (const r of await store.all<{ candidate_id: number; at: number; state: WithdrawalState }>(
        `SELECT candidate_id, at, state FROM applicant_withdrawals WHERE candidate_id IN (${ids.map(() => '?').join(', ')})`,
        ids,
      ))
        out.set(Number(r.candidate_id), { at: Number(r.at), state: r.state })
      return out
    },
    /** A staff request lends its token: pending withdrawals are written, one writer at a time. */
    offer(token: string) {
      if (running || now() < lookAt) return
      lookAt = now() + 30_000
      running = (async () => {
        if ((await store.get("SELECT 1 AS one FROM applicant_withdrawals WHERE state = 'pending' LIMIT 1")) !== undefined) await writeAll(token)
      })()
        .catch((error: unknown) => log.error({ err: { message: (error as Error).message } }, 'withdrawals: writing to the legacy failed'))
        .finally(() => (running = null))
    },
    stop: () => running ?? Promise.resolve(),
  }
}
