import { percentText as percent, ratioText as ratio } from '@mini-vagas/shared/domain/screening-bias'
import type { BiasReport as Report } from '@mini-vagas/shared/schemas/screening'

/**
 * The run's bias report, shown before 'Aplicar Resultados': per group of gender, PcD,
 * age band and state, how many were screened and marked triado, and the impact ratio against the
 * group with the highest rate; a warning for any ratio under four fifths.
 */
export function BiasReport({ runId, report }: { runId: string; report: Report }) {
  const dimensions = [...new Set(report.groups.map((g) => g.dimension))]
  return (
    <section className="card bias-report" aria-labelledby="vieses">
      <h3 id="vieses">Relatório de vieses</h3>
      <p className="subtitle">
        Taxa de seleção (triados sobre analisados) por grupo, calculada com dados que não foram usados na triagem. A razão de impacto compara cada grupo com o de maior taxa; abaixo
        de {ratio(report.floor)} merece atenção (regra dos quatro quintos). Grupos com menos de {report.minGroup} candidatos são pequenos demais para julgar.
      </p>
      {report.warnings.length > 0 ? (
        <div className="alert alert-error" role="alert">
          <p style={{ margin: 0 }}>
            <strong>Atenção: possível impacto desigual.</strong> Revise os resultados antes de aplicá-los.
          </p>
          <ul>
            {report.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="alert alert-success">Nenhuma razão de impacto abaixo de {ratio(report.floor)} entre os grupos que podem ser julgados.</p>
      )}
      <details>
        <summary>Ver taxas por grupo</summary>
        {dimensions.map((dimension) => {
          const rows = report.groups.filter((g) => g.dimension === dimension)
          return (
            <div className="table-wrap" key={dimension}>
              <table className="data">
                <caption>{rows[0]!.dimensionLabel}</caption>
                <thead>
                  <tr>
                    <th scope="col">Grupo</th>
                    <th scope="col">Analisados</th>
                    <th scope="col">Triados</th>
                    <th scope="col">Taxa de seleção</th>
                    <th scope="col">Razão de impacto</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((g) => (
                    <tr key={g.group} className={g.flagged ? 'flagged' : undefined}>
                      <th scope="row">{g.group}</th>
                      <td>{g.total}</td>
                      <td>{g.selected}</td>
                      <td>{percent(g.rate)}</td>
                      <td>{g.small ? 'grupo pequeno demais' : g.ratio === null ? '—' : `${ratio(g.ratio)}${g.flagged ? ' (abaixo do limite)' : ''}`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        })}
      </details>
      <p>
        <a className="button button-small" href={`/bff/screening/runs/${runId}/bias.csv`} download>
          Baixar relatório de vieses (CSV)
        </a>
      </p>
    </section>
  )
}
