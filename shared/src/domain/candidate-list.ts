import { CANDIDATES_PAGE_SIZE, PAGINATION_SIBLINGS } from '../constants/limits.ts'
import { normalizeCandidateStatus } from './candidate-status.ts'
import { lastActionAt } from './last-action.ts'
import { digitsOnly, foldText } from './text.ts'
import { possibleDuplicates } from './candidate-identity.ts'
import type { ListedCandidate } from '../schemas/candidates.ts'
import type { CandidateOrder } from '../constants/candidate-orders.ts'

/**
 * Candidate list rules of docs/product.md, A vacancy's candidates; All candidates; Limits, shared by the BFF (which pages on the server)
 * and the SPA (which draws the pager): search, status filter with counts, ordering, pages.
 */
/** The fields the list rules read; any candidate record the BFF lists has them (schemas/candidates). */
export type ListRow = Pick<ListedCandidate, 'id' | 'full_name' | 'email' | 'whatsapp' | 'company_name' | 'address_city' | 'address_state' | 'status' | 'created_at' | 'updated_at'>

/**
 * The counts per status after one candidate moved from one status to another (a status change
 * answered by the BFF): the list shows the new counts without reading them again.
 */
export function movedCount(counts: Readonly<Record<string, number>>, from: string | null | undefined, to: string | null | undefined): Record<string, number> {
  const [a, b] = [normalizeCandidateStatus(from), normalizeCandidateStatus(to)]
  if (a === b) return { ...counts }
  const next = { ...counts, [b]: (counts[b] ?? 0) + 1 }
  if ((next[a] ?? 0) > 0) next[a] = next[a]! - 1
  return next
}

/**
 * The digits a search looks for in the WhatsApp however it was typed: 4 or more, in a search that
 * has no letters (a phone number, with or without its punctuation). An e-mail or a name with
 * digits in it is not a phone number: its digits alone would find strangers.
 */
export function phoneDigitsOf(query: string | null | undefined): string {
  if (/\p{L}/u.test(query ?? '')) return ''
  const digits = digitsOnly(query)
  return digits.length >= 4 ? digits : ''
}

/** Search over name, e-mail and WhatsApp (and company, for the all-candidates list). */
export function matchesSearch(candidate: ListRow, query: string, withCompany = false): boolean {
  const q = foldText(query)
  if (!q) return true
  const fields = [candidate.full_name, candidate.email, candidate.whatsapp, ...(withCompany ? [candidate.company_name] : [])]
  if (fields.some((f) => foldText(f).includes(q))) return true
  const digits = phoneDigitsOf(query)
  return digits !== '' && digitsOnly(candidate.whatsapp).includes(digits)
}

/** Counts per normalised status ('' for Sem Status), plus the total under `all`. */
export function countByStatus(candidates: readonly ListRow[]): Record<string, number> {
  const counts: Record<string, number> = { all: candidates.length }
  for (const c of candidates) {
    const s = normalizeCandidateStatus(c.status)
    counts[s] = (counts[s] ?? 0) + 1
  }
  return counts
}

/** The status filter: undefined/'all' keeps everyone; '' means Sem Status (null, '', pendente). */
export function matchesStatus(candidate: ListRow, status: string | undefined): boolean {
  if (status === undefined || status === 'all') return true
  return normalizeCandidateStatus(candidate.status) === normalizeCandidateStatus(status)
}

export { CANDIDATE_ORDERS, type CandidateOrder } from '../constants/candidate-orders.ts'

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true })

/**
 * Default order: last action, newest first (docs/product.md, Limits); or by name, city or state
 * either way. Descending is ascending read backwards, ties included (the later id first): the
 * index reads either from one B-tree, in one direction or the other.
 */
