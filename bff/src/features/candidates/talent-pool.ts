import { randomUUID } from 'node:crypto'
import { GLOBAL_SCREENING_EXCLUDED_STATUSES } from '@mini-vagas/shared/constants/candidate-statuses'
import {
  checkTags,
  MAX_SAVED_SEARCHES,
  nearbyCities,
  savedSearchName,
  suggestFromPool,
  tagKey,
  TALENT_POOL_MESSAGES,
  type PoolCandidate,
} from '@mini-vagas/shared/domain/talent-pool'
import type { SavedSearchQuery } from '@mini-vagas/shared/schemas/candidates'
import type { ListedVacancy } from '@mini-vagas/shared/schemas/vacancy'
import { inList, type Migration, type Store } from '../../plugins/store.ts'
import type { CandidateIndex } from '../../candidate-index/plugin.ts'
import { HttpError, MESSAGES } from '../../lib/http-error.ts'

/**
 * The talent pool's own data (docs/product.md, Talent pool), kept by the BFF: the agency's tags
 * on people and each person's saved searches. The legacy has no field for either; losing them
 * loses nothing the legacy holds.
 */
export const TALENT_POOL_MIGRATIONS: Migration[] = [
  `CREATE TABLE IF NOT EXISTS candidate_tags (candidate_id BIGINT NOT NULL, tag_key TEXT NOT NULL, tag TEXT NOT NULL, added_by TEXT NOT NULL, added_at BIGINT NOT NULL, PRIMARY KEY (candidate_id, tag_key));
   CREATE INDEX IF NOT EXISTS candidate_tags_tag ON candidate_tags (tag_key, candidate_id);
   CREATE TABLE IF NOT EXISTS saved_searches (id TEXT PRIMARY KEY, owner TEXT NOT NULL, name TEXT NOT NULL, query TEXT NOT NULL, created_at BIGINT NOT NULL);
   CREATE INDEX IF NOT EXISTS saved_searches_owner ON saved_searches (owner, created_at);`,
]

/** How many people of the base "sugerir do banco" judges at most (the most recently active): the screening's cap. */
export const POOL_SIZE = 3000

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ')

