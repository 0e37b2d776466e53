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

/** The one way the gateway's parts call: the caller's token and place in the budget, refusals thrown. */
class Calls {
  readonly client: LegacyClient
  readonly caller: () => Caller
  readonly registerPath: string
  constructor(client: LegacyClient, caller: () => Caller, registerPath: string) {
    this.client = client
    this.caller = caller
    this.registerPath = registerPath
  }
  async call(method: UpstreamRequest['method'], path: string, options: { query?: Obj; body?: unknown; words?: FailureWords } = {}) {
    const query = options.query ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, v === undefined ? undefined : String(v)])) : undefined
    const response = await this.client.request({ method, path, ...(query ? { query } : {}), ...(options.body !== undefined ? { body: options.body } : {}), ...this.caller() })
    if (!isSuccess(response)) throw upstreamFailure(response, options.words)
    return response
  }
  read(path: string, query?: Obj, words?: FailureWords) {
    return this.call('GET', path, { ...(query ? { query } : {}), ...(words ? { words } : {}) })
  }
  /** A call whose every answer the caller reads itself (a login, a logout, a probe, the pass-through). */
  raw(request: Pick<UpstreamRequest, 'method' | 'path' | 'query' | 'body' | 'stream'>) {
    return this.client.request({ ...request, ...this.caller() })
  }
}

/** A part of the gateway (auth, users, vacancies, candidates): calls through the caller's `Calls`. */
class Part {
  protected readonly calls: Calls
  constructor(calls: Calls) {
    this.calls = calls
  }
}

const candidatePath = (id: number) => `/candidatos/${id}`
const vacancyPath = (id: number) => `/processos_seletivos/${id}`

class Auth extends Part {
  /** A login: the token and user, or why not; anything else the legacy answers is thrown as its refusal. */
  async login(cnpj: string, password: string): Promise<LoginOutcome> {
    const response = await this.calls.raw({ method: 'POST', path: '/auth/login', body: { cnpj, password } })
    if (response.status === 200 || response.status === 201) {
      const login = readLogin(response.body)
      if (!login) throw new LegacyRefusal(502, MESSAGES.upstreamDown, 'down', 'o sistema respondeu ao login sem sessão')
      return { outcome: 'ok', ...login }
    }
    if (response.status === 401 || response.status === 403) return { outcome: 'refused', message: readMessage(response.body) }
    if (response.status === 422) return { outcome: 'invalid', message: readMessage(response.body), errors: readFieldErrors(response.body) }
    throw upstreamFailure(response)
  }
  /** Ends the token at the legacy (its answer does not matter: the local session ends either way). */
  async logout(): Promise<void> {
    await this.calls.raw({ method: 'POST', path: '/auth/logout' })
  }
}

class Users extends Part {
  /** A new login (admin only at the legacy; the path is the operator's LEGACY_REGISTER_PATH). */
  async register(user: Obj): Promise<void> {
    await this.calls.call('POST', this.calls.registerPath, { body: user })
  }
}

class Vacancies extends Part {
  async list(): Promise<ListedVacancy[]> {
    return readList<ListedVacancy>((await this.calls.read('/processos_seletivos')).body)
  }
  async get(id: number): Promise<RecordRead<ListedVacancy>> {
    const answer = await this.calls.read(vacancyPath(id), undefined, VACANCY)
    return { record: readOne<ListedVacancy>(answer.body), answer }
  }
  /** Every candidate of a vacancy, in one call. */
  async candidates(id: number): Promise<CandidateRow[]> {
    return readList<CandidateRow>((await this.calls.read(`${vacancyPath(id)}/candidatos`, undefined, VACANCY)).body)
  }
  async create(fields: Obj): Promise<ListedVacancy | null> {
    return sameRecord<ListedVacancy & Obj>(await this.calls.call('POST', '/processos_seletivos', { body: fields, words: VACANCY }), null)
  }
  async update(id: number, fields: Obj): Promise<ListedVacancy | null> {
    return sameRecord<ListedVacancy & Obj>(await this.calls.call('PUT', vacancyPath(id), { body: fields, words: VACANCY }), id)
  }
}

