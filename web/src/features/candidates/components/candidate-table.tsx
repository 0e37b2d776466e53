import { Link } from 'react-router'
import { formatPhone, formatUf } from '@mini-vagas/shared/domain/br-format'
import type { CandidateOrder } from '@mini-vagas/shared/domain/candidate-list'
import { formatDateTime } from '@mini-vagas/shared/domain/dates'
import { lastAction } from '@mini-vagas/shared/domain/last-action'
import type { StaffCandidate } from '../api/types.ts'
import { StatusSelect } from './status-select.tsx'

type SortField = 'name' | 'city' | 'state'

/** The one candidate table: sortable name/city/state, status dropdown, last action, actions. */
export function CandidateTable({
  candidates,
  order,
  onOrder,
  onStatus,
  onDetails,
  onForward,
  showCompany = false,
  company = false,
  possibleDuplicates = [],
}: {
  candidates: StaffCandidate[]
  order: CandidateOrder
  onOrder?: (order: CandidateOrder) => void
  onStatus: (candidate: StaffCandidate, status: string) => void
  onDetails: (candidate: StaffCandidate) => void
  onForward?: (candidate: StaffCandidate) => void
  showCompany?: boolean
  /** A company's view: company-side statuses only, details and notes, no forwarding or editing. */
  company?: boolean
  /** Rows sharing an e-mail or WhatsApp with another of the list (issue 15). */
  possibleDuplicates?: readonly number[]
}) {
  const duplicated = new Set(possibleDuplicates)
  const header = (field: SortField, label: string) => {
    const active = order.startsWith(field)
    const direction = active && order.endsWith('asc') ? 'ascending' : active ? 'descending' : 'none'
    if (!onOrder) return <th scope="col">{label}</th>
    return (
      <th scope="col" aria-sort={direction}>
        <button type="button" onClick={() => onOrder(`${field}_${active && order.endsWith('asc') ? 'desc' : 'asc'}` as CandidateOrder)}>
          {label} {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : ''}
        </button>
      </th>
    )
  }
  return (
    <div className="table-wrap">
      <table className="data">
        <thead>
          <tr>
            {header('name', 'Nome')}
            <th scope="col">Contato</th>
            {header('city', 'Cidade')}
            {header('state', 'Estado')}
            {showCompany && <th scope="col">Empresa</th>}
            <th scope="col">Status</th>
            <th scope="col">Última ação</th>
            <th scope="col">Observação</th>
            <th scope="col">Ações</th>
          </tr>
        </thead>
        <tbody>
          {candidates.map((c) => {
            const action = lastAction(c)
            return (
              <tr key={c.id}>
                <td>
                  {c.full_name}
                  {duplicated.has(c.id) && (
                    <span className="badge badge-warning" title="Outro candidato desta lista tem o mesmo e-mail ou WhatsApp">
                      possível duplicado
                    </span>
                  )}
                </td>
                <td>
                  {c.email}
                  <br />
                  {formatPhone(c.whatsapp)}
                </td>
                <td>{c.address_city}</td>
                <td>{formatUf(c.address_state)}</td>
                {showCompany && <td>{c.company_name}</td>}
                <td>
                  <StatusSelect id={`status-${c.id}`} label={`Status de ${c.full_name ?? 'candidato'}`} value={c.status} onChange={(s) => onStatus(c, s)} company={company} />
                </td>
                <td>
                  {action.label}
                  {action.at && (
                    <>
                      <br />
                      <small>{formatDateTime(action.at)}</small>
                    </>
                  )}
                </td>
                <td>{c.obs}</td>
                <td>
                  <div className="actions" style={{ marginTop: 0 }}>
                    <button type="button" className="button button-small" onClick={() => onDetails(c)} aria-label={`Detalhes de ${c.full_name ?? 'candidato'}`}>
                      Detalhes
                    </button>
                    {!company && onForward && (
                      <button type="button" className="button button-small" onClick={() => onForward(c)} aria-label={`Enviar ${c.full_name ?? 'candidato'} para outra vaga`}>
                        Enviar
                      </button>
                    )}
                    {!company && (
                      <Link className="button button-small" to={`/candidatos/${c.id}/edit`} aria-label={`Editar ${c.full_name ?? 'candidato'}`}>
                        Editar
                      </Link>
                    )}
                  </div>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
