import { randomUUID } from 'node:crypto'
import { emailKey, phoneKey } from '@mini-vagas/shared/domain/candidate-identity'
import type { Store } from '../../plugins/store.ts'

/**
 * Applicants' consent to the privacy notice (LGPD): which version, when, for which
 * vacancy and e-mail — kept in the BFF's store, recorded before the application is sent (so a
 * consent exists for every application the legacy accepts) and linked to the legacy's record after.
 */
const MIGRATIONS = [
  `CREATE TABLE IF NOT EXISTS applicant_consents (id TEXT PRIMARY KEY, candidate_id INTEGER, email TEXT NOT NULL, vacancy_id INTEGER NOT NULL, version TEXT NOT NULL, accepted_at TEXT NOT NULL);
   CREATE INDEX IF NOT EXISTS applicant_consents_candidate ON applicant_consents (candidate_id);`,
  // The WhatsApp too, so a second application to one vacancy by the same person is refused.
  `ALTER TABLE applicant_consents ADD COLUMN whatsapp TEXT;
   CREATE INDEX IF NOT EXISTS applicant_consents_vacancy ON applicant_consents (vacancy_id);`,
]

/** An application still on its way to the legacy blocks a second one for this long (a double submit). */
const IN_FLIGHT_MS = 2 * 60_000

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
    /**
     * Records the consent of an application about to be sent — or answers null when the same
     * person (e-mail or WhatsApp) already applied to this vacancy through this BFF, or has an
     * application on its way (never a silent duplicate).
     */
    async given(consent: { email: string; whatsapp: string; vacancyId: number; version: string }): Promise<string | null> {
      const email = emailKey(consent.email)
      const whatsapp = phoneKey(consent.whatsapp)
      const at = now()
      return store.tx(async (sql) => {
        const earlier = await sql.get(
          'SELECT 1 AS found FROM applicant_consents WHERE vacancy_id = ? AND (email = ? OR whatsapp = ?) AND (candidate_id IS NOT NULL OR accepted_at > ?)',
          [consent.vacancyId, email, whatsapp, new Date(at - IN_FLIGHT_MS).toISOString()],
        )
        if (earlier) return null
        const id = randomUUID()
        await sql.run('INSERT INTO applicant_consents (id, candidate_id, email, whatsapp, vacancy_id, version, accepted_at) VALUES (?, NULL, ?, ?, ?, ?, ?)', [
          id,
          email,
          whatsapp,
          consent.vacancyId,
          consent.version,
          new Date(at).toISOString(),
        ])
        return id
      })
    },
    /** The application was refused or failed: its consent no longer blocks a new attempt. */
    async withdrawn(id: string) {
      await store.run('DELETE FROM applicant_consents WHERE id = ? AND candidate_id IS NULL', [id])
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
