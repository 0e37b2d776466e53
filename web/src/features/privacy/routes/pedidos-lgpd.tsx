import { useState } from 'react'
import { privacyKindLabel } from '@mini-vagas/shared/constants/privacy'
import { formatDate, todayDate } from '@mini-vagas/shared/domain/dates'
import type { PrivacyRequest } from '@mini-vagas/shared/schemas/privacy'
import { TextAreaField } from '../../../components/form-fields.tsx'
import { ApiError, GENERIC_ERROR } from '../../../lib/api-client.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { anonymiseRecords, answerPrivacyRequest, usePrivacyRequests } from '../api/privacy.ts'

/** Deletion through the legacy's API: it has no delete, so the requester's records are overwritten with nothing that identifies them. */
function Anonymise({ request }: { request: PrivacyRequest }) {
  const [state, setState] = useState<{ busy: boolean; text: string | null; failed: boolean }>({ busy: false, text: null, failed: false })
  return (
    <div className="anonymise">
      <p className="field-hint">
        O sistema de vagas não permite excluir cadastros: a exclusão apaga nome, contatos, endereço e experiências de todos os cadastros com o e-mail <strong>e</strong> o WhatsApp
        do pedido, mantendo só o status.
      </p>
      <button
        type="button"
        className="button button-small"
        disabled={state.busy}
        onClick={async () => {
          setState({ busy: true, text: null, failed: false })
          try {
            setState({ busy: false, text: (await anonymiseRecords(request.id)).message, failed: false })
          } catch (failure) {
            setState({ busy: false, text: failure instanceof ApiError ? failure.message : GENERIC_ERROR, failed: true })
          }
        }}
      >
        {state.busy ? 'Anonimizando...' : 'Anonimizar cadastros'}
      </button>
      {state.text && (
        <p className={state.failed ? 'field-error' : 'field-hint'} role="status">
          {state.text}
        </p>
      )}
    </div>
  )
}

function Answer({ request, onAnswered }: { request: PrivacyRequest; onAnswered: () => void }) {
  const [answer, setAnswer] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const id = `answer-${request.id}`
  return (
    <form
      noValidate
      onSubmit={async (e) => {
        e.preventDefault()
        if (answer.trim().length < 5) return setError('Escreva a resposta ao titular.')
        setSending(true)
        try {
          await answerPrivacyRequest(request.id, answer)
          onAnswered()
        } catch (failure) {
          setError(failure instanceof ApiError ? failure.message : GENERIC_ERROR)
        } finally {
          setSending(false)
        }
      }}
    >
      <TextAreaField
        id={id}
        label="Resposta ao titular"
        rows={3}
        maxLength={4000}
        value={answer}
        onChange={(e) => (setAnswer(e.target.value), setError(null))}
        error={error ?? undefined}
        hint="Registre o que foi feito e como o titular foi avisado."
      />
      <button type="submit" className="button button-primary button-small" disabled={sending}>
        {sending ? 'Salvando...' : 'Registrar resposta'}
      </button>
    </form>
  )
}

/** Pedidos LGPD: the applicants' requests, open ones first with their deadline; each answered and kept in the audit trail. */
export function Component() {
  useDocumentTitle('Pedidos LGPD')
  const { data, error, mutate } = usePrivacyRequests()
  const today = todayDate()
  return (
    <main id="main" className="page">
      <h1>Pedidos LGPD</h1>
      <p className="subtitle">
        Pedidos dos titulares feitos em “Meus dados”. Nada é executado automaticamente: cada pedido é analisado e respondido por uma pessoa em até 15 dias.
      </p>
      {error && (
        <p className="alert alert-error" role="alert">
          Erro ao carregar os pedidos.
        </p>
      )}
      {data && data.requests.length === 0 && <p className="subtitle">Nenhum pedido recebido.</p>}
      <ul className="request-list">
        {data?.requests.map((r) => (
          <li key={r.id} className="card">
            <h2>
              {privacyKindLabel(r.kind)} — {r.name}
            </h2>
            <p>
              Protocolo {r.protocol} · recebido em {formatDate(r.createdAt)} · {r.email} · {r.whatsapp}
            </p>
            {r.details && <p className="justification">{r.details}</p>}
            {r.status === 'aberto' ? (
              <>
                <p className={r.deadline < today ? 'alert alert-error' : 'field-hint'}>
                  {r.deadline < today ? `Prazo vencido em ${formatDate(r.deadline)}.` : `Responder até ${formatDate(r.deadline)}.`}
                </p>
                {r.kind === 'exclusao' && <Anonymise request={r} />}
                <Answer request={r} onAnswered={() => void mutate()} />
              </>
            ) : (
              <p className="review-note">
                Respondido por {r.answeredBy} em {formatDate(r.answeredAt)}: {r.answer}
              </p>
            )}
          </li>
        ))}
      </ul>
    </main>
  )
}
