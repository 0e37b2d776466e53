import { Link } from 'react-router'
import { formatUf } from '@mini-vagas/shared/domain/br-format'
import type { CandidateOrder } from '@mini-vagas/shared/domain/candidate-list'
import { formatDateTime } from '@mini-vagas/shared/domain/dates'
import { lastAction } from '@mini-vagas/shared/domain/last-action'
import { DataTable, type Column } from '../../../components/data-table.tsx'
import type { StaffCandidate } from '../api/types.ts'
import { StatusSelect } from './status-select.tsx'
import { WhatsAppChat } from './whatsapp-chat.tsx'

type SortField = 'name' | 'city' | 'state'

/**
 * The one candidate table: sortable name and place, status dropdown, actions; contact, company,
 * last action and note fold into the row's details when the table is narrow.
 */
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
  tags = {},
  optedOut = [],
  selection,
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
  /** Rows sharing an e-mail or WhatsApp with another of the list. */
  possibleDuplicates?: readonly number[]
  /** The agency's tags on the rows' people (staff). */
  tags?: Readonly<Record<string, string[]>>
  /** Rows whose people asked not to be contacted (staff). */
  optedOut?: readonly number[]
  /** Rows can be chosen for a bulk action (staff). */
  selection?: { chosen: (id: number) => boolean; onToggle: (id: number) => void }
}) {
  const duplicated = new Set(possibleDuplicates)
  const notContacted = new Set(optedOut)
  const sort = (field: SortField): Column<StaffCandidate>['sort'] => {
    if (!onOrder) return undefined
    const active = order.startsWith(field)
    const ascending = active && order.endsWith('asc')
    return { direction: ascending ? 'ascending' : active ? 'descending' : 'none', onSort: () => onOrder(`${field}_${ascending ? 'desc' : 'asc'}` as CandidateOrder) }
  }
  const name = (c: StaffCandidate) => c.full_name ?? 'candidato'
  const columns: Column<StaffCandidate>[] = [
    ...(selection
      ? [
          {
            key: 'select',
            label: 'Selecionar',
            early: true,
            cell: (c: StaffCandidate) => <input type="checkbox" checked={selection.chosen(c.id)} onChange={() => selection.onToggle(c.id)} aria-label={`Selecionar ${name(c)}`} />,
          } as const,
        ]
      : []),
    {
      key: 'name',
      label: 'Nome',
      sort: sort('name'),
      cell: (c) => (
        <>
          <span className="cell-title">{c.full_name}</span>
          {duplicated.has(c.id) && (
            <span className="badge badge-warning" title="Outro candidato desta lista tem o mesmo e-mail ou WhatsApp">
              possível duplicado
            </span>
          )}
          {notContacted.has(c.id) && (
            <span className="badge badge-warning" title="Pediu para não receber mensagens da agência">
              não contatar
            </span>
          )}
          {(tags[String(c.id)] ?? []).map((tag) => (
            <span key={tag} className="tag tag-small">
              {tag}
            </span>
          ))}
        </>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      early: true,
      cell: (c) => <StatusSelect id={`status-${c.id}`} label={`Status de ${name(c)}`} value={c.status} onChange={(s) => onStatus(c, s)} company={company} />,
    },
    {
      key: 'contact',
      label: 'Contato',
      // The number opens a WhatsApp conversation and the address a new e-mail, unless the person
      // asked not to be contacted (then both stay plain text).
      cell: (c) => {
        const mail = !notContacted.has(c.id) && c.email ? `mailto:${c.email}` : null
        return (
          <span className="cell-stack">
            <WhatsAppChat whatsapp={c.whatsapp} name={name(c)} optedOut={notContacted.has(c.id)} />
            <span className="cell-email" title={c.email ?? undefined}>
              {mail ? <a href={mail}>{c.email}</a> : c.email}
            </span>
          </span>
        )
      },
    },
    {
      key: 'city',
      label: 'Cidade',
      sort: sort('city'),
      cell: (c) => c.address_city,
    },
    { key: 'state', label: 'Estado', sort: sort('state'), cell: (c) => formatUf(c.address_state) },
    ...(showCompany ? [{ key: 'company', label: 'Empresa', priority: 'secondary', cell: (c: StaffCandidate) => c.company_name } as const] : []),
    {
      key: 'last-action',
      label: 'Última ação',
      priority: 'secondary',
      cell: (c) => {
        const action = lastAction(c)
        return (
          <span className="cell-stack">
            <span>{action.label}</span>
            {action.at && <small>{formatDateTime(action.at)}</small>}
          </span>
        )
      },
    },
    { key: 'obs', label: 'Observação', priority: 'secondary', cell: (c) => (c.obs ? <span className="cell-note">{c.obs}</span> : '—') },
    {
      key: 'actions',
      label: 'Ações',
      early: true,
      cell: (c) => (
        <div className="row-actions">
          <button type="button" className="button button-small" onClick={() => onDetails(c)} aria-label={`Detalhes de ${name(c)}`}>
            Detalhes
          </button>
          {!company && onForward && (
            <button type="button" className="button button-small" onClick={() => onForward(c)} aria-label={`Enviar ${name(c)} para outra vaga`}>
              Enviar
            </button>
          )}
          {!company && (
            <Link className="button button-small" to={`/candidatos/${c.id}/edit`} aria-label={`Editar ${name(c)}`}>
              Editar
            </Link>
          )}
        </div>
      ),
    },
  ]
  return <DataTable columns={columns} rows={candidates} rowKey={(c) => c.id} caption="Candidatos" />
}
