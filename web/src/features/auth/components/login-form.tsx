import { useState, type FormEvent } from 'react'
import { maskCnpjInput } from '@mini-vagas/shared/domain/cnpj'
import type { User } from '@mini-vagas/shared/schemas/user'
import { TextField } from '../../../components/form-fields.tsx'
import { ApiError, GENERIC_ERROR } from '../../../lib/api-client.ts'
import { login } from '../api/login.ts'
import { useSessionActions } from '../api/use-session-actions.ts'

/** docs/product.md, Login: CNPJ masked while typing, password, 'Entrar'/'Entrando...', disabled until both are filled. */
export function LoginForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const [cnpj, setCnpj] = useState('')
  const [password, setPassword] = useState('')
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const { signedIn } = useSessionActions()

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (loading || !cnpj || !password) return
    setLoading(true)
    setError(null)
    try {
      const user = await login(cnpj, password)
      await signedIn(user)
      onSuccess(user)
    } catch (e) {
      setError(e instanceof ApiError ? e.message : GENERIC_ERROR)
      setLoading(false)
    }
  }

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <TextField
        id="login-cnpj"
        label="CNPJ"
        autoCapitalize="characters"
        autoComplete="username"
        placeholder="00.000.000/0000-00"
        maxLength={18}
        value={cnpj}
        onChange={(e) => setCnpj(maskCnpjInput(e.target.value))}
      />
      <TextField
        id="login-password"
        label="Senha"
        type="password"
        autoComplete="current-password"
        placeholder="Digite sua senha"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={loading || !cnpj || !password}>
        {loading ? 'Entrando...' : 'Entrar'}
      </button>
    </form>
  )
}
