import { Link } from 'react-router'
import { VACANCY_STATUS_LABELS, VISIBILITY_LABELS, type VacancyStatus, type Visibility } from '@mini-vagas/shared/constants/vacancy'
import { formatDate } from '@mini-vagas/shared/domain/dates'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { LoadStates } from '../../../components/load-states.tsx'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { UpcomingInterviews } from '../components/upcoming-interviews.tsx'
import { useCompanyVacancies } from '../api/company-vacancies.ts'

/** VagaEmpresa: the company's own vacancies, their status, visibility and candidates. */
export function Component() {
  useDocumentTitle('Minhas Vagas')
  const { data, error, isLoading, mutate } = useCompanyVacancies()
  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Minhas Vagas</h1>
        <p className="subtitle">As vagas da sua empresa e os candidatos de cada uma.</p>
      </header>
      <div className="toolbar">
        <Link className="button button-primary" to="/nova-vaga-empresa">
          Nova vaga
        </Link>
      </div>
      <LoadStates
        loading={isLoading ? 'Carregando vagas...' : null}
        error={error}
        failed="Falha ao carregar as vagas."
        onRetry={() => void mutate()}
        empty={data && data.length === 0 ? { title: 'Nenhuma vaga cadastrada.', hint: "Crie a primeira em 'Nova vaga'." } : null}
      />
      <div className="card-grid">
        {data?.map((v) => (
          <article key={v.id} className="card vacancy-card" aria-labelledby={`empresa-vaga-${v.id}`}>
            <h2 id={`empresa-vaga-${v.id}`}>{v.description || 'Vaga sem título'}</h2>
            <p className="place">{[v.city, v.bairro].filter(Boolean).join(' · ')}</p>
            <dl className="definition">
              <dt>Status</dt>
              <dd>{VACANCY_STATUS_LABELS[v.status as VacancyStatus] ?? v.status ?? '—'}</dd>
              <dt>Visibilidade</dt>
              <dd>{v.obs === 'mostrar' ? VISIBILITY_LABELS[v.obs as Visibility] : 'Aguardando publicação pela equipe'}</dd>
              <dt>Candidatos</dt>
              <dd>{(v.candidates_count ?? 0).toLocaleString('pt-BR')}</dd>
              <dt>Criada em</dt>
              <dd>{formatDate(v.created_at ?? null) || '—'}</dd>
            </dl>
            <div className="actions">
              <Link className="button button-primary" to={`/candidatos-empresa/${vacancySlug(v)}`} aria-label={`Ver candidatos de ${v.description || 'vaga'}`}>
                Ver candidatos
              </Link>
            </div>
          </article>
        ))}
      </div>
      <UpcomingInterviews />
    </main>
  )
}
