import { useState } from 'react'
import type { Outcome, ScreeningResult } from '@mini-vagas/shared/schemas/screening'
import { Dialog } from '../../../components/dialog.tsx'
import { FormSubmit, RadioGroup, TextAreaField } from '../../../components/form-fields.tsx'
import { ApiError, GENERIC_ERROR } from '../../../lib/api-client.ts'
import { reviewResult } from '../api/screening.ts'

export const DECISIONS: { value: Outcome; label: string }[] = [
  { value: 'triado', label: 'Triado' },
  { value: 'revisao', label: 'Revisão' },
  { value: 'nao_triado', label: 'Não triado' },
]

/**
 * A person's review of one verdict: their final decision and why. The decision is what
 * applying writes; the review is kept with the run and in the audit trail.
 */
export function ReviewDialog({ runId, result, onClose, onSaved }: { runId: string; result: ScreeningResult; onClose: () => void; onSaved: (row: ScreeningResult) => void }) {
  const [decision, setDecision] = useState<string>(result.review?.decision ?? result.outcome ?? '')
  const [reason, setReason] = useState(result.review?.reason ?? '')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const name = result.name || `Candidato #${result.candidateId}`
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Revisar veredito — ${name}`} description={`Indicação da triagem: ${result.explanation ?? ''}`}>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault()
          const local: Record<string, string> = {}
          if (!decision) local.decision = 'Escolha a decisão final.'
          if (reason.trim().length < 3) local.reason = 'Informe o motivo da revisão.'
          setErrors(local)
          setError(null)
          if (Object.keys(local).length > 0) return
          setSending(true)
          try {
            onSaved(await reviewResult(runId, result.candidateId, { decision: decision as Outcome, reason }))
          } catch (failure) {
            if (failure instanceof ApiError) {
              setErrors(failure.fieldMessages())
              setError(failure.message)
            } else setError(GENERIC_ERROR)
          } finally {
            setSending(false)
          }
        }}
      >
        <RadioGroup id="review-decision" label="Decisão final" required options={DECISIONS} value={decision} onChange={setDecision} error={errors.decision} />
        <TextAreaField
          id="review-reason"
          label="Motivo"
          required
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
          hint="Fica registrado com seu nome na triagem e na trilha de auditoria; ao aplicar, vale a sua decisão."
        />
        <div className="actions">
          <FormSubmit error={error} sending={sending} label="Salvar revisão" busyLabel="Salvando..." />
        </div>
      </form>
    </Dialog>
  )
}
