import type { ScreeningVacancyItem } from '../api/screening.ts'

/** The vacancy's fields the recruiter checks before screening, criteria included (docs/product.md, AI screening). */
export function VacancyInfo({ vacancy }: { vacancy: Partial<ScreeningVacancyItem> }) {
  const list = (items: unknown) => (Array.isArray(items) && items.length > 0 ? items.join('; ') : 'Não informado')
  return (
    <section className="card vacancy-info" aria-labelledby="vaga-info">
      <h2 id="vaga-info">Vaga selecionada</h2>
      <dl className="definition">
        <dt>Descrição</dt>
        <dd>{vacancy.description || 'Não informado'}</dd>
        <dt>Empresa</dt>
        <dd>{vacancy.company_name || 'Não informado'}</dd>
        <dt>Cidade</dt>
        <dd>{[vacancy.city, vacancy.bairro].filter(Boolean).join(' · ') || 'Não informado'}</dd>
        <dt>Recrutador</dt>
        <dd>{vacancy.recrutador || 'Não informado'}</dd>
        <dt>Requisitos</dt>
        <dd>{list(vacancy.requirements)}</dd>
        <dt>Critérios de triagem</dt>
        <dd>{list(vacancy.criterios)}</dd>
      </dl>
    </section>
  )
}
