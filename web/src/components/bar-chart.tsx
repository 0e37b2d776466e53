/** A horizontal bar chart drawn with CSS, with its numbers as a table for screen readers. */
export function BarChart({ title, data, unit = '' }: { title: string; data: { label: string; value: number }[]; unit?: string }) {
  const max = Math.max(1, ...data.map((d) => d.value))
  const id = `chart-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
  return (
    <figure className="chart card" aria-labelledby={id}>
      <figcaption id={id} className="chart-title">
        {title}
      </figcaption>
      <div className="chart-bars" aria-hidden="true">
        {data.map((d) => (
          <div key={d.label} className="chart-row">
            <span className="chart-label">{d.label}</span>
            <span className="chart-track">
              <span className="chart-bar" style={{ width: `${(d.value / max) * 100}%` }} />
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
    </figure>
  )
}
