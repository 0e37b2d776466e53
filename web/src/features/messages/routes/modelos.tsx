import { useState, type FormEvent } from 'react'
import { useSWRConfig } from 'swr'
import { formatDateTime } from '@mini-vagas/shared/domain/dates'
import { MESSAGE_VARIABLES, messagePurposeLabel, TEMPLATE_LIMITS, unknownVariables } from '@mini-vagas/shared/domain/messages'
import type { TemplateView } from '@mini-vagas/shared/schemas/messages'
import { TextAreaField, TextField } from '../../../components/form-fields.tsx'
import { StatusMessage } from '../../../components/status-message.tsx'
import { useToast } from '../../../components/toast.tsx'
import { ApiError, GENERIC_ERROR } from '../../../lib/api-client.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { restoreTemplate, saveTemplate, TEMPLATES_KEY, useTemplateList } from '../api/messages.ts'

/** One template's editor: what is typed stays until saved, unknown variables are said before saving. */
function TemplateEditor({ template, approvedAtMeta }: { template: TemplateView; approvedAtMeta: boolean }) {
  const toast = useToast()
  const { mutate } = useSWRConfig()
  const [subject, setSubject] = useState(template.subject)
  const [body, setBody] = useState(template.body)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = template.purpose
  const unknown = [...new Set(unknownVariables(`${subject} ${body}`))]
  async function save(event: FormEvent) {
    event.preventDefault()
    if (unknown.length > 0) return
    setBusy(true)
    setError(null)
    try {
      await mutate(TEMPLATES_KEY, await saveTemplate(template.purpose, { subject, body }), { revalidate: false })
      toast(`Modelo "${messagePurposeLabel(id)}" salvo.`)
    } catch (failure) {
      setError(failure instanceof ApiError ? (Object.values(failure.errors)[0]?.[0] ?? failure.message) : GENERIC_ERROR)
    } finally {
      setBusy(false)
    }
  }
  async function restore() {
    setBusy(true)
    try {
      const answer = await restoreTemplate(template.purpose)
      const back = answer.templates.find((t) => t.purpose === id)!
      setSubject(back.subject)
      setBody(back.body)
      await mutate(TEMPLATES_KEY, answer, { revalidate: false })
      toast(`Modelo "${messagePurposeLabel(id)}" voltou ao texto original.`)
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : GENERIC_ERROR)
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="card" onSubmit={(e) => void save(e)} aria-labelledby={`modelo-${id}`} noValidate>
      <h2 id={`modelo-${id}`}>{messagePurposeLabel(id)}</h2>
      <p className="hint">{template.standard ? 'Texto original do Mini Vagas.' : `Alterado por ${template.updatedBy ?? '—'} em ${formatDateTime(template.updatedAt)}.`}</p>
      {approvedAtMeta && (
        <p className="hint">
          Pelo WhatsApp Business (em massa e lembretes) vai o modelo aprovado pela Meta para esta mensagem, não este texto: mudanças nele se fazem no WhatsApp Manager.
        </p>
      )}
      <TextField id={`${id}-subject`} label="Assunto do e-mail" required maxLength={TEMPLATE_LIMITS.subject} value={subject} onChange={(e) => setSubject(e.target.value)} />
      <TextAreaField
        id={`${id}-body`}
        label="Texto"
        required
        rows={8}
        maxLength={TEMPLATE_LIMITS.body}
        value={body}
        error={unknown.length > 0 ? `Variável desconhecida: ${unknown.map((v) => `{${v}}`).join(', ')}.` : undefined}
        onChange={(e) => setBody(e.target.value)}
      />
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={busy || unknown.length > 0 || !subject.trim() || !body.trim()}>
          Salvar modelo
        </button>
        {!template.standard && (
          <button type="button" className="button" disabled={busy} onClick={() => void restore()}>
            Voltar ao texto original
          </button>
        )}
      </div>
    </form>
  )
}

/**
 * "Modelos de mensagem" (agency admins): the words of each message to candidates — convite para
 * entrevista, lembrete, retornos, pedido de documentos, livre — with the variables each may use.
 */
export function Component() {
  useDocumentTitle('Modelos de mensagem')
  const { data, error } = useTemplateList()
  return (
    <main id="main" className="page narrow-page">
      <h1>Modelos de mensagem</h1>
      <p className="subtitle">
        O texto de cada mensagem enviada aos candidatos por e-mail ou WhatsApp. Use as variáveis entre chaves; quem envia preenche data, horário, local e link quando o modelo pede.
      </p>
      <details className="card">
        <summary>Variáveis</summary>
        <ul>
          {MESSAGE_VARIABLES.map((v) => (
            <li key={v.name}>
              <code>{`{${v.name}}`}</code> — {v.label}
            </li>
          ))}
        </ul>
      </details>
      {data?.mailConfigured === false && <p className="alert alert-warning">O envio de e-mails não está configurado neste servidor: as mensagens saem só pelo WhatsApp.</p>}
      {error ? (
        <StatusMessage kind="error" title="Erro ao carregar os modelos" />
      ) : !data ? (
        <StatusMessage kind="loading" title="Carregando os modelos..." />
      ) : (
        <div className="application-list">
          {data.templates.map((t) => (
            <TemplateEditor key={t.purpose} template={t} approvedAtMeta={data.whatsappTemplates.includes(t.purpose)} />
          ))}
        </div>
      )}
    </main>
  )
}
