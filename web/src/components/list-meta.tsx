/**
 * The line above a paged list: how many rows and which page, and — when the server's order has
 * changed while the rows were held still (useSteadyPage) — a button to show the new order. The
 * line keeps its height whether or not the button shows, so nothing below it moves either.
 */
export function ListMeta({
  total,
  page,
  pageCount,
  noun,
  reordered,
  onReorder,
}: {
  total: number
  page: number
  pageCount: number
  noun: [singular: string, plural: string]
  reordered: boolean
  onReorder: () => void
}) {
  return (
    <div className="list-meta">
      <p className="result-count" aria-live="polite">
        {total.toLocaleString('pt-BR')} {total === 1 ? noun[0] : noun[1]} · página {page} de {pageCount}
      </p>
      <div role="status">
        {reordered && (
          <button type="button" className="button button-small" onClick={onReorder} title="A ordem foi mantida enquanto você trabalhava">
            Lista atualizada — reordenar
          </button>
        )}
      </div>
    </div>
  )
}
