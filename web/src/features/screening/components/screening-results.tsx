import { useState } from 'react'
import { formatDate } from '@mini-vagas/shared/domain/dates'
import type { Outcome, RunView, ScreeningResult } from '@mini-vagas/shared/schemas/screening'
import { Evidence } from '../../../components/evidence.tsx'
import { ReviewDialog } from './review-dialog.tsx'

const GROUPS: { outcome: Outcome; title: string }[] = [
  { outcome: 'triado', title: 'Triados' },
  { outcome: 'revisao', title: 'Revisão' },
  { outcome: 'nao_triado', title: 'Não triados' },
]
const FIRST = 50
const DECISION_LABEL: Record<Outcome, string> = { triado: 'Triado', revisao: 'Revisão', nao_triado: 'Não triado' }

function Group({ title, rows, onReview }: { title: string; rows: RunView['results']; onReview?: ((row: ScreeningResult) => void) | undefined }) {
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
              {r.review && (
                <p className="review-note">
                  Revisado por {r.review.by} em {formatDate(r.review.at)}: <strong>{DECISION_LABEL[r.review.decision]}</strong> — {r.review.reason}
                  {r.outcome && r.review.decision !== r.outcome && <> (a triagem indicou {DECISION_LABEL[r.outcome]})</>}
                </p>
              )}
              {onReview && (
                <button
                  type="button"
                  className="button button-small review-button"
                  aria-label={`${r.review ? 'Alterar revisão' : 'Revisar'} ${r.name || `candidato #${r.candidateId}`}`}
                  onClick={() => onReview(r)}
                >
                  {r.review ? 'Alterar revisão' : 'Revisar'}
                </button>
              )}
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

/** The group a person is in: the one a reviewer decided, else the screening's verdict (what applying writes). */
const groupOf = (r: ScreeningResult): Outcome | null => r.review?.decision ?? r.outcome

/**
 * Results grouped as triados, revisão and não triados (a reviewed person under the group decided), each with its justification (docs/product.md, AI screening,
 * docs/product.md, Screening result), its criteria and a person's review; `runId` given, each verdict can be reviewed.
 */
export function ScreeningResults({ results, runId, onReviewed }: { results: RunView['results']; runId?: string; onReviewed?: (row: ScreeningResult) => void }) {
  const [reviewing, setReviewing] = useState<ScreeningResult | null>(null)
  return (
    <div className="result-groups">
      {GROUPS.map((g) => (
        <Group key={g.outcome} title={g.title} rows={results.filter((r) => groupOf(r) === g.outcome)} onReview={runId ? setReviewing : undefined} />
      ))}
      {reviewing && runId && (
        <ReviewDialog
          runId={runId}
          result={reviewing}
          onClose={() => setReviewing(null)}
          onSaved={(row) => {
            setReviewing(null)
            onReviewed?.(row)
          }}
        />
      )}
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
