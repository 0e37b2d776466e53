import { Link } from 'react-router'
import { useDocumentTitle } from '../lib/use-document-title.ts'

export function NotFound() {
  useDocumentTitle('Página não encontrada')
  return (
    <main id="main" className="page">
      <h1>Página não encontrada</h1>
      <p>O endereço pode estar errado ou a página não existe mais.</p>
      <Link className="button" to="/">
        Ver vagas disponíveis
      </Link>
    </main>
  )
}
