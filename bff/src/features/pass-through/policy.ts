import { Type, type TSchema } from 'typebox'
import { COMPANY_SIDE_STATUSES } from '@mini-vagas/shared/constants/candidate-statuses'
import { CandidateApplication, CandidateUpdate } from '@mini-vagas/shared/schemas/candidate'
import { BlockText } from '@mini-vagas/shared/schemas/text'
import { VacancyInput } from '@mini-vagas/shared/schemas/vacancy'

/**
 * The pass-through policy (docs/architecture.md): the only method+path pairs the browser may call under
 * /api, who may call each, what query keys and body pass, and how company users are limited.
 * Anything not here — including every /api/auth/* path — reaches nothing.
 */
export type CompanyScope =
  /** The path's :id is a vacancy; it must carry the company's CNPJ. */
  | 'own-vacancy'
  /** The path's :id is a candidate; its vacancy must carry the company's CNPJ. */
  | 'own-candidate'
  /** A vacancy list: the answer is filtered to the company's vacancies. */
  | 'vacancy-list'

export interface PassThroughRule {
  name: string
  method: 'GET' | 'POST' | 'PUT'
  /** Matched against the raw path after /api; named groups are the path parameters. */
  pattern: RegExp
  /** The path names one record (its :id) and nothing under it: a company's scope check has already read it. */
  ownRecord?: true
  query?: readonly string[]
  /** 'public', or staff: admin always, company only with a scope. */
  access: 'public' | { company?: CompanyScope }
  body?: TSchema
  /** A narrower body for company users. */
  companyBody?: TSchema
  /** Reshapes a successful answer (the public list drops hidden vacancies and private fields). */
  shape?: 'public-vacancies'
  /** The answer holds candidates (one or a list): a company reads them without the agency's screening notes. */
  candidates?: 'one' | 'list'
  /** The body field carrying a candidate's observation (the path's :id): what the writer was not shown is kept. */
  observation?: 'observacao' | 'obs'
}

const DATES = ['start_date', 'end_date'] as const
const Observation = Type.Object({ observacao: Type.Union([BlockText(5000), Type.Null()]) })
const CompanyCandidateUpdate = Type.Object(
  {
    status: Type.Optional(Type.Union(COMPANY_SIDE_STATUSES.map((s) => Type.Literal(s)))),
    obs: Type.Optional(Type.Union([BlockText(5000), Type.Null()])),
  },
  { additionalProperties: false, minProperties: 1 },
)

export const PASS_THROUGH_RULES: readonly PassThroughRule[] = [
  { name: 'public vacancy list', method: 'GET', pattern: /^\/vagas-publicas$/, access: 'public', shape: 'public-vacancies' },
  { name: 'vacancy list', method: 'GET', pattern: /^\/processos_seletivos$/, access: { company: 'vacancy-list' } },
  {
    name: 'one vacancy',
    method: 'GET',
    pattern: /^\/processos_seletivos\/(?<id>[1-9]\d{0,14})$/,
    access: { company: 'own-vacancy' },
    ownRecord: true,
  },
  { name: 'create vacancy', method: 'POST', pattern: /^\/processos_seletivos$/, access: {}, body: VacancyInput },
  {
    name: 'update vacancy',
    method: 'PUT',
    pattern: /^\/processos_seletivos\/(?<id>[1-9]\d{0,14})$/,
    access: {},
    body: VacancyInput,
  },
  {
    name: 'candidates of a vacancy',
    method: 'GET',
    pattern: /^\/processos_seletivos\/(?<id>[1-9]\d{0,14})\/candidatos$/,
    access: { company: 'own-vacancy' },
    candidates: 'list',
  },
  { name: 'candidate pages', method: 'GET', pattern: /^\/candidatos$/, query: ['page', ...DATES], access: {} },
  { name: 'status counts', method: 'GET', pattern: /^\/candidatos\/status-quantidades$/, query: DATES, access: {} },
  { name: 'candidates without status', method: 'GET', pattern: /^\/candidatos\/sem-status$/, query: DATES, access: {} },
  { name: 'advanced search', method: 'GET', pattern: /^\/candidatos\/busca-avancada$/, query: ['nome', ...DATES], access: {} },
  {
    name: 'candidates by status',
    method: 'GET',
    pattern: /^\/candidatos\/status\/(?<status>[a-z_]{1,40})$/,
    query: DATES,
    access: {},
  },
  {
    name: 'one candidate',
    method: 'GET',
    pattern: /^\/candidatos\/(?<id>[1-9]\d{0,14})$/,
    access: { company: 'own-candidate' },
    ownRecord: true,
    candidates: 'one',
  },
  {
    name: 'update candidate',
    method: 'PUT',
    pattern: /^\/candidatos\/(?<id>[1-9]\d{0,14})$/,
    access: { company: 'own-candidate' },
    body: CandidateUpdate,
    companyBody: CompanyCandidateUpdate,
    observation: 'obs',
  },
  { name: 'forward candidate', method: 'POST', pattern: /^\/candidatos$/, access: {}, body: CandidateApplication },
  {
    name: 'candidate observation',
    method: 'POST',
    pattern: /^\/candidatos\/(?<id>[1-9]\d{0,14})\/observacao$/,
    access: { company: 'own-candidate' },
    body: Observation,
    observation: 'observacao',
  },
  { name: 'spreadsheet report', method: 'GET', pattern: /^\/excel_relatorio$/, query: DATES, access: {} },
]

/** Characters and sequences no allowed path contains: encodings, traversal, doubled slashes. */
const UNSAFE_PATH = /%|\.\.|\/\/|\\|[^\x21-\x7e]/

/**
 * Finds the rule for a raw request URL (path and query as the client sent them), or null. The
 * legacy path is the path after /api as matched: a rule's pattern is anchored and admits only
 * ids, fixed words and a status's letters, so what goes on is exactly what the rule allows.
 */
export function matchRule(method: string, rawUrl: string): { rule: PassThroughRule; path: string; params: Record<string, string>; search: URLSearchParams } | null {
  const queryAt = rawUrl.indexOf('?')
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt)
  if (!path.startsWith('/api/') || UNSAFE_PATH.test(path)) return null
  const rest = path.slice('/api'.length)
  for (const rule of PASS_THROUGH_RULES) {
    if (rule.method !== method) continue
    const match = rule.pattern.exec(rest)
    if (match) return { rule, path: rest, params: { ...match.groups }, search: new URLSearchParams(queryAt === -1 ? '' : rawUrl.slice(queryAt + 1)) }
  }
  return null
}
