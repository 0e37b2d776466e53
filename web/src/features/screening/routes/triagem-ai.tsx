import { shiftDate } from '@mini-vagas/shared/domain/dates'
import { Dialog } from '../../../components/dialog.tsx'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { useScreening } from '../api/use-screening.ts'
import { ApplyConfirmation } from '../components/apply-confirmation.tsx'
import { LoadedCandidates } from '../components/loaded-candidates.tsx'
import { RunSummary } from '../components/run-summary.tsx'
import { ScreeningForm } from '../components/screening-form.tsx'
import { ProgressBar } from '../components/screening-results.tsx'
import { VacancyInfo } from '../components/vacancy-info.tsx'

/** AI screening (docs/product.md, AI screening): pick a vacancy and a period, load candidates, screen, review, apply. */
export function Component() {
  useDocumentTitle('Triagem com IA')
  const s = useScreening()
  const { view, busy, applyState, loaded, plan } = s
  return (
    <main id="main" className="page screening-page">
      <h1>Triagem com IA</h1>
      <p className="subtitle">Triagem dos candidatos pelos critérios da vaga, com justificativa para cada um.</p>
      {s.provider.data?.provider === 'rules' && (
        <p className="alert alert-info" role="note">
          Nenhuma chave de IA configurada: a triagem usa as regras do sistema (idade, distância até a vaga e critérios que pedem revisão), com uma justificativa para cada
          candidato.
        </p>
      )}
      {s.provider.data?.provider === 'openai' && (
        <p className="alert alert-info" role="note">
          A IA ({s.provider.data.model}) recebe apenas: {s.provider.data.fieldsSent.join(', ')}. Nome, contatos
          {s.provider.data.fieldsSent.includes('Gênero') ? '' : ', gênero e PcD'} não são enviados. Regras fixas (idade, distância, exclusões) valem sobre qualquer resposta da IA,
          e ninguém é reprovado automaticamente.
        </p>
      )}

      <ScreeningForm
        mode={s.mode}
        onMode={s.changeMode}
        vacancies={s.vacancies.data ?? []}
        vacancy={s.vacancy}
        onVacancy={s.selectVacancy}
        range={s.range}
        onRange={s.changeRange}
        rangeError={s.rangeError}
        rangeNote={s.rangeNote}
        onQuickRange={(kind) => void s.pickQuickRange(kind)}
        today={s.today}
        locked={s.locked}
      >
        <div className="actions">
          <button type="button" className="button" disabled={s.locked} onClick={() => void s.onTestConnection()}>
            {busy === 'test' ? 'Testando...' : 'Testar conexão com IA'}
          </button>
          <button type="button" className="button" disabled={s.locked} onClick={() => void s.onLoad()}>
            {busy === 'load' ? 'Buscando...' : 'Buscar candidatos'}
          </button>
          <button type="button" className="button button-primary" disabled={s.locked || !loaded} onClick={() => void s.onRun()}>
            {busy === 'run' ? 'Iniciando...' : 'Executar triagem'}
          </button>
          <button type="button" className="button button-primary" disabled={!s.canApply} onClick={() => void s.onApply()}>
            {busy === 'apply' || applyState?.status === 'applying' ? 'Aplicando...' : 'Aplicar Resultados'}
          </button>
          {(s.canUndo || view?.undo?.status === 'undoing') && (
            <button type="button" className="button" disabled={!s.canUndo} onClick={() => s.setConfirmUndo(true)}>
              {view?.undo?.status === 'undoing' ? 'Desfazendo...' : 'Desfazer aplicação'}
            </button>
          )}
        </div>
      </ScreeningForm>

      {busy === 'load' && <ProgressBar label="Carregando candidatos..." />}
      {view?.run.status === 'screening' && <ProgressBar label="Triando candidatos" value={s.screeningDone} max={view.run.total} />}
      {applyState?.status === 'applying' && <ProgressBar label="Aplicando resultados" value={applyState.processed} max={applyState.total} />}
      {applyState?.status === 'applying' && applyState.notice && <p className="field-hint">{applyState.notice}</p>}

      {view?.undo?.status === 'undoing' && <ProgressBar label="Desfazendo a aplicação" value={view.undo.processed} max={view.undo.total} />}
      {s.confirmUndo && (
        <Dialog open onOpenChange={(open) => !open && s.setConfirmUndo(false)} title="Desfazer a aplicação?">
          <ul className="apply-plan">
            <li>Quem ninguém alterou desde a aplicação volta ao status e à observação de antes.</li>
            <li>Registros alterados depois por alguém ficam como estão.</li>
            <li>Envios para a vaga continuam: o sistema não permite excluir candidaturas.</li>
          </ul>
          <div className="actions">
            <button type="button" className="button button-primary" onClick={() => void s.onConfirmUndo()}>
              Desfazer
            </button>
            <button type="button" className="button" onClick={() => s.setConfirmUndo(false)}>
              Cancelar
            </button>
          </div>
        </Dialog>
      )}

      {plan && <ApplyConfirmation preview={plan} biasWarnings={view?.bias?.warnings ?? []} onConfirm={() => void s.onConfirmApply()} onCancel={() => s.setPlan(null)} />}

      {s.vacancy && <VacancyInfo vacancy={s.vacancy} />}

      <p className="field-hint">
        Cada triagem, aplicação e status gravado fica na trilha de auditoria por 6 meses.{' '}
        <a href={`/bff/audit.csv?start_date=${shiftDate(s.today, -30)}&end_date=${s.today}`} download>
          Exportar a trilha dos últimos 30 dias (CSV)
        </a>
      </p>

      {view && <RunSummary view={view} onReload={() => void s.onLoad()} onReviewed={s.onReviewed} />}

      {loaded && !view && (
        <section aria-labelledby="carregados">
          <h2 id="carregados">Candidatos carregados ({loaded.total})</h2>
          {loaded.warnings.map((w) => (
            <p key={w} className="alert alert-error" role="alert">
              {w}
            </p>
          ))}
          <LoadedCandidates candidates={loaded.candidates} />
        </section>
      )}
    </main>
  )
}
