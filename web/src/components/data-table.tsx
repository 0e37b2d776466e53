import { useState, type ReactNode } from 'react'

export interface Column<Row> {
  key: string
  /** The column's name: its header, and the label of its value when rows show as cards. */
  label: string
  /**
   * 'secondary' columns fold into the row's "Mais detalhes" when the table is narrow; an open
   * details renders the cell a second time, so it must be plain content, no form control.
   */
  priority?: 'primary' | 'secondary'
  cell: (row: Row) => ReactNode
  /** Sortable: the current direction and what a click asks for. */
  sort?: { direction: 'ascending' | 'descending' | 'none'; onSort: () => void }
  /** Cards put these cells first after the row's title (what a phone must show: status, actions). */
  early?: boolean
}

/**
 * The one data table: sticky header, compact rows and column priority. On a wide table
 * every column shows; below 1,400 px of table the secondary columns fold into each row's
 * "Mais detalhes"; below 640 px rows become cards, the first column as title and the early
 * columns (status, actions) right under it. Widths are container queries on the table's box, so
 * one table behaves the same in any page.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  rowClassName,
}: {
  columns: readonly Column<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string | number
  caption?: string
  rowClassName?: (row: Row) => string | undefined
}) {
  const secondary = columns.filter((c) => c.priority === 'secondary')
  return (
    <div className="table-wrap">
      <table className="data data-table">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={columnClass(column)} aria-sort={column.sort?.direction}>
                {column.sort ? (
                  <button type="button" onClick={column.sort.onSort}>
                    {column.label} <span aria-hidden="true">{column.sort.direction === 'ascending' ? '▲' : column.sort.direction === 'descending' ? '▼' : '↕'}</span>
                  </button>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((column, index) => (
                <td key={column.key} className={columnClass(column)} data-label={index === 0 ? undefined : column.label}>
                  {column.cell(row)}
                  {index === 0 && secondary.length > 0 && <RowMore columns={secondary} row={row} />}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** A row's secondary values, rendered only while open (so they are never in the page twice). */
function RowMore<Row>({ columns, row }: { columns: readonly Column<Row>[]; row: Row }) {
  const [open, setOpen] = useState(false)
  return (
    <details className="row-more" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Mais detalhes</summary>
      {open && (
        <dl>
          {columns.map((c) => (
            <div key={c.key}>
              <dt>{c.label}</dt>
              <dd>{c.cell(row)}</dd>
            </div>
          ))}
        </dl>
      )}
    </details>
  )
}

function columnClass<Row>(column: Column<Row>): string {
  return [`col-${column.key}`, column.priority === 'secondary' ? 'col-secondary' : '', column.early ? 'col-early' : ''].filter(Boolean).join(' ')
}
