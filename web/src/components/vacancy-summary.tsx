import type { PublicVacancy } from '@mini-vagas/shared/schemas/vacancy'

/** A vacancy's company, place, requirements and benefits: the list card and the apply page. */
export function VacancySummary({ vacancy, headingLevel }: { vacancy: PublicVacancy; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <>
      <p className="company">{vacancy.company_name}</p>
      <p className="place">
        {vacancy.city}
        {vacancy.bairro ? ` · ${vacancy.bairro}` : ''}
      </p>
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
