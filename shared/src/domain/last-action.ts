import { candidateStatusLabel } from './candidate-status.ts'

export interface CandidateActivity {
  created_at?: string | null
  updated_at?: string | null
  status?: string | null
  obs?: string | null
}

export interface LastAction {
  /** ISO instant of the last action, or null when the record has no dates. */
  at: string | null
  label: string
}

function time(value: string | null | undefined): number | null {
  if (!value) return null
  const t = Date.parse(value)
  return Number.isNaN(t) ? null : t
}

/** The later of created_at and updated_at (docs/product.md, Statuses), as an ISO string or null. */
export function lastActionAt(candidate: CandidateActivity): string | null {
  const created = time(candidate.created_at)
  const updated = time(candidate.updated_at)
  if (created === null && updated === null) return null
  if (updated !== null && (created === null || updated > created)) return candidate.updated_at ?? null
  return candidate.created_at ?? null
}

/**
 * The last action and its label (docs/product.md, Statuses). A record never changed after it was created reads
 * 'Inscrição'. A changed one reads, in the product's order: 'Observação adicionada' when it holds a
 * note, 'Status: X' when it holds a status, 'Status removido' when the status was emptied (''),
 * otherwise 'Modificação'. 'pendente' and null are not a status here, so they read 'Modificação'.
 * No dates at all: 'Sem ações'.
 */
export function lastAction(candidate: CandidateActivity): LastAction {
  const created = time(candidate.created_at)
  const updated = time(candidate.updated_at)
  const at = lastActionAt(candidate)
  if (at === null) return { at: null, label: 'Sem ações' }
  if (updated === null || (created !== null && updated <= created)) return { at, label: 'Inscrição' }
  if ((candidate.obs ?? '').trim() !== '') return { at, label: 'Observação adicionada' }
  const status = (candidate.status ?? '').trim()
  if (status !== '' && status.toLowerCase() !== 'pendente') {
    return { at, label: `Status: ${candidateStatusLabel(status)}` }
  }
  if (candidate.status === '') return { at, label: 'Status removido' }
  return { at, label: 'Modificação' }
}