class Candidates extends Part {
  async get(id: number): Promise<RecordRead<CandidateRow>> {
    const answer = await this.calls.read(candidatePath(id), undefined, CANDIDATE)
    return { record: readOne<CandidateRow>(answer.body), answer }
  }
  /** One page (20) of every candidate registered in the range. */
  async page(page: number, dates: Dates = {}) {
    return readPage<CandidateRow>((await this.calls.read('/candidatos', { ...dates, page })).body)
  }
  async statusCounts(dates: Dates = {}) {
    return readStatusCounts((await this.calls.read('/candidatos/status-quantidades', { ...dates })).body)
  }
  /** The legacy's advanced search (name, e-mail, company…), unpaged. */
  async search(text: string, dates: Dates = {}) {
    return readList<CandidateRow>((await this.calls.read('/candidatos/busca-avancada', { nome: text, ...dates })).body)
  }
  /** Everyone with a status ('' for those without one), unpaged. */
  async withStatus(status: string, dates: Dates = {}) {
    return readList<CandidateRow>((await this.calls.read(status === '' ? '/candidatos/sem-status' : `/candidatos/status/${encodeURIComponent(status)}`, { ...dates })).body)
  }
  /** The report rows (one per candidate registered in the range). */
  async report(dates: Dates) {
    return readList<Obj>((await this.calls.read('/excel_relatorio', { ...dates })).body)
  }
  async setStatus(id: number, status: string, obs?: string | null): Promise<CandidateRow | null> {
    return sameRecord<CandidateRow>(await this.calls.call('PUT', candidatePath(id), { body: obs === undefined ? { status } : { status, obs }, words: CANDIDATE }), id)
  }
  async saveNote(id: number, observacao: string | null): Promise<CandidateRow | null> {
    return sameRecord<CandidateRow>(await this.calls.call('POST', `${candidatePath(id)}/observacao`, { body: { observacao }, words: CANDIDATE }), id)
  }
  async update(id: number, fields: Obj): Promise<CandidateRow | null> {
    return sameRecord<CandidateRow>(await this.calls.call('PUT', candidatePath(id), { body: fields, words: CANDIDATE }), id)
  }
  /** A new record: an application, or a person sent to another vacancy. */
  async create(fields: Obj): Promise<CandidateRow | null> {
    return sameRecord<CandidateRow>(await this.calls.call('POST', '/candidatos', { body: fields, words: VACANCY }), null)
  }
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
 * Classes, not closures: one is built per request, on the pass-through's hot path too.
 */
export class LegacyGateway {
  readonly auth: Auth
  readonly users: Users
  readonly vacancies: Vacancies
  readonly candidates: Candidates
  private readonly calls: Calls
  constructor(client: LegacyClient, caller: () => Caller, { registerPath = '/auth/register' }: { registerPath?: string } = {}) {
    this.calls = new Calls(client, caller, registerPath)
    this.auth = new Auth(this.calls)
    this.users = new Users(this.calls)
    this.vacancies = new Vacancies(this.calls)
    this.candidates = new Candidates(this.calls)
  }

  /** The legacy's public list (only vacancies it shows). */
  async publicVacancies(): Promise<Obj[]> {
    return readList<Obj>((await this.calls.read('/vagas-publicas')).body)
  }

  /** Whether the legacy answers at all: 'ok', or what it answered instead (the readiness probe). */
  async probe(): Promise<string> {
    const response = await this.calls.raw({ method: 'GET', path: '/vagas-publicas' })
    return response.status >= 500 ? `status ${response.status}` : 'ok'
  }

  /**
   * The pass-through's one call: an allow-listed request of another client of the legacy, sent
   * on as it came (its path already matched the allow-list); a success is answered as received
   * (streamed when large), a refusal thrown as any other.
   */
  async passOn(request: Pick<UpstreamRequest, 'method' | 'path' | 'query' | 'body' | 'stream'>): Promise<UpstreamResponse> {
    const response = await this.calls.raw(request)
    if (!isSuccess(response)) throw upstreamFailure(response, { notFound: 'Registro não encontrado.' })
    return response
  }
}
