import type { PublicApplication } from '@mini-vagas/shared/schemas/candidate'
import type { PublicVacancy } from '@mini-vagas/shared/schemas/vacancy'
import { HttpError } from '../../lib/http-error.ts'
import { toPublicVacancy } from '../../lib/public-vacancy.ts'
import { createTtlCache } from '../../lib/ttl-cache.ts'
import { LegacyRefusal, sessionEnded } from '../../legacy/errors.ts'
import { UpstreamError } from '../../legacy/client.ts'
import type { LegacyGateway } from '../../legacy/gateway.ts'
import type { VacancyDetailsStore } from '../../plugins/vacancy-details.ts'

const byCity = new Intl.Collator('pt-BR', { sensitivity: 'base' })

/**
 * The public vacancy list: only 'mostrar', public fields, sorted by city (pt-BR) then description,
 * cached briefly; when the legacy fails, the last list is served rather than an error.
 */
export function createPublicVacancies({ legacy, ttlMs, details }: { legacy: (requestId?: string) => LegacyGateway; ttlMs: number; details?: VacancyDetailsStore }) {
  const cache = createTtlCache<PublicVacancy[]>({ ttlMs, maxEntries: 1 })
  async function load(): Promise<PublicVacancy[]> {
    const listed = (await legacy().publicVacancies()).map(toPublicVacancy).filter((v): v is PublicVacancy => v !== null)
    // What the staff said the legacy has no field for (salary, contract, ...), with the same cache.
    return (details ? await details.attach(listed) : listed).sort(
      (a, b) => byCity.compare(a.city ?? '', b.city ?? '') || byCity.compare(a.description ?? '', b.description ?? '') || a.id - b.id,
    )
  }
  async function all(): Promise<PublicVacancy[]> {
    try {
      return await cache.get('all', load)
    } catch (error) {
      const stale = cache.peek('all')
      if (stale && (error instanceof UpstreamError || (error instanceof LegacyRefusal && error.kind === 'down'))) return stale
      throw error
    }
  }
  return {
    all,
    async one(id: number): Promise<PublicVacancy | null> {
      return (await all()).find((v) => v.id === id) ?? null
    },
    /** Sends an application to a public vacancy; the legacy's 422 field errors come back as is. */
    async apply(application: PublicApplication, requestId: string): Promise<{ id: number | null }> {
      const vacancy = (await all()).find((v) => v.id === application.jobId)
      if (!vacancy) {
        throw new HttpError(422, 'Esta vaga não está mais disponível.', { errors: { jobId: ['Esta vaga não está mais disponível.'] } })
      }
      const created = await legacy(requestId)
        .candidates.create(application)
        .catch((error: unknown) => {
          // No session is involved here: a 401 would be the legacy's misconfiguration, not the user's.
          throw sessionEnded(error) ? new HttpError(502, 'Falha ao enviar a candidatura.') : error
        })
      return { id: created ? Number(created.id) : null }
    },
    clear: () => cache.clear(),
  }
}
export type PublicVacancies = ReturnType<typeof createPublicVacancies>
