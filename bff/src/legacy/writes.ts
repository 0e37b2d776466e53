import type { UpstreamRequest, UpstreamResponse } from './client.ts'
import { readOne } from './readers.ts'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A successful write to the legacy as it was sent and answered (the raw material of an event). */
export interface LegacyWrite {
  method: UpstreamRequest['method']
  /** The legacy path written, e.g. `/candidatos/12/observacao`. */
  path: string
  /** The body sent. */
  body: unknown
  /** The legacy's answer (read whole: writes are never streamed). */
  answer: UpstreamResponse
}

/** A successful write to a candidate, as its listeners need it. */
export interface CandidateWrite {
  /** The record written; null for a new record whose answer carries none. */
  id: number | null
  /** The record as it now stands: the legacy's answer, else (when it answered none) the id and what was sent. */
  record: Obj | null
  /** True when `record` is the legacy's own answer (a whole row), false when it was rebuilt from what was sent. */
  answered: boolean
  /** The vacancy it belongs to, when the answer or the body says. */
  vacancyId: number | null
}

/**
 * Every write to the legacy, announced once, typed: what the caches, the dashboard and a running
 * apply listen to, whoever wrote it (a route, the pass-through, a job). A candidate's write says
 * what changed: a new record ('created', an application or a forward), its status, only its note,
 * or other fields ('edit'). Logins and logouts are no event.
 */
export type LegacyEvent =
  ({ kind: 'candidate'; change: 'created' | 'status' | 'note' | 'edit' } & CandidateWrite) | { kind: 'vacancy'; change: 'created' | 'edit'; id: number | null; record: Obj | null }

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
  const whole = answered !== null && (id === null || Number(answered.id) === id)
  const record = whole ? answered : fromBody
  const vacancy = Number(record?.job_posting_id ?? sent?.job_posting_id)
  return { id, record, answered: whole, vacancyId: Number.isSafeInteger(vacancy) && vacancy > 0 ? vacancy : null }
}

/** The event a successful write is, or null for a write nobody keeps anything of (login, logout). */
export function legacyEvent(write: LegacyWrite): LegacyEvent | null {
  const candidate = candidateWrite(write)
  if (candidate) {
    const fields = isObj(write.body) ? Object.keys(write.body) : []
    const change =
      write.method === 'POST' && !write.path.endsWith('/observacao')
        ? 'created'
        : write.path.endsWith('/observacao') || (fields.length > 0 && fields.every((f) => f === 'obs'))
          ? 'note'
          : fields.includes('status')
            ? 'status'
            : 'edit'
    return { kind: 'candidate', change, ...candidate }
  }
  const vacancy = /^\/processos_seletivos(?:\/(\d+))?$/.exec(write.path)
  if (vacancy) {
    const answered = readOne<Obj>(write.answer.body)
    const id = vacancy[1] ? Number(vacancy[1]) : Number(answered?.id) || null
    return { kind: 'vacancy', change: vacancy[1] ? 'edit' : 'created', id, record: answered && (id === null || Number(answered.id) === id) ? answered : null }
  }
  return null
}
