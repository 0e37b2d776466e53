import { useState } from 'react'
import { StatusMessage } from '../../../components/status-message.tsx'
import { ApiError, GENERIC_ERROR } from '../../../lib/api-client.ts'
import { useLinkToken } from '../../../lib/link-token.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { unsubscribe } from '../api/messages.ts'

/**
 * /descadastro#…: the link at the end of every e-mail. Opening it changes nothing (mail scanners
 * open links); the person confirms with one click, and no message reaches that address again.
 */
export function Component() {
  useDocumentTitle('Não receber mais mensagens')
  const token = useLinkToken()
  const [done, setDone] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(token ? null : 'Abra o link completo que você recebeu no e-mail.')
  const [busy, setBusy] = useState(false)
  async function confirm() {
    setBusy(true)
    try {
      setDone((await unsubscribe(token)).message)
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : GENERIC_ERROR)
    } finally {
      setBusy(false)
    }
  }
  return (
    <main id="main" className="page narrow-page">
      <h1>Não receber mais mensagens</h1>
      {done ? (
        <StatusMessage kind="success" title={done} />
      ) : error ? (
        <StatusMessage kind="error" title={error} />
      ) : (
        <section className="card">
          <p>A agência não enviará mais mensagens para o e-mail que recebeu este link. As suas candidaturas continuam como estão.</p>
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void confirm()}>
            {busy ? 'Enviando...' : 'Não quero mais receber mensagens'}
          </button>
        </section>
      )}
    </main>
  )
}
