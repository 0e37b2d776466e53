import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { VacancyDetails } from '@mini-vagas/shared/schemas/vacancy'
import type { Migration, Store } from './store.ts'

const MIGRATIONS: Migration[] = [
  `CREATE TABLE IF NOT EXISTS vacancy_details (vacancy_id BIGINT PRIMARY KEY, about TEXT NOT NULL, salary_min DOUBLE PRECISION, salary_max DOUBLE PRECISION,
     salary_negotiable INTEGER NOT NULL, contract TEXT, work_model TEXT, hours TEXT NOT NULL, updated_at TEXT NOT NULL, updated_by TEXT NOT NULL);`,
]

type Row = {
  vacancy_id: number
  about: string
  salary_min: number | null
  salary_max: number | null
  salary_negotiable: number
  contract: string | null
  work_model: string | null
  hours: string
}
const fromRow = (r: Row): VacancyDetails => ({
  about: r.about,
  salary_min: r.salary_min === null ? null : Number(r.salary_min),
  salary_max: r.salary_max === null ? null : Number(r.salary_max),
  salary_negotiable: Number(r.salary_negotiable) === 1,
  contract: r.contract as VacancyDetails['contract'],
  work_model: r.work_model as VacancyDetails['work_model'],
  hours: r.hours,
})

/**
 * A vacancy's details the legacy has no field for (shared/domain/vacancy-details.ts), in the BFF's
 * store: written by the staff's vacancy form, read by the staff's screens and the public pages. The
 * legacy stays the record of the vacancy; a vacancy it no longer has simply never asks for its row.
 */
export async function createVacancyDetailsStore(store: Store) {
  await store.migrate('vacancy-details', MIGRATIONS)
  return {
    /** The details of some vacancies, by id (those with none are absent). */
    async of(ids: readonly number[]): Promise<Map<number, VacancyDetails>> {
      const out = new Map<number, VacancyDetails>()
      for (let at = 0; at < ids.length; at += 500) {
        const some = ids.slice(at, at + 500)
        if (some.length === 0) continue
        const rows = await store.all<Row>(`SELECT * FROM vacancy_details WHERE vacancy_id IN (${some.map(() => '?').join(', ')})`, some)
        for (const r of rows) out.set(Number(r.vacancy_id), fromRow(r))
      }
      return out
    },
    /** Merges what was sent into what is kept: a field not sent keeps its value. */
    async save(vacancyId: number, sent: VacancyDetails, by: string, at: string): Promise<VacancyDetails> {
      const kept = (await this.of([vacancyId])).get(vacancyId) ?? {}
      const next = { ...kept, ...sent }
      await store.run(
        `INSERT INTO vacancy_details (vacancy_id, about, salary_min, salary_max, salary_negotiable, contract, work_model, hours, updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (vacancy_id) DO UPDATE SET about = excluded.about, salary_min = excluded.salary_min, salary_max = excluded.salary_max, salary_negotiable = excluded.salary_negotiable,
           contract = excluded.contract, work_model = excluded.work_model, hours = excluded.hours, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
        [
          vacancyId,
          (next.about ?? '').trim(),
          next.salary_min ?? null,
          next.salary_max ?? null,
          next.salary_negotiable ? 1 : 0,
          next.contract ?? null,
          next.work_model ?? null,
          (next.hours ?? '').trim(),
          at,
          by,
        ],
      )
      return (await this.of([vacancyId])).get(vacancyId)!
    },
    /** The list with each vacancy's details attached (where it has some). */
    async attach<T extends { id: number }>(vacancies: readonly T[]): Promise<(T & { details?: VacancyDetails })[]> {
      const details = await this.of(vacancies.map((v) => v.id))
      return vacancies.map((v) => (details.has(v.id) ? { ...v, details: details.get(v.id)! } : v))
    },
  }
}
export type VacancyDetailsStore = Awaited<ReturnType<typeof createVacancyDetailsStore>>

declare module 'fastify' {
  interface FastifyInstance {
    /** A vacancy's details the legacy has no field for: the vacancies feature writes them, every vacancy read attaches them. */
    vacancyDetails: VacancyDetailsStore
  }
}

/** Core: the staff's vacancy routes and the public pages share these details, and neither owns the other. */
export const vacancyDetailsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('vacancyDetails', await createVacancyDetailsStore(app.store))
  },
  { name: 'vacancy-details', dependencies: ['store'] },
)
