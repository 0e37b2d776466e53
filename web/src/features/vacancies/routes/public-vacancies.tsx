import { useDeferredValue, useEffect, useEffectEvent, useRef } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { PUBLIC_PAGE_SIZE, PUBLIC_SEARCH_TEXTS, searchVacancies } from '@mini-vagas/shared/domain/vacancy-search'
import { StatusMessage } from '../../../components/status-message.tsx'
import { LoadStates } from '../../../components/load-states.tsx'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { usePublicVacancies } from '../api/get-public-vacancies.ts'
import { VacancyCard } from '../components/vacancy-card.tsx'

/**
 * docs/product.md, Public vacancy list: the public vacancy list with its search, states and texts.
 * The search and how many cards show live in the address (?busca=, ?pagina=), as the server's page
 * reads them, so a search can be shared and the back button returns to it.
 */
export function Component() {
  useDocumentTitle('Vagas Disponíveis')
  const { data, error, isLoading, mutate } = usePublicVacancies()
  const [params, setParams] = useSearchParams()
  const query = params.get('busca') ?? ''
  const pages = Math.min(1000, Math.max(1, Number.parseInt(params.get('pagina') ?? '1', 10) || 1))
  const deferred = useDeferredValue(query)
  const applied = (useLocation().state as { applied?: string } | null)?.applied
  const vacancies = data ? searchVacancies(data, deferred) : []
  const shown = vacancies.slice(0, pages * PUBLIC_PAGE_SIZE)
  const more = shown.length < vacancies.length

  const update = (next: { busca?: string; pagina?: number }) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current)
        if (next.busca !== undefined) {
          if (next.busca) out.set('busca', next.busca)
          else out.delete('busca')
          out.delete('pagina')
        }
        if (next.pagina !== undefined) out.set('pagina', String(next.pagina))
        return out
      },
      // Typing and scrolling do not fill the history: back leaves the list.
      { replace: true, preventScrollReset: true, state: applied ? { applied } : undefined },
    )
  const showMore = () => update({ pagina: pages + 1 })

  // Loaded as you scroll: the next cards come when the end of the list is near.
  const sentinel = useRef<HTMLDivElement>(null)
  const nearTheEnd = useEffectEvent(showMore)
  useEffect(() => {
    const end = sentinel.current
    if (!end || !more || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && nearTheEnd(), { rootMargin: '600px 0px' })
    observer.observe(end)
    return () => observer.disconnect()
  }, [more, pages])

  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Vagas Disponíveis</h1>
        <p className="subtitle">{PUBLIC_SEARCH_TEXTS.subtitle}</p>
      </header>
      {applied && <StatusMessage kind="success" title={applied} />}
      <form className="search" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="vacancy-search" className="visually-hidden">
          {PUBLIC_SEARCH_TEXTS.label}
        </label>
        <input
          id="vacancy-search"
          type="search"
          name="busca"
          placeholder={PUBLIC_SEARCH_TEXTS.placeholder}
          value={query}
          onChange={(e) => update({ busca: e.target.value })}
          autoComplete="off"
        />
      </form>
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
            {shown.map((v) => (
              <VacancyCard key={v.id} vacancy={v} />
            ))}
          </div>
          {more && (
            <div className="list-more" ref={sentinel}>
              <button type="button" className="button" onClick={showMore}>
                {PUBLIC_SEARCH_TEXTS.more}
              </button>
            </div>
          )}
        </>
      )}
    </main>
  )
}
