import { evidenceLine } from '@mini-vagas/shared/domain/screening-text'
import type { CriterionEvidence } from '@mini-vagas/shared/schemas/screening'

const STATUS: Record<CriterionEvidence['status'], string> = { atende: 'Atende', nao_atende: 'Não atende', desconhecido: 'A conferir' }

/** Each criterion of the vacancy for one candidate, with the field that decided it; collapsed by default. */
export function Evidence({ evidence }: { evidence: CriterionEvidence[] }) {
  if (evidence.length === 0) return null
  const unmet = evidence.filter((e) => e.status !== 'atende').length
  return (
    <details className="evidence">
      <summary>
        Critérios ({evidence.length - unmet} de {evidence.length} atendidos)
      </summary>
      <ul>
        {evidence.map((e) => (
          <li key={e.key} className={`evidence-${e.status}`}>
            <span className="evidence-status">{STATUS[e.status]}</span> {evidenceLine(e)}
            <span className="visually-hidden">{e.by === 'ia' ? ', avaliado pela IA' : ', avaliado pelas regras'}</span>
            {e.by === 'ia' && <span className="evidence-by"> · IA</span>}
          </li>
        ))}
      </ul>
    </details>
  )
}
