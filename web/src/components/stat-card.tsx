import { Change } from './bar-chart.tsx'

/**
 * One figure on a card: its title, the value (a skeleton while it loads), an optional hint and,
 * with `change`, how it compares with a period before (room kept for it while that loads).
 */
export function StatCard({
  title,
  value,
  unit,
  hint,
  change,
}: {
  title: string
  value: number | null | undefined
  unit?: string
  hint?: string
  change?: { before: number | undefined; label: string }
}) {
  return (
    <div className="card stat-card">
      <p className="stat-title">{title}</p>
      <p className="stat-value">
        {value === undefined ? <span className="skeleton" aria-label="Carregando" /> : value === null ? '—' : `${value.toLocaleString('pt-BR')}${unit ? ` ${unit}` : ''}`}
      </p>
      {change && <p className="stat-change">{typeof value === 'number' && <Change now={value} before={change.before} label={change.label} />}</p>}
      {hint && <p className="field-hint">{hint}</p>}
    </div>
  )
}
