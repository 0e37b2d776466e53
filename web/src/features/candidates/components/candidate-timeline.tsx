import { useState, type FormEvent } from 'react'
import { formatDateTime } from '@mini-vagas/shared/domain/dates'
import type { TimelineAnswer } from '@mini-vagas/shared/schemas/timeline'
import { ApiError, GENERIC_ERROR } from '../../../lib/api-client.ts'
import { addNote, useTimeline } from '../api/timeline.ts'

const KIND_LABELS: Record<TimelineAnswer['entries'][number]['kind'], string> = {
  nota: 'Nota',
  status: 'Status',
  triagem: 'Triagem',
  envio: 'Envio',
  edicao: 'Edição',
  mensagem: 'Mensagem',
  entrevista: 'Entrevista',
  outro: 'Registro',
}

/**
 * The staff's history of a candidate: a note is added as an entry with its author and time (never
 * replacing the last), and every status change, review, forward and edit shows who made it. What
 * was typed stays in the field until the note is saved.
 */
export function CandidateTimeline({ candidateId }: { candidateId: number }) {
  const { data, error, isLoading, mutate } = useTimeline(candidateId)
  const [text, setText] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [saving, setSaving] = useState(false)
  const [failed, setFailed] = useState<string | null>(null)
  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!text.trim()) {
      setFieldError('Escreva a nota antes de adicionar.')
      return document.getElementById(`note-${candidateId}`)?.focus()
    }
    setSaving(true)
    setFailed(null)
    setFieldError(undefined)
    try {
      await mutate(await addNote(candidateId, text), { revalidate: false })
      setText('')
    } catch (e) {
      if (e instanceof ApiError && e.fieldMessages().text) setFieldError(e.fieldMessages().text)
      else setFailed(e instanceof ApiError ? e.message : GENERIC_ERROR)
    } finally {
      setSaving(false)
    }
  }
  const id = `note-${candidateId}`
  return (
    <section className="timeline" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Histórico e notas da equipe</h3>
      <form onSubmit={submit} noValidate aria-label="Adicionar nota">
        <div className="field">
          <label htmlFor={id}>Nova nota</label>
          <textarea
            id={id}
            rows={2}
            maxLength={2000}
            value={text}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ''}`}
            onChange={(e) => setText(e.target.value)}
          />
          <p id={`${id}-hint`} className="field-hint">
            Só a equipe da agência lê as notas; a empresa não as vê.
          </p>
          {fieldError && (
            <p id={`${id}-error`} className="field-error">
              {fieldError}
            </p>
          )}
        </div>
        {failed && (
          <p className="alert alert-error" role="alert">
            {failed}
          </p>
        )}
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Adicionando...' : 'Adicionar nota'}
        </button>
      </form>
      {isLoading && <p className="field-hint">Carregando o histórico...</p>}
      {Boolean(error) && (
        <p className="alert alert-error" role="alert">
          Não foi possível carregar o histórico.{' '}
          <button type="button" className="link-button" onClick={() => void mutate()}>
            Tentar novamente
          </button>
        </p>
      )}
      {data &&
        (data.entries.length === 0 ? (
          <p className="field-hint">Nada registrado ainda.</p>
        ) : (
          <ol className="timeline-list">
            {data.entries.map((entry, i) => (
              <li key={`${entry.at}-${i}`} className={`timeline-entry timeline-${entry.kind}`}>
                <p className="timeline-meta">
                  <span className="timeline-kind">{KIND_LABELS[entry.kind]}</span> · <strong>{entry.by}</strong> · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </p>
                <p className="timeline-text">{entry.text}</p>
              </li>
            ))}
          </ol>
        ))}
    </section>
  )
}
