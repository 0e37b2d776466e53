import { useRef, useState } from 'react'
import { candidateStatusFamily, candidateStatusOptions, companyStatusOptions, normalizeCandidateStatus } from '@mini-vagas/shared/domain/candidate-status'

/** Keys that change a closed select's value in place (Windows, and keyboard users everywhere). */
const STEPPING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'])

/**
 * A candidate's status select: the union of docs/product.md, Statuses, plus an unknown stored value so it is kept;
 * for a company, only the company-side statuses (the BFF refuses any other). Coloured by the
 * status's family, like the badges.
 *
 * It saves only on a deliberate choice: picking from the opened list (mouse, touch, or Enter in
 * the list). Stepping through the values of the closed select with arrow keys or typed letters —
 * which on Windows changes the value at each key — only stages the value shown; Enter saves it,
 * Escape or leaving the field puts the saved one back.
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
  const [staged, setStaged] = useState<string | null>(null)
  // Whether the next change comes from stepping with keys on the closed select (not a pick).
  const stepping = useRef(false)
  const shown = staged ?? current
  return (
    <span className="status-select-wrap">
      <select
        id={id}
        className={`status-select family-${candidateStatusFamily(shown)}`}
        aria-label={label}
        aria-describedby={staged !== null ? `${id}-staged` : undefined}
        value={shown}
        disabled={disabled}
        onPointerDown={() => (stepping.current = false)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && staged !== null) {
            e.preventDefault()
            setStaged(null)
            onChange(staged)
          } else if (e.key === 'Escape' && staged !== null) {
            e.preventDefault()
            setStaged(null)
          } else stepping.current = !e.altKey && !e.ctrlKey && !e.metaKey && (STEPPING_KEYS.has(e.key) || (e.key.length === 1 && e.key !== ' '))
        }}
        onChange={(e) => {
          const next = e.target.value
          if (stepping.current) {
            stepping.current = false
            setStaged(next === current ? null : next)
          } else {
            setStaged(null)
            if (next !== current) onChange(next)
          }
        }}
        onBlur={() => {
          stepping.current = false
          setStaged(null)
        }}
      >
        {options.map((o) => (
          <option key={o.value || 'sem-status'} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {staged !== null && (
        <span id={`${id}-staged`} className="status-staged" role="status">
          Enter para salvar · Esc para cancelar
        </span>
      )}
    </span>
  )
}
