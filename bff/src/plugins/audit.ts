import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError, MESSAGES } from '../lib/http-error.ts'
import { UpstreamError } from '../legacy/client.ts'
import type { Migration, Store } from './store.ts'

/**
 * The audit trail: who started each screening run (provider, model, criteria), who
 * applied it, every status the BFF wrote, reviews, undos and applicants' requests — kept in the
 * store for a configured period (AUDIT_RETENTION_DAYS, default about 6 months, the AI Act's
 * minimum for logs) and exported by an admin. A failed audit write fails the action it records.
 */
export interface AuditEvent {
  /** Who did it: a user's e-mail, or 'titular' for an applicant's own request. */
  actor: string
  /** Their name as the session named them then (a person of the team, a company), for people to read. */
  actorName?: string
  /** What happened, in words of the domain: 'triagem_iniciada', 'status_alterado'… */
  action: string
  /** What it happened to: 'triagem:<id>', 'candidato:<id>', 'pedido:<id>'. */
  subject: string
  detail?: Record<string, unknown>
}

/**
 * How a write recorded before it ran came out: 'pendente' until it ends (and for good when the
 * store could not be told, so a write that happened is never missing), 'ok', 'falhou' when the
 * legacy refused it, 'a conferir' when the legacy did not say (a timeout: it may have landed).
 * Events recorded after the fact have 'ok'.
 */
export type AuditOutcome = 'pendente' | 'ok' | 'falhou' | 'a conferir'

export interface StoredAuditEvent extends Required<Omit<AuditEvent, 'actorName'>> {
  actorName: string
  id: string
  at: string
  outcome: AuditOutcome
}

export interface AuditTrail {
  record(event: AuditEvent): Promise<void>
  /**
   * A write to the legacy, recorded before it runs: when the store cannot take the record, the
   * write does not run (StoreDownError: the route answers 503, the legacy is untouched); then its
   * outcome. What the caller is told follows the legacy, never the store.
   */
  around<T>(event: AuditEvent, write: () => Promise<T>): Promise<T>
  /** Events from `from` to `to` (ISO, inclusive), oldest first. */
  between(from: string, to: string): Promise<StoredAuditEvent[]>
  /** The events about one subject ('candidato:7'), newest first, at most `limit`. */
  about(subject: string, limit: number): Promise<StoredAuditEvent[]>
  /** Forgets events before `before` (ISO); how many. */
  purge(before: string): Promise<number>
}

const MIGRATIONS: Migration[] = [
  `CREATE TABLE IF NOT EXISTS audit_events (id TEXT PRIMARY KEY, at TEXT NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL, subject TEXT NOT NULL, detail TEXT NOT NULL);
   CREATE INDEX IF NOT EXISTS audit_events_at ON audit_events (at);`,
  // Writes are recorded before they run, and their outcome after (see AuditOutcome).
  { addColumnIfMissing: { table: 'audit_events', column: 'outcome', type: "TEXT NOT NULL DEFAULT 'ok'" } },
  // A candidate's timeline reads its events by subject; the trail names people by name too.
  { addColumnIfMissing: { table: 'audit_events', column: 'actor_name', type: "TEXT NOT NULL DEFAULT ''" } },
  'CREATE INDEX IF NOT EXISTS audit_events_subject ON audit_events (subject, at);',
]

/** Who a session is, as the trail records them: the e-mail that keys them, and the name people read. */
export const actorOf = (session: { user: { email: string; name: string } }) => ({ actor: session.user.email, actorName: session.user.name })

type AuditRow = { id: string; at: string; actor: string; actor_name: string; action: string; subject: string; detail: string; outcome: string }
const fromRow = (r: AuditRow): StoredAuditEvent => ({
  id: r.id,
  at: r.at,
  actor: r.actor,
  actorName: r.actor_name,
  action: r.action,
  subject: r.subject,
  detail: JSON.parse(r.detail) as Record<string, unknown>,
  outcome: r.outcome as AuditOutcome,
})

export async function createAuditTrail(store: Store, now: () => number = Date.now, onSettleFailure: (error: unknown) => void = () => {}): Promise<AuditTrail> {
  await store.migrate('audit', MIGRATIONS)
  // Events of one millisecond keep the order they were recorded in: the id starts with this
  // process's running count (the random part keeps ids unique across instances).
  let sequence = 0
  const insert = async ({ actor, actorName = '', action, subject, detail = {} }: AuditEvent, outcome: AuditOutcome) => {
    const id = `${String(++sequence).padStart(12, '0')}-${randomUUID()}`
    await store.run('INSERT INTO audit_events (id, at, actor, actor_name, action, subject, detail, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
      id,
      new Date(now()).toISOString(),
      actor,
      actorName,
      action,
      subject,
      JSON.stringify(detail),
      outcome,
    ])
    return id
  }
  const settle = (id: string, outcome: AuditOutcome) =>
    store.run('UPDATE audit_events SET outcome = ? WHERE id = ?', [outcome, id]).catch((error: unknown) => {
      // The event stays 'pendente': the trail still has the write, and says it was not confirmed.
      onSettleFailure(error)
    })
  return {
    async record(event) {
      await insert(event, 'ok')
    },
    async around(event, write) {
      const id = await insert(event, 'pendente')
      let result: Awaited<ReturnType<typeof write>>
      try {
        result = await write()
      } catch (error) {
        if (!(error instanceof UpstreamError)) {
          await settle(id, 'falhou')
          throw error
        }
        // No answer to a write (a timeout, a connection cut): it may have landed. Say so.
        await settle(id, 'a conferir')
        throw new HttpError(error.kind === 'timeout' ? 504 : 502, MESSAGES.writeUnconfirmed)
      }
      await settle(id, 'ok')
      return result
    },
    async between(from, to) {
      return (await store.all<AuditRow>('SELECT * FROM audit_events WHERE at >= ? AND at <= ? ORDER BY at, id', [from, to])).map(fromRow)
    },
    about: async (subject, limit) => (await store.all<AuditRow>('SELECT * FROM audit_events WHERE subject = ? ORDER BY at DESC, id DESC LIMIT ?', [subject, limit])).map(fromRow),
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
    const trail = await createAuditTrail(app.store, app.now, (error) =>
      app.log.error({ err: { message: (error as Error).message } }, 'audit: a write’s outcome could not be recorded (left as pendente)'),
    )
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
