import type { BulkAction } from '@mini-vagas/shared/domain/pipeline'
import type { Migration, Queries, Store } from '../../plugins/store.ts'

const MIGRATIONS: Migration[] = [
  `CREATE TABLE IF NOT EXISTS bulk_jobs (id TEXT PRIMARY KEY, action TEXT NOT NULL, vacancy_id BIGINT NOT NULL, target TEXT NOT NULL, target_label TEXT NOT NULL,
     actor TEXT NOT NULL, actor_name TEXT NOT NULL, created_at TEXT NOT NULL, status TEXT NOT NULL, message TEXT, undo_status TEXT, undo_message TEXT);
   CREATE INDEX IF NOT EXISTS bulk_jobs_vacancy ON bulk_jobs (vacancy_id, created_at);
   CREATE TABLE IF NOT EXISTS bulk_steps (job_id TEXT NOT NULL, candidate_id BIGINT NOT NULL, vacancy_id BIGINT, name TEXT NOT NULL, state TEXT NOT NULL,
     prev_status TEXT, message TEXT, undo TEXT, PRIMARY KEY (job_id, candidate_id));`,
  // A bulk e-mail's address per step once sent: one message per person (address) and job.
  { addColumnIfMissing: { table: 'bulk_steps', column: 'contact', type: 'TEXT' } },
  'CREATE INDEX IF NOT EXISTS bulk_steps_contact ON bulk_steps (job_id, contact);',
  // Whether the SMTP server answered that it took a bulk e-mail (1), after the step was marked sent.
  { addColumnIfMissing: { table: 'bulk_steps', column: 'confirmed', type: 'INTEGER' } },
]

export type BulkJobStatus = 'running' | 'done' | 'interrupted' | 'failed'
/** pending → sending → done | skipped | failed; a step left 'sending' may have landed, and is checked before anything is sent. */
export type BulkStepState = 'pending' | 'sending' | 'done' | 'skipped' | 'failed'
export type BulkUndoState = 'pending' | 'done' | 'kept' | 'failed'

export interface StoredBulkJob {
  id: string
  action: BulkAction
  vacancyId: number
  /** A status ('' is Sem Status) or the target vacancy's id. */
  target: string
  targetLabel: string
  actor: string
  actorName: string
  createdAt: string
  status: BulkJobStatus
  message: string | null
  undoStatus: 'running' | 'done' | 'failed' | null
  undoMessage: string | null
}

export interface StoredBulkStep {
  candidateId: number
  /** The vacancy whose list holds the record (read a vacancy at a time). */
  vacancyId: number | null
  name: string
  state: BulkStepState
  /** The status the record had when this step wrote it: what an undo restores. */
  prevStatus: string | null
  message: string | null
  undo: BulkUndoState | null
}

type JobRow = {
  id: string
  action: string
  vacancy_id: number
  target: string
  target_label: string
  actor: string
  actor_name: string
  created_at: string
  status: string
  message: string | null
  undo_status: string | null
  undo_message: string | null
}
type StepRow = {
  candidate_id: number
  vacancy_id: number | null
  name: string
  state: string
  prev_status: string | null
  message: string | null
  undo: string | null
  confirmed: number | null
}

const jobOf = (r: JobRow): StoredBulkJob => ({
  id: r.id,
  action: r.action as BulkAction,
  vacancyId: Number(r.vacancy_id),
  target: r.target,
  targetLabel: r.target_label,
  actor: r.actor,
  actorName: r.actor_name,
  createdAt: r.created_at,
  status: r.status as BulkJobStatus,
  message: r.message,
  undoStatus: r.undo_status as StoredBulkJob['undoStatus'],
  undoMessage: r.undo_message,
})
const stepOf = (r: StepRow): StoredBulkStep => ({
  candidateId: Number(r.candidate_id),
  vacancyId: r.vacancy_id === null ? null : Number(r.vacancy_id),
  name: r.name,
  state: r.state as BulkStepState,
  prevStatus: r.prev_status,
  message: r.message,
  undo: r.undo as BulkUndoState | null,
})

/** Insert in slices: both engines cap a statement's parameters. */
const SLICE = 200

