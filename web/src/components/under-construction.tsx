import { useDocumentTitle } from '../lib/use-document-title.ts'

/** Screens that later issues build: says so plainly, shows nothing fake. */
export function UnderConstruction({ title }: { title: string }) {
  useDocumentTitle(title)
  return (
    <main id="main" className="page">
      <h1>{title}</h1>
      <div className="status status-empty" role="status">
        <p className="status-title">Em construção</p>
        <p className="status-hint">Esta tela ainda está sendo construída e estará disponível em breve.</p>
      </div>
    </main>
  )
}
