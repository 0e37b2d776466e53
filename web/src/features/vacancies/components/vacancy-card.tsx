import { Link } from 'react-router-dom'
import type { PublicVacancy } from '@mini-vagas/shared/schemas/vacancy'

/** Spec §2.4: description, company, city, neighbourhood, requirements, benefits, 'Candidatar-se'. */
export function VacancyCard({ vacancy }: { vacancy: PublicVacancy }) {
  const titleId = `vaga-${vacancy.id}`
  return (
    <article className="card vacancy-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{vacancy.description || 'Vaga sem título'}</h2>
      <p className="company">{vacancy.company_name}</p>
      <p className="place">
        {vacancy.city}
        {vacancy.bairro ? ` · ${vacancy.bairro}` : ''}
      </p>
      {vacancy.requirements.length > 0 && (
        <section>
          <h3>Requisitos</h3>
          <ul>
            {vacancy.requirements.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ul>
        </section>
      )}
      {vacancy.benefits.length > 0 && (
        <section>
          <h3>Benefícios</h3>
          <ul>
            {vacancy.benefits.map((b, i) => (
              <li key={i}>{b}</li>
            ))}
          </ul>
        </section>
      )}
      <Link className="button button-primary" to={`/candidato/${vacancy.id}`} aria-label={`Candidatar-se: ${vacancy.description ?? 'vaga'} em ${vacancy.company_name ?? ''}`}>
        Candidatar-se
      </Link>
    </article>
  )
}
