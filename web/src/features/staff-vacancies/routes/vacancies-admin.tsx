import { useDeferredValue, useState } from 'react'
import { Link } from 'react-router'
import { VACANCY_STATUS_LABELS, VISIBILITY_LABELS, type VacancyStatus, type Visibility } from '@mini-vagas/shared/constants/vacancy'
import { formatStoredCnpj } from '@mini-vagas/shared/domain/cnpj'
import { estadoName } from '@mini-vagas/shared/domain/estados'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { LoadStates } from '../../../components/load-states.tsx'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { useVacancies } from '../api/get-vacancies.ts'
import { filterStaffVacancies, openPositions, type VisibilityFilter } from '../filter.ts'

/** docs/product.md, Vacancies for staff: the staff vacancy list. */
export function Component() {
  useDocumentTitle('Administração de Vagas')
  const { data, error, isLoading, mutate } = useVacancies()
  const [text, setText] = useState('')
  const [visibility, setVisibility] = useState<VisibilityFilter>('all')
  const deferred = useDeferredValue(text)
  const vacancies = data ? filterStaffVacancies(data, deferred, visibility) : []
  const open = vacancies.filter((v) => v.status === 'aberta').length

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
          <input id="vacancy-text" type="search" placeholder="Descrição, empresa, cidade ou recrutador" value={text} onChange={(e) => setText(e.target.value)} />
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
            ? data.length > 0
              ? { title: 'Nenhuma vaga corresponde aos filtros.', hint: 'Ajuste a busca ou a visibilidade para ver as outras vagas.' }
              : { title: 'Nenhuma vaga cadastrada.' }
            : null
        }
      />
      <div className="card-grid">
        {vacancies.map((v) => (
          <article key={v.id} className="card vacancy-card" aria-labelledby={`admin-vaga-${v.id}`}>
            <h2 id={`admin-vaga-${v.id}`}>{v.description || 'Vaga sem título'}</h2>
            {v.awaitingPublication && <p className="status-badge family-waiting">Aguardando publicação: pedida pela empresa</p>}
            <p className="company">{v.company_name}</p>
            <p className="place">{[v.city, v.bairro, estadoName(v.estado)].filter(Boolean).join(' · ')}</p>
            <dl className="definition">
              <dt>CNPJ</dt>
              <dd>{formatStoredCnpj(v.cnpj)}</dd>
              <dt>Recrutador</dt>
              <dd>{v.recrutador || 'Não informado'}</dd>
              <dt>Status</dt>
              <dd>{VACANCY_STATUS_LABELS[v.status as VacancyStatus] ?? v.status ?? '—'}</dd>
              <dt>Visibilidade</dt>
              <dd>{VISIBILITY_LABELS[v.obs as Visibility] ?? v.obs ?? '—'}</dd>
              <dt>Vagas em aberto</dt>
              <dd>
                {openPositions(v)} de {v.vagas_abertas ?? 0}
              </dd>
              <dt>Candidatos</dt>
              <dd>{(v.candidates_count ?? 0).toLocaleString('pt-BR')}</dd>
            </dl>
            <div className="actions">
              <Link className="button button-primary" to={`/vagas/${vacancySlug(v)}/lista-candidatos`}>
                Candidatos
              </Link>
              <Link className="button" to={`/processos_seletivos/${v.id}/edit`}>
                Editar
              </Link>
            </div>
          </article>
        ))}
      </div>
    </main>
  )
}