/**
 * Bulk actions in the BFF's store: the job (who, what, on which vacancy, where it stands) and one
 * step per person, whose state says at every moment whether its write may have been sent, so a
 * restart, a second instance or a retry never writes a person twice.
 */
export async function createBulkStore(store: Store) {
  await store.migrate('pipeline', MIGRATIONS)
  const setJob = (id: string, fields: Partial<Record<'status' | 'message' | 'undo_status' | 'undo_message', string | null>>) => {
    const keys = Object.keys(fields)
    return store.run(`UPDATE bulk_jobs SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`, [...keys.map((k) => fields[k as keyof typeof fields] ?? null), id])
  }
  return {
    takeLease: store.takeLease,
    releaseLease: store.releaseLease,
    leaseHeld: store.leaseHeld,
    /** The job and its steps, in one transaction: a job is never seen without all its people. */
    create: (job: Omit<StoredBulkJob, 'status' | 'message' | 'undoStatus' | 'undoMessage'>, steps: readonly Pick<StoredBulkStep, 'candidateId' | 'vacancyId' | 'name'>[]) =>
      store.tx(async (sql: Queries) => {
        await sql.run("INSERT INTO bulk_jobs (id, action, vacancy_id, target, target_label, actor, actor_name, created_at, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'running')", [
          job.id,
          job.action,
          job.vacancyId,
          job.target,
          job.targetLabel,
          job.actor,
          job.actorName,
          job.createdAt,
        ])
        for (let at = 0; at < steps.length; at += SLICE) {
          const some = steps.slice(at, at + SLICE)
          await sql.run(
            `INSERT INTO bulk_steps (job_id, candidate_id, vacancy_id, name, state) VALUES ${some.map(() => "(?, ?, ?, ?, 'pending')").join(', ')}`,
            some.flatMap((s) => [job.id, s.candidateId, s.vacancyId, s.name]),
          )
        }
      }),
    async job(id: string): Promise<StoredBulkJob | null> {
      const row = await store.get<JobRow>('SELECT * FROM bulk_jobs WHERE id = ?', [id])
      return row ? jobOf(row) : null
    },
    /** A vacancy's jobs, newest first. */
    jobsOf: async (vacancyId: number, limit: number) =>
      (await store.all<JobRow>('SELECT * FROM bulk_jobs WHERE vacancy_id = ? ORDER BY created_at DESC, id DESC LIMIT ?', [vacancyId, limit])).map(jobOf),
    steps: async (id: string) => (await store.all<StepRow>('SELECT * FROM bulk_steps WHERE job_id = ? ORDER BY candidate_id', [id])).map(stepOf),
    /** Steps per state and undo state (the progress read). */
    counts: async (id: string) =>
      (await store.all<{ state: string; undo: string | null; n: number }>('SELECT state, undo, COUNT(*) AS n FROM bulk_steps WHERE job_id = ? GROUP BY state, undo', [id])).map(
        (r) => ({
          state: r.state as BulkStepState,
          undo: r.undo as BulkUndoState | null,
          n: Number(r.n),
        }),
      ),
    /** The steps that did not go through, with why (the first `limit`). */
    /** The people a job's steps wrote to (its steps done), by id, with their names. */
    doneSteps: async (id: string) =>
      new Map(
        (await store.all<{ candidate_id: number; name: string }>("SELECT candidate_id, name FROM bulk_steps WHERE job_id = ? AND state = 'done'", [id])).map((r) => [
          Number(r.candidate_id),
          r.name,
        ]),
      ),
    failures: async (id: string, limit: number) =>
      (
        await store.all<{ candidate_id: number; message: string }>(
          "SELECT candidate_id, message FROM bulk_steps WHERE job_id = ? AND message IS NOT NULL AND state IN ('failed', 'sending', 'done') ORDER BY candidate_id LIMIT ?",
          [id, limit],
        )
      ).map((r) => ({ candidateId: Number(r.candidate_id), message: r.message })),
    setStep: (id: string, candidateId: number, state: BulkStepState, extra: { prevStatus?: string; message?: string | null } = {}) =>
      store.run(`UPDATE bulk_steps SET state = ?, message = ?${extra.prevStatus !== undefined ? ', prev_status = ?' : ''} WHERE job_id = ? AND candidate_id = ?`, [
        state,
        extra.message ?? null,
        ...(extra.prevStatus !== undefined ? [extra.prevStatus] : []),
        id,
        candidateId,
      ]),
    /**
     * Marks a message step sent, if nobody did: the one decision an e-mail waits for before the
     * SMTP server may take it (plugins/mailer.ts, `commit`). False when another run of the job
     * (an instance that took it over) got there first ('taken'), or the same address already got
     * this job's message through another of its records ('same-contact'): that e-mail is then abandoned.
     */
    claimSent: async (id: string, candidateId: number, contact: string): Promise<'claimed' | 'taken' | 'same-contact'> => {
      const claimed = await store.run(
        `UPDATE bulk_steps SET state = 'done', message = NULL, contact = ? WHERE job_id = ? AND candidate_id = ? AND state IN ('pending', 'failed')
           AND NOT EXISTS (SELECT 1 FROM bulk_steps o WHERE o.job_id = ? AND o.contact = ? AND o.state = 'done')`,
        [contact, id, candidateId, id, contact],
      )
      if (claimed === 1) return 'claimed'
      const step = await store.get<{ state: string }>('SELECT state FROM bulk_steps WHERE job_id = ? AND candidate_id = ?', [id, candidateId])
      return step?.state === 'done' ? 'taken' : 'same-contact'
    },
    /** The SMTP server answered that it took the step's e-mail. */
    confirmSent: (id: string, candidateId: number) => store.run('UPDATE bulk_steps SET confirmed = 1 WHERE job_id = ? AND candidate_id = ?', [id, candidateId]),
    /**
     * E-mails marked sent by a run that died before the server's answer: said on the step (they
     * are never sent again, and may not have been delivered); how many.
     */
    markUnconfirmed: (id: string, message: (name: string) => string) =>
      store.tx(async (sql) => {
        const rows = await sql.all<{ candidate_id: number; name: string }>(
          "SELECT candidate_id, name FROM bulk_steps WHERE job_id = ? AND state = 'done' AND confirmed IS NULL AND message IS NULL",
          [id],
        )
        for (const r of rows) await sql.run('UPDATE bulk_steps SET message = ? WHERE job_id = ? AND candidate_id = ?', [message(r.name), id, r.candidate_id])
        return rows.length
      }),
    setUndo: (id: string, candidateId: number, undo: BulkUndoState, message: string | null = null) =>
      store.run('UPDATE bulk_steps SET undo = ?, message = ? WHERE job_id = ? AND candidate_id = ?', [undo, message, id, candidateId]),
    /** Marks the done steps not undone yet as to be undone; how many. */
    beginUndo: (id: string) =>
      store.tx(async (sql) => {
        const n = await sql.run("UPDATE bulk_steps SET undo = 'pending' WHERE job_id = ? AND state = 'done' AND (undo IS NULL OR undo IN ('pending', 'failed'))", [id])
        await sql.run("UPDATE bulk_jobs SET undo_status = 'running', undo_message = NULL WHERE id = ?", [id])
        return n
      }),
    finish: (id: string, status: BulkJobStatus, message: string | null) => setJob(id, { status, message }),
    /** Carried on (a new click after an interruption): running again, the steps not done as they were. */
    resume: (id: string) => setJob(id, { status: 'running', message: null }),
    finishUndo: (id: string, status: 'done' | 'failed', message: string | null) => setJob(id, { undo_status: status, undo_message: message }),
    unfinished: async () => (await store.all<JobRow>("SELECT * FROM bulk_jobs WHERE status = 'running' OR undo_status = 'running'")).map(jobOf),
    /** Jobs hold people's names: forgotten after the operator's retention, with their steps. */
    purge: (before: string) =>
      store.tx(async (sql) => {
        await sql.run('DELETE FROM bulk_steps WHERE job_id IN (SELECT id FROM bulk_jobs WHERE created_at < ?)', [before])
        return sql.run('DELETE FROM bulk_jobs WHERE created_at < ?', [before])
      }),
  }
}
export type BulkStore = Awaited<ReturnType<typeof createBulkStore>>