export function sortCandidates<T extends ListRow>(candidates: readonly T[], order: CandidateOrder = 'last_action_desc'): T[] {
  const list = [...candidates]
  if (order === 'last_action_desc') {
    const at = new Map(list.map((c) => [c.id, Date.parse(lastActionAt(c) ?? '') || 0]))
    return list.sort((a, b) => at.get(b.id)! - at.get(a.id)! || b.id - a.id)
  }
  const [field, direction] = order.split('_') as ['name' | 'city' | 'state', 'asc' | 'desc']
  const key = (c: T) => (field === 'name' ? c.full_name : field === 'city' ? c.address_city : c.address_state) ?? ''
  const sign = direction === 'asc' ? 1 : -1
  return list.sort((a, b) => sign * (collator.compare(key(a), key(b)) || a.id - b.id))
}

export interface Page<T> {
  items: T[]
  page: number
  pageCount: number
  total: number
  pageSize: number
}

/** One page (20 by default); a page past the end reads as the last page. */
export function paginate<T>(items: readonly T[], page: number, pageSize = CANDIDATES_PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize))
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount)
  return { items: items.slice((current - 1) * pageSize, current * pageSize), page: current, pageCount, total: items.length, pageSize }
}

/** Page buttons (docs/product.md, Limits): first, last, and two either side of the current page; null is a gap. */
export function pageButtons(current: number, pageCount: number, siblings = PAGINATION_SIBLINGS): (number | null)[] {
  const pages = new Set<number>([1, pageCount])
  for (let p = current - siblings; p <= current + siblings; p++) if (p >= 1 && p <= pageCount) pages.add(p)
  const sorted = [...pages].sort((a, b) => a - b)
  const out: (number | null)[] = []
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null)
    out.push(p)
  })
  return out
}

/** What a list is asked on a click: a search, a status, an order. */
export interface ListSelection {
  q?: string | undefined
  status?: string | undefined
  order?: CandidateOrder | undefined
}

/**
 * A list read once and asked many times (a page click on a 5,000-candidate vacancy within
 * 10 ms). What each click would otherwise recompute over every row — each row's status and search
 * text, each order, the possible duplicates — is computed once, on first need, and a click walks one
 * precomputed order. It answers what matchesSearch, matchesStatus, sortCandidates, countByStatus and
 * possibleDuplicates answer; the rows must not change while it is in use (a changed list gets a new view).
 */
export function candidateListView<T extends ListRow>(rows: readonly T[]) {
  const statuses = rows.map((c) => normalizeCandidateStatus(c.status))
  let searchable: { texts: string[]; phone: string }[] | undefined
  const orders = new Map<CandidateOrder, number[]>()
  let duplicates: Set<number> | undefined

  const orderOf = (order: CandidateOrder) => {
    let positions = orders.get(order)
    if (!positions) {
      const at = new Map(rows.map((row, i) => [row, i]))
      positions = sortCandidates(rows, order).map((row) => at.get(row)!)
      orders.set(order, positions)
    }
    return positions
  }
  const found = (i: number, query: string, digits: string) => {
    searchable ??= rows.map((c) => ({ texts: [foldText(c.full_name), foldText(c.email), foldText(c.whatsapp)], phone: digitsOnly(c.whatsapp) }))
    const row = searchable[i]!
    return row.texts.some((t) => t.includes(query)) || (digits !== '' && row.phone.includes(digits))
  }

  return {
    /** The rows that match, in order, and the counts per status of those the search matched (the tabs). */
    select({ q = '', status, order = 'last_action_desc' }: ListSelection): { rows: T[]; counts: Record<string, number> } {
      const query = foldText(q)
      const digits = phoneDigitsOf(q)
      const wanted = status === undefined || status === 'all' ? undefined : normalizeCandidateStatus(status)
      const counts: Record<string, number> = { all: 0 }
      const selected: T[] = []
      for (const i of orderOf(order)) {
        if (query && !found(i, query, digits)) continue
        const s = statuses[i]!
        counts.all!++
        counts[s] = (counts[s] ?? 0) + 1
        if (wanted === undefined || s === wanted) selected.push(rows[i]!)
      }
      return { rows: selected, counts }
    },
    /** The ids of rows sharing an e-mail or a WhatsApp with another row of the list. */
    duplicates: () => (duplicates ??= possibleDuplicates(rows)),
  }
}
export type CandidateListView<T extends ListRow> = ReturnType<typeof candidateListView<T>>
