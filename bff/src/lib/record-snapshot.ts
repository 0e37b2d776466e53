type Obj = Record<string, unknown>

/** How long a vacancy's records, read in one call, serve an apply's steps before they are read again. */
export const RECORDS_MAX_AGE_MS = 120_000

/**
 * What a job knows of the records it writes (a screening apply, a bulk change): each vacancy's candidates read in one call (the
 * legacy's `GET /processos_seletivos/:id/candidatos`) instead of one GET per record, so the
 * legacy's budget goes to writes. Read again when older than `maxAgeMs`, and kept current between
 * reads by every write this BFF hears of — the job's own and the people's (`heard`) — so a status
 * a recruiter set a moment ago is what the job sees. A write made elsewhere (another instance,
 * another client of the legacy) is seen at the next read: within `maxAgeMs`.
 */
export function createRecordSnapshot({
  read,
  now = Date.now,
  maxAgeMs = RECORDS_MAX_AGE_MS,
}: {
  read: (vacancyId: number) => Promise<Obj[] | null>
  now?: () => number
  maxAgeMs?: number
}) {
  const vacancies = new Map<number, { at: number; rows: Promise<Map<number, Obj> | null> }>()
  /** Writes heard while a vacancy's read was on its way: applied over what it brings. */
  const recent = new Map<number, { at: number; record: Obj }>()
  return {
    /** The record as last known, or null when its vacancy's list could not be read or does not hold it (the caller reads it alone). */
    async get(vacancyId: number | null, candidateId: number): Promise<Obj | null> {
      if (vacancyId === null) return null
      let entry = vacancies.get(vacancyId)
      if (!entry || now() - entry.at > maxAgeMs) {
        const at = now()
        entry = {
          at,
          rows: read(vacancyId).then((rows) => {
            if (!rows) return null
            const byId = new Map(rows.map((r) => [Number(r.id), r]))
            for (const [id, written] of recent) if (written.at >= at && byId.has(id)) byId.set(id, { ...byId.get(id), ...written.record })
            return byId
          }),
        }
        vacancies.set(vacancyId, entry)
      }
      return (await entry.rows)?.get(candidateId) ?? null
    },
    /** A record as just written: later steps see it. */
    heard(record: Obj) {
      const id = Number(record.id)
      if (!Number.isSafeInteger(id)) return
      recent.set(id, { at: now(), record })
      for (const entry of vacancies.values())
        void entry.rows.then((byId) => {
          if (byId?.has(id)) byId.set(id, { ...byId.get(id), ...record })
        })
    },
  }
}
export type RecordSnapshot = ReturnType<typeof createRecordSnapshot>
