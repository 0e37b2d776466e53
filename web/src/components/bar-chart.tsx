/** Each chart's own colour, from the design tokens; a bar may carry a status family's. */
export type ChartTone = 'blue' | 'teal' | 'violet' | 'amber' | 'green'

export interface ChartDatum {
  label: string
  value: number
  /** A colour class for this bar alone (e.g. a status family), instead of the chart's tone. */
  tone?: string
}

/**
 * A horizontal bar chart drawn with CSS, with its numbers as a table for screen readers. With
 * `comparison`, its footer gives the total and the change against the month before; a chart whose
 * numbers are all 0 says `empty` in one line instead of drawing empty bars.
 */
export function BarChart({
  title,
  data,
  unit = '',
  tone = 'blue',
  empty,
  comparison,
  note,
}: {
  title: string
  /** A line under the chart that says what it counts (when two figures could be confused). */
  note?: string
  data: ChartDatum[]
  unit?: string
  tone?: ChartTone
  empty?: string
  comparison?: { total: number; previous: number | undefined; previousLabel: string }
}) {
  const max = Math.max(1, ...data.map((d) => d.value))
  const id = `chart-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
  const nothing = data.every((d) => d.value === 0)
  return (
    <figure className={`chart card chart-${tone}`} aria-labelledby={id}>
      <figcaption id={id} className="chart-title">
        {title}
      </figcaption>
      {nothing && empty ? (
        <p className="chart-empty">{empty}</p>
      ) : (
        <>
          <div className="chart-bars" aria-hidden="true">
            {data.map((d) => (
              <div key={d.label} className="chart-row">
                <span className="chart-label">{d.label}</span>
                <span className="chart-track">
                  <span className={`chart-bar ${d.tone ?? ''}`} style={{ width: `${(d.value / max) * 100}%` }} />
                </span>
                <span className="chart-value">{d.value.toLocaleString('pt-BR')}</span>
              </div>
            ))}
          </div>
          <table className="visually-hidden">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Quantidade{unit ? ` (${unit})` : ''}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((d) => (
                <tr key={d.label}>
                  <th scope="row">{d.label}</th>
                  <td>{d.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {note && <p className="field-hint chart-note">{note}</p>}
      {comparison && (
        <p className="chart-total">
          Total: <strong>{comparison.total.toLocaleString('pt-BR')}</strong> <Change now={comparison.total} before={comparison.previous} label={comparison.previousLabel} />
        </p>
      )}
    </figure>
  )
}

/** "+3 em relação a outubro de 2026", coloured by direction; nothing while the month before loads. */
export function Change({ now, before, label }: { now: number; before: number | undefined; label: string }) {
  if (before === undefined) return null
  const delta = now - before
  const text = delta === 0 ? `igual a ${label}` : `${delta > 0 ? '+' : '−'}${Math.abs(delta).toLocaleString('pt-BR')} em relação a ${label}`
  return <span className={`change change-${delta > 0 ? 'up' : delta < 0 ? 'down' : 'same'}`}>{text}</span>
}
