import type { ListedCandidate } from '@mini-vagas/shared/schemas/candidates'
import type { ListedVacancy } from '@mini-vagas/shared/schemas/vacancy'
import type { CallPriority, LegacyClient } from './budget.ts'
import type { UpstreamRequest, UpstreamResponse } from './client.ts'
import { MESSAGES } from '../lib/http-error.ts'
import { isSuccess, LegacyRefusal, upstreamFailure, type FailureWords } from './errors.ts'
import { readList, readLogin, readMessage, readFieldErrors, readOne, readPage, readStatusCounts } from './readers.ts'

type Obj = Record<string, unknown>
export type CandidateRow = ListedCandidate & Obj
/** A date range as the legacy filters it (YYYY-MM-DD; either end may be open). */
export interface Dates {
  start_date?: string | undefined
  end_date?: string | undefined
}

/** Who a call is for: the token it carries and its place in that token's budget. */
export interface Caller {
  /** The legacy token (from the session, or held by a job); none for public calls. */
  token?: string | undefined
  requestId?: string | undefined
  /** 'person' (the default), 'bulk' (a read a person waits on) or 'job' (background work). */
  priority?: CallPriority
  /** For a job: told how long it will wait after a 429. */
  onWait?: (seconds: number) => void
}

/** A record read by id, with the legacy's answer as received (the pass-through sends it on). */
export interface RecordRead<T> {
  record: T | null
  answer: UpstreamResponse
}

export type LoginOutcome =
  | { outcome: 'ok'; token: string; user: Obj }
  /** Wrong CNPJ or password (the legacy's message, if it gave one). */
  | { outcome: 'refused'; message: string | null }
  /** Fields the legacy would not take. */
  | { outcome: 'invalid'; message: string | null; errors: Record<string, string[]> }

const CANDIDATE: FailureWords = { notFound: 'Candidato não encontrado.', missing: 'candidato não encontrado no sistema' }
const VACANCY: FailureWords = { notFound: 'Vaga não encontrada.', missing: 'vaga não encontrada no sistema' }

/** The answered record when it is the one written (a write may answer none, or something else). */
function sameRecord<T extends Obj>(answer: UpstreamResponse, id: number | null): T | null {
  const record = readOne<T>(answer.body)
  const answeredId = Number(record?.id)
  if (!record || !Number.isSafeInteger(answeredId) || answeredId <= 0) return null
  return id === null || answeredId === id ? record : null
}

/**
 * The legacy API in the product's words: every path, query and body it takes is built here and
 * nowhere else, every answer is decoded here, and every refusal becomes a `LegacyRefusal` (the
 * browser's error, with a `kind` callers decide on). Reads answer records; writes answer the record
 * the legacy sent back, or null when it sent none (its known contract does not promise one).
 *
 * Bound to a caller: `request.legacy` for a person's request (the session's token), and
 * `app.legacyFor(caller)` for a job holding its own token. Every call draws from the token's
 * budget (budget.ts) and every successful write is announced once as a typed event (writes.ts).
 */