export function createTalentPool({ store, index, now = Date.now }: { store: Store; index: CandidateIndex | null; now?: () => number }) {
  return {
    /** The tags of some candidates, each list in the order they were added. */
    async tagsOf(ids: readonly number[]): Promise<Record<string, string[]>> {
      const out: Record<string, string[]> = {}
      for (let at = 0; at < ids.length; at += 500) {
        const some = inList(ids.slice(at, at + 500))
        for (const r of await store.all<{ candidate_id: number; tag: string }>(
          `SELECT candidate_id, tag FROM candidate_tags WHERE candidate_id IN (${some.marks}) ORDER BY added_at, tag_key`,
          some.values,
          { samePlan: true },
        ))
          (out[String(r.candidate_id)] ??= []).push(r.tag)
      }
      return out
    },

    /**
     * A candidate's tags replaced by `raw` (checked first: a 422 in Portuguese); answers them as
     * kept. A tag is written as it was first written by anyone ("Noturno", however it is typed again).
     */
    async setTags(candidateId: number, raw: readonly string[], by: string): Promise<string[]> {
      const checked = checkTags(raw)
      if ('problem' in checked) throw new HttpError(422, MESSAGES.badInput, { errors: { tags: [checked.problem] } })
      return store.tx(async (sql) => {
        const kept = checked.tags.map(tagKey)
        await sql.run(`DELETE FROM candidate_tags WHERE candidate_id = ?${kept.length ? ` AND tag_key NOT IN (${marks(kept.length)})` : ''}`, [candidateId, ...kept])
        const at = now()
        for (const [i, tag] of checked.tags.entries())
          await sql.run(
            `INSERT INTO candidate_tags (candidate_id, tag_key, tag, added_by, added_at)
             VALUES (?, ?, COALESCE((SELECT MIN(tag) FROM candidate_tags WHERE tag_key = ?), ?), ?, ?) ON CONFLICT (candidate_id, tag_key) DO NOTHING`,
            [candidateId, tagKey(tag), tagKey(tag), tag, by, at + i],
          )
        const rows = await sql.all<{ tag: string }>('SELECT tag FROM candidate_tags WHERE candidate_id = ? ORDER BY added_at, tag_key', [candidateId])
        return rows.map((r) => r.tag)
      })
    },

    /** Every tag in use and how many people have it, the most used first. */
    async allTags(): Promise<{ tag: string; count: number }[]> {
      const rows = await store.all<{ tag: string; n: number }>('SELECT MIN(tag) AS tag, COUNT(*) AS n FROM candidate_tags GROUP BY tag_key ORDER BY COUNT(*) DESC, MIN(tag)')
      return rows.map((r) => ({ tag: r.tag, count: Number(r.n) }))
    },

    /** Who has a tag (any accents and case). */
    async tagged(tag: string): Promise<number[]> {
      return (await store.all<{ candidate_id: number }>('SELECT candidate_id FROM candidate_tags WHERE tag_key = ? ORDER BY candidate_id', [tagKey(tag)])).map((r) =>
        Number(r.candidate_id),
      )
    },

    async searches(owner: string) {
      const rows = await store.all<{ id: string; name: string; query: string; created_at: number }>(
        'SELECT id, name, query, created_at FROM saved_searches WHERE owner = ? ORDER BY created_at, id',
        [owner],
      )
      return rows.map((r) => ({ id: r.id, name: r.name, query: JSON.parse(r.query) as SavedSearchQuery, createdAt: new Date(Number(r.created_at)).toISOString() }))
    },

    async saveSearch(owner: string, rawName: string, query: SavedSearchQuery) {
      const name = savedSearchName(rawName)
      if (!name) throw new HttpError(422, MESSAGES.badInput, { errors: { name: [TALENT_POOL_MESSAGES.searchName] } })
      const id = randomUUID()
      const at = now()
      await store.tx(async (sql) => {
        const mine = await sql.all<{ name: string }>('SELECT name FROM saved_searches WHERE owner = ?', [owner])
        if (mine.some((s) => tagKey(s.name) === tagKey(name)))
          throw new HttpError(409, TALENT_POOL_MESSAGES.searchExists, { errors: { name: [TALENT_POOL_MESSAGES.searchExists] } })
        if (mine.length >= MAX_SAVED_SEARCHES) throw new HttpError(422, TALENT_POOL_MESSAGES.tooManySearches)
        await sql.run('INSERT INTO saved_searches (id, owner, name, query, created_at) VALUES (?, ?, ?, ?, ?)', [id, owner, name, JSON.stringify(query), at])
      })
      return { id, name, query, createdAt: new Date(at).toISOString() }
    },

    /** Forgets a candidate's tags (their data was anonymised at their request). */
    forget: (candidateId: number) => store.run('DELETE FROM candidate_tags WHERE candidate_id = ?', [candidateId]),

    /** Deletes one of the owner's searches; another's, or none, is a 404. */
    async deleteSearch(owner: string, id: string) {
      const gone = await store.run('DELETE FROM saved_searches WHERE id = ? AND owner = ?', [id, owner])
      if (gone === 0) throw new HttpError(404, 'Busca salva não encontrada.')
    },

    /**
     * "Sugerir do banco" for a vacancy: the most recently active people of its city and those within
     * 30 km who are not in it, judged by the screening rules (suggestFromPool). Null while the
     * candidate index does not answer for the whole base.
     */
    async suggestions(vacancy: ListedVacancy) {
      const pool = await index?.poolFor(vacancy.id, nearbyCities(vacancy.city), GLOBAL_SCREENING_EXCLUDED_STATUSES, POOL_SIZE)
      if (!pool) return null
      const people = pool.map(({ record, lastAction }) => ({ ...(record as unknown as PoolCandidate), id: Number(record.id), lastAction, record }))
      const suggested = suggestFromPool(vacancy, people)
      return { evaluated: people.length, suggestions: suggested.map((s) => ({ record: s.candidate.record, verdict: s.verdict, tier: s.place.tier, km: s.place.km ?? null })) }
    },
  }
}
export type TalentPool = ReturnType<typeof createTalentPool>
