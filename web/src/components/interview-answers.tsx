import { useState } from 'react'
import { formatSlot } from '@mini-vagas/shared/domain/interviews'
import { RadioGroup } from './form-fields.tsx'

export type InterviewAnswer = 'escolher' | 'remarcar' | 'cancelar'

/**
 * A candidate's answers to an interview, wherever they meet it (the invitation's page, the card in
 * "Minhas candidaturas"): the proposed times still ahead to choose one ('Confirmar horário'; once
 * confirmed, to change to another), 'Pedir outro horário' and 'Cancelar entrevista'. Nothing to
 * answer once it was cancelled or missed. `onAnswer` rejects to say it failed (the caller says why).
 */
export function InterviewAnswers({
  id,
  interview,
  onAnswer,
}: {
  id: string
  interview: { status: string; startsAt: string | null; slots: readonly { id: number; startsAt: string }[] }
  onAnswer: (action: InterviewAnswer, slotId?: number) => Promise<void>
}) {
  const [chosen, setChosen] = useState('')
  const [sending, setSending] = useState(false)
  // Times already past are not offered, as of when the page opened.
  const [openedAt] = useState(() => Date.now())
  const open = interview.status === 'proposta' || interview.status === 'remarcar' || interview.status === 'confirmada'
  if (!open) return null
  const choices = interview.slots.filter((s) => Date.parse(s.startsAt) > openedAt && s.startsAt !== interview.startsAt)
  const send = async (action: InterviewAnswer, slotId?: number) => {
    setSending(true)
    try {
      await onAnswer(action, slotId)
      setChosen('')
    } catch {
      // Said by the caller; the choice stays for another try.
    } finally {
      setSending(false)
    }
  }
  return (
    <form
      className="interview-answers"
      onSubmit={(e) => {
        e.preventDefault()
        if (chosen) void send('escolher', Number(chosen))
      }}
    >
      {choices.length > 0 && (
        <RadioGroup
          id={id}
          label={interview.status === 'confirmada' ? 'Trocar para outro horário proposto' : 'Escolha um horário'}
          options={choices.map((s) => ({ value: String(s.id), label: formatSlot(s.startsAt) }))}
          value={chosen}
          onChange={setChosen}
        />
      )}
      <div className="actions">
        {choices.length > 0 && (
          <button type="submit" className="button button-primary" disabled={sending || !chosen}>
            {sending ? 'Enviando...' : 'Confirmar horário'}
          </button>
        )}
        {interview.status !== 'remarcar' && (
          <button type="button" className="button" disabled={sending} onClick={() => void send('remarcar')}>
            Pedir outro horário
          </button>
        )}
        <button type="button" className="button-link" disabled={sending} onClick={() => void send('cancelar')}>
          Cancelar entrevista
        </button>
      </div>
    </form>
  )
}
