import { randomUUID } from 'node:crypto'
import type { Store } from '../../plugins/store.ts'

/**
 * Applicants' consent to the privacy notice (issue 14, LGPD): which version, when, for which
 * vacancy and e-mail — kept in the BFF's store, recorded before the application is sent (so a
 * consent exists for every application the legacy accepts) and linked to the legacy's record after.
 */
const MIGRATIONS = [
  `CREATE TABLE IF NOT EXISTS applicant_consents (id TEXT PRIMARY KEY, candidate_id INTEGER, email TEXT NOT NULL, vacancy_id INTEGER NOT NULL, version TEXT NOT NULL, accepted_at TEXT NOT NULL);
   CREATE INDEX IF NOT EXISTS applicant_consents_candidate ON applicant_consents (candidate_id);`,
]

export interface StoredConsent {
  candidateId: number | null
  email: string
  vacancyId: number
  version: string
  acceptedAt: string
}

export async function createConsents(store: Store, now: () => number) {
  await store.migrate('public', MIGRATIONS)
  return {
    async given(consent: { email: string; vacancyId: number; version: string }): Promise<string> {
      const id = randomUUID()
      await store.run('INSERT INTO applicant_consents (id, candidate_id, email, vacancy_id, version, accepted_at) VALUES (?, NULL, ?, ?, ?, ?)', [
        id,
        consent.email.trim().toLowerCase(),
        consent.vacancyId,
        consent.version,
        new Date(now()).toISOString(),
      ])
      return id
    },
    async linked(id: string, candidateId: number) {
      await store.run('UPDATE applicant_consents SET candidate_id = ? WHERE id = ?', [candidateId, id])
    },
    async ofCandidate(candidateId: number): Promise<StoredConsent | null> {
      const r = await store.get<{ candidate_id: number; email: string; vacancy_id: number; version: string; accepted_at: string }>(
        'SELECT * FROM applicant_consents WHERE candidate_id = ?',
        [candidateId],
      )
      return r ? { candidateId: Number(r.candidate_id), email: r.email, vacancyId: Number(r.vacancy_id), version: r.version, acceptedAt: r.accepted_at } : null
    },
  }
}
export type Consents = Awaited<ReturnType<typeof createConsents>>