export function createGateway(client: LegacyClient, caller: () => Caller, { registerPath = '/auth/register' }: { registerPath?: string } = {}) {
  async function call(method: UpstreamRequest['method'], path: string, options: { query?: Obj; body?: unknown; words?: FailureWords } = {}) {
    const query = options.query ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, v === undefined ? undefined : String(v)])) : undefined
    const response = await client.request({ method, path, ...(query ? { query } : {}), ...(options.body !== undefined ? { body: options.body } : {}), ...caller() })
    if (!isSuccess(response)) throw upstreamFailure(response, options.words)
    return response
  }
  const read = (path: string, query?: Obj, words?: FailureWords) => call('GET', path, { ...(query ? { query } : {}), ...(words ? { words } : {}) })
  const candidate = (id: number) => `/candidatos/${id}`
  const vacancy = (id: number) => `/processos_seletivos/${id}`

  return {
    auth: {
      /** A login: the token and user, or why not; anything else the legacy answers is thrown as its refusal. */
      async login(cnpj: string, password: string): Promise<LoginOutcome> {
        const response = await client.request({ method: 'POST', path: '/auth/login', body: { cnpj, password }, ...caller() })
        if (response.status === 200 || response.status === 201) {
          const login = readLogin(response.body)
          if (!login) throw new LegacyRefusal(502, MESSAGES.upstreamDown, 'down', 'o sistema respondeu ao login sem sessão')
          return { outcome: 'ok', ...login }
        }
        if (response.status === 401 || response.status === 403) return { outcome: 'refused', message: readMessage(response.body) }
        if (response.status === 422) return { outcome: 'invalid', message: readMessage(response.body), errors: readFieldErrors(response.body) }
        throw upstreamFailure(response)
      },
      /** Ends the token at the legacy (its answer does not matter: the local session ends either way). */
      async logout(): Promise<void> {
        await client.request({ method: 'POST', path: '/auth/logout', ...caller() })
      },
    },

    users: {
      /** A new login (admin only at the legacy). */
      register: async (user: Obj): Promise<void> => void (await call('POST', registerPath, { body: user })),
    },

    /** The legacy's public list (only vacancies it shows). */
    publicVacancies: async (): Promise<Obj[]> => readList<Obj>((await read('/vagas-publicas')).body),

    /** Whether the legacy answers at all: 'ok', or what it answered instead (the readiness probe). */
    async probe(): Promise<string> {
      const response = await client.request({ method: 'GET', path: '/vagas-publicas', ...caller() })
      return response.status >= 500 ? `status ${response.status}` : 'ok'
    },

    vacancies: {
      list: async (): Promise<ListedVacancy[]> => readList<ListedVacancy>((await read('/processos_seletivos')).body),
      async get(id: number): Promise<RecordRead<ListedVacancy>> {
        const answer = await read(vacancy(id), undefined, VACANCY)
        return { record: readOne<ListedVacancy>(answer.body), answer }
      },
      /** Every candidate of a vacancy, in one call. */
      candidates: async (id: number): Promise<CandidateRow[]> => readList<CandidateRow>((await read(`${vacancy(id)}/candidatos`, undefined, VACANCY)).body),
      create: async (fields: Obj): Promise<ListedVacancy | null> =>
        sameRecord<ListedVacancy & Obj>(await call('POST', '/processos_seletivos', { body: fields, words: VACANCY }), null),
      update: async (id: number, fields: Obj): Promise<ListedVacancy | null> =>
        sameRecord<ListedVacancy & Obj>(await call('PUT', vacancy(id), { body: fields, words: VACANCY }), id),
    },

    candidates: {
      async get(id: number): Promise<RecordRead<CandidateRow>> {
        const answer = await read(candidate(id), undefined, CANDIDATE)
        return { record: readOne<CandidateRow>(answer.body), answer }
      },
      /** One page (20) of every candidate registered in the range. */
      page: async (page: number, dates: Dates = {}) => readPage<CandidateRow>((await read('/candidatos', { ...dates, page })).body),
      statusCounts: async (dates: Dates = {}) => readStatusCounts((await read('/candidatos/status-quantidades', { ...dates })).body),
      /** The legacy's advanced search (name, e-mail, company…), unpaged. */
      search: async (text: string, dates: Dates = {}) => readList<CandidateRow>((await read('/candidatos/busca-avancada', { nome: text, ...dates })).body),
      /** Everyone with a status ('' for those without one), unpaged. */
      withStatus: async (status: string, dates: Dates = {}) =>
        readList<CandidateRow>((await read(status === '' ? '/candidatos/sem-status' : `/candidatos/status/${encodeURIComponent(status)}`, { ...dates })).body),
      /** The report rows (one per candidate registered in the range). */
      report: async (dates: Dates) => readList<Obj>((await read('/excel_relatorio', { ...dates })).body),

      setStatus: async (id: number, status: string, obs?: string | null): Promise<CandidateRow | null> =>
        sameRecord<CandidateRow>(await call('PUT', candidate(id), { body: obs === undefined ? { status } : { status, obs }, words: CANDIDATE }), id),
      saveNote: async (id: number, observacao: string | null): Promise<CandidateRow | null> =>
        sameRecord<CandidateRow>(await call('POST', `${candidate(id)}/observacao`, { body: { observacao }, words: CANDIDATE }), id),
      update: async (id: number, fields: Obj): Promise<CandidateRow | null> => sameRecord<CandidateRow>(await call('PUT', candidate(id), { body: fields, words: CANDIDATE }), id),
      /** A new record: an application, or a person sent to another vacancy. */
      create: async (fields: Obj): Promise<CandidateRow | null> => sameRecord<CandidateRow>(await call('POST', '/candidatos', { body: fields, words: VACANCY }), null),
    },

    /**
     * The pass-through's one call: an allow-listed request of another client of the legacy, sent
     * on as it came (its path already matched the allow-list); a success is answered as received
     * (streamed when large), a refusal thrown as any other.
     */
    async passOn(request: Pick<UpstreamRequest, 'method' | 'path' | 'query' | 'body' | 'stream'>): Promise<UpstreamResponse> {
      const response = await client.request({ ...request, ...caller() })
      if (!isSuccess(response)) throw upstreamFailure(response, { notFound: 'Registro não encontrado.' })
      return response
    },
  }
}
export type LegacyGateway = ReturnType<typeof createGateway>
