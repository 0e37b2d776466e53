import { useState, type FormEvent } from 'react'
import { maskCnpjInput } from '@mini-vagas/shared/domain/cnpj'
import { PASSWORD_MIN, registrationErrors, type RegistrationField, type RegistrationForm } from '@mini-vagas/shared/domain/user-registration'
import { RadioGroup, TextField } from '../../../components/form-fields.tsx'
import { StatusMessage } from '../../../components/status-message.tsx'
import { ApiError, api } from '../../../lib/api-client.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import type { MessageAnswer } from '@mini-vagas/shared/schemas/common'

const EMPTY: RegistrationForm = { name: '', email: '', role: '', cnpj: '', password: '', password_confirmation: '' }
const ORDER: readonly RegistrationField[] = ['name', 'email', 'role', 'cnpj', 'password', 'password_confirmation']
const ROLES = [
  { value: 'company', label: 'Empresa cliente (vê só as próprias vagas)' },
  { value: 'admin', label: 'Equipe da agência (administrador)' },
] as const

/** CadastrarUsuario (admin only): a new staff or company user, checked here and in the BFF. */
export function Component() {
  useDocumentTitle('Cadastrar Usuário')
  const [form, setForm] = useState<RegistrationForm>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<RegistrationField, string>>>({})
  const [sending, setSending] = useState(false)
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null)
  const field = (name: Exclude<RegistrationField, 'role'>) => ({
    value: form[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: name === 'cnpj' ? maskCnpjInput(e.target.value) : e.target.value })),
  })

  async function submit(event: FormEvent) {
    event.preventDefault()
    setResult(null)
    const found = registrationErrors(form)
    setErrors(found)
    const first = ORDER.find((f) => found[f])
    if (first) return document.getElementById(first)?.focus()
    setSending(true)
    try {
      const { message } = await api<MessageAnswer>('/bff/users', { method: 'POST', body: form })
      setResult({ kind: 'success', text: `${message} ${form.name} já pode entrar com o CNPJ ${form.cnpj} e a senha cadastrada.` })
      setForm(EMPTY)
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) {
        const fromServer = error.fieldMessages() as Partial<Record<RegistrationField, string>>
        setErrors(fromServer)
        const firstServer = ORDER.find((f) => fromServer[f])
        if (firstServer) document.getElementById(firstServer)?.focus()
      } else setResult({ kind: 'error', text: error instanceof ApiError ? error.message : 'Não foi possível cadastrar o usuário.' })
    } finally {
      setSending(false)
    }
  }

  return (
    <main id="main" className="page">
      <h1>Cadastrar Usuário</h1>
      <p className="subtitle">Quem entra no sistema, e como: a equipe vê tudo; uma empresa vê só as vagas com o seu CNPJ.</p>
      {result && <StatusMessage kind={result.kind} title={result.text} />}
      <form className="form-card" onSubmit={submit} noValidate aria-label="Cadastrar usuário" style={{ marginTop: '1rem' }}>
        <TextField id="name" label="Nome" required autoComplete="organization" {...field('name')} />
        <TextField id="email" label="E-mail" type="email" required autoComplete="email" {...field('email')} />
        <RadioGroup
          id="role"
          label="Perfil"
          required
          options={ROLES}
          value={form.role}
          error={errors.role}
          onChange={(role) => setForm((f) => ({ ...f, role: role as RegistrationForm['role'] }))}
        />
        <TextField
          id="cnpj"
          label="CNPJ"
          required
          autoCapitalize="characters"
          placeholder="00.000.000/0000-00"
          maxLength={18}
          hint="É com o CNPJ que o usuário entra no sistema; para uma empresa, o CNPJ das suas vagas."
          {...field('cnpj')}
        />
        <div className="field-row">
          <TextField
            id="password"
            label="Senha"
            type="password"
            required
            autoComplete="new-password"
            hint={`Pelo menos ${PASSWORD_MIN} caracteres, com letras e números.`}
            {...field('password')}
          />
          <TextField id="password_confirmation" label="Confirme a senha" type="password" required autoComplete="new-password" {...field('password_confirmation')} />
        </div>
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? 'Cadastrando...' : 'Cadastrar'}
        </button>
      </form>
    </main>
  )
}
