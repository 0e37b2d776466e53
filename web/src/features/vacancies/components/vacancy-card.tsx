import { Link } from 'react-router'
import { vacancyPath } from '@mini-vagas/shared/domain/job-posting'
import type { PublicVacancy } from '@mini-vagas/shared/schemas/vacancy'
import { VacancySummary } from '../../../components/vacancy-summary.tsx'

/** docs/product.md, Public vacancy list: description (linking to the vacancy's own page), company, city, neighbourhood, requirements, benefits, 'Candidatar-se'. */
export function VacancyCard({ vacancy }: { vacancy: PublicVacancy }) {
  const titleId = `vaga-${vacancy.id}`
  return (
    <article className="card vacancy-card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <Link to={vacancyPath(vacancy)}>{vacancy.description || 'Vaga sem título'}</Link>
      </h2>
      <VacancySummary vacancy={vacancy} headingLevel={3} />
      <Link className="button button-primary" to={`/candidato/${vacancy.id}`} aria-label={`Candidatar-se: ${vacancy.description ?? 'vaga'} em ${vacancy.company_name ?? ''}`}>
        Candidatar-se
      </Link>
    </article>
  )
}
