import type {
  ApplyStatus,
  CriterionEvidence,
  ResultReview,
  Outcome,
  RunStatus as SharedRunStatus,
  ScreenedCandidate,
  ScreenedVacancy,
  ScreeningModeName,
} from '@mini-vagas/shared/schemas/screening'
import type { Migration, Row, Queries, Store } from '../../plugins/store.ts'

/**
 * Screening's tables in the BFF's store (docs/screening.md): runs and their drafts, each candidate's
 * verdict, and applying's steps. Migrations are appended, never edited: a store file created by
 * an older BFF is brought up to date at start.
 */
const MIGRATIONS: Migration[] = [
  `CREATE TABLE IF NOT EXISTS screening_runs (id TEXT PRIMARY KEY, created_by TEXT NOT NULL, mode TEXT NOT NULL, vacancy TEXT NOT NULL,
     provider TEXT NOT NULL, status TEXT NOT NULL, total INTEGER NOT NULL, done INTEGER NOT NULL DEFAULT 0, message TEXT,
     created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
   CREATE TABLE IF NOT EXISTS screening_results (run_id TEXT NOT NULL REFERENCES screening_runs(id), position INTEGER NOT NULL,
     candidate_id INTEGER NOT NULL, candidate TEXT NOT NULL, outcome TEXT, explanation TEXT, PRIMARY KEY (run_id, candidate_id));
   CREATE INDEX IF NOT EXISTS results_pending ON screening_results (run_id, outcome, position);
   CREATE TABLE IF NOT EXISTS screening_applies (run_id TEXT PRIMARY KEY REFERENCES screening_runs(id), status TEXT NOT NULL, message TEXT, updated_at TEXT NOT NULL);
   CREATE TABLE IF NOT EXISTS screening_apply_steps (run_id TEXT NOT NULL, candidate_id INTEGER NOT NULL, kind TEXT NOT NULL, position INTEGER NOT NULL,
     state TEXT NOT NULL, message TEXT, legacy_id INTEGER, PRIMARY KEY (run_id, candidate_id, kind));`,
  // Each verdict's evidence per criterion; the run's model and the fields sent to it.
  `ALTER TABLE screening_results ADD COLUMN evidence TEXT;
   ALTER TABLE screening_runs ADD COLUMN model TEXT;
   ALTER TABLE screening_runs ADD COLUMN fields_sent TEXT;`,
  // A person's review of a verdict (the latest per candidate; the audit trail keeps each).
  `CREATE TABLE IF NOT EXISTS screening_reviews (run_id TEXT NOT NULL, candidate_id INTEGER NOT NULL, reviewer TEXT NOT NULL, reviewer_name TEXT NOT NULL,
     decision TEXT NOT NULL, reason TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (run_id, candidate_id));`,
  // What each status write replaced and wrote, so an apply can be undone where nobody changed it since.
  `ALTER TABLE screening_apply_steps ADD COLUMN prev_status TEXT;
   ALTER TABLE screening_apply_steps ADD COLUMN prev_obs TEXT;
   ALTER TABLE screening_apply_steps ADD COLUMN written_status TEXT;
   ALTER TABLE screening_apply_steps ADD COLUMN written_obs TEXT;
   ALTER TABLE screening_apply_steps ADD COLUMN undo_state TEXT;
   ALTER TABLE screening_apply_steps ADD COLUMN undo_message TEXT;
   CREATE TABLE IF NOT EXISTS screening_undos (run_id TEXT PRIMARY KEY, status TEXT NOT NULL, message TEXT, requested_by TEXT NOT NULL, updated_at TEXT NOT NULL);`,
  // A partial load said on the run. Stores from before this migration may have it already: it was
  // added at start outside the migrations, where two instances starting together could both add it.
  { addColumnIfMissing: { table: 'screening_runs', column: 'warning', type: 'TEXT' } },
]

/** 'draft': loaded and shown, not started (the run screens exactly what was shown). */
export type RunStatus = 'draft' | SharedRunStatus

