import { useDeferredValue, useState } from 'react'
import { Link } from 'react-router'
import { SEARCH_MIN_CHARS } from '@mini-vagas/shared/constants/limits'
import type { CandidateOrder } from '@mini-vagas/shared/domain/candidate-list'
import { ListMeta } from '../../../components/list-meta.tsx'
import { Pagination } from '../../../components/pagination.tsx'
import { LoadStates } from '../../../components/load-states.tsx'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { allCandidatesQuery, useAllCandidates } from '../api/get-all-candidates.ts'
import { CandidateDialogs, useCandidateDialogs } from '../components/candidate-dialogs.tsx'
import { CandidateTable } from '../components/candidate-table.tsx'
import { StatusChips } from '../components/status-chips.tsx'
import { useCandidateWrites } from '../components/use-candidate-writes.ts'
import { SavedSearches } from '../components/saved-searches.tsx'
import { useTags } from '../api/talent-pool.ts'
import type { SavedSearchQuery } from '@mini-vagas/shared/schemas/candidates'

/** docs/product.md, All candidates: every candidate, by dates, status and a search of at least 4 characters. */
export function Component() {
  useDocumentTitle('Todos os Candidatos')
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState<string | undefined>(undefined)
  const [search, setSearch] = useState('')
  const [order, setOrder] = useState<CandidateOrder>('last_action_desc')
  const [start, setStart] = useState('')
  const [end, setEnd] = useState('')
  const [tag, setTag] = useState('')
  const { data: tagsInUse } = useTags()
  const q = useDeferredValue(search).trim()
  const tooShort = q.length > 0 && q.length < SEARCH_MIN_CHARS
  const params = tooShort ? null : { page, status, q, order, start, end, tag }
  const { key, countsKey, data, error, isLoading, mutate, reordered, reorder } = useAllCandidates(params)
  const writes = useCandidateWrites(key, countsKey)
  const dialogs = useCandidateDialogs()
  const reset = (fn: () => void) => {
    fn()
    setPage(1)
  }
  const apply = (saved: SavedSearchQuery) =>
    reset(() => {
      setSearch(saved.q ?? '')
      setStatus(saved.status)
      setOrder(saved.order ?? 'last_action_desc')
      setStart(saved.start_date ?? '')
      setEnd(saved.end_date ?? '')
      setTag(saved.tag ?? '')
    })
  const current = {
    ...(search.trim() ? { q: search.trim() } : {}),
    ...(status !== undefined ? { status } : {}),
    order,
    ...(start ? { start_date: start } : {}),
    ...(end ? { end_date: end } : {}),
    ...(tag ? { tag } : {}),
  } satisfies SavedSearchQuery

  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Todos os Candidatos</h1>
        <div className="actions">
          <Link className="button" to="/vagas">
            Ver vagas
          </Link>
          <Link className="button" to="/triagem-ai">
            Triagem com IA
          </Link>
          {data && !data.idle && (
            <a className="button" href={`/bff/candidates.csv?${allCandidatesQuery({ status, q, order, start, end, tag })}`} download>
              Exportar lista (CSV)
            </a>
          )}
        </div>
      </header>
      <div className="toolbar">
        <div className="field">
          <label htmlFor="all-search">Buscar</label>
          <input
            id="all-search"
            type="search"
            placeholder="Nome, e-mail, WhatsApp ou empresa"
            value={search}
            onChange={(e) => reset(() => setSearch(e.target.value))}
            aria-describedby="all-search-hint"
          />
          <p id="all-search-hint" className={tooShort ? 'field-error' : 'field-hint'} role={tooShort ? 'alert' : undefined}>
            {tooShort ? 'Digite pelo menos 4 caracteres para realizar a busca.' : 'Pelo menos 4 caracteres.'}
          </p>
        </div>
        <div className="field">
          <label htmlFor="all-start">Data inicial</label>
          <input id="all-start" type="date" value={start} max={end || undefined} onChange={(e) => reset(() => setStart(e.target.value))} />
        </div>
        <div className="field">
          <label htmlFor="all-end">Data final</label>
          <input id="all-end" type="date" value={end} min={start || undefined} onChange={(e) => reset(() => setEnd(e.target.value))} />
        </div>
        <div className="field">
          <label htmlFor="all-tag">Etiqueta</label>
          <select id="all-tag" value={tag} onChange={(e) => reset(() => setTag(e.target.value))}>
            <option value="">Todas</option>
            {(tagsInUse ?? []).map((t) => (
              <option key={t.tag} value={t.tag}>
                {t.tag} ({t.count.toLocaleString('pt-BR')})
              </option>
            ))}
          </select>
        </div>
      </div>
      <SavedSearches current={current} onApply={apply} />
      {data && <StatusChips counts={data.counts} value={status} onChange={(s) => reset(() => setStatus(s))} />}
      <LoadStates
        loading={isLoading ? 'Carregando candidatos...' : null}
        error={error}
        failed={q ? 'Erro ao buscar candidatos.' : 'Erro ao carregar a lista de candidatos.'}
        onRetry={() => void mutate()}
        empty={
          data?.idle
            ? { title: 'Escolha um status ou faça uma busca', hint: 'Com o filtro Todos e sem busca, nenhum candidato é carregado.' }
            : data && data.items.length === 0
              ? { title: 'Nenhum candidato encontrado.' }
              : null
        }
      />
      {data && !data.idle && data.items.length > 0 && (
        <>
          <ListMeta list={data} noun={['candidato', 'candidatos']} reordered={reordered} onReorder={reorder} />
          <CandidateTable
            candidates={data.items}
            possibleDuplicates={data.possibleDuplicates}
            optedOut={data.optedOut}
            tags={data.tags}
            order={order}
            onOrder={(o) => reset(() => setOrder(o))}
            onStatus={(c, s) => void writes.changeStatus(c, s)}
            onDetails={dialogs.openDetails}
            onForward={dialogs.openForward}
            showCompany
          />
          <Pagination page={data.page} pageCount={data.pageCount} hasMore={data.hasMore} onPage={setPage} />
        </>
      )}
      <CandidateDialogs dialogs={dialogs} onNoteSaved={(row) => void writes.noteSaved(row)} tags={data?.tags} onTagsSaved={(id, kept) => void writes.tagsSaved(id, kept)} />
    </main>
  )
}
