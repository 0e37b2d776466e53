import type { ApplyStatus, Outcome, RunStatus as SharedRunStatus, ScreenedCandidate, ScreenedVacancy, ScreeningModeName } from '@mini-vagas/shared/schemas/screening'
import type { Store } from '../../plugins/store.ts'

/**
 * Screening's tables in the BFF's store (DESIGN.md §6): runs and their drafts, each candidate's
 * verdict, and applying's steps. Migrations are appended, never edited: a store file created by
 * an older BFF is brought up to date at start.
 */
const MIGRATIONS = [
  `CREATE TABLE IF NOT EXISTS screening_runs (id TEXT PRIMARY KEY, created_by TEXT NOT NULL, mode TEXT NOT NULL, vacancy TEXT NOT NULL,
     provider TEXT NOT NULL, status TEXT NOT NULL, total INTEGER NOT NULL, done INTEGER NOT NULL DEFAULT 0, message TEXT,
     created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
   CREATE TABLE IF NOT EXISTS screening_results (run_id TEXT NOT NULL REFERENCES screening_runs(id), position INTEGER NOT NULL,
     candidate_id INTEGER NOT NULL, candidate TEXT NOT NULL, outcome TEXT, explanation TEXT, PRIMARY KEY (run_id, candidate_id));
   CREATE INDEX IF NOT EXISTS results_pending ON screening_results (run_id, outcome, position);
   CREATE TABLE IF NOT EXISTS screening_applies (run_id TEXT PRIMARY KEY REFERENCES screening_runs(id), status TEXT NOT NULL, message TEXT, updated_at TEXT NOT NULL);
   CREATE TABLE IF NOT EXISTS screening_apply_steps (run_id TEXT NOT NULL, candidate_id INTEGER NOT NULL, kind TEXT NOT NULL, position INTEGER NOT NULL,
     state TEXT NOT NULL, message TEXT, legacy_id INTEGER, PRIMARY KEY (run_id, candidate_id, kind));`,
]

/** 'draft': loaded and shown, not started (issue 12: the run screens exactly what was shown). */
export type RunStatus = 'draft' | SharedRunStatus

export interface StoredRun {
  id: string
  createdBy: string
  mode: ScreeningModeName
  /** A draft's may hold only the id it was loaded for. */
  vacancy: Partial<ScreenedVacancy>
  provider: string
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
}

/** 'skipped': not written on purpose (the person is past screening); final, with the reason. */
export type StepState = 'pending' | 'sending' | 'done' | 'failed' | 'skipped'

/** Applying a run's verdicts: one row per run, one per write (DESIGN.md §6). */
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
}

/** Screening's tables, and the store's leases (one apply job owner per run across instances). */
export interface ScreeningStore extends Pick<Store, 'takeLease' | 'releaseLease' | 'leaseHeld'> {
  /** A loaded set kept as a draft (status 'draft'), or a run screening at once. */
  createRun(
    run: Omit<StoredRun, 'done' | 'status' | 'message' | 'warning' | 'createdAt' | 'updatedAt'> & { warning?: string | null; status?: 'draft' | 'screening' },
    candidates: ScreenedCandidate[],
  ): StoredRun
  /** Turns the user's draft into a run screening for `vacancy` with `provider`; false when it is not their draft (any more). */
  startDraft(id: string, createdBy: string, start: { vacancy: ScreenedVacancy; provider: string }): boolean
  /** Forgets the user's drafts (a new load replaces them); returns how many. */
  dropDrafts(createdBy: string): number
  getRun(id: string): StoredRun | null
  /** Candidates of a run still without a verdict, in load order. */
  pending(runId: string, limit: number): StoredResult[]
  saveVerdicts(runId: string, verdicts: { candidateId: number; outcome: Outcome; explanation: string }[]): void
  finish(runId: string, status: RunStatus, message: string | null): void
  results(runId: string): StoredResult[]
  /** How many candidates of a run have each verdict (null: not screened yet), without reading them. */
  outcomeCounts(runId: string): Map<Outcome | null, number>
  unfinishedRuns(): StoredRun[]
  /** Starts (or restarts) applying: new steps are added as pending, failed ones are tried again, done ones stay done. */
  beginApply(runId: string, steps: { candidateId: number; kind: 'status' | 'forward' }[]): void
  getApply(runId: string): StoredApply | null
  steps(runId: string): StoredStep[]
  /** Apply steps counted by kind and state; `reported` counts unfinished steps that carry a failure message (a skipped step's reason is not one). */
  stepCounts(runId: string): { kind: StoredStep['kind']; state: StepState; count: number; reported: number }[]
  setStep(runId: string, step: { candidateId: number; kind: 'status' | 'forward' }, state: StepState, detail?: { message?: string | null; legacyId?: number | null }): void
  finishApply(runId: string, status: ApplyStatus, message: string | null): void
  /** Applies that were running when the BFF stopped. */
  unfinishedApplies(): StoredApply[]
  /** Forgets finished runs last touched before `before` (ISO), with their candidates; returns how many. */
  purge(before: string): number
}

