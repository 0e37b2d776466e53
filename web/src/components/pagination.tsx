import { pageButtons } from '@mini-vagas/shared/domain/candidate-list'

/**
 * docs/product.md, Limits: first, last, and two pages either side of the current one. While the
 * page count is not known yet (a search being counted), the pages up to this one and the next when
 * `hasMore`.
 */
export function Pagination({
  page,
  pageCount: known,
  hasMore = false,
  onPage,
  label = 'Paginação',
}: {
  page: number
  pageCount: number | null
  hasMore?: boolean
  onPage: (page: number) => void
  label?: string
}) {
  const pageCount = known ?? page + (hasMore ? 1 : 0)
  if (pageCount <= 1) return null
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="button button-small" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Anterior
      </button>
      {pageButtons(page, pageCount).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="pagination-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={`button button-small${p === page ? ' button-primary' : ''}`}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Página ${p}`}
            onClick={() => onPage(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" className="button button-small" onClick={() => onPage(page + 1)} disabled={page >= pageCount}>
        Próxima
      </button>
    </nav>
  )
}
