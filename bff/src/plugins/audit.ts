import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Store } from './store.ts'

/**
 * The audit trail (issue 14): who started each screening run (provider, model, criteria), who
 * applied it, every status the BFF wrote, reviews, undos and applicants' requests — kept in the
 * store for a configured period (AUDIT_RETENTION_DAYS, default about 6 months, the AI Act's
 * minimum for logs) and exported by an admin. A failed audit write fails the action it records.
 */
export interface AuditEvent {
  /** Who did it: a user's e-mail, or 'titular' for an applicant's own request. */
  actor: string
  /** What happened, in words of the domain: 'triagem_iniciada', 'status_alterado'… */
  action: string
  /** What it happened to: 'triagem:<id>', 'candidato:<id>', 'pedido:<id>'. */
  subject: string
  detail?: Record<string, unknown>
}

export interface StoredAuditEvent extends Required<AuditEvent> {
  id: string
  at: string
}

export interface AuditTrail {
  record(event: AuditEvent): Promise<void>
  /** Events from `from` to `to` (ISO, inclusive), oldest first. */
  between(from: string, to: string): Promise<StoredAuditEvent[]>
  /** Forgets events before `before` (ISO); how many. */
  purge(before: string): Promise<number>
}

const MIGRATIONS = [
  `CREATE TABLE IF NOT EXISTS audit_events (id TEXT PRIMARY KEY, at TEXT NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL, subject TEXT NOT NULL, detail TEXT NOT NULL);
   CREATE INDEX IF NOT EXISTS audit_events_at ON audit_events (at);`,
]

export async function createAuditTrail(store: Store, now: () => number = Date.now): Promise<AuditTrail> {
  await store.migrate('audit', MIGRATIONS)
  // Events of one millisecond keep the order they were recorded in: the id starts with this
  // process's running count (the random part keeps ids unique across instances).
  let sequence = 0
  return {
    async record({ actor, action, subject, detail = {} }) {
      await store.run('INSERT INTO audit_events (id, at, actor, action, subject, detail) VALUES (?, ?, ?, ?, ?, ?)', [
        `${String(++sequence).padStart(12, '0')}-${randomUUID()}`,
        new Date(now()).toISOString(),
        actor,
        action,
        subject,
        JSON.stringify(detail),
      ])
    },
    async between(from, to) {
      const rows = await store.all<{ id: string; at: string; actor: string; action: string; subject: string; detail: string }>(
        'SELECT * FROM audit_events WHERE at >= ? AND at <= ? ORDER BY at, id',
        [from, to],
      )
      return rows.map((r) => ({ id: r.id, at: r.at, actor: r.actor, action: r.action, subject: r.subject, detail: JSON.parse(r.detail) as Record<string, unknown> }))
    },
    purge: (before) => store.run('DELETE FROM audit_events WHERE at < ?', [before]),
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditTrail
  }
}

/** The trail every feature records into; purged of events past the retention at start and daily. */
export const auditPlugin = fp(
  async function audit(app: FastifyInstance, { retentionDays }: { retentionDays: number }) {
    const trail = await createAuditTrail(app.store, app.now)
    app.decorate('audit', trail)
    const purge = () =>
      trail
        .purge(new Date(app.now() - retentionDays * 86_400_000).toISOString())
        .catch((error: unknown) => app.log.warn({ err: { message: (error as Error).message } }, 'audit purge failed'))
    let daily: NodeJS.Timeout | undefined
    app.addHook('onReady', async () => {
      await purge()
      daily = setInterval(() => void purge(), 86_400_000)
      daily.unref()
    })
    app.addHook('onClose', async () => clearInterval(daily))
  },
  { name: 'audit', dependencies: ['store'] },
)
