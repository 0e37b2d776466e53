import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Compile } from 'typebox/compile'
import { Value } from 'typebox/value'
import type { TSchema } from 'typebox'
import { isCalendarDate } from '@mini-vagas/shared/domain/dates'
import { ErrorBody } from '@mini-vagas/shared/schemas/common'
import { canSee, pathRecords } from '../../legacy/access.ts'
import { HttpError, MESSAGES } from '../../lib/http-error.ts'
import { readList, readOne } from '../../legacy/readers.ts'
import { asSeenBy, observationToStore } from '../../lib/observation-view.ts'
import { fieldErrors } from '../../plugins/errors.ts'
import { toPublicVacancy } from '../../lib/public-vacancy.ts'
import { matchRule, PASS_THROUGH_RULES, type PassThroughRule } from './policy.ts'

type Obj = Record<string, unknown>
const MAX_QUERY_VALUE = 200

const validators = new Map<TSchema, ReturnType<typeof Compile>>()
for (const rule of PASS_THROUGH_RULES) {
  for (const schema of [rule.body, rule.companyBody]) if (schema && !validators.has(schema)) validators.set(schema, Compile(schema))
}

/** The body as the rule allows it: validated (422 with field errors) and stripped of unknown fields. */
function allowedBody(schema: TSchema, body: unknown): unknown {
  const validator = validators.get(schema)!
  if (!validator.Check(body)) {
    throw new HttpError(422, MESSAGES.badInput, { errors: fieldErrors([...validator.Errors(body)] as never, body) })
  }
  return Value.Clean(schema, structuredClone(body))
}

/** Query values the BFF checks itself, so bad input never reaches the legacy API. */
const QUERY_CHECKS: Record<string, { test: (v: string) => boolean; message: string }> = {
  page: { test: (v) => /^[1-9]\d{0,5}$/.test(v), message: 'Página inválida.' },
  start_date: { test: isCalendarDate, message: 'Informe a data inicial no formato AAAA-MM-DD.' },
  end_date: { test: isCalendarDate, message: 'Informe a data final no formato AAAA-MM-DD.' },
}

/** Only the rule's query keys pass, each once, short and well-formed; anything else is dropped. */
function allowedQuery(rule: PassThroughRule, search: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {}
  for (const key of rule.query ?? []) {
    const value = search.get(key)?.trim()
    if (value === undefined || value === '') continue
    const check = QUERY_CHECKS[key]
    if (value.length > MAX_QUERY_VALUE || (check && !check.test(value))) {
      throw new HttpError(400, check?.message ?? MESSAGES.badInput, { errors: { [key]: [check?.message ?? MESSAGES.badInput] } })
    }
    query[key] = value
  }
  return query
}

/**
 * /api/* — the allow-listed pass-through to the legacy API. The session's token is injected; the
 * browser's headers never pass (the client builds its own); company users reach only their own
 * vacancies and candidates; failures leave as `{message}` with the right status.
 */
export async function passThroughFeature(app: FastifyInstance) {
  /**
   * A company's scope (docs/architecture.md) through the same records reader as the /bff routes'
   * declared access: the candidate and its vacancy, or the vacancy, read once. Returns the
   * legacy's answer when the check already read what the rule asks for.
   */
  async function checkCompanyScope(rule: PassThroughRule, params: Record<string, string>, request: FastifyRequest) {
    const scope = rule.access === 'public' ? undefined : rule.access.company
    if (!scope) throw new HttpError(403, MESSAGES.forbidden)
    if (scope === 'vacancy-list') return { fetched: null, records: null }
    const records = pathRecords(request, scope === 'own-candidate' ? 'candidate' : 'vacancy', params.id!)
    await records.vacancy()
    return { fetched: rule.method === 'GET' && rule.ownRecord ? await records.answer() : null, records }
  }

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/*',
    config: { access: 'policy' },
    schema: {
      tags: ['pass-through'],
      summary: 'Allow-listed pass-through to the legacy API (see policy.ts); success bodies are the legacy contract',
      response: { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody, 429: ErrorBody, 502: ErrorBody, 504: ErrorBody },
    },
    handler: async (request, reply) => {
      const matched = matchRule(request.method, request.url)
      if (!matched) throw new HttpError(404, MESSAGES.notFound)
      const { rule, path, params, search } = matched
      const session = request.session
      if (rule.access !== 'public' && !session) throw new HttpError(401, MESSAGES.noSession)
      const company = session?.user.role === 'company' && rule.access !== 'public'

      const scoped = company ? await checkCompanyScope(rule, params, request) : { fetched: null, records: null }
      const schema = company && rule.companyBody ? rule.companyBody : rule.body
      const body = schema ? (allowedBody(schema, request.body) as Obj) : undefined
      // The writer saw the observation through asSeenBy: keep what was hidden from them.
      if (rule.observation && body && typeof body[rule.observation] === 'string') {
        const stored = await (scoped.records ?? pathRecords(request, 'candidate', params.id!)).candidate()
        body[rule.observation] = observationToStore(session!, body[rule.observation] as string, stored.obs)
      }

      const filterCompany = company && rule.access !== 'public' && rule.access.company === 'vacancy-list'
      const companyCandidates = company && rule.candidates
      // Unshaped answers go on as they arrive: no buffering, parse or re-encode on the hot path.
      const unshaped = !rule.shape && !filterCompany && !companyCandidates
      const response =
        scoped.fetched ??
        // A public rule carries no token, even for someone logged in.
        (await (rule.access === 'public' ? app.legacyFor({ requestId: request.id }) : request.legacy).passOn({
          method: rule.method,
          path,
          query: allowedQuery(rule, search),
          ...(body !== undefined ? { body } : {}),
          // Only reads stream: a write's answer is read whole, for the caches that listen to writes.
          stream: unshaped && rule.method === 'GET',
        }))

      reply.code(response.status as never).header('content-type', 'application/json; charset=utf-8')
      if (unshaped) {
        if (!response.stream) return reply.send(response.raw.length > 0 ? response.raw : 'null')
        // Only bodies over STREAM_ABOVE_BYTES or of unannounced length arrive as a stream.
        const length = response.headers.get('content-length')
        if (length !== null) reply.header('content-length', length)
        return reply.send(response.stream)
      }
      let answer: unknown = response.body
      if (rule.shape === 'public-vacancies')
        answer = readList(answer)
          .map(toPublicVacancy)
          .filter((v) => v !== null)
      if (filterCompany) answer = { data: readList<Obj>(answer).filter((v) => canSee(session!, v)) }
      if (companyCandidates) answer = { data: rule.candidates === 'one' ? asSeenBy(session!, readOne(answer)) : readList<Obj>(answer).map((c) => asSeenBy(session!, c)) }
      return reply.send(JSON.stringify(answer ?? null))
    },
  })
}
