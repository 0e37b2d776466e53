import { useState, type FormEvent } from 'react'
import { PERSON_ROLE_LABELS, newPasswordErrors, type NewPasswordForm } from '@mini-vagas/shared/domain/staff-accounts'
import type { TotpSetup } from '@mini-vagas/shared/schemas/accounts'
import { FormSubmit, TextField } from '../../../components/form-fields.tsx'
import { LoadStates } from '../../../components/load-states.tsx'
import { useToast } from '../../../components/toast.tsx'
import { ApiError, GENERIC_ERROR } from '../../../lib/api-client.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { NewPasswordFields } from '../components/password-fields.tsx'
import { changePassword, confirmTotp, startTotp, stopTotp, useAccount } from '../api/team.ts'

const message = (e: unknown) => (e instanceof ApiError ? e.message : GENERIC_ERROR)

/** /minha-conta: a person's own account — who they are, their password and their second factor. */
export function Component() {
  useDocumentTitle('Minha conta')
  const { data, error, isLoading, mutate } = useAccount()
  return (
    <main id="main" className="page">
      <h1>Minha conta</h1>
      <LoadStates loading={isLoading ? 'Carregando sua conta...' : null} error={error} failed="Não foi possível carregar sua conta." onRetry={() => void mutate()} />
      {data && (
        <>
          <p className="subtitle">
            {data.person.name} · {data.person.email} · {PERSON_ROLE_LABELS[data.person.role]}
          </p>
          <div className="account-sections">
            <PasswordSection />
            <TotpSection on={data.person.totp} onChange={() => void mutate()} />
          </div>
        </>
      )}
    </main>
  )
}

function PasswordSection() {
  const toast = useToast()
  const [current, setCurrent] = useState('')
  const [form, setForm] = useState<NewPasswordForm>({ password: '', confirmation: '' })
  const [errors, setErrors] = useState<Partial<Record<'current' | keyof NewPasswordForm, string>>>({})
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function submit(event: FormEvent) {
    event.preventDefault()
    const found = { ...newPasswordErrors(form, ''), ...(current ? {} : { current: 'Preencha o campo Senha atual.' }) }
    setErrors(found)
    const first = (['current', 'password', 'confirmation'] as const).find((f) => found[f])
    if (first) return document.getElementById(first)?.focus()
    setSending(true)
    setError(null)
    try {
      toast((await changePassword({ current, ...form })).message)
      setCurrent('')
      setForm({ password: '', confirmation: '' })
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) setErrors(e.fieldMessages())
      else setError(message(e))
    } finally {
      setSending(false)
    }
  }
  return (
    <section className="form-card" aria-labelledby="password-title">
      <h2 id="password-title">Trocar senha</h2>
      <form onSubmit={submit} noValidate aria-label="Trocar senha">
        <TextField
          id="current"
          label="Senha atual"
          type="password"
          autoComplete="current-password"
          required
          error={errors.current}
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <NewPasswordFields value={form} errors={errors} onChange={setForm} />
        <FormSubmit error={error} sending={sending} label="Trocar senha" busyLabel="Salvando..." />
      </form>
    </section>
  )
}

function TotpSection({ on, onChange }: { on: boolean; onChange: () => void }) {
  const toast = useToast()
  const [setup, setSetup] = useState<TotpSetup | null>(null)
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const run = async (work: () => Promise<void>) => {
    setSending(true)
    setError(null)
    setFieldError(undefined)
    try {
      await work()
    } catch (e) {
      const field = e instanceof ApiError ? Object.values(e.fieldMessages())[0] : undefined
      if (field) setFieldError(field)
      else setError(message(e))
    } finally {
      setSending(false)
    }
  }
  const begin = () => run(async () => setSetup(await startTotp()))
  const confirm = (event: FormEvent) => {
    event.preventDefault()
    void run(async () => {
      await confirmTotp(code)
      setSetup(null)
      setCode('')
      toast('Verificação em duas etapas ativada.')
      onChange()
    })
  }
  const turnOff = (event: FormEvent) => {
    event.preventDefault()
    void run(async () => {
      await stopTotp(password)
      setPassword('')
      toast('Verificação em duas etapas desativada.')
      onChange()
    })
  }
  return (
    <section className="form-card" aria-labelledby="totp-title">
      <h2 id="totp-title">Verificação em duas etapas</h2>
      {on ? (
        <form onSubmit={turnOff} noValidate aria-label="Desativar a verificação em duas etapas">
          <p>
            <strong>Ativada.</strong> Ao entrar, além da senha, o Mini Vagas pede o código do seu aplicativo autenticador.
          </p>
          <TextField
            id="totp-off-password"
            label="Sua senha, para desativar"
            type="password"
            autoComplete="current-password"
            error={fieldError}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <FormSubmit error={error} sending={sending} label="Desativar" busyLabel="Desativando..." />
        </form>
      ) : setup ? (
        <form onSubmit={confirm} noValidate aria-label="Confirmar a verificação em duas etapas">
          <p>Leia o código abaixo com o aplicativo autenticador do celular (Google Authenticator, Microsoft Authenticator, 1Password…).</p>
          <img className="totp-qr" src={`data:image/svg+xml;base64,${btoa(setup.qrSvg)}`} alt="Código QR para o aplicativo autenticador" width={200} height={200} />
          <p className="field-hint">
            Sem câmera? Digite esta chave no aplicativo: <code className="totp-secret">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </p>
          <TextField
            id="totp-code"
            label="Código que o aplicativo mostra"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            error={fieldError}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <FormSubmit error={error} sending={sending} label="Ativar" busyLabel="Conferindo..." />
        </form>
      ) : (
        <>
          <p>Proteja sua conta: além da senha, peça um código de 6 dígitos do celular a cada entrada.</p>
          {error && (
            <p className="alert alert-error" role="alert">
              {error}
            </p>
          )}
          <button type="button" className="button button-primary" disabled={sending} onClick={() => void begin()}>
            Configurar
          </button>
        </>
      )}
    </section>
  )
}