export interface StoredRun {
  id: string
  createdBy: string
  mode: ScreeningModeName
  /** A draft's may hold only the id it was loaded for. */
  vacancy: Partial<ScreenedVacancy>
  provider: string
  /** The model that screened (null: the rules engine, or a draft). */
  model: string | null
  /** The candidate fields sent to the model, by label. */
  fieldsSent: string[]
  status: RunStatus
  total: number
  done: number
  message: string | null
  /** Said on the run from its creation: a partial load, how many of how many. */
  warning: string | null
  createdAt: string
  updatedAt: string
}

export interface StoredResult {
  candidateId: number
  candidate: ScreenedCandidate
  outcome: Outcome | null
  explanation: string | null
  evidence: CriterionEvidence[]
  /** A person's review of the verdict: their decision is what applying writes. */
  review: ResultReview | null
}

/** 'skipped': not written on purpose (the person is past screening); final, with the reason. */
export type StepState = 'pending' | 'sending' | 'done' | 'failed' | 'skipped'

/** Applying a run's verdicts: one row per run, one per write (docs/screening.md). */
export interface StoredApply {
  runId: string
  status: ApplyStatus
  message: string | null
  updatedAt: string
}

export interface StoredStep {
  candidateId: number
  kind: 'status' | 'forward'
  state: StepState
  message: string | null
  /** The legacy's id of a record the step created (a forwarded candidate). */
  legacyId: number | null
  /** A status step's write: what the record held before and what was written (null before the write). */
  write: { prevStatus: string | null; prevObs: string | null; status: string; obs: string } | null
  /** Undoing the apply: null until asked. */
  undo: UndoState | null
  undoMessage: string | null
}

/** 'kept': not undone on purpose (changed since, or a forward the legacy cannot delete); final, with the reason. */
export type UndoState = 'pending' | 'done' | 'kept' | 'failed'
export type UndoStatus = 'undoing' | 'undone' | 'failed'
export interface StoredUndo {
  runId: string
  status: UndoStatus
  message: string | null
  requestedBy: string
}

/** Screening's tables, and the store's leases (one apply job owner per run across instances). Every call is asynchronous. */
export interface ScreeningStore extends Pick<Store, 'takeLease' | 'releaseLease' | 'leaseHeld'> {
  /** A loaded set kept as a draft (status 'draft'), or a run screening at once. */
  createRun(
    run: Omit<StoredRun, 'done' | 'status' | 'message' | 'warning' | 'createdAt' | 'updatedAt' | 'model' | 'fieldsSent'> & {
      warning?: string | null
      status?: 'draft' | 'screening'
    },
    candidates: ScreenedCandidate[],
  ): Promise<StoredRun>
  /** Turns the user's draft into a run screening for `vacancy` with `provider`; false when it is not their draft (any more). */
  startDraft(id: string, createdBy: string, start: { vacancy: ScreenedVacancy; provider: string; model: string | null; fieldsSent: string[] }): Promise<boolean>
  /** Forgets the user's drafts (a new load replaces them); returns how many. */
  dropDrafts(createdBy: string): Promise<number>
  getRun(id: string): Promise<StoredRun | null>
  /** Candidates of a run still without a verdict, in load order. */
  pending(runId: string, limit: number): Promise<StoredResult[]>
  saveVerdicts(runId: string, verdicts: { candidateId: number; outcome: Outcome; explanation: string; evidence: CriterionEvidence[] }[]): Promise<void>
  finish(runId: string, status: RunStatus, message: string | null): Promise<void>
  results(runId: string): Promise<StoredResult[]>
  /** Keeps a person's review of one verdict (replacing an earlier one); false when the run has no such candidate. */
  saveReview(runId: string, candidateId: number, review: ResultReview & { byEmail: string }): Promise<boolean>
  /** How many candidates of a run have each verdict (null: not screened yet), without reading them. */
  outcomeCounts(runId: string): Promise<Map<Outcome | null, number>>
  unfinishedRuns(): Promise<StoredRun[]>
  /** Starts (or restarts) applying: new steps are added as pending, failed ones are tried again, done ones stay done. */
  beginApply(runId: string, steps: { candidateId: number; kind: 'status' | 'forward' }[]): Promise<void>
  getApply(runId: string): Promise<StoredApply | null>
  steps(runId: string): Promise<StoredStep[]>
  /** Apply steps counted by kind and state; `reported` counts unfinished steps that carry a failure message (a skipped step's reason is not one). */
  stepCounts(runId: string): Promise<{ kind: StoredStep['kind']; state: StepState; count: number; reported: number }[]>
  setStep(runId: string, step: { candidateId: number; kind: 'status' | 'forward' }, state: StepState, detail?: { message?: string | null; legacyId?: number | null }): Promise<void>
  finishApply(runId: string, status: ApplyStatus, message: string | null): Promise<void>
  /** Keeps what a status step is about to replace and write, before it writes (undo's evidence). */
  recordWrite(runId: string, candidateId: number, write: NonNullable<StoredStep['write']>): Promise<void>
  /** Starts (or retries) undoing an apply: its done steps not undone yet become pending. */
  beginUndo(runId: string, requestedBy: string): Promise<void>
  setUndo(runId: string, step: { candidateId: number; kind: 'status' | 'forward' }, state: UndoState, message?: string | null): Promise<void>
  finishUndo(runId: string, status: UndoStatus, message: string | null): Promise<void>
  getUndo(runId: string): Promise<StoredUndo | null>
  /** Applies that were running when the BFF stopped. */
  unfinishedApplies(): Promise<StoredApply[]>
  /** Forgets finished runs last touched before `before` (ISO), with their candidates; returns how many. */
  purge(before: string): Promise<number>
  /**
   * The verdicts that took part in a decision about some applications (a run applied, or a verdict
   * a person reviewed), newest first: what "Entenda a triagem" explains to the applicant.
   */
  decidedVerdicts(candidateIds: readonly number[]): Promise<DecidedVerdict[]>
  /** Runs and applies by status (the jobs' metrics). */
  jobCounts(): Promise<{ job: 'run' | 'apply'; status: string; count: number }[]>
}

