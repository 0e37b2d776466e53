import { useDeferredValue, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import type { CandidateOrder } from '@mini-vagas/shared/domain/candidate-list'
import { ListMeta } from '../../../components/list-meta.tsx'
import { Pagination } from '../../../components/pagination.tsx'
import { StatusMessage } from '../../../components/status-message.tsx'
import { LoadStates } from '../../../components/load-states.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { useVacancyBySlug, useVacancyCandidates } from '../api/get-vacancy-candidates.ts'
import { CandidateDialogs, useCandidateDialogs } from '../components/candidate-dialogs.tsx'
import { CandidateTable } from '../components/candidate-table.tsx'
import { StatusChips } from '../components/status-chips.tsx'
import { useCandidateWrites } from '../components/use-candidate-writes.ts'
import { SuggestionsDialog } from '../components/suggestions-dialog.tsx'
import { PipelineBoard } from '../components/pipeline-board.tsx'
import { BulkBar, BulkProgress, selectionSize } from '../components/bulk-actions.tsx'
import { usePipeline } from '../components/use-pipeline.ts'

/** docs/product.md, A vacancy's candidates: one vacancy's candidates (the BFF pages, counts and orders them). */
export function Component() {
  return <VacancyCandidatesScreen variant="staff" />
}

/**
 * The per-vacancy list for staff (ListaCandidatos) and for the vacancy's company
 * (CandidatosEmpresa): the company sees contacts, sets the company-side statuses and
 * adds notes — nothing else; the BFF enforces the same.
 */
export function VacancyCandidatesScreen({ variant }: { variant: 'staff' | 'company' }) {
  const company = variant === 'company'
  const back = company ? { to: '/vaga-empresa', label: 'Voltar para minhas vagas' } : { to: '/administracao_de_vagas', label: 'Voltar para as vagas' }
  const { slug = '' } = useParams()
  const { data: vacancy, error: vacancyError } = useVacancyBySlug(slug)
  useDocumentTitle(vacancy?.description ? `Candidatos: ${vacancy.description}` : 'Lista de Candidatos')
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState<string | undefined>(undefined)
  const [search, setSearch] = useState('')
  const [order, setOrder] = useState<CandidateOrder>('last_action_desc')
  const q = useDeferredValue(search)
  const params = { page, status, q, order }
  const { key, countsKey, data, error, isLoading, mutate, reordered, reorder } = useVacancyCandidates(vacancy?.id, params)
  const writes = useCandidateWrites(key, countsKey)
  const dialogs = useCandidateDialogs()
  const [suggesting, setSuggesting] = useState(false)
  const pipeline = usePipeline(company ? undefined : vacancy?.id)
  const [searchParams, setParams] = useSearchParams()
  const onBoard = !company && searchParams.get('visao') === 'quadro'
  const reset = (fn: () => void) => {
    fn()
    setPage(1)
    // "All that match" meant the filter as it was.
    if (pipeline.selection.kind === 'filter') pipeline.clear()
  }

  if (vacancyError) {
    const missing = vacancyError instanceof ApiError && vacancyError.status === 404
    return (
      <main id="main" className="page">
        <StatusMessage kind="error" title={missing ? 'Vaga não encontrada.' : 'Erro ao carregar os dados da vaga.'} />
        <Link className="button" to={back.to}>
          {back.label}
        </Link>
      </main>
    )
  }
  const csv = vacancy
    ? `/bff/vacancies/${vacancy.id}/candidates.csv?${new URLSearchParams({ order, ...(status !== undefined ? { status } : {}), ...(q.trim() ? { q: q.trim() } : {}) })}`
    : undefined

  return (
    <main id="main" className="page">
      <div className="actions" style={{ marginTop: 0 }}>
        <Link className="button button-link" to={back.to}>
          ← {back.label}
        </Link>
      </div>
      <header className="page-header">
        <h1>{vacancy?.description ?? 'Carregando vaga...'}</h1>
        {/* Always there, so the toolbar below does not move when the vacancy arrives. */}
        <p className="subtitle">
          {(vacancy && [company ? null : vacancy.company_name, vacancy.city, vacancy.recrutador && `Recrutador: ${vacancy.recrutador}`].filter(Boolean).join(' · ')) || '\u00a0'}
        </p>
      </header>
      <div className="toolbar">
        <div className="field">
          <label htmlFor="candidate-search">Buscar candidato</label>
          <input id="candidate-search" type="search" placeholder="Nome, e-mail ou WhatsApp" value={search} onChange={(e) => reset(() => setSearch(e.target.value))} />
        </div>
        {csv && (
          <a className="button" href={csv} download>
            Exportar lista (CSV)
          </a>
        )}
        {!company && vacancy && (
          <button type="button" className="button" onClick={() => setSuggesting(true)}>
            Sugerir do banco
          </button>
        )}
      </div>
      {data?.partial && (
        <StatusMessage kind="empty" title="Lista parcial">
          O sistema de vagas não respondeu pela lista desta vaga; mostramos os candidatos encontrados na busca geral.
        </StatusMessage>
      )}
      {!company && vacancy && (
        <>
          <div className="view-switch" role="group" aria-label="Visualização">
            <button type="button" className="button" aria-pressed={!onBoard} onClick={() => setParams({}, { replace: true })}>
              Lista
            </button>
            <button type="button" className="button" aria-pressed={onBoard} onClick={() => setParams({ visao: 'quadro' }, { replace: true })}>
              Quadro
            </button>
          </div>
          <BulkBar vacancyId={vacancy.id} selection={pipeline.selection} onClear={pipeline.clear} onStart={pipeline.start} />
          {pipeline.jobId && <BulkProgress key={pipeline.jobId} jobId={pipeline.jobId} onSettled={pipeline.onSettled} onDismiss={pipeline.dismiss} />}
        </>
      )}
      {onBoard && vacancy ? (
        <PipelineBoard vacancyId={vacancy.id} pipeline={pipeline} />
      ) : (
        <>
          {data && <StatusChips counts={data.counts} value={status} onChange={(s) => reset(() => setStatus(s))} />}
          <LoadStates
            loading={isLoading ? 'Carregando candidatos...' : null}
            error={data ? null : error}
            failed="Erro ao carregar a lista de candidatos."
            showReason={false}
            onRetry={() => void mutate()}
            empty={
              data && data.items.length === 0 ? { title: 'Nenhum candidato encontrado.', hint: q || status !== undefined ? 'Tente ajustar a busca ou o filtro.' : undefined } : null
            }
          />
          {data && data.items.length > 0 && (
            <>
              <ListMeta list={data} noun={['candidato', 'candidatos']} reordered={reordered} onReorder={reorder} />
              {!company && vacancy && <PageSelection items={data.items} total={data.total} pipeline={pipeline} filter={{ status, q: q.trim() || undefined }} />}
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
                company={company}
                selection={
                  company
                    ? undefined
                    : { chosen: (id) => pipeline.selection.kind === 'filter' || (pipeline.selection.kind === 'ids' && pipeline.selection.ids.has(id)), onToggle: pipeline.toggle }
                }
              />
              <Pagination page={data.page} pageCount={data.pageCount} hasMore={data.hasMore} onPage={setPage} />
            </>
          )}
        </>
      )}
      {suggesting && vacancy && <SuggestionsDialog vacancy={vacancy} onClose={() => setSuggesting(false)} onSent={() => void mutate()} />}
      <CandidateDialogs
        dialogs={dialogs}
        currentVacancyId={vacancy?.id}
        company={company}
        onNoteSaved={(row) => void writes.noteSaved(row)}
        tags={data?.tags}
        onTagsSaved={(id, kept) => void writes.tagsSaved(id, kept)}
      />
    </main>
  )
}

/**
 * The list's "choose this page" and, once the page is chosen, "choose all that match the filter"
 * (docs/product.md, Bulk actions): the BFF takes the filter and finds them itself.
 */
function PageSelection({
  items,
  total,
  pipeline,
  filter,
}: {
  items: readonly { id: number }[]
  total: number | null
  pipeline: ReturnType<typeof usePipeline>
  filter: { status?: string | undefined; q?: string | undefined }
}) {
  const { selection } = pipeline
  const all = selection.kind === 'filter'
  const pageChosen = all || (items.length > 0 && items.every((c) => selection.kind === 'ids' && selection.ids.has(c.id)))
  const ids = items.map((c) => c.id)
  return (
    <div className="page-selection">
      <label className="checkbox">
        <input type="checkbox" checked={pageChosen} onChange={() => (all ? pipeline.clear() : pipeline.choose(ids, !pageChosen))} />
        Selecionar esta página
      </label>
      {pageChosen && !all && total !== null && total > items.length && (
        <button
          type="button"
          className="button button-link"
          onClick={() =>
            pipeline.setSelection({
              kind: 'filter',
              filter: { ...(filter.status !== undefined ? { status: filter.status } : {}), ...(filter.q ? { q: filter.q } : {}) },
              count: total,
            })
          }
        >
          Selecionar todos os {total.toLocaleString('pt-BR')} que correspondem ao filtro
        </button>
      )}
      {all && <span>Todos os {selectionSize(selection).toLocaleString('pt-BR')} que correspondem ao filtro estão selecionados.</span>}
    </div>
  )
}
