import { detailsSummary } from '@mini-vagas/shared/domain/vacancy-details'
import type { PublicVacancy } from '@mini-vagas/shared/schemas/vacancy'

/**
 * A vacancy's company, place, terms (contract · model · salary), requirements and benefits: the
 * list card and the apply page, which also says the hours and the description (as the server's
 * page of the vacancy does, so nothing moves when the SPA takes over).
 */
export function VacancySummary({ vacancy, headingLevel }: { vacancy: PublicVacancy; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <>
      <p className="company">{vacancy.company_name}</p>
      <p className="place">
        {vacancy.city}
        {vacancy.bairro ? ` · ${vacancy.bairro}` : ''}
      </p>
      {detailsSummary(vacancy.details) && <p className="terms">{detailsSummary(vacancy.details)}</p>}
      {headingLevel === 2 && vacancy.details?.hours && <p className="hours">Jornada: {vacancy.details.hours}</p>}
      {headingLevel === 2 && vacancy.details?.about && (
        <section>
          <Heading>Sobre a vaga</Heading>
          <p className="about">{vacancy.details.about}</p>
        </section>
      )}
      {vacancy.requirements.length > 0 && (
        <section>
          <Heading>Requisitos</Heading>
          <ul>
            {vacancy.requirements.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ul>
        </section>
      )}
      {vacancy.benefits.length > 0 && (
        <section>
          <Heading>Benefícios</Heading>
          <ul>
            {vacancy.benefits.map((b, i) => (
              <li key={i}>{b}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}
