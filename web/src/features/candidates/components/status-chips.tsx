import { CANDIDATE_STATUSES } from '@mini-vagas/shared/constants/candidate-statuses'
import { candidateStatusLabel } from '@mini-vagas/shared/domain/candidate-status'

/**
 * Status filter buttons with counts (docs/product.md, A vacancy's candidates): 'Todos' and each status that has candidates.
 * Before a search's counts arrive (null), 'Todos' and the chosen status show, their counts as "…".
 */
export function StatusChips({ counts, value, onChange }: { counts: Record<string, number> | null; value: string | undefined; onChange: (status: string | undefined) => void }) {
  const present = CANDIDATE_STATUSES.filter((s) => (counts?.[s] ?? 0) > 0 || value === s)
  const extra = counts ? Object.keys(counts).filter((k) => k !== 'all' && !(CANDIDATE_STATUSES as readonly string[]).includes(k)) : []
  const count = (key: string) => (counts ? (counts[key] ?? 0).toLocaleString('pt-BR') : '…')
  return (
    <div className="chips" role="group" aria-label="Filtrar por status" aria-busy={counts === null}>
      <button type="button" className="chip" aria-pressed={value === undefined} onClick={() => onChange(undefined)}>
        Todos ({count('all')})
      </button>
      {[...present, ...extra].map((s) => (
        <button key={s || 'sem-status'} type="button" className="chip" aria-pressed={value === s} onClick={() => onChange(s)}>
          {candidateStatusLabel(s)} ({count(s)})
        </button>
      ))}
    </div>
  )
}
