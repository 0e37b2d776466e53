import { candidateStatusOptions, normalizeCandidateStatus } from '@mini-vagas/shared/domain/candidate-status'

/** A candidate's status select: the union of spec §4, plus an unknown stored value so it is kept. */
export function StatusSelect({ id, value, onChange, label, disabled }: { id: string; value: string | null | undefined; onChange: (status: string) => void; label: string; disabled?: boolean }) {
  const current = normalizeCandidateStatus(value)
  return (
    <select id={id} aria-label={label} value={current} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
      {candidateStatusOptions(current).map((o) => (
        <option key={o.value || 'sem-status'} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  )
}