export interface DecidedVerdict {
  candidateId: number
  runAt: string
  vacancy: Partial<ScreenedVacancy>
  provider: string
  model: string | null
  outcome: Outcome
  evidence: CriterionEvidence[]
  reviewedAt: string | null
}

/** Rows inserted per statement when a run's candidates are stored. */
const INSERT_BATCH = 200
const text = (v: unknown) => (v === null || v === undefined ? null : String(v))

export async function createScreeningStore(store: Store): Promise<ScreeningStore> {
  await store.migrate('screening', MIGRATIONS)
  const row = (r: Row): StoredRun => ({
    id: String(r.id),
    createdBy: String(r.created_by),
    mode: r.mode === 'global' ? 'global' : 'empresa',
    vacancy: JSON.parse(String(r.vacancy)),
    provider: String(r.provider),
    model: text(r.model),
    fieldsSent: r.fields_sent ? (JSON.parse(String(r.fields_sent)) as string[]) : [],
    status: r.status as RunStatus,
    total: Number(r.total),
    done: Number(r.done),
    message: text(r.message),
    warning: text(r.warning),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
  })
  const result = (r: Row): StoredResult => ({
    candidateId: Number(r.candidate_id),
    candidate: JSON.parse(String(r.candidate)),
    outcome: r.outcome === null ? null : (String(r.outcome) as Outcome),
    explanation: text(r.explanation),
    evidence: r.evidence ? (JSON.parse(String(r.evidence)) as CriterionEvidence[]) : [],
    review: r.review_decision ? { by: String(r.reviewer_name), decision: r.review_decision as Outcome, reason: String(r.review_reason), at: String(r.review_at) } : null,
  })
  const apply = (r: Row): StoredApply => ({ runId: String(r.run_id), status: r.status as ApplyStatus, message: text(r.message), updatedAt: String(r.updated_at) })
  const getRun = async (sql: Queries, id: string) => {
    const r = await sql.get('SELECT * FROM screening_runs WHERE id = ?', [id])
    return r ? row(r) : null
  }
  const now = () => new Date().toISOString()
  return {
    takeLease: (name, owner, ttlMs) => store.takeLease(name, owner, ttlMs),
    releaseLease: (name, owner) => store.releaseLease(name, owner),
    leaseHeld: (name) => store.leaseHeld(name),
    createRun: (run, candidates) =>
      store.tx(async (sql) => {
        const at = now()
        await sql.run(
          'INSERT INTO screening_runs (id, created_by, mode, vacancy, provider, status, total, warning, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          [run.id, run.createdBy, run.mode, JSON.stringify(run.vacancy), run.provider, run.status ?? 'screening', run.total, run.warning ?? null, at, at],
        )
        for (let from = 0; from < candidates.length; from += INSERT_BATCH) {
          const batch = candidates.slice(from, from + INSERT_BATCH)
          await sql.run(
            `INSERT INTO screening_results (run_id, position, candidate_id, candidate) VALUES ${batch.map(() => '(?, ?, ?, ?)').join(', ')}`,
            batch.flatMap((c, i) => [run.id, from + i, Number(c.id), JSON.stringify(c)]),
          )
        }
        return (await getRun(sql, run.id))!
      }),
    startDraft: async (id, createdBy, start) =>
      (await store.run(
        "UPDATE screening_runs SET status = 'screening', vacancy = ?, provider = ?, model = ?, fields_sent = ?, created_at = ?, updated_at = ? WHERE id = ? AND created_by = ? AND status = 'draft'",
        [JSON.stringify(start.vacancy), start.provider, start.model, JSON.stringify(start.fieldsSent), now(), now(), id, createdBy],
      )) === 1,
    dropDrafts: (createdBy) =>
      store.tx(async (sql) => {
        const drafts = "SELECT id FROM screening_runs WHERE created_by = ? AND status = 'draft'"
        await sql.run(`DELETE FROM screening_results WHERE run_id IN (${drafts})`, [createdBy])
        return sql.run(`DELETE FROM screening_runs WHERE id IN (${drafts})`, [createdBy])
      }),
    getRun: (id) => getRun(store, id),
    pending: async (runId, limit) =>
      (await store.all('SELECT * FROM screening_results WHERE run_id = ? AND outcome IS NULL ORDER BY position LIMIT ?', [runId, limit])).map(result),
    saveVerdicts: (runId, verdicts) =>
      store.tx(async (sql) => {
        // Only candidates still without a verdict are written: a resumed run never writes twice.
        for (const v of verdicts)
          await sql.run('UPDATE screening_results SET outcome = ?, explanation = ?, evidence = ? WHERE run_id = ? AND candidate_id = ? AND outcome IS NULL', [
            v.outcome,
            v.explanation,
            JSON.stringify(v.evidence),
            runId,
            v.candidateId,
          ])
        await sql.run('UPDATE screening_runs SET done = (SELECT COUNT(*) FROM screening_results WHERE run_id = ? AND outcome IS NOT NULL), updated_at = ? WHERE id = ?', [
          runId,
          now(),
          runId,
        ])
      }),
    async finish(runId, status, message) {
      await store.run('UPDATE screening_runs SET status = ?, message = ?, updated_at = ? WHERE id = ?', [status, message, now(), runId])
    },
    results: async (runId) =>
      (
        await store.all(
          `SELECT r.*, v.reviewer_name, v.decision AS review_decision, v.reason AS review_reason, v.at AS review_at
           FROM screening_results r LEFT JOIN screening_reviews v ON v.run_id = r.run_id AND v.candidate_id = r.candidate_id
           WHERE r.run_id = ? ORDER BY r.position`,
          [runId],
        )
      ).map(result),
    saveReview: (runId, candidateId, review) =>
      store.tx(async (sql) => {
        if (!(await sql.get('SELECT 1 AS found FROM screening_results WHERE run_id = ? AND candidate_id = ? AND outcome IS NOT NULL', [runId, candidateId]))) return false
        await sql.run(
          `INSERT INTO screening_reviews (run_id, candidate_id, reviewer, reviewer_name, decision, reason, at) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (run_id, candidate_id) DO UPDATE SET reviewer = excluded.reviewer, reviewer_name = excluded.reviewer_name, decision = excluded.decision, reason = excluded.reason, at = excluded.at`,
          [runId, candidateId, review.byEmail, review.by, review.decision, review.reason, review.at],
        )
        return true
      }),
    outcomeCounts: async (runId) =>
      new Map(
        (await store.all<{ outcome: Outcome | null; n: number }>('SELECT outcome, COUNT(*) AS n FROM screening_results WHERE run_id = ? GROUP BY outcome', [runId])).map((r) => [
          r.outcome,
          Number(r.n),
        ]),
      ),
    stepCounts: async (runId) =>
      (
        await store.all(
          "SELECT kind, state, COUNT(*) AS n, SUM(CASE WHEN state NOT IN ('done', 'skipped') AND message IS NOT NULL THEN 1 ELSE 0 END) AS reported FROM screening_apply_steps WHERE run_id = ? GROUP BY kind, state",
          [runId],
        )
      ).map((r) => ({ kind: r.kind as StoredStep['kind'], state: r.state as StepState, count: Number(r.n), reported: Number(r.reported) })),
    unfinishedRuns: async () => (await store.all("SELECT * FROM screening_runs WHERE status = 'screening' ORDER BY created_at")).map(row),
    beginApply: (runId, steps) =>
      store.tx(async (sql) => {
        for (const [i, step] of steps.entries())
          await sql.run("INSERT INTO screening_apply_steps (run_id, candidate_id, kind, position, state) VALUES (?, ?, ?, ?, 'pending') ON CONFLICT DO NOTHING", [
            runId,
            step.candidateId,
            step.kind,
            i,
          ])
        await sql.run("UPDATE screening_apply_steps SET state = 'pending', message = NULL WHERE run_id = ? AND state = 'failed'", [runId])
        await sql.run(
          "INSERT INTO screening_applies (run_id, status, message, updated_at) VALUES (?, 'applying', NULL, ?) ON CONFLICT (run_id) DO UPDATE SET status = 'applying', message = NULL, updated_at = excluded.updated_at",
          [runId, now()],
        )
      }),
    async getApply(runId) {
      const r = await store.get('SELECT * FROM screening_applies WHERE run_id = ?', [runId])
      return r ? apply(r) : null
    },
    steps: async (runId) =>
      (await store.all('SELECT * FROM screening_apply_steps WHERE run_id = ? ORDER BY position, kind DESC', [runId])).map((r) => ({
        candidateId: Number(r.candidate_id),
        kind: r.kind as StoredStep['kind'],
        state: r.state as StepState,
        message: text(r.message),
        legacyId: r.legacy_id === null ? null : Number(r.legacy_id),
        write:
          r.written_status === null || r.written_status === undefined
            ? null
            : { prevStatus: text(r.prev_status), prevObs: text(r.prev_obs), status: String(r.written_status), obs: String(r.written_obs ?? '') },
        undo: (r.undo_state ?? null) as UndoState | null,
        undoMessage: text(r.undo_message),
      })),
    setStep: (runId, step, state, detail = {}) =>
      store.tx(async (sql) => {
        await sql.run('UPDATE screening_apply_steps SET state = ?, message = ?, legacy_id = COALESCE(?, legacy_id) WHERE run_id = ? AND candidate_id = ? AND kind = ?', [
          state,
          detail.message ?? null,
          detail.legacyId ?? null,
          runId,
          step.candidateId,
          step.kind,
        ])
        await sql.run('UPDATE screening_applies SET updated_at = ? WHERE run_id = ?', [now(), runId])
      }),
    async recordWrite(runId, candidateId, write) {
      await store.run(
        "UPDATE screening_apply_steps SET prev_status = ?, prev_obs = ?, written_status = ?, written_obs = ? WHERE run_id = ? AND candidate_id = ? AND kind = 'status'",
        [write.prevStatus, write.prevObs, write.status, write.obs, runId, candidateId],
      )
    },
    beginUndo: (runId, requestedBy) =>
      store.tx(async (sql) => {
        await sql.run(
          "UPDATE screening_apply_steps SET undo_state = 'pending', undo_message = NULL WHERE run_id = ? AND state = 'done' AND (undo_state IS NULL OR undo_state = 'failed')",
          [runId],
        )
        await sql.run(
          "INSERT INTO screening_undos (run_id, status, message, requested_by, updated_at) VALUES (?, 'undoing', NULL, ?, ?) ON CONFLICT (run_id) DO UPDATE SET status = 'undoing', message = NULL, requested_by = excluded.requested_by, updated_at = excluded.updated_at",
          [runId, requestedBy, now()],
        )
      }),
    async setUndo(runId, step, state, message = null) {
      await store.run('UPDATE screening_apply_steps SET undo_state = ?, undo_message = ? WHERE run_id = ? AND candidate_id = ? AND kind = ?', [
        state,
        message,
        runId,
        step.candidateId,
        step.kind,
      ])
    },
    async finishUndo(runId, status, message) {
      await store.run('UPDATE screening_undos SET status = ?, message = ?, updated_at = ? WHERE run_id = ?', [status, message, now(), runId])
    },
    async getUndo(runId) {
      const r = await store.get('SELECT * FROM screening_undos WHERE run_id = ?', [runId])
      return r ? { runId: String(r.run_id), status: r.status as UndoStatus, message: text(r.message), requestedBy: String(r.requested_by) } : null
    },
    async finishApply(runId, status, message) {
      await store.run('UPDATE screening_applies SET status = ?, message = ?, updated_at = ? WHERE run_id = ?', [status, message, now(), runId])
    },
    unfinishedApplies: async () => (await store.all("SELECT * FROM screening_applies WHERE status = 'applying'")).map(apply),
    jobCounts: async () => [
      ...(await store.all<{ status: string; n: number }>('SELECT status, COUNT(*) AS n FROM screening_runs GROUP BY status')).map((r) => ({
        job: 'run' as const,
        status: r.status,
        count: Number(r.n),
      })),
      ...(await store.all<{ status: string; n: number }>('SELECT status, COUNT(*) AS n FROM screening_applies GROUP BY status')).map((r) => ({
        job: 'apply' as const,
        status: r.status,
        count: Number(r.n),
      })),
    ],
    async decidedVerdicts(candidateIds) {
      if (candidateIds.length === 0) return []
      const rows = await store.all<Row>(
        `SELECT r.candidate_id, r.outcome, r.evidence, u.created_at, u.vacancy, u.provider, u.model, v.at AS reviewed_at
         FROM screening_results r JOIN screening_runs u ON u.id = r.run_id
         LEFT JOIN screening_reviews v ON v.run_id = r.run_id AND v.candidate_id = r.candidate_id
         WHERE r.candidate_id IN (${candidateIds.map(() => '?').join(', ')}) AND r.outcome IS NOT NULL
           AND (v.run_id IS NOT NULL OR EXISTS (SELECT 1 FROM screening_applies a WHERE a.run_id = r.run_id))
         ORDER BY u.created_at DESC`,
        [...candidateIds],
      )
      return rows.map((r) => ({
        candidateId: Number(r.candidate_id),
        runAt: String(r.created_at),
        vacancy: JSON.parse(String(r.vacancy)) as Partial<ScreenedVacancy>,
        provider: String(r.provider),
        model: text(r.model),
        outcome: String(r.outcome) as Outcome,
        evidence: r.evidence ? (JSON.parse(String(r.evidence)) as CriterionEvidence[]) : [],
        reviewedAt: text(r.reviewed_at),
      }))
    },
    purge: (before) =>
      store.tx(async (sql) => {
        // Finished runs untouched since `before`, unless one is still applying.
        const old = "SELECT id FROM screening_runs WHERE status != 'screening' AND updated_at < ? AND id NOT IN (SELECT run_id FROM screening_applies WHERE status = 'applying')"
        for (const table of ['screening_apply_steps', 'screening_applies', 'screening_undos', 'screening_reviews', 'screening_results'])
          await sql.run(`DELETE FROM ${table} WHERE run_id IN (${old})`, [before])
        return sql.run(`DELETE FROM screening_runs WHERE id IN (${old})`, [before])
      }),
  }
}
