import type { LegacyWrite } from './plugin.ts'
import { readOne } from './readers.ts'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A successful write to a candidate, as its listeners need it. */
export interface CandidateWrite {
  /** The record written; null for a new record whose answer carries none. */
  id: number | null
  /** The record as it now stands: the legacy's answer, else (when it answered none) the id and what was sent. */
  record: Obj | null
  /** The vacancy it belongs to, when the answer or the body says. */
  vacancyId: number | null
}

/**
 * Reads a write to the legacy as a write to a candidate (`POST /candidatos`, `PUT /candidatos/:id`,
 * `POST /candidatos/:id/observacao`), or null for any other write. One reading for every listener
 * — the list cache, a running apply — so they agree on what a write changed.
 */
export function candidateWrite(write: Pick<LegacyWrite, 'path' | 'body' | 'answer'>): CandidateWrite | null {
  const match = /^\/candidatos(?:\/(\d+)(\/observacao)?)?$/.exec(write.path)
  if (!match) return null
  const answered = readOne<Obj>(write.answer.body)
  const sent = isObj(write.body) ? write.body : null
  const id = match[1] ? Number(match[1]) : Number(answered?.id) || null
  const fromBody: Obj | null = id !== null && sent ? { id, ...(match[2] ? { obs: sent.observacao } : sent) } : null
  const record = answered && (id === null || Number(answered.id) === id) ? answered : fromBody
  const vacancy = Number(record?.job_posting_id ?? sent?.job_posting_id)
  return { id, record, vacancyId: Number.isSafeInteger(vacancy) && vacancy > 0 ? vacancy : null }
}
