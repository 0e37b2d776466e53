import { useDeferredValue, useState } from 'react'
import { Link } from 'react-router'
import { VACANCY_STATUS_LABELS, VISIBILITY_LABELS, type VacancyStatus, type Visibility } from '@mini-vagas/shared/constants/vacancy'
import { formatStoredCnpj } from '@mini-vagas/shared/domain/cnpj'
import { estadoName } from '@mini-vagas/shared/domain/estados'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { ESTADOS } from '@mini-vagas/shared/constants/estados'
import { knownRecruiters } from '@mini-vagas/shared/domain/vacancy-rules'
import { DataTable, type Column } from '../../../components/data-table.tsx'
import { LoadStates } from '../../../components/load-states.tsx'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { useVacancies, type StaffVacancy } from '../api/get-vacancies.ts'
import { filterStaffVacancies, knownCompanies, openPositions, type VisibilityFilter } from '../filter.ts'

type Row = StaffVacancy

/**
 * docs/product.md, Vacancies for staff: the staff vacancy list, a dense table (a row a vacancy)
 * filtered by text, visibility, status, company, recruiter and state.
 */
export function Component() {
  useDocumentTitle('Administração de Vagas')
  const { data, error, isLoading, mutate } = useVacancies()
  const [text, setText] = useState('')
  const [visibility, setVisibility] = useState<VisibilityFilter>('all')
  const [status, setStatus] = useState('')
  const [company, setCompany] = useState('')
  const [recruiter, setRecruiter] = useState('')
  const [estado, setEstado] = useState('')
  const deferred = useDeferredValue(text)
  const vacancies = data ? filterStaffVacancies(data, { text: deferred, visibility, status, company, recruiter, estado }) : []
  const open = vacancies.filter((v) => v.status === 'aberta').length
  const filtered = Boolean(text || visibility !== 'all' || status || company || recruiter || estado)
  const select = (id: string, label: string, value: string, onChange: (v: string) => void, options: readonly { value: string; label: string }[]) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Todos</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
  const columns: Column<Row>[] = [
    {
      key: 'vacancy',
      label: 'Vaga',
      cell: (v) => (
        <span className="cell-stack">
          <span className="cell-title">{v.description || 'Vaga sem título'}</span>
          {v.awaitingPublication && <span className="status-badge family-waiting">Aguardando publicação: pedida pela empresa</span>}
        </span>
      ),
    },
    { key: 'company', label: 'Empresa', cell: (v) => v.company_name },
    { key: 'place', label: 'Local', cell: (v) => [v.city, v.bairro, estadoName(v.estado)].filter(Boolean).join(' · ') },
    { key: 'recruiter', label: 'Recrutador', cell: (v) => v.recrutador || 'Não informado' },
    { key: 'status', label: 'Status', early: true, cell: (v) => VACANCY_STATUS_LABELS[v.status as VacancyStatus] ?? v.status ?? '—' },
    { key: 'visibility', label: 'Visibilidade', cell: (v) => VISIBILITY_LABELS[v.obs as Visibility] ?? v.obs ?? '—' },
    { key: 'positions', label: 'Vagas em aberto', priority: 'secondary', cell: (v) => `${openPositions(v)} de ${v.vagas_abertas ?? 0}` },
    { key: 'candidates', label: 'Candidatos', cell: (v) => (v.candidates_count ?? 0).toLocaleString('pt-BR') },
    { key: 'cnpj', label: 'CNPJ', priority: 'secondary', cell: (v) => formatStoredCnpj(v.cnpj) },
    {
      key: 'actions',
      label: 'Ações',
      early: true,
      cell: (v) => (
        <div className="row-actions">
          <Link className="button button-small button-primary" to={`/vagas/${vacancySlug(v)}/lista-candidatos`} aria-label={`Candidatos de ${v.description || 'vaga'}`}>
            Candidatos
          </Link>
          <Link className="button button-small" to={`/processos_seletivos/${v.id}/edit`} aria-label={`Editar ${v.description || 'vaga'}`}>
            Editar
          </Link>
        </div>
      ),
    },
  ]

  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Administração de Vagas</h1>
        {/* Always there, so the toolbar below does not move when the count arrives. */}
        <p className="subtitle" aria-live="polite">
          {data ? `${vacancies.length} ${vacancies.length === 1 ? 'vaga' : 'vagas'} · ${open} ${open === 1 ? 'aberta' : 'abertas'}` : '\u00a0'}
        </p>
      </header>
      <div className="toolbar">
        <div className="field">
          <label htmlFor="vacancy-text">Buscar</label>
          <input id="vacancy-text" type="search" placeholder="Título, empresa, cidade ou recrutador" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="vacancy-visibility">Visibilidade</label>
          <select id="vacancy-visibility" value={visibility} onChange={(e) => setVisibility(e.target.value as VisibilityFilter)}>
            <option value="all">Todas</option>
            <option value="mostrar">Mostrar</option>
            <option value="nao mostrar">Não mostrar</option>
            <option value="aguardando">Aguardando publicação (pedidas por empresas)</option>
          </select>
        </div>
        {select(
          'vacancy-status',
          'Status',
          status,
          setStatus,
          Object.entries(VACANCY_STATUS_LABELS).map(([value, label]) => ({ value, label })),
        )}
        {select(
          'vacancy-company',
          'Empresa',
          company,
          setCompany,
          knownCompanies(data ?? []).map((name) => ({ value: name, label: name })),
        )}
        {select(
          'vacancy-recruiter',
          'Recrutador',
          recruiter,
          setRecruiter,
          knownRecruiters(data ?? []).map((name) => ({ value: name, label: name })),
        )}
        {select(
          'vacancy-estado',
          'Estado',
          estado,
          setEstado,
          ESTADOS.map((e) => ({ value: e.estado, label: e.name })),
        )}
        <Link className="button button-primary" to="/nova_vaga">
          Nova vaga
        </Link>
      </div>
      <LoadStates
        loading={isLoading ? 'Carregando vagas...' : null}
        error={error}
        failed="Falha ao carregar as vagas."
        onRetry={() => void mutate()}
        // "None registered" only when there are none; a filter that matches nothing says so.
        empty={
          data && vacancies.length === 0
            ? data.length > 0 && filtered
              ? { title: 'Nenhuma vaga corresponde aos filtros.', hint: 'Ajuste a busca ou os filtros para ver as outras vagas.' }
              : { title: 'Nenhuma vaga cadastrada.' }
            : null
        }
      />
      {vacancies.length > 0 && <DataTable columns={columns} rows={vacancies} rowKey={(v) => v.id} caption="Vagas" />}
    </main>
  )
}
