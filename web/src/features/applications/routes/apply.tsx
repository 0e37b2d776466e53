import { Link, useNavigate, useParams } from 'react-router'
import { parseVacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { StatusMessage } from '../../../components/status-message.tsx'
import { VacancySummary } from '../../../components/vacancy-summary.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { usePublicVacancy } from '../api/get-public-vacancy.ts'
import { ApplicationForm } from '../components/application-form.tsx'

/**
 * docs/product.md, Applying: the vacancy's details and the application form; success goes back to the list. Also
 * the vacancy's own page, /vagas/:slug, which the BFF renders for crawlers first.
 */
export function Component() {
  const params = useParams()
  const id = params.id ?? String(parseVacancySlug(params.slug ?? '').id ?? '')
  const navigate = useNavigate()
  const { data: vacancy, error, isLoading } = usePublicVacancy(id)
  useDocumentTitle(vacancy?.description ? `Candidatura: ${vacancy.description}` : 'Candidatura')

  return (
    <main id="main" className="page apply-page">
      <Link to="/" className="button button-link">
        ← Voltar para as vagas
      </Link>
      {isLoading && <StatusMessage kind="loading" title="Carregando vaga..." />}
      {error && (
        <StatusMessage kind="error" title={error instanceof ApiError && error.status === 404 ? 'Vaga não encontrada' : 'Erro ao carregar a vaga'}>
          {error instanceof ApiError && error.status === 404 ? 'Esta vaga não está mais disponível.' : error.message}
        </StatusMessage>
      )}
      {vacancy && (
        <>
          <section className="card vacancy-details" aria-labelledby="vacancy-title">
            <h1 id="vacancy-title">{vacancy.description}</h1>
            <VacancySummary vacancy={vacancy} headingLevel={2} />
          </section>
          <ApplicationForm jobId={vacancy.id} onSuccess={(message) => navigate('/', { state: { applied: message } })} />
        </>
      )}
    </main>
  )
}
