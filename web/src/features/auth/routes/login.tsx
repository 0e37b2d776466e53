import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { LoginForm } from '../components/login-form.tsx'
import { PersonLoginForm } from '../components/person-login-form.tsx'
import { landingFor } from '../landing.ts'

type Way = 'cnpj' | 'email'
const WAY_KEY = 'mv-login-way'
/** The way this browser last chose, so a recruiter is not asked again every morning. */
const lastWay = (): Way => {
  try {
    return localStorage.getItem(WAY_KEY) === 'email' ? 'email' : 'cnpj'
  } catch {
    return 'cnpj'
  }
}

/**
 * docs/product.md, Login: companies (and the agency's shared login) enter with CNPJ and password;
 * the agency's team with their own e-mail (docs/accounts.md).
 */
export function Component() {
  useDocumentTitle('Entrar')
  const navigate = useNavigate()
  const [way, setWay] = useState<Way>(lastWay)
  const choose = (next: Way) => {
    setWay(next)
    try {
      localStorage.setItem(WAY_KEY, next)
    } catch {
      // A browser that keeps nothing still signs in; it is asked again next time.
    }
  }
  const done = (user: Parameters<typeof landingFor>[0]) => navigate(landingFor(user), { replace: true })
  return (
    <main id="main" className="login-page">
      <section className="login-card" aria-labelledby="login-title">
        <h1 id="login-title">Mini Vagas</h1>
        <p className="subtitle">Faça login para acessar o sistema</p>
        <div className="login-ways" role="group" aria-label="Como você entra">
          <button type="button" className="chip" aria-pressed={way === 'cnpj'} onClick={() => choose('cnpj')}>
            Empresa (CNPJ)
          </button>
          <button type="button" className="chip" aria-pressed={way === 'email'} onClick={() => choose('email')}>
            Equipe da agência (e-mail)
          </button>
        </div>
        {way === 'cnpj' ? <LoginForm onSuccess={done} /> : <PersonLoginForm onSuccess={done} />}
      </section>
      <footer className="login-footer">© {new Date().getFullYear()} Mini Vagas. Todos os direitos reservados.</footer>
    </main>
  )
}
