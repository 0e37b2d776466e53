import { useEffect, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { newPasswordErrors, type NewPasswordForm } from '@mini-vagas/shared/domain/staff-accounts'
import type { LinkAnswer } from '@mini-vagas/shared/schemas/accounts'
import { FormSubmit } from '../../../components/form-fields.tsx'
import { StatusMessage } from '../../../components/status-message.tsx'
import { ApiError, GENERIC_ERROR } from '../../../lib/api-client.ts'
import { useLinkToken } from '../../../lib/link-token.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { NewPasswordFields } from '../components/password-fields.tsx'
import { passwordByLink, readLink } from '../api/team.ts'

/** /conta/senha#…: a person sets their password from the one-time link an admin handed them (an invitation or a new password). */
export function Component() {
  useDocumentTitle('Criar senha')
  const token = useLinkToken()
  const [link, setLink] = useState<LinkAnswer | null>(null)
  const [gone, setGone] = useState<string | null>(token ? null : 'Abra o link completo que você recebeu: ele termina com um código depois de “#”.')
  const [form, setForm] = useState<NewPasswordForm>({ password: '', confirmation: '' })
  const [errors, setErrors] = useState<Partial<Record<keyof NewPasswordForm, string>>>({})
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)

  useEffect(() => {
    if (!token) return
    readLink(token).then(setLink, (e: unknown) => setGone(e instanceof ApiError ? e.message : GENERIC_ERROR))
  }, [token])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!link) return
    const found = newPasswordErrors(form, link.email)
    setErrors(found)
    if (found.password || found.confirmation) return document.getElementById(found.password ? 'password' : 'confirmation')?.focus()
    setSending(true)
    setError(null)
    try {
      setDone((await passwordByLink(token, form.password, form.confirmation)).message)
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) setErrors(e.fieldMessages())
      else if (e instanceof ApiError && e.status === 410) setGone(e.message)
      else setError(e instanceof ApiError ? e.message : GENERIC_ERROR)
    } finally {
      setSending(false)
    }
  }

  return (
    <main id="main" className="login-page">
      <section className="login-card" aria-labelledby="set-password-title">
        <h1 id="set-password-title">{link?.purpose === 'senha' ? 'Crie uma nova senha' : 'Crie sua senha'}</h1>
        {gone ? (
          <StatusMessage kind="error" title={gone} action={<Link to="/login">Ir para o login</Link>} />
        ) : done ? (
          <StatusMessage kind="success" title={done} action={<Link to="/login">Entrar</Link>} />
        ) : !link ? (
          <StatusMessage kind="loading" title="Conferindo o link..." />
        ) : (
          <form className="login-form" onSubmit={submit} noValidate aria-label="Criar senha">
            <p className="subtitle">
              {link.name}, você vai entrar no Mini Vagas com o e-mail <strong>{link.email}</strong>.
            </p>
            <NewPasswordFields value={form} errors={errors} onChange={setForm} />
            <FormSubmit error={error} sending={sending} label="Salvar senha" busyLabel="Salvando..." />
          </form>
        )}
      </section>
    </main>
  )
}
