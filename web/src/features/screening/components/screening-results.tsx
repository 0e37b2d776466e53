import { useState } from 'react'
import type { CriterionEvidence, Outcome, RunView } from '@mini-vagas/shared/schemas/screening'

const GROUPS: { outcome: Outcome; title: string }[] = [
  { outcome: 'triado', title: 'Triados' },
  { outcome: 'revisao', title: 'Revisão' },
  { outcome: 'nao_triado', title: 'Não triados' },
]
const FIRST = 50
const STATUS: Record<CriterionEvidence['status'], string> = { atende: 'Atende', nao_atende: 'Não atende', desconhecido: 'A conferir' }

/** Each criterion of the vacancy for one candidate, with the field that decided it (issue 14); collapsed by default. */
function Evidence({ evidence }: { evidence: CriterionEvidence[] }) {
  if (evidence.length === 0) return null
  const unmet = evidence.filter((e) => e.status !== 'atende').length
  return (
    <details className="evidence">
      <summary>
        Critérios ({evidence.length - unmet} de {evidence.length} atendidos)
      </summary>
      <ul>
        {evidence.map((e) => (
          <li key={e.key} className={`evidence-${e.status}`}>
            <span className="evidence-status">{STATUS[e.status]}</span> {e.label}
            {e.hard ? ' (regra fixa)' : ''} — {e.field}: {e.value}
            <span className="visually-hidden">{e.by === 'ia' ? ', avaliado pela IA' : ', avaliado pelas regras'}</span>
            {e.by === 'ia' && <span className="evidence-by"> · IA</span>}
          </li>
        ))}
      </ul>
    </details>
  )
}

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
              <Evidence evidence={r.evidence} />
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
