import type { FastifyRequest } from 'fastify'
import { cnpjDigits } from '@mini-vagas/shared/domain/cnpj'
import type { ListedCandidate } from '@mini-vagas/shared/schemas/candidates'
import type { ListedVacancy } from '@mini-vagas/shared/schemas/vacancy'
import type { UpstreamResponse } from './client.ts'
import type { SessionData } from '../plugins/session-seal.ts'
import { HttpError, MESSAGES } from '../lib/http-error.ts'
import type { LegacyGateway, RecordRead } from './gateway.ts'

type Obj = Record<string, unknown>

/** The session, or 401; with roles, 403 for any other role. */
export function sessionOf(request: FastifyRequest, ...roles: ('admin' | 'company')[]): SessionData {
  const session = request.session
  if (!session) throw new HttpError(401, MESSAGES.noSession)
  if (roles.length > 0 && !roles.includes(session.user.role)) throw new HttpError(403, MESSAGES.forbidden)
  return session
}

/** A company owns a vacancy whose CNPJ is its own (docs/architecture.md). Admins own everything. */
export function canSee(session: SessionData, vacancy: Obj | null): boolean {
  if (!vacancy) return false
  return session.user.role === 'admin' || cnpjDigits(String(vacancy.cnpj ?? '')) === session.user.cnpj
}

/** Every vacancy the session may see. */
export async function visibleVacancies(legacy: LegacyGateway, session: SessionData): Promise<ListedVacancy[]> {
  return (await legacy.vacancies.list()).filter((v) => canSee(session, v as unknown as Obj))
}

/** Whether a record's read ended in the legacy saying it is gone or not this session's (404, 403), not in a failure that may pass. */
export const refusedForGood = (error: unknown): boolean => error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 403)

/**
 * The records a path's `:id` names — a vacancy, or a candidate and its vacancy — read at most
 * once per request, each with the legacy's answer as received. Reading the vacancy is the
 * ownership check (docs/architecture.md): 403 when the session may not see it, 404 when it does not
 * exist. Both doors use it: the `/bff` routes' declared access (`request.owned`) and the
 * pass-through's company scopes.
 */
export interface OwnedRecords {
  vacancy(): Promise<ListedVacancy>
  candidate(): Promise<ListedCandidate>
  /** The legacy's answer to the read of the path's own record (to pass on as received). */
  answer(): Promise<UpstreamResponse>
  /** The candidate when this request already read it (a company's ownership check), else null: never a read of its own. */
  candidateIfRead(): Promise<ListedCandidate | null>
}

export function pathRecords(request: FastifyRequest, scope: 'vacancy' | 'candidate', id: string): OwnedRecords {
  const session = () => sessionOf(request)
  const found = <T>(read: RecordRead<T>, missing: string, check?: (record: T) => void) => {
    if (!read.record) throw new HttpError(404, missing)
    check?.(read.record)
    return { response: read.answer, record: read.record }
  }
  let vacancy: Promise<{ response: UpstreamResponse; record: ListedVacancy }> | null = null
  let candidate: Promise<{ response: UpstreamResponse; record: ListedCandidate }> | null = null
  const readVacancy = (vacancyId: number) =>
    (vacancy ??= request.legacy.vacancies.get(vacancyId).then((read) =>
      found(read, 'Vaga não encontrada.', (record) => {
        if (!canSee(session(), record as unknown as Obj)) throw new HttpError(403, MESSAGES.forbidden)
      }),
    ))
  const readCandidate = () => (candidate ??= request.legacy.candidates.get(Number(id)).then((read) => found<ListedCandidate>(read, 'Candidato não encontrado.')))
  const candidatesVacancy = async () => {
    const vacancyId = String((await readCandidate()).record.job_posting_id ?? '')
    if (/^[1-9]\d{0,14}$/.test(vacancyId)) return readVacancy(Number(vacancyId))
    throw session().user.role === 'admin' ? new HttpError(404, 'Vaga não encontrada.') : new HttpError(403, MESSAGES.forbidden)
  }
  return {
    vacancy: async () => (await (scope === 'vacancy' ? readVacancy(Number(id)) : candidatesVacancy())).record,
    candidate: async () => (await readCandidate()).record,
    answer: async () => (await (scope === 'vacancy' ? readVacancy(Number(id)) : readCandidate())).response,
    candidateIfRead: async () => (candidate ? (await candidate).record : null),
  }
}
