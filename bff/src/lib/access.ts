import type { FastifyRequest } from 'fastify'
import { cnpjDigits } from '@mini-vagas/shared/domain/cnpj'
import type { HttpClient } from '../plugins/legacy-client.ts'
import type { SessionData } from '../plugins/session-seal.ts'
import { HttpError, MESSAGES } from './http-error.ts'
import { readList, readOne } from './legacy-readers.ts'
import { isSuccess, upstreamFailure } from './upstream.ts'

type Obj = Record<string, unknown>

/** The session, or 401; with roles, 403 for any other role. */
export function sessionOf(request: FastifyRequest, ...roles: ('admin' | 'company')[]): SessionData {
  const session = request.session
  if (!session) throw new HttpError(401, MESSAGES.noSession)
  if (roles.length > 0 && !roles.includes(session.user.role)) throw new HttpError(403, MESSAGES.forbidden)
  return session
}

/** A company owns a vacancy whose CNPJ is its own (DESIGN.md §5). Admins own everything. */
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

/** A vacancy the session may see, or 403/404. */
export async function visibleVacancy(legacy: HttpClient, id: number | string, session: SessionData, request: FastifyRequest): Promise<Obj> {
  const vacancy = readOne<Obj>((await legacyGet(legacy, `/processos_seletivos/${id}`, session, request)).body)
  if (!vacancy) throw new HttpError(404, 'Vaga não encontrada.')
  if (!canSee(session, vacancy)) throw new HttpError(403, MESSAGES.forbidden)
  return vacancy
}

/** Every vacancy the session may see. */
export async function visibleVacancies(legacy: HttpClient, session: SessionData, request: FastifyRequest): Promise<Obj[]> {
  return readList<Obj>((await legacyGet(legacy, '/processos_seletivos', session, request)).body).filter((v) => canSee(session, v))
}
