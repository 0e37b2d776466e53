import { candidateStatusFamily, candidateStatusOptions, companyStatusOptions, normalizeCandidateStatus } from '@mini-vagas/shared/domain/candidate-status'

/**
 * A candidate's status select: the union of docs/product.md, Statuses, plus an unknown stored value so it is kept;
 * for a company, only the company-side statuses (the BFF refuses any other). Coloured by the
 * status's family, like the badges.
 */
export function StatusSelect({
  id,
  value,
  onChange,
  label,
  disabled,
  company = false,
}: {
  id: string
  value: string | null | undefined
  onChange: (status: string) => void
  label: string
  disabled?: boolean
  company?: boolean
}) {
  const current = normalizeCandidateStatus(value)
  const options = company ? companyStatusOptions(current) : candidateStatusOptions(current)
  return (
    <select
      id={id}
      className={`status-select family-${candidateStatusFamily(current)}`}
      aria-label={label}
      value={current}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    >
      {options.map((o) => (
        <option key={o.value || 'sem-status'} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  )
}
