import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Migration, Store } from '../../plugins/store.ts'
import { createLentStatusWrites } from '../../plugins/lent-status-writes.ts'

export const WITHDRAWAL_MIGRATIONS: Migration[] = [
  `CREATE TABLE IF NOT EXISTS applicant_withdrawals (candidate_id BIGINT PRIMARY KEY, email TEXT NOT NULL, name TEXT NOT NULL, at BIGINT NOT NULL,
     state TEXT NOT NULL, message TEXT, written_at BIGINT);
   CREATE INDEX IF NOT EXISTS applicant_withdrawals_state ON applicant_withdrawals (state, at);`,
]

/** 'pending': kept, not written to the legacy yet; 'done': the record says 'desistente'; 'refused': the legacy would not (the message says why). */
export type WithdrawalState = 'pending' | 'done' | 'refused'

/**
 * An applicant's withdrawal, kept here at once (the person's page says so from then on) and written
 * to the legacy as 'desistente' on a staff member's token (plugins/lent-status-writes.ts).
 */
export function createWithdrawals({ app, store, log, now, instanceId }: { app: FastifyInstance; store: Store; log: FastifyBaseLogger; now: () => number; instanceId: string }) {
  const writer = createLentStatusWrites({
    app,
    store,
    log,
    now,
    instanceId,
    name: 'applicant-withdrawals',
    leaseMs: app.config.jobLeaseSeconds * 1000,
    source: {
      pending: async (limit) =>
        (
          await store.all<{ candidate_id: number; name: string; email: string }>(
            `SELECT candidate_id, name, email FROM applicant_withdrawals WHERE state = 'pending' ORDER BY at LIMIT ${Number(limit)}`,
          )
        ).map((r) => ({ key: String(r.candidate_id), candidateId: Number(r.candidate_id), status: 'desistente', actor: r.email, actorName: r.name, via: 'candidato' })),
      done: async (key) => void (await store.run("UPDATE applicant_withdrawals SET state = 'done', written_at = ? WHERE candidate_id = ?", [now(), Number(key)])),
      refused: async (key, reason) => void (await store.run("UPDATE applicant_withdrawals SET state = 'refused', message = ? WHERE candidate_id = ?", [reason, Number(key)])),
    },
  })

  return {
    async record(candidateId: number, who: { email: string; name: string }) {
      await store.run(`INSERT INTO applicant_withdrawals (candidate_id, email, name, at, state) VALUES (?, ?, ?, ?, 'pending') ON CONFLICT (candidate_id) DO NOTHING`, [
        candidateId,
        who.email,
        who.name,
        now(),
      ])
      writer.asked()
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
    stop: writer.stop,
  }
}
