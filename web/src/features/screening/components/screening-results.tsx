import { useState } from 'react'
import type { Outcome, RunView } from '@mini-vagas/shared/schemas/screening'

const GROUPS: { outcome: Outcome; title: string }[] = [
  { outcome: 'triado', title: 'Triados' },
  { outcome: 'revisao', title: 'Revisão' },
  { outcome: 'nao_triado', title: 'Não triados' },
]
const FIRST = 50

function Group({ title, rows }: { title: string; rows: RunView['results'] }) {
  const [all, setAll] = useState(false)
  const shown = all ? rows : rows.slice(0, FIRST)
  const id = `grupo-${title.replace(/\W+/g, '-').toLowerCase()}`
  return (
    <section className="result-group card" aria-labelledby={id}>
      <h3 id={id}>
        {title} ({rows.length})
      </h3>
      {rows.length === 0 ? (
        <p className="subtitle">Nenhum candidato neste grupo.</p>
      ) : (
        <ul className="result-list">
          {shown.map((r) => (
            <li key={r.candidateId}>
              <strong>{r.name || `Candidato #${r.candidateId}`}</strong>
              <span className="justification">{r.explanation}</span>
            </li>
          ))}
        </ul>
      )}
      {rows.length > shown.length && (
        <button type="button" className="button button-small" onClick={() => setAll(true)}>
          Mostrar todos os {rows.length}
        </button>
      )}
    </section>
  )
}

/** Results grouped as triados, revisão and não triados, each with its justification (spec §2.13, §3.7). */
export function ScreeningResults({ results }: { results: RunView['results'] }) {
  return (
    <div className="result-groups">
      {GROUPS.map((g) => (
        <Group key={g.outcome} title={g.title} rows={results.filter((r) => r.outcome === g.outcome)} />
      ))}
    </div>
  )
}

/** One progress bar for loading, screening and applying, with its counts in words. */
export function ProgressBar({ label, value, max }: { label: string; value?: number; max?: number }) {
  const known = value !== undefined && max !== undefined && max > 0
  return (
    <div className="progress" role="status">
      <p className="progress-label">{known ? `${label}: ${value} de ${max}` : label}</p>
      <progress aria-label={label} value={known ? value : undefined} max={known ? max : undefined} />
    </div>
  )
}
