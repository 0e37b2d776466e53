import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { todayDate } from '@mini-vagas/shared/domain/dates'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { CandidateUpdate } from '@mini-vagas/shared/schemas/candidate'
import {
  AllCandidatesCsvQuery,
  AllCandidatesPage,
  AllCandidatesQuery,
  AllCandidateCountsQuery,
  CandidateAnswer,
  CandidateCounts,
  ForwardAnswer,
  ForwardBody,
  NoteChange,
  SavedSearchAnswer,
  SavedSearchBody,
  SavedSearchList,
  SavedSearchParams,
  StatusChange,
  TagList,
  TagsAnswer,
  TagsBody,
  VacancyCandidatePage,
  VacancyCandidatesQuery,
  VacancyCandidateCountsQuery,
  VacancyCsvQuery,
} from '@mini-vagas/shared/schemas/candidates'
import { Failures, IdParams } from '@mini-vagas/shared/schemas/common'
import { Type } from 'typebox'
import { sessionOf } from '../../legacy/access.ts'
import type { SessionData } from '../../plugins/session-seal.ts'
import { actorOf } from '../../plugins/audit.ts'
import { isAnonymisedRecord } from '@mini-vagas/shared/domain/privacy-request'
import { candidatesCsv, sendCsv } from '../../lib/csv.ts'
import { createListCache, LIST_VERSION_MIGRATIONS, listKeysOf, patchRow } from './list-cache.ts'
import { createCandidateLists } from './service.ts'
import { createTalentPool, TALENT_POOL_MIGRATIONS } from './talent-pool.ts'
import { PoolSuggestions } from '@mini-vagas/shared/schemas/screening'
import { HttpError } from '../../lib/http-error.ts'

/** How long a list read serves page clicks when nothing was written. */
const LIST_TTL_MS = 60_000
/** Lists kept per instance: a 5,000-candidate vacancy is about 5 MB. */
const LIST_MAX_ENTRIES = 16

const CsvAnswer = { 200: Type.String(), ...Failures }

/**
 * The staff's candidates (docs/product.md, A vacancy's candidates; All candidates; Statuses): a vacancy's list and the all-candidates search
 * (paged, counted and ordered here), their CSVs from the same service, one candidate, and the
 * writes in domain terms — status, note, edit, forward — each answering with the changed row.
 */
