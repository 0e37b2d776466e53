import { useState, type FormEvent } from 'react'
import type { User } from '@mini-vagas/shared/schemas/user'
import { TextField } from '../../../components/form-fields.tsx'
import { ApiError, GENERIC_ERROR } from '../../../lib/api-client.ts'
import { personLogin } from '../api/login.ts'
import { useSessionActions } from '../api/use-session-actions.ts'

/**
 * The agency team's sign-in with their own account: e-mail and password, and the authenticator's
 * code when the account has a second factor (the field appears when the BFF asks for it, with
 * what was typed kept). "Esqueci minha senha" says how to get a new-password link.
 */
export function PersonLoginForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [askCode, setAskCode] = useState(false)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [codeError, setCodeError] = useState<string | undefined>()
  const [forgot, setForgot] = useState(false)
  const { signedIn } = useSessionActions()

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (loading || !email || !password || (askCode && !code)) return
    setLoading(true)
    setError(null)
    setCodeError(undefined)
    const focusCode = () => setTimeout(() => document.getElementById('login-code')?.focus(), 0)
    try {
      const answer = await personLogin(email, password, askCode ? code : undefined)
      if ('next' in answer) {
        // A step of the sign-in, not a mistake: the code's field appears, its hint says what to type.
        setAskCode(true)
        setLoading(false)
        return focusCode()
      }
      await signedIn(answer.user)
      onSuccess(answer.user)
    } catch (e) {
      const fieldCode = e instanceof ApiError ? e.fieldMessages().code : undefined
      if (fieldCode) {
        setCode('')
        setCodeError(fieldCode)
        focusCode()
      } else setError(e instanceof ApiError ? e.message : GENERIC_ERROR)
      setLoading(false)
    }
  }

  return (
    <form className="login-form" onSubmit={submit} noValidate aria-label="Entrar como equipe da agência">
      <TextField id="login-email" label="E-mail" type="email" autoComplete="username" placeholder="voce@agencia.com.br" value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField
        id="login-person-password"
        label="Senha"
        type="password"
        autoComplete="current-password"
        placeholder="Digite sua senha"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {askCode && (
        <TextField
          id="login-code"
          label="Código do autenticador"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          placeholder="000000"
          hint="Os 6 dígitos que o aplicativo autenticador mostra agora."
          error={codeError}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={loading || !email || !password || (askCode && !code)}>
        {loading ? 'Entrando...' : 'Entrar'}
      </button>
      <button type="button" className="link-button" aria-expanded={forgot} onClick={() => setForgot((f) => !f)}>
        Esqueci minha senha
      </button>
      {forgot && (
        <p className="field-hint" role="status">
          Peça a quem administra a sua equipe, em <strong>Equipe</strong>, um link para criar uma nova senha. O link vale por alguns dias e só pode ser usado uma vez.
        </p>
      )}
    </form>
  )
}
