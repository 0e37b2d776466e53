import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { DAY_MS } from '@mini-vagas/shared/constants/limits'
import { HOME_WAITING_DAYS, stageCounts, visitAfter, WAITING_STATUSES } from '@mini-vagas/shared/domain/staff-home'
import { Failures } from '@mini-vagas/shared/schemas/common'
import { HomeAnswer } from '@mini-vagas/shared/schemas/home'
import { sessionOf } from '../../legacy/access.ts'
import type { Migration } from '../../plugins/store.ts'

const MIGRATIONS: Migration[] = ['CREATE TABLE IF NOT EXISTS staff_visits (who TEXT PRIMARY KEY, previous BIGINT, current BIGINT NOT NULL);']

/**
 * The staff's home page (docs/product.md, Home): for every vacancy, its candidates per stage, the
 * new ones since this person's last visit and those waiting on the agency for more than a week,
 * from the candidate index. Each person's visits are kept here (who: their account, or the shared
 * login's e-mail); which vacancies are theirs, and the vacancies themselves, the SPA has from
 * GET /bff/vacancies.
 */
export async function homeFeature(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  await app.store.migrate('home', MIGRATIONS)

  /** This visit, recorded; answers since when "new" counts. */
  async function visit(who: string, now: number) {
    const row = await app.store.get<{ previous: number | null; current: number }>('SELECT previous, current FROM staff_visits WHERE who = ?', [who])
    const next = visitAfter({ previous: row?.previous === null || row?.previous === undefined ? null : Number(row.previous), current: row ? Number(row.current) : null }, now)
    await app.store.run(
      'INSERT INTO staff_visits (who, previous, current) VALUES (?, ?, ?) ON CONFLICT (who) DO UPDATE SET previous = excluded.previous, current = excluded.current',
      [who, next.previous, next.current],
    )
    return next.previous
  }

  api.get('/bff/home', { config: { access: 'admin' }, schema: { tags: ['home'], response: { 200: HomeAnswer, ...Failures } } }, async (request) => {
    const session = sessionOf(request)
    const now = app.now()
    const previous = await visit(session.user.person ? `person:${session.user.person.id}` : `login:${session.user.email}`, now)
    const since = previous ?? now - 7 * DAY_MS
    const found = await app.candidateIndex?.attention({ newSince: since, waitingBefore: now - HOME_WAITING_DAYS * DAY_MS, waitingStatuses: WAITING_STATUSES })
    const vacancies: HomeAnswer['vacancies'] = {}
    for (const [id, a] of found?.byVacancy ?? []) {
      if (id <= 0) continue
      vacancies[String(id)] = { stages: stageCounts(a.stages), total: a.stages.all ?? 0, fresh: a.fresh, waiting: a.waiting }
    }
    return { since: new Date(since).toISOString(), firstVisit: previous === null, waitingDays: HOME_WAITING_DAYS, indexedAt: found?.indexedAt ?? null, vacancies }
  })
}
