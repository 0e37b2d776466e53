import { useEffect, useState } from 'react'
import { formatSlot, INTERVIEW_MESSAGES, MODE_LABELS } from '@mini-vagas/shared/domain/interviews'
import type { PublicInterview } from '@mini-vagas/shared/schemas/interviews'
import { RadioGroup } from '../../../components/form-fields.tsx'
import { StatusMessage } from '../../../components/status-message.tsx'
import { ApiError, GENERIC_ERROR } from '../../../lib/api-client.ts'
import { forgetLinkToken, useLinkToken } from '../../../lib/link-token.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { answerInterview, openInterview } from '../api.ts'

const KEPT = 'entrevista'

/**
 * The candidate's interview page (docs/product.md, Interviews), opened by the invitation's link
 * without an account: the vacancy, where and with whom, the proposed times to choose one, and
 * "Pedir outro horário" / "Cancelar entrevista"; once confirmed, the time, still changeable to
 * another proposed one.
 */
export function Component() {
  useDocumentTitle('Entrevista')
  const token = useLinkToken(KEPT)
  const [interview, setInterview] = useState<PublicInterview | null>(null)
  const [gone, setGone] = useState<string | null>(token ? null : INTERVIEW_MESSAGES.linkGone)
  const [chosen, setChosen] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  // Times already past are not offered, as of when the page opened.
  const [openedAt] = useState(() => Date.now())

  useEffect(() => {
    if (!token) return
    let current = true
    openInterview(token).then(
      (answer) => {
        if (!current) return
        setInterview(answer)
        setGone(null)
      },
      (failure: unknown) => {
        if (!current) return
        if (failure instanceof ApiError && failure.status === 410) forgetLinkToken(KEPT)
        setGone(failure instanceof ApiError ? failure.message : GENERIC_ERROR)
      },
    )
    return () => {
      current = false
    }
  }, [token])

  async function answer(action: 'escolher' | 'remarcar' | 'cancelar') {
    setSending(true)
    setError(null)
    try {
      setInterview(await answerInterview({ token, action, ...(action === 'escolher' ? { slotId: Number(chosen) } : {}) }))
      setChosen('')
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : GENERIC_ERROR)
    } finally {
      setSending(false)
    }
  }

  const open = interview && interview.status !== 'cancelada' && interview.status !== 'faltou'
  const future = (interview?.slots ?? []).filter((s) => Date.parse(s.startsAt) > openedAt && s.startsAt !== interview?.startsAt)
  return (
    <main id="main" className="page page-narrow">
      <header className="page-header">
        <h1>Sua entrevista</h1>
      </header>
      {gone && <StatusMessage kind="error" title={gone} />}
      {!gone && !interview && <StatusMessage kind="loading" title="Carregando a entrevista..." />}
      {interview && (
        <article className="card" aria-labelledby="entrevista-vaga">
          <h2 id="entrevista-vaga">
            {interview.vacancy}
            {interview.company ? ` — ${interview.company}` : ''}
          </h2>
          {interview.message && (
            <p className="alert alert-success" role="status">
              {interview.message}
            </p>
          )}
          <dl className="facts">
            <dt>Formato</dt>
            <dd>{MODE_LABELS[interview.mode]}</dd>
            <dt>{interview.mode === 'online' ? 'Link' : 'Endereço'}</dt>
            <dd>{interview.mode === 'online' ? <a href={interview.place}>{interview.place}</a> : interview.place}</dd>
            <dt>Com</dt>
            <dd>{interview.interviewer}</dd>
            <dt>Duração</dt>
            <dd>{interview.durationMinutes} minutos</dd>
          </dl>
          {interview.status === 'confirmada' && interview.startsAt && (
            <p className="interview-when">
              <strong>Confirmada para {formatSlot(interview.startsAt)}.</strong> Enviaremos lembretes na véspera e uma hora antes.
            </p>
          )}
          {interview.status === 'remarcar' && <p>Você pediu outro horário. A agência vai propor novos horários.</p>}
          {interview.status === 'cancelada' && <p>Esta entrevista foi cancelada.</p>}
          {open && future.length > 0 && (
            <form
              onSubmit={(e) => {
                e.preventDefault()
                if (chosen) void answer('escolher')
              }}
            >
              <RadioGroup
                id="horario"
                label={interview.status === 'confirmada' ? 'Trocar para outro horário proposto' : 'Escolha um horário'}
                options={future.map((s) => ({ value: String(s.id), label: formatSlot(s.startsAt) }))}
                value={chosen}
                onChange={setChosen}
              />
              <button type="submit" className="button button-primary" disabled={sending || !chosen}>
                {sending ? 'Enviando...' : 'Confirmar horário'}
              </button>
            </form>
          )}
          {error && (
            <p className="alert alert-error" role="alert">
              {error}
            </p>
          )}
          {open && (
            <div className="actions">
              {interview.status !== 'remarcar' && (
                <button type="button" className="button" disabled={sending} onClick={() => void answer('remarcar')}>
                  Pedir outro horário
                </button>
              )}
              <button type="button" className="button-link" disabled={sending} onClick={() => void answer('cancelar')}>
                Cancelar entrevista
              </button>
            </div>
          )}
        </article>
      )}
    </main>
  )
}
