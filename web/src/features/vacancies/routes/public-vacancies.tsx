import { useDeferredValue, useState } from 'react'
import { useLocation } from 'react-router'
import { StatusMessage } from '../../../components/status-message.tsx'
import { LoadStates } from '../../../components/load-states.tsx'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { usePublicVacancies } from '../api/get-public-vacancies.ts'
import { VacancyCard } from '../components/vacancy-card.tsx'
import { filterVacancies } from '../filter.ts'

/** docs/product.md, Public vacancy list: the public vacancy list with its search, states and texts. */
export function Component() {
  useDocumentTitle('Vagas Disponíveis')
  const { data, error, isLoading, mutate } = usePublicVacancies()
  const [query, setQuery] = useState('')
  const deferred = useDeferredValue(query)
  const applied = (useLocation().state as { applied?: string } | null)?.applied
  const vacancies = data ? filterVacancies(data, deferred) : []

  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Vagas Disponíveis</h1>
        <p className="subtitle">Procure por cidade ou por empresa</p>
      </header>
      {applied && <StatusMessage kind="success" title={applied} />}
      <div className="search">
        <label htmlFor="vacancy-search" className="visually-hidden">
          Buscar por cidade ou empresa
        </label>
        <input id="vacancy-search" type="search" placeholder="Buscar por cidade ou empresa..." value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
      </div>
      <LoadStates
        loading={isLoading ? 'Carregando vagas...' : null}
        error={error}
        failed="Erro ao carregar vagas"
        onRetry={() => void mutate()}
        empty={
          data && vacancies.length === 0
            ? { title: 'Nenhuma vaga encontrada', hint: deferred.trim() ? 'Tente ajustar os filtros de busca' : 'Não há vagas disponíveis no momento' }
            : null
        }
      />
      {vacancies.length > 0 && (
        <>
          <p className="result-count" aria-live="polite">
            {vacancies.length === 1 ? '1 vaga' : `${vacancies.length.toLocaleString('pt-BR')} vagas`}
          </p>
          <div className="card-grid">
            {vacancies.map((v) => (
              <VacancyCard key={v.id} vacancy={v} />
            ))}
          </div>
        </>
      )}
    </main>
  )
}