export async function candidatesFeature(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  await app.store.migrate('candidates', LIST_VERSION_MIGRATIONS)
  const cache = createListCache({ store: app.store, ttlMs: LIST_TTL_MS, maxEntries: LIST_MAX_ENTRIES, now: app.now })
  // Every candidate write — a route's, the pass-through's, a screening apply's — moves the
  // counters the cached lists depend on, for every instance sharing the store; a write that
  // answered the whole row puts it in this instance's cached list, so the writer's next click
  // reads nothing. The writer's answer waits for this.
  app.onLegacyWrite(async (event) => {
    const keys = listKeysOf(event)
    if (keys.length === 0) return
    let moved: Map<string, number>
    try {
      moved = await cache.bump(keys)
    } catch (error) {
      // Other instances may serve these lists until their TTL; this one forgets them now.
      cache.clear()
      app.log.warn({ err: { message: (error as Error).message } }, 'could not mark candidate lists as changed')
      return
    }
    if (event.kind === 'candidate' && event.answered && event.record && event.vacancyId !== null) patchRow(cache, event.vacancyId, event.record, moved)
  })
  await app.store.migrate('talent-pool', TALENT_POOL_MIGRATIONS)
  const pool = createTalentPool({ store: app.store, index: app.candidateIndex, now: app.now })
  // A candidate anonymised at their request (LGPD) keeps no tags of the agency's either.
  app.onLegacyWrite(async (event) => {
    if (event.kind === 'candidate' && event.id !== null && isAnonymisedRecord(event.record)) await pool.forget(event.id)
  })
  const lists = createCandidateLists({ cache, index: app.candidateIndex, pool, optedOutAmong: (rows) => app.contact.optedOutAmong(rows) })
  const asker = (request: FastifyRequest) => ({ session: sessionOf(request), legacy: request.legacy })
  const tags = ['candidates']

  api.get(
    '/bff/vacancies/:id/candidates',
    { config: { access: 'own-vacancy' }, schema: { tags, params: IdParams, querystring: VacancyCandidatesQuery, response: { 200: VacancyCandidatePage, ...Failures } } },
    async (request) =>
      lists.vacancyCandidates(Number(request.params.id), () => request.owned.vacancy(), { ...request.query, page: Number(request.query.page ?? 1) }, asker(request)),
  )

  // A search's counts, asked apart from its page when the candidate index answers it: the page
  // costs the same at any size, the counts grow with what the search matches.
  api.get(
    '/bff/vacancies/:id/candidates/counts',
    { config: { access: 'own-vacancy' }, schema: { tags, params: IdParams, querystring: VacancyCandidateCountsQuery, response: { 200: CandidateCounts, ...Failures } } },
    async (request) => lists.vacancyCounts(Number(request.params.id), () => request.owned.vacancy(), request.query.q, asker(request)),
  )

  api.get(
    '/bff/vacancies/:id/candidates.csv',
    { config: { access: 'own-vacancy' }, schema: { tags: ['exports'], params: IdParams, querystring: VacancyCsvQuery, response: CsvAnswer } },
    async (request, reply) => {
      const { vacancy, items } = await lists.vacancyCandidates(Number(request.params.id), () => request.owned.vacancy(), { ...request.query, everything: true }, asker(request))
      const slug = vacancySlug({
        id: Number(vacancy.id),
        description: String(vacancy.description ?? ''),
        company_name: String(vacancy.company_name ?? ''),
        city: String(vacancy.city ?? ''),
      })
      return sendCsv(reply, `candidatos-${slug}-${todayDate()}.csv`, candidatesCsv(items))
    },
  )

  api.get(
    '/bff/candidates',
    { config: { access: 'admin' }, schema: { tags, querystring: AllCandidatesQuery, response: { 200: AllCandidatesPage, ...Failures } } },
    async (request) => lists.allCandidates({ ...request.query, page: Number(request.query.page ?? 1) }, asker(request)),
  )

  api.get(
    '/bff/candidates/counts',
    { config: { access: 'admin' }, schema: { tags, querystring: AllCandidateCountsQuery, response: { 200: CandidateCounts, ...Failures } } },
    async (request) => lists.allCounts(request.query, asker(request)),
  )

  api.get(
    '/bff/candidates.csv',
    { config: { access: 'admin' }, schema: { tags: ['exports'], querystring: AllCandidatesCsvQuery, response: CsvAnswer } },
    async (request, reply) => {
      const result = await lists.allCandidates({ ...request.query, everything: true }, asker(request))
      return sendCsv(reply, `candidatos-${todayDate()}.csv`, candidatesCsv(result.items))
    },
  )

  api.get('/bff/candidates/:id', { config: { access: 'own-candidate' }, schema: { tags, params: IdParams, response: { 200: CandidateAnswer, ...Failures } } }, async (request) => ({
    candidate: lists.candidate(await request.owned.candidate(), sessionOf(request)),
  }))

  // Every staff write to a candidate is recorded in the audit trail before the legacy is written:
  // who, when, what (the fields changed, never their values: the trail is not a copy of people's data).
  const recorded = <T>(id: string, session: SessionData, action: string, detail: Record<string, unknown>, write: () => Promise<T>) =>
    app.audit.around({ ...actorOf(session), action, subject: `candidato:${id}`, detail }, write)

  api.put(
    '/bff/candidates/:id/status',
    { config: { access: 'own-candidate' }, schema: { tags, params: IdParams, body: StatusChange, response: { 200: CandidateAnswer, ...Failures } } },
    async (request) => {
      const session = sessionOf(request)
      // The status before, when the ownership check read the record (a company); an admin's change stays one legacy write.
      const before = await request.owned.candidateIfRead()
      const candidate = await recorded(
        request.params.id,
        session,
        'status_alterado',
        { ...(before ? { from: before.status ?? '' } : {}), to: request.body.status, via: request.body.undo ? 'desfazer' : 'manual' },
        () => lists.changeStatus(Number(request.params.id), request.body.status, asker(request)),
      )
      return { candidate }
    },
  )

  // The talent pool (docs/product.md, Talent pool): the agency's tags, saved searches, and people of
  // the base for a vacancy. Staff only: tags, like the agency's notes, are never a company's to see.
  api.get('/bff/tags', { config: { access: 'admin' }, schema: { tags, response: { 200: TagList, ...Failures } } }, async () => ({ tags: await pool.allTags() }))

  api.put(
    '/bff/candidates/:id/tags',
    { config: { access: 'admin' }, schema: { tags, params: IdParams, body: TagsBody, response: { 200: TagsAnswer, ...Failures } } },
    async (request) => {
      const [stored, session] = [await request.owned.candidate(), sessionOf(request)]
      const kept = await pool.setTags(Number(stored.id), request.body.tags, session.user.email)
      await app.audit.record({ ...actorOf(session), action: 'etiquetas_alteradas', subject: `candidato:${stored.id}`, detail: { count: kept.length } })
      return { tags: kept }
    },
  )

  api.get('/bff/saved-searches', { config: { access: 'admin' }, schema: { tags, response: { 200: SavedSearchList, ...Failures } } }, async (request) => ({
    searches: await pool.searches(sessionOf(request).user.email),
  }))

  api.post(
    '/bff/saved-searches',
    { config: { access: 'admin' }, schema: { tags, body: SavedSearchBody, response: { 201: SavedSearchAnswer, ...Failures } } },
    async (request, reply) => reply.code(201).send({ search: await pool.saveSearch(sessionOf(request).user.email, request.body.name, request.body.query) }),
  )

  api.delete(
    '/bff/saved-searches/:id',
    { config: { access: 'admin' }, schema: { tags, params: SavedSearchParams, response: { 204: Type.Null(), ...Failures } } },
    async (request, reply) => {
      await pool.deleteSearch(sessionOf(request).user.email, request.params.id)
      return reply.code(204).send(null)
    },
  )

  api.get(
    '/bff/vacancies/:id/suggestions',
    { config: { access: 'admin' }, schema: { tags, params: IdParams, response: { 200: PoolSuggestions, ...Failures } } },
    async (request) => {
      const found = await pool.suggestions(await request.owned.vacancy())
      if (!found) throw new HttpError(503, 'As sugestões do banco ficam disponíveis quando o índice de candidatos terminar de ser montado. Tente novamente em alguns minutos.')
      return {
        evaluated: found.evaluated,
        suggestions: found.suggestions.map((s) => ({
          candidate: lists.candidate(s.record as never, sessionOf(request)),
          outcome: s.verdict.outcome as 'triado' | 'revisao',
          explanation: s.verdict.explanation,
          evidence: s.verdict.evidence,
          proximity: s.tier,
          km: s.km,
        })),
      }
    },
  )

  api.put(
    '/bff/candidates/:id/note',
    { config: { access: 'own-candidate' }, schema: { tags, params: IdParams, body: NoteChange, response: { 200: CandidateAnswer, ...Failures } } },
    async (request) => {
      const [stored, session] = [await request.owned.candidate(), sessionOf(request)]
      return { candidate: await recorded(request.params.id, session, 'observacao_alterada', {}, () => lists.saveNote(stored, request.body.obs, asker(request))) }
    },
  )

  api.put(
    '/bff/candidates/:id',
    { config: { access: 'admin' }, schema: { tags, params: IdParams, body: CandidateUpdate, response: { 200: CandidateAnswer, ...Failures } } },
    async (request) => {
      const [stored, session] = [await request.owned.candidate(), sessionOf(request)]
      const fields = Object.keys(request.body).sort()
      return { candidate: await recorded(request.params.id, session, 'candidato_editado', { fields }, () => lists.update(stored, request.body, asker(request))) }
    },
  )

  api.post(
    '/bff/candidates/:id/forwards',
    { config: { access: 'admin' }, schema: { tags, params: IdParams, body: ForwardBody, response: { 201: ForwardAnswer, ...Failures } } },
    async (request, reply) => {
      const [stored, session] = [await request.owned.candidate(), sessionOf(request)]
      const candidate = await recorded(request.params.id, session, 'candidato_enviado', { vacancyId: request.body.vacancyId, via: 'manual' }, () =>
        lists.forward(stored, request.body.vacancyId, asker(request)),
      )
      return reply.code(201).send({ candidate })
    },
  )
}
