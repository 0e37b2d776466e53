import { Dialog } from '../../../components/dialog.tsx'
import type { ApplyPreview } from '../api/screening.ts'

const people = (n: number) => (n === 1 ? '1 candidato' : `${n.toLocaleString('pt-BR')} candidatos`)

/**
 * What 'Aplicar Resultados' will write, asked before anything is: statuses that change,
 * people kept because someone moved them past triage (by status), forwards to the vacancy.
 */
export function ApplyConfirmation({
  preview,
  biasWarnings = [],
  onConfirm,
  onCancel,
}: {
  preview: ApplyPreview
  biasWarnings?: string[]
  onConfirm: () => void
  onCancel: () => void
}) {
  const kept = preview.kept.reduce((n, k) => n + k.count, 0)
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()} title="Aplicar resultados da triagem?">
      <ul className="apply-plan">
        <li>
          <strong>{people(preview.changes)}</strong> {preview.changes === 1 ? 'terá' : 'terão'} o status alterado para Triado ou Revisão, com a justificativa na observação.
        </li>
        {preview.forwards > 0 && (
          <li>
            <strong>{people(preview.forwards)}</strong> triados {preview.forwards === 1 ? 'será enviado' : 'serão enviados'} para a vaga selecionada.
          </li>
        )}
        {kept > 0 && (
          <li>
            <strong>{people(kept)}</strong> {kept === 1 ? 'será mantido' : 'serão mantidos'} no status atual, pois já {kept === 1 ? 'avançou' : 'avançaram'} além da triagem:{' '}
            {preview.kept.map((k) => `${k.status} (${k.count})`).join(', ')}.
          </li>
        )}
      </ul>
      {biasWarnings.length > 0 && (
        <div className="alert alert-error" role="alert">
          <p style={{ margin: 0 }}>O relatório de vieses desta triagem aponta possível impacto desigual:</p>
          <ul>
            {biasWarnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      <p className="field-hint">Ninguém é reprovado: candidatos não triados ficam como estão.</p>
      <div className="actions">
        <button type="button" className="button button-primary" onClick={onConfirm}>
          Confirmar e aplicar
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </Dialog>
  )
}
