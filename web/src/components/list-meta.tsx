import { formatDateTime } from '@mini-vagas/shared/domain/dates'

/**
 * The line above a paged list: how many rows and which page, how current it is when it came from
 * the candidate index (`indexedAt`), and — when the server's order has
 * changed while the rows were held still (useSteadyPage) — a button to show the new order. The
 * line keeps its height whether or not the button shows, so nothing below it moves either.
 */
export function ListMeta({
  list: { total, page, pageCount, indexedAt },
  noun,
  reordered,
  onReorder,
}: {
  /** The page as the BFF answered it. */
  list: { total: number | null; page: number; pageCount: number | null; indexedAt?: string | undefined }
  noun: [singular: string, plural: string]
  reordered: boolean
  onReorder: () => void
}) {
  return (
    <div className="list-meta">
      <p className="result-count" aria-live="polite">
        {total === null ? `Contando ${noun[1]}… · página ${page}` : `${total.toLocaleString('pt-BR')} ${total === 1 ? noun[0] : noun[1]} · página ${page} de ${pageCount}`}
        {indexedAt && (
          <span title="O que é feito no Mini Vagas aparece na hora; o que é alterado direto no sistema antigo aparece quando a lista é atualizada de novo.">
            {' '}
            · atualizada em {formatDateTime(indexedAt)}
          </span>
        )}
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
