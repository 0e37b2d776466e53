import { randomUUID } from 'node:crypto'
import type { InterviewMode, InterviewStatus, ReminderKind } from '@mini-vagas/shared/domain/interviews'
import type { Migration, Store } from '../../plugins/store.ts'

export const INTERVIEW_MIGRATIONS: Migration[] = [
  `CREATE TABLE IF NOT EXISTS interviews (id TEXT PRIMARY KEY, candidate_id BIGINT NOT NULL, vacancy_id BIGINT NOT NULL, company_cnpj TEXT NOT NULL,
     candidate_name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL, vacancy TEXT NOT NULL, company TEXT NOT NULL,
     mode TEXT NOT NULL, place TEXT NOT NULL, interviewer TEXT NOT NULL, duration_minutes INTEGER NOT NULL,
     status TEXT NOT NULL, starts_at BIGINT, sequence INTEGER NOT NULL, created_by TEXT NOT NULL, created_by_name TEXT NOT NULL,
     created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, legacy_write TEXT, legacy_status TEXT, legacy_message TEXT);
   CREATE INDEX IF NOT EXISTS interviews_candidate ON interviews (candidate_id);
   CREATE INDEX IF NOT EXISTS interviews_starts ON interviews (starts_at);
   CREATE INDEX IF NOT EXISTS interviews_legacy_write ON interviews (legacy_write);
   CREATE TABLE IF NOT EXISTS interview_slots (interview_id TEXT NOT NULL, slot INTEGER NOT NULL, starts_at BIGINT NOT NULL, PRIMARY KEY (interview_id, slot));
   CREATE INDEX IF NOT EXISTS interview_slots_starts ON interview_slots (starts_at);
   CREATE TABLE IF NOT EXISTS interview_reminders (interview_id TEXT NOT NULL, kind TEXT NOT NULL, due_at BIGINT NOT NULL, state TEXT NOT NULL,
     sent_at BIGINT, PRIMARY KEY (interview_id, kind));
   CREATE INDEX IF NOT EXISTS interview_reminders_due ON interview_reminders (state, due_at);`,
  // How the invitation went: the reminders go the same way where the product can send them.
  `ALTER TABLE interviews ADD COLUMN channel TEXT NOT NULL DEFAULT 'email';
   ALTER TABLE interview_reminders ADD COLUMN via TEXT;`,
  // A reminder sent through WhatsApp's Cloud API: Meta's id for it, where its delivery is followed.
  'ALTER TABLE interview_reminders ADD COLUMN wamid TEXT;',
]

export interface StoredInterview {
  id: string
  candidateId: number
  vacancyId: number
  companyCnpj: string
  candidateName: string
  email: string
  phone: string
  vacancy: string
  company: string
  mode: InterviewMode
  place: string
  interviewer: string
  durationMinutes: number
  /** How the invitation went: by e-mail, or by WhatsApp (click-to-chat). */
  channel: 'email' | 'whatsapp'
  status: InterviewStatus
  startsAt: number | null
  sequence: number
  createdBy: string
  createdByName: string
  createdAt: number
  slots: { id: number; startsAt: number }[]
}

type Row = Record<string, unknown>
const interviewOf = (r: Row, slots: { id: number; startsAt: number }[]): StoredInterview => ({
  id: String(r.id),
  candidateId: Number(r.candidate_id),
  vacancyId: Number(r.vacancy_id),
  companyCnpj: String(r.company_cnpj),
  candidateName: String(r.candidate_name),
  email: String(r.email),
  phone: String(r.phone),
  vacancy: String(r.vacancy),
  company: String(r.company),
  mode: r.mode as InterviewMode,
  place: String(r.place),
  interviewer: String(r.interviewer),
  durationMinutes: Number(r.duration_minutes),
  channel: r.channel === 'whatsapp' ? 'whatsapp' : 'email',
  status: r.status as InterviewStatus,
  startsAt: r.starts_at === null || r.starts_at === undefined ? null : Number(r.starts_at),
  sequence: Number(r.sequence),
  createdBy: String(r.created_by),
  createdByName: String(r.created_by_name),
  createdAt: Number(r.created_at),
  slots,
})

