import type { FastifyRequest } from 'fastify'
import { cnpjDigits } from '@mini-vagas/shared/domain/cnpj'
import type { ListedCandidate } from '@mini-vagas/shared/schemas/candidates'
import type { ListedVacancy } from '@mini-vagas/shared/schemas/vacancy'
import type { HttpClient, UpstreamResponse } from './client.ts'
import type { SessionData } from '../plugins/session-seal.ts'
import { HttpError, MESSAGES } from '../lib/http-error.ts'
import { readList, readOne } from './readers.ts'
import { isSuccess, upstreamFailure } from './errors.ts'

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

/** GET one legacy record with the session's token; non-2xx become the browser's error. */
export async function legacyGet(legacy: HttpClient, path: string, session: SessionData, request: FastifyRequest, query?: Record<string, string | undefined>) {
  const response = await legacy.request({ method: 'GET', path, ...(query ? { query } : {}), token: session.token, requestId: request.id })
  if (!isSuccess(response)) throw upstreamFailure(response, { notFound: 'Registro não encontrado.' })
  return response
}

/** Every vacancy the session may see. */
export async function visibleVacancies(legacy: HttpClient, session: SessionData, request: FastifyRequest): Promise<Obj[]> {
  return readList<Obj>((await legacyGet(legacy, '/processos_seletivos', session, request)).body).filter((v) => canSee(session, v))
}

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

export function pathRecords(legacy: HttpClient, request: FastifyRequest, scope: 'vacancy' | 'candidate', id: string): OwnedRecords {
  const session = () => sessionOf(request)
  const read = <T>(path: string, missing: string, check?: (record: T) => void) =>
    legacyGet(legacy, path, session(), request).then((response) => {
      const record = readOne<T>(response.body)
      if (!record) throw new HttpError(404, missing)
      check?.(record)
      return { response, record }
    })
  let vacancy: ReturnType<typeof read<ListedVacancy>> | null = null
  let candidate: ReturnType<typeof read<ListedCandidate>> | null = null
  const readVacancy = (vacancyId: string) =>
    (vacancy ??= read<ListedVacancy>(`/processos_seletivos/${vacancyId}`, 'Vaga não encontrada.', (record) => {
      if (!canSee(session(), record)) throw new HttpError(403, MESSAGES.forbidden)
    }))
  const readCandidate = () => (candidate ??= read<ListedCandidate>(`/candidatos/${id}`, 'Candidato não encontrado.'))
  const candidatesVacancy = async () => {
    const vacancyId = String((await readCandidate()).record.job_posting_id ?? '')
    if (/^[1-9]\d{0,14}$/.test(vacancyId)) return readVacancy(vacancyId)
    throw session().user.role === 'admin' ? new HttpError(404, 'Vaga não encontrada.') : new HttpError(403, MESSAGES.forbidden)
  }
  return {
    vacancy: async () => (await (scope === 'vacancy' ? readVacancy(id) : candidatesVacancy())).record,
    candidate: async () => (await readCandidate()).record,
    answer: async () => (await (scope === 'vacancy' ? readVacancy(id) : readCandidate())).response,
    candidateIfRead: async () => (candidate ? (await candidate).record : null),
  }
}
