import { useState } from 'react'

type Id = number | string
interface Page<Row> {
  items: Row[]
}

interface Pinned<Row extends { id: Id }, P extends Page<Row>> {
  key: string | null
  /** The answer last received, as the server ordered it. */
  source: P
  /** Row ids in the order the user first saw them for this key. */
  order: Id[]
  /** The newest values known of every pinned row, including rows the server stopped listing. */
  rows: Map<Id, Row>
  /** False until the first fetch for this key has finished (a cached answer may still move). */
  settled: boolean
}

function adopt<Row extends { id: Id }, P extends Page<Row>>(key: string | null, page: P, settled: boolean): Pinned<Row, P> {
  return { key, source: page, order: page.items.map((r) => r.id), rows: new Map(page.items.map((r) => [r.id, r])), settled }
}

function merge<Row extends { id: Id }, P extends Page<Row>>(pinned: Pinned<Row, P>, page: P): Pinned<Row, P> {
  const rows = new Map(pinned.rows)
  for (const row of page.items) if (rows.has(row.id)) rows.set(row.id, row)
  return { ...pinned, source: page, rows }
}

const sameOrder = (a: readonly Id[], b: readonly Id[]) => a.length === b.length && a.every((id, i) => id === b[i])

export interface SteadyPage<P> {
  /** The page to show: the server's counts and totals, the rows in the order first shown. */
  page: P | undefined
  /** The server now orders (or lists) this page differently from what is on screen. */
  reordered: boolean
  /** Show the server's current order. */
  reorder: () => void
}

/**
 * Rows never move under the user's hand. A paged list re-sorted by the server after a write (by
 * last action, say) would otherwise shift the row under the pointer, and the next click would
 * act on someone else. The order first shown for a key (page, filter, sort, search) is kept
 * while the same key is revalidated; each row takes its newest values, a row the server no
 * longer lists here (its status left the filter) stays with its last known values, and rows the
 * server newly lists wait for `reorder()`. A new key shows its own order, and until its first
 * fetch has finished the previous page stays on screen (as SWR's keepPreviousData would).
 */
export function useSteadyPage<Row extends { id: Id }, P extends Page<Row>>(key: string | null, page: P | undefined, isValidating: boolean): SteadyPage<P> {
  const [pinned, setPinned] = useState<Pinned<Row, P> | null>(null)
  let current = pinned
  // Derived state, updated during render (React's pattern for "adjust state when a prop changes").
  if (page && page !== pinned?.source) {
    current = !pinned || pinned.key !== key || !pinned.settled ? adopt(key, page, !isValidating) : merge(pinned, page)
  } else if (pinned && page && pinned.key === key && !pinned.settled && !isValidating) {
    current = adopt(key, page, true)
  }
  if (current !== pinned) setPinned(current)

  if (!current) return { page, reordered: false, reorder: () => {} }
  const items = current.order.map((id) => current.rows.get(id)!)
  return {
    page: { ...current.source, items },
    reordered:
      current.key === key &&
      !sameOrder(
        current.order,
        current.source.items.map((r) => r.id),
      ),
    reorder: () => setPinned((p) => (p ? adopt(p.key, p.source, p.settled) : p)),
  }
}