/** The interviews' tables: interviews, their proposed slots, and the reminders a confirmation schedules. */
export function createInterviewStore(store: Store, now: () => number) {
  const withSlots = async (rows: Row[]) => {
    if (rows.length === 0) return []
    const ids = rows.map((r) => String(r.id))
    const slots = await store.all<{ interview_id: string; slot: number; starts_at: number }>(
      `SELECT interview_id, slot, starts_at FROM interview_slots WHERE interview_id IN (${ids.map(() => '?').join(', ')}) ORDER BY starts_at`,
      ids,
    )
    const by = new Map<string, { id: number; startsAt: number }[]>()
    for (const s of slots) by.set(s.interview_id, [...(by.get(s.interview_id) ?? []), { id: Number(s.slot), startsAt: Number(s.starts_at) }])
    return rows.map((r) => interviewOf(r, by.get(String(r.id)) ?? []))
  }
  const one = async (id: string) => (await withSlots(await store.all('SELECT * FROM interviews WHERE id = ?', [id])))[0] ?? null

  return {
    async create(i: Omit<StoredInterview, 'id' | 'status' | 'startsAt' | 'sequence' | 'createdAt' | 'slots'>, starts: readonly number[]): Promise<StoredInterview> {
      const id = randomUUID()
      const t = now()
      await store.tx(async (sql) => {
        await sql.run(
          `INSERT INTO interviews (id, candidate_id, vacancy_id, company_cnpj, candidate_name, email, phone, vacancy, company, mode, place, interviewer,
             duration_minutes, channel, status, starts_at, sequence, created_by, created_by_name, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'proposta', NULL, 0, ?, ?, ?, ?)`,
          [
            id,
            i.candidateId,
            i.vacancyId,
            i.companyCnpj,
            i.candidateName,
            i.email,
            i.phone,
            i.vacancy,
            i.company,
            i.mode,
            i.place,
            i.interviewer,
            i.durationMinutes,
            i.channel,
            i.createdBy,
            i.createdByName,
            t,
            t,
          ],
        )
        for (const [slot, at] of starts.entries()) await sql.run('INSERT INTO interview_slots (interview_id, slot, starts_at) VALUES (?, ?, ?)', [id, slot, at])
      })
      return (await one(id))!
    },
    get: one,
    /** A new proposal replaces the candidate's earlier ones still waiting for an answer (their links then say it was cancelled). */
    supersede: async (candidateId: number, by: string) =>
      void (await store.run(
        "UPDATE interviews SET status = 'cancelada', sequence = sequence + 1, updated_at = ? WHERE candidate_id = ? AND id <> ? AND status IN ('proposta', 'remarcar')",
        [now(), candidateId, by],
      )),
    /** Forgets an interview whose invitation could not be sent (nothing half-made stays). */
    async remove(id: string) {
      await store.tx(async (sql) => {
        await sql.run('DELETE FROM interview_slots WHERE interview_id = ?', [id])
        await sql.run('DELETE FROM interview_reminders WHERE interview_id = ?', [id])
        await sql.run('DELETE FROM interviews WHERE id = ?', [id])
      })
    },
    ofCandidates: async (ids: readonly number[]) =>
      ids.length === 0 ? [] : withSlots(await store.all(`SELECT * FROM interviews WHERE candidate_id IN (${ids.map(() => '?').join(', ')}) ORDER BY created_at DESC`, [...ids])),
    /** Interviews confirmed for a time in [from, to), or proposed with a slot there; a company's only (its CNPJ) when given. */
    async between(from: number, to: number, companyCnpj: string | null) {
      const company = companyCnpj === null ? '' : ' AND i.company_cnpj = ?'
      const params = (first: unknown[]) => (companyCnpj === null ? first : [...first, companyCnpj])
      const rows = await store.all(
        `SELECT i.* FROM interviews i WHERE i.starts_at >= ? AND i.starts_at < ?${company}
         UNION SELECT i.* FROM interviews i WHERE i.status IN ('proposta', 'remarcar') AND i.id IN (SELECT interview_id FROM interview_slots WHERE starts_at >= ? AND starts_at < ?)${company}`,
        [...params([from, to]), ...params([from, to])],
      )
      const found = await withSlots(rows)
      const when = (i: StoredInterview) => i.startsAt ?? i.slots.find((s) => s.startsAt >= from)?.startsAt ?? 0
      return found.sort((a, b) => when(a) - when(b))
    },
    /**
     * Moves an interview to a status, only from one of `from` (of two answers at once, one moves it):
     * true when it moved. A confirmation sets the time, replaces the reminders and asks the legacy
     * for the interview status; anything else drops the reminders not sent yet.
     */
    async move(
      id: string,
      from: readonly InterviewStatus[],
      to: InterviewStatus,
      change: { startsAt?: number; reminders?: { kind: ReminderKind; dueAt: number }[]; legacyStatus?: string } = {},
    ): Promise<boolean> {
      return store.tx(async (sql) => {
        const sets = ['status = ?', 'sequence = sequence + 1', 'updated_at = ?']
        const params: unknown[] = [to, now()]
        if (change.startsAt !== undefined) {
          sets.push('starts_at = ?')
          params.push(change.startsAt)
        }
        if (change.legacyStatus !== undefined) {
          sets.push("legacy_write = 'pending'", 'legacy_status = ?')
          params.push(change.legacyStatus)
        }
        const moved = await sql.run(`UPDATE interviews SET ${sets.join(', ')} WHERE id = ? AND status IN (${from.map(() => '?').join(', ')})`, [...params, id, ...from])
        if (moved !== 1) return false
        await sql.run("DELETE FROM interview_reminders WHERE interview_id = ? AND state = 'pending'", [id])
        for (const r of change.reminders ?? [])
          await sql.run(
            "INSERT INTO interview_reminders (interview_id, kind, due_at, state) VALUES (?, ?, ?, 'pending') ON CONFLICT (interview_id, kind) DO UPDATE SET due_at = excluded.due_at, state = 'pending', sent_at = NULL",
            [id, r.kind, r.dueAt],
          )
        return true
      })
    },
    /** Reminders due by `at`, oldest first, with their interview. */
    async dueReminders(at: number, limit: number) {
      const rows = await store.all<{ interview_id: string; kind: ReminderKind; due_at: number }>(
        `SELECT interview_id, kind, due_at FROM interview_reminders WHERE state = 'pending' AND due_at <= ? ORDER BY due_at LIMIT ${Number(limit)}`,
        [at],
      )
      return rows.map((r) => ({ interviewId: r.interview_id, kind: r.kind, dueAt: Number(r.due_at) }))
    },
    /** Marks a reminder taken for sending, only if nobody took it: of two senders, one gets true. */
    claimReminder: async (interviewId: string, kind: ReminderKind, via: 'email' | 'whatsapp' | null) =>
      (await store.run("UPDATE interview_reminders SET state = 'sending', via = ? WHERE interview_id = ? AND kind = ? AND state = 'pending'", [via, interviewId, kind])) === 1,
    reminderEnded: async (interviewId: string, kind: ReminderKind, state: 'sent' | 'skipped' | 'failed', wamid: string | null = null) =>
      void (await store.run('UPDATE interview_reminders SET state = ?, sent_at = ?, wamid = ? WHERE interview_id = ? AND kind = ?', [state, now(), wamid, interviewId, kind])),
    reminders: async (interviewId: string) =>
      (
        await store.all<{ kind: ReminderKind; due_at: number; state: string; via: string | null; wamid: string | null }>(
          'SELECT kind, due_at, state, via, wamid FROM interview_reminders WHERE interview_id = ? ORDER BY due_at',
          [interviewId],
        )
      ).map((r) => ({
        kind: r.kind,
        dueAt: Number(r.due_at),
        state: r.state,
        via: (r.via === 'whatsapp' ? 'whatsapp' : r.via === 'email' ? 'email' : null) as 'email' | 'whatsapp' | null,
        wamid: r.wamid,
      })),
    /** The interview statuses confirmations ask the legacy for, not written yet. */
    pendingLegacyWrites: async (limit: number) =>
      store.all<{ id: string; candidate_id: number; legacy_status: string; email: string; candidate_name: string }>(
        `SELECT id, candidate_id, legacy_status, email, candidate_name FROM interviews WHERE legacy_write = 'pending' ORDER BY updated_at LIMIT ${Number(limit)}`,
      ),
    legacyWritten: async (id: string, state: 'done' | 'refused', message: string | null = null) =>
      void (await store.run('UPDATE interviews SET legacy_write = ?, legacy_message = ? WHERE id = ?', [state, message, id])),
  }
}
export type InterviewStore = ReturnType<typeof createInterviewStore>