export function createScreeningStore(store: Store): ScreeningStore {
  const { db, tx } = store
  store.migrate('screening', MIGRATIONS)
  // Issue 11's column (a partial load said on the run), added where a store file lacks it.
  const runColumns = new Set((db.prepare('PRAGMA table_info(screening_runs)').all() as { name: string }[]).map((c) => c.name))
  if (!runColumns.has('warning')) db.exec('ALTER TABLE screening_runs ADD COLUMN warning TEXT')
  const row = (r: Record<string, unknown>): StoredRun => ({
    id: String(r.id),
    createdBy: String(r.created_by),
    mode: r.mode === 'global' ? 'global' : 'empresa',
    vacancy: JSON.parse(String(r.vacancy)),
    provider: String(r.provider),
    status: r.status as RunStatus,
    total: Number(r.total),
    done: Number(r.done),
    message: r.message === null ? null : String(r.message),
    warning: r.warning === null || r.warning === undefined ? null : String(r.warning),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
  })
  const result = (r: Record<string, unknown>): StoredResult => ({
    candidateId: Number(r.candidate_id),
    candidate: JSON.parse(String(r.candidate)),
    outcome: r.outcome === null ? null : (String(r.outcome) as Outcome),
    explanation: r.explanation === null ? null : String(r.explanation),
  })
  const apply = (r: Record<string, unknown>): StoredApply => ({
    runId: String(r.run_id),
    status: r.status as ApplyStatus,
    message: r.message === null ? null : String(r.message),
    updatedAt: String(r.updated_at),
  })
  const getRun = db.prepare('SELECT * FROM screening_runs WHERE id = ?')
  const setVerdict = db.prepare('UPDATE screening_results SET outcome = ?, explanation = ? WHERE run_id = ? AND candidate_id = ? AND outcome IS NULL')
  const countDone = db.prepare('UPDATE screening_runs SET done = (SELECT COUNT(*) FROM screening_results WHERE run_id = ? AND outcome IS NOT NULL), updated_at = ? WHERE id = ?')
  return {
    takeLease: (name, owner, ttlMs) => store.takeLease(name, owner, ttlMs),
    releaseLease: (name, owner) => store.releaseLease(name, owner),
    leaseHeld: (name) => store.leaseHeld(name),
    createRun(run, candidates) {
      const at = new Date().toISOString()
      const insert = db.prepare('INSERT INTO screening_results (run_id, position, candidate_id, candidate) VALUES (?, ?, ?, ?)')
      tx(() => {
        db.prepare(
          'INSERT INTO screening_runs (id, created_by, mode, vacancy, provider, status, total, warning, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        ).run(run.id, run.createdBy, run.mode, JSON.stringify(run.vacancy), run.provider, run.status ?? 'screening', run.total, run.warning ?? null, at, at)
        candidates.forEach((c, i) => insert.run(run.id, i, Number(c.id), JSON.stringify(c)))
      })
      return row(getRun.get(run.id) as Record<string, unknown>)
    },
    startDraft(id, createdBy, start) {
      const changed = db
        .prepare("UPDATE screening_runs SET status = 'screening', vacancy = ?, provider = ?, created_at = ?, updated_at = ? WHERE id = ? AND created_by = ? AND status = 'draft'")
        .run(JSON.stringify(start.vacancy), start.provider, new Date().toISOString(), new Date().toISOString(), id, createdBy)
      return Number(changed.changes) === 1
    },
    dropDrafts(createdBy) {
      const drafts = "SELECT id FROM screening_runs WHERE created_by = ? AND status = 'draft'"
      return tx(() => {
        db.prepare(`DELETE FROM screening_results WHERE run_id IN (${drafts})`).run(createdBy)
        return Number(db.prepare(`DELETE FROM screening_runs WHERE id IN (${drafts})`).run(createdBy).changes)
      })
    },
    getRun: (id) => {
      const r = getRun.get(id) as Record<string, unknown> | undefined
      return r ? row(r) : null
    },
    pending: (runId, limit) =>
      (db.prepare('SELECT * FROM screening_results WHERE run_id = ? AND outcome IS NULL ORDER BY position LIMIT ?').all(runId, limit) as Record<string, unknown>[]).map(result),
    saveVerdicts(runId, verdicts) {
      tx(() => {
        // Only candidates still without a verdict are written: a resumed run never writes twice.
        for (const v of verdicts) setVerdict.run(v.outcome, v.explanation, runId, v.candidateId)
        countDone.run(runId, new Date().toISOString(), runId)
      })
    },
    finish(runId, status, message) {
      db.prepare('UPDATE screening_runs SET status = ?, message = ?, updated_at = ? WHERE id = ?').run(status, message, new Date().toISOString(), runId)
    },
    results: (runId) => (db.prepare('SELECT * FROM screening_results WHERE run_id = ? ORDER BY position').all(runId) as Record<string, unknown>[]).map(result),
    outcomeCounts: (runId) =>
      new Map(
        (db.prepare('SELECT outcome, COUNT(*) AS n FROM screening_results WHERE run_id = ? GROUP BY outcome').all(runId) as { outcome: Outcome | null; n: number }[]).map((r) => [
          r.outcome,
          Number(r.n),
        ]),
      ),
    stepCounts: (runId) =>
      (
        db
          .prepare(
            "SELECT kind, state, COUNT(*) AS n, SUM(state NOT IN ('done', 'skipped') AND message IS NOT NULL) AS reported FROM screening_apply_steps WHERE run_id = ? GROUP BY kind, state",
          )
          .all(runId) as Record<string, unknown>[]
      ).map((r) => ({
        kind: r.kind as StoredStep['kind'],
        state: r.state as StepState,
        count: Number(r.n),
        reported: Number(r.reported),
      })),
    unfinishedRuns: () => (db.prepare("SELECT * FROM screening_runs WHERE status = 'screening' ORDER BY created_at").all() as Record<string, unknown>[]).map(row),
    beginApply(runId, steps) {
      const at = new Date().toISOString()
      const insert = db.prepare("INSERT OR IGNORE INTO screening_apply_steps (run_id, candidate_id, kind, position, state) VALUES (?, ?, ?, ?, 'pending')")
      tx(() => {
        steps.forEach((step, i) => insert.run(runId, step.candidateId, step.kind, i))
        db.prepare("UPDATE screening_apply_steps SET state = 'pending', message = NULL WHERE run_id = ? AND state = 'failed'").run(runId)
        db.prepare(
          "INSERT INTO screening_applies (run_id, status, message, updated_at) VALUES (?, 'applying', NULL, ?) ON CONFLICT(run_id) DO UPDATE SET status = 'applying', message = NULL, updated_at = excluded.updated_at",
        ).run(runId, at)
      })
    },
    getApply(runId) {
      const r = db.prepare('SELECT * FROM screening_applies WHERE run_id = ?').get(runId) as Record<string, unknown> | undefined
      return r ? apply(r) : null
    },
    steps: (runId) =>
      (db.prepare('SELECT * FROM screening_apply_steps WHERE run_id = ? ORDER BY position, kind DESC').all(runId) as Record<string, unknown>[]).map((r) => ({
        candidateId: Number(r.candidate_id),
        kind: r.kind as StoredStep['kind'],
        state: r.state as StepState,
        message: r.message === null ? null : String(r.message),
        legacyId: r.legacy_id === null ? null : Number(r.legacy_id),
      })),
    setStep(runId, step, state, detail = {}) {
      db.prepare('UPDATE screening_apply_steps SET state = ?, message = ?, legacy_id = COALESCE(?, legacy_id) WHERE run_id = ? AND candidate_id = ? AND kind = ?').run(
        state,
        detail.message ?? null,
        detail.legacyId ?? null,
        runId,
        step.candidateId,
        step.kind,
      )
      db.prepare('UPDATE screening_applies SET updated_at = ? WHERE run_id = ?').run(new Date().toISOString(), runId)
    },
    finishApply(runId, status, message) {
      db.prepare('UPDATE screening_applies SET status = ?, message = ?, updated_at = ? WHERE run_id = ?').run(status, message, new Date().toISOString(), runId)
    },
    unfinishedApplies: () => (db.prepare("SELECT * FROM screening_applies WHERE status = 'applying'").all() as Record<string, unknown>[]).map(apply),
    purge(before) {
      // Finished runs untouched since `before`, unless one is still applying.
      const old = "SELECT id FROM screening_runs WHERE status != 'screening' AND updated_at < ? AND id NOT IN (SELECT run_id FROM screening_applies WHERE status = 'applying')"
      return tx(() => {
        for (const table of ['screening_apply_steps', 'screening_applies', 'screening_results']) db.prepare(`DELETE FROM ${table} WHERE run_id IN (${old})`).run(before)
        return Number(db.prepare(`DELETE FROM screening_runs WHERE id IN (${old})`).run(before).changes)
      })
    },
  }
}
