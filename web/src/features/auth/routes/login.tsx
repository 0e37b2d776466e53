import { useNavigate } from 'react-router'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { LoginForm } from '../components/login-form.tsx'
import { landingFor } from '../landing.ts'

export function Component() {
  useDocumentTitle('Entrar')
  const navigate = useNavigate()
  return (
    <main id="main" className="login-page">
      <section className="login-card" aria-labelledby="login-title">
        <h1 id="login-title">Mini Vagas</h1>
        <p className="subtitle">Faça login para acessar o sistema</p>
        <LoginForm onSuccess={(user) => navigate(landingFor(user), { replace: true })} />
      </section>
      <footer className="login-footer">© {new Date().getFullYear()} Mini Vagas. Todos os direitos reservados.</footer>
    </main>
  )
}
