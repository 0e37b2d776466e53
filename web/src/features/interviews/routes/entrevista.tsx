import { useEffect, useState } from 'react'
import { formatSlot, INTERVIEW_MESSAGES, MODE_LABELS } from '@mini-vagas/shared/domain/interviews'
import type { PublicInterview } from '@mini-vagas/shared/schemas/interviews'
import { InterviewAnswers, type InterviewAnswer } from '../../../components/interview-answers.tsx'
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
  const [error, setError] = useState<string | null>(null)

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

  async function answer(action: InterviewAnswer, slotId?: number) {
    setError(null)
    try {
      setInterview(await answerInterview({ token, action, ...(slotId !== undefined ? { slotId } : {}) }))
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : GENERIC_ERROR)
      throw failure
    }
  }

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
          {error && (
            <p className="alert alert-error" role="alert">
              {error}
            </p>
          )}
          <InterviewAnswers id="horario" interview={interview} onAnswer={answer} />
        </article>
      )}
    </main>
  )
}
