import { useState, type FormEvent } from 'react'
import { useLocation } from 'react-router'
import { PRIVACY_NOTICE, PRIVACY_REQUEST_KINDS } from '@mini-vagas/shared/constants/privacy'
import { privacyRequestErrors, type PrivacyRequestForm } from '@mini-vagas/shared/domain/privacy-request'
import type { PrivacyRequestBody } from '@mini-vagas/shared/schemas/privacy'
import { FormSubmit, RadioGroup, TextAreaField, TextField } from '../../../components/form-fields.tsx'
import { ApiError, GENERIC_ERROR } from '../../../lib/api-client.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { sendPrivacyRequest } from '../api/privacy.ts'

const EMPTY: PrivacyRequestForm = { kind: '', name: '', email: '', whatsapp: '', details: '' }

/** What "Minhas candidaturas" fills in when it opens this page (router state: never in the address). */
export interface PrivacyPrefill {
  kind: PrivacyRequestForm['kind']
  name: string
  email: string
  whatsapp: string
}
const prefillOf = (state: unknown): Partial<PrivacyRequestForm> => {
  const prefill = (state as { prefill?: PrivacyPrefill } | null)?.prefill
  return prefill ? { kind: prefill.kind, name: prefill.name, email: prefill.email, whatsapp: prefill.whatsapp } : {}
}
const ORDER = ['kind', 'name', 'email', 'whatsapp', 'details'] as const

/**
 * "Meus dados" (LGPD): an applicant asks for access, correction, deletion or a person's
 * review of an automated decision, identified by the e-mail and WhatsApp they applied with (never
 * a CPF). The request goes to the agency's queue — nothing is done automatically — with the legal
 * 15-day deadline.
 */
export function Component() {
  useDocumentTitle('Meus dados')
  const location = useLocation()
  const [form, setForm] = useState<PrivacyRequestForm>(() => ({ ...EMPTY, ...prefillOf(location.state) }))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [receipt, setReceipt] = useState<string | null>(null)
  const field = (name: Exclude<keyof PrivacyRequestForm, 'kind'>) => ({
    value: form[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  })

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found = privacyRequestErrors(form)
    setErrors(found)
    setError(null)
    const first = ORDER.find((f) => found[f])
    if (first) return document.getElementById(first)?.focus()
    setSending(true)
    try {
      const answer = await sendPrivacyRequest(form as PrivacyRequestBody)
      setReceipt(answer.message)
      setForm(EMPTY)
    } catch (failure) {
      if (failure instanceof ApiError) {
        setErrors(failure.fieldMessages())
        setError(failure.message)
      } else setError(GENERIC_ERROR)
    } finally {
      setSending(false)
    }
  }

  return (
    <main id="main" className="page">
      <h1>Meus dados</h1>
      <p className="subtitle">
        Pela Lei Geral de Proteção de Dados (LGPD), você pode pedir acesso, correção ou exclusão dos dados que enviou nas candidaturas, ou que uma pessoa revise uma decisão tomada
        com ajuda de ferramentas automatizadas. Uma pessoa da equipe analisa cada pedido e responde pelo seu e-mail em até 15 dias.
      </p>
      {receipt ? (
        <p className="alert alert-success" role="status">
          {receipt}
        </p>
      ) : (
        <form className="card" onSubmit={submit} noValidate aria-labelledby="pedido">
          <h2 id="pedido">Fazer um pedido</h2>
          <RadioGroup
            id="kind"
            label="O que você quer pedir?"
            required
            options={PRIVACY_REQUEST_KINDS}
            value={form.kind}
            onChange={(kind) => setForm((f) => ({ ...f, kind }))}
            error={errors.kind}
          />
          <TextField id="name" label="Nome completo" required autoComplete="name" {...field('name')} />
          <TextField id="email" label="E-mail usado na candidatura" required type="email" autoComplete="email" {...field('email')} />
          <TextField id="whatsapp" label="WhatsApp usado na candidatura" required type="tel" autoComplete="tel" placeholder="(85) 90000-0000" {...field('whatsapp')} />
          <TextAreaField
            id="details"
            label="Detalhes"
            rows={4}
            maxLength={2000}
            hint="Para correção, diga o que está errado; para revisão, qual vaga ou decisão. Não envie CPF nem documentos."
            {...field('details')}
          />
          <div className="actions">
            <FormSubmit error={error} sending={sending} label="Enviar pedido" />
          </div>
        </form>
      )}
      <details className="card">
        <summary>{PRIVACY_NOTICE.title}</summary>
        {PRIVACY_NOTICE.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </details>
    </main>
  )
}
