import { PUBLIC_VISIBILITY } from '@mini-vagas/shared/constants/vacancy'
import type { PublicVacancy } from '@mini-vagas/shared/schemas/vacancy'

const text = (v: unknown): string | null => (typeof v === 'string' ? v : v === null || v === undefined ? null : String(v))
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [])

/** Public fields only, whatever else the legacy sends (docs/product.md, Legacy calls: the list holds hidden ones too). */
export function toPublicVacancy(row: Record<string, unknown>): PublicVacancy | null {
  const id = Number(row.id)
  if (!Number.isSafeInteger(id) || id <= 0 || row.obs !== PUBLIC_VISIBILITY) return null
  return {
    id,
    description: text(row.description),
    company_name: text(row.company_name),
    city: text(row.city),
    bairro: text(row.bairro ?? row.neighborhood),
    requirements: list(row.requirements),
    benefits: list(row.benefits),
  }
}
