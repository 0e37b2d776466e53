import type { RunView } from '../api/screening.ts'
import { BiasReport } from './bias-report.tsx'
import { ScreeningResults } from './screening-results.tsx'

/** The run's outcome: counts, the apply's result and failures, and the grouped results. */
export function RunSummary({ view, onReload, onReviewed }: { view: RunView; onReload: () => void; onReviewed?: () => void }) {
  const { run, counts, apply } = view
  return (
    <section aria-labelledby="resultado">
      <h2 id="resultado">Resultado da triagem</h2>
      <p className="subtitle">
        {run.provider === 'openai' ? 'Triagem por IA' : 'Triagem por regras'} · {run.mode === 'global' ? 'global' : 'por empresa'} · {run.total} candidatos · {counts.triado}{' '}
        triados, {counts.revisao} em revisão, {counts.nao_triado} não triados
        {counts.pendente > 0 ? `, ${counts.pendente} aguardando` : ''}
      </p>
      <p className="field-hint">
        {run.fieldsSent.length > 0
          ? `Dados enviados ao modelo${run.model ? ` ${run.model}` : ''}: ${run.fieldsSent.join(', ')}. Nome e contatos nunca são enviados.`
          : 'Nenhum dado de candidato saiu do sistema: a triagem usou as regras fixas.'}{' '}
        A triagem orienta; quem decide é a equipe.
      </p>
      {run.warning && (
        <div className="alert alert-error" role="alert">
          <p style={{ margin: 0 }}>{run.warning}</p>
          <button type="button" className="button button-small" style={{ marginTop: '0.5rem' }} onClick={onReload}>
            Buscar candidatos novamente
          </button>
        </div>
      )}
      {run.status === 'failed' && run.message && (
        <p className="alert alert-error" role="alert">
          {run.message}
        </p>
      )}
      {run.status === 'done' && run.message && <p className="alert alert-success">{run.message}</p>}
      {apply && apply.status !== 'applying' && apply.message && (
        <p
          className={`alert ${apply.status === 'applied' && apply.failed === 0 ? 'alert-success' : 'alert-error'}`}
          role={apply.status === 'applied' && apply.failed === 0 ? undefined : 'alert'}
        >
          {apply.message}
        </p>
      )}
      {view.undo && view.undo.status !== 'undoing' && view.undo.message && (
        <p className={`alert ${view.undo.status === 'undone' && view.undo.failed.length === 0 ? 'alert-success' : 'alert-error'}`} role="status">
          {view.undo.message}
        </p>
      )}
      {view.undo && view.undo.kept.length + view.undo.failed.length > 0 && view.undo.status !== 'undoing' && (
        <details className="card apply-failures">
          <summary>Não restaurados ({view.undo.kept.length + view.undo.failed.length})</summary>
          <ul>
            {[...view.undo.failed, ...view.undo.kept].map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </details>
      )}
      {apply && apply.failures.length > 0 && (
        <details className="card apply-failures" open>
          <summary>Candidatos não atualizados ({apply.failures.length})</summary>
          <ul>
            {apply.failures.map((f) => (
              <li key={`${f.candidateId}-${f.kind}`}>{f.message}</li>
            ))}
          </ul>
        </details>
      )}
      {view.bias && <BiasReport runId={run.id} report={view.bias} />}
      {run.status !== 'screening' && <ScreeningResults results={view.results} {...(run.status === 'done' ? { runId: run.id, onReviewed } : {})} />}
    </section>
  )
}
