import { useMemo, useState } from 'react'
import { useSWRConfig } from 'swr'
import { formatDateTime } from '@mini-vagas/shared/domain/dates'
import {
  MESSAGE_PURPOSES,
  MESSAGE_VARIABLES,
  recordValues,
  renderMessage,
  SENDER_VARIABLES,
  whatsappLink,
  type MessagePurpose,
  type MessageValues,
} from '@mini-vagas/shared/domain/messages'
import type { SenderValues } from '@mini-vagas/shared/schemas/messages'
import { SelectField, TextAreaField, TextField } from '../../../components/form-fields.tsx'
import { useToast } from '../../../components/toast.tsx'
import { ApiError, GENERIC_ERROR } from '../../../lib/api-client.ts'
import { contactKey, sendMessage, setOptOut, useContact, useTemplates } from '../api/messages.ts'
import { timelineKey } from '../api/timeline.ts'
import type { StaffCandidate } from '../api/types.ts'

const SOURCES: Record<string, string> = { link: 'pelo link do e-mail', equipe: 'marcado pela equipe', whatsapp: 'pelo WhatsApp' }
const variableLabel = (name: string) => MESSAGE_VARIABLES.find((v) => v.name === name)?.label ?? name

/**
 * Writing to one candidate from a template: the purpose, what no record holds (date, time, place,
 * link) when the template asks for it, the message to read and adjust, then e-mail (sent by the
 * product) or WhatsApp (opened with the text, sent by the person from their own WhatsApp). A person
 * who asked not to be contacted is said first, and nothing is offered to send them.
 */
export function CandidateMessages({ candidate }: { candidate: StaffCandidate }) {
  const toast = useToast()
  const { mutate } = useSWRConfig()
  const templates = useTemplates()
  const contact = useContact(candidate.id)
  const [open, setOpen] = useState(false)
  const [purpose, setPurpose] = useState<MessagePurpose | ''>('')
  const [values, setValues] = useState<SenderValues>({})
  const [edited, setEdited] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const template = templates.data?.templates.find((t) => t.purpose === purpose)
  const asked = template ? SENDER_VARIABLES.filter((name) => `${template.subject} ${template.body}`.includes(`{${name}}`)) : []
  const rendered = useMemo(
    () => (template ? renderMessage(template, { ...recordValues(candidate as unknown as Record<string, unknown>), ...(values as MessageValues) }) : null),
    [template, candidate, values],
  )
  const text = edited ?? rendered?.text ?? ''
  const body = purpose ? { purpose, values, ...(edited !== null ? { text: edited } : {}) } : null
  const waLink = body && text ? whatsappLink(candidate.whatsapp, text) : null
  const optedOut = contact.data?.optedOut ?? null

  const after = async (message: string) => {
    toast(message)
    await mutate(timelineKey(candidate.id))
  }
  async function send(channel: 'email' | 'whatsapp_api') {
    if (!body) return
    setSending(true)
    setError(null)
    try {
      await after((await sendMessage(candidate.id, { ...body, channel })).message)
      setOpen(false)
      setPurpose('')
      setValues({})
      setEdited(null)
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : GENERIC_ERROR)
    } finally {
      setSending(false)
    }
  }
  async function toggleOptOut() {
    try {
      await mutate(contactKey(candidate.id), await setOptOut(candidate.id, optedOut === null), { revalidate: false })
      await mutate(timelineKey(candidate.id))
    } catch (failure) {
      toast(failure instanceof ApiError ? failure.message : GENERIC_ERROR, { kind: 'error' })
    }
  }

  return (
    <section className="candidate-messages" aria-labelledby={`mensagens-${candidate.id}`}>
      <h3 id={`mensagens-${candidate.id}`}>Mensagens</h3>
      {optedOut ? (
        <p className="alert alert-warning" role="status">
          Pediu para não ser contatado(a) ({SOURCES[optedOut.source] ?? optedOut.source}, em {formatDateTime(optedOut.at)}).{' '}
          <button type="button" className="button-link" onClick={() => void toggleOptOut()}>
            Liberar contato
          </button>
        </p>
      ) : (
        <div className="actions">
          <button type="button" className="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            Enviar mensagem
          </button>
          <button type="button" className="button-link" onClick={() => void toggleOptOut()} disabled={!contact.data}>
            Marcar que não quer ser contatado(a)
          </button>
        </div>
      )}
      {open && !optedOut && (
        <div className="message-form">
          <SelectField
            id={`purpose-${candidate.id}`}
            label="Mensagem"
            options={MESSAGE_PURPOSES}
            value={purpose}
            onChange={(e) => {
              setPurpose(e.target.value as MessagePurpose | '')
              setEdited(null)
            }}
          />
          {asked.map((name) => (
            <TextField
              key={name}
              id={`${name}-${candidate.id}`}
              label={variableLabel(name)[0]!.toUpperCase() + variableLabel(name).slice(1)}
              value={values[name] ?? ''}
              maxLength={name === 'link' ? 500 : 300}
              onChange={(e) => {
                setValues((v) => ({ ...v, [name]: e.target.value }))
                setEdited(null)
              }}
            />
          ))}
          {rendered && (
            <>
              <p className="hint">Assunto do e-mail: {rendered.subject}</p>
              <TextAreaField id={`text-${candidate.id}`} label="Texto (você pode ajustar)" rows={8} maxLength={4000} value={text} onChange={(e) => setEdited(e.target.value)} />
              {error && (
                <p className="alert alert-error" role="alert">
                  {error}
                </p>
              )}
              <div className="actions">
                <button
                  type="button"
                  className="button button-primary"
                  disabled={sending || !candidate.email || templates.data?.mailConfigured === false}
                  onClick={() => void send('email')}
                >
                  {sending ? 'Enviando...' : 'Enviar por e-mail'}
                </button>
                {templates.data?.whatsappApi && waLink && (
                  <button type="button" className="button" disabled={sending} onClick={() => void send('whatsapp_api')}>
                    Enviar pelo WhatsApp Business
                  </button>
                )}
                {waLink ? (
                  <a
                    className="button"
                    href={waLink}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={() => {
                      // The link opens WhatsApp with the text; the product records that this person opened it.
                      if (body)
                        void sendMessage(candidate.id, { ...body, channel: 'whatsapp' }).then(
                          (a) => after(a.message),
                          () => {},
                        )
                    }}
                  >
                    Abrir no WhatsApp
                  </a>
                ) : (
                  <span className="hint">Sem WhatsApp válido no cadastro.</span>
                )}
              </div>
              {templates.data?.mailConfigured === false && <p className="hint">O envio de e-mails não está configurado neste servidor.</p>}
            </>
          )}
        </div>
      )}
    </section>
  )
}
