/**
 * Tolerant readers: the legacy API answers the same resource in several shapes (docs/product.md, Legacy calls: a bare
 * array, `{data: [...]}`, `{data: {data: [...]}}`, a pagination object). Every read of a legacy
 * answer goes through one of these, so a shape change is handled in one place.
 */
type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A list: bare array, {data: [..]} or {data: {data: [..]}}; anything else reads as empty. */
export function readList<T = Obj>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[]
  if (isObj(body)) {
    if (Array.isArray(body.data)) return body.data as T[]
    if (isObj(body.data) && Array.isArray(body.data.data)) return body.data.data as T[]
  }
  return []
}

/** One record: the object itself, {data: {..}} or {data: {data: {..}}}; null if none. */
export function readOne<T = Obj>(body: unknown): T | null {
  if (!isObj(body)) return null
  if (isObj(body.data)) {
    if (isObj(body.data.data)) return body.data.data as T
    return body.data as T
  }
  return 'id' in body ? (body as T) : null
}

export interface Pagination {
  current_page: number
  last_page: number
  per_page: number
  total: number
}

const toInt = (v: unknown, fallback: number) => (Number.isFinite(Number(v)) && v !== null && v !== '' ? Math.trunc(Number(v)) : fallback)

/**
 * A page: `{data, pagination: {...}}` (the documented shape), Laravel's paginator
 * `{data, current_page, last_page, per_page, total}`, or either nested under `data`. A plain list
 * reads as one page holding everything.
 */
export function readPage<T = Obj>(body: unknown): { items: T[]; pagination: Pagination } {
  let source: unknown = body
  if (isObj(body) && isObj(body.data) && (Array.isArray(body.data.data) || 'pagination' in body.data)) source = body.data
  const items = readList<T>(source)
  const meta = isObj(source) ? (isObj(source.pagination) ? source.pagination : isObj(source.meta) ? source.meta : source) : {}
  const perPage = toInt(meta.per_page, items.length || 1)
  const total = toInt(meta.total, items.length)
  return {
    items,
    pagination: {
      current_page: toInt(meta.current_page, 1),
      last_page: toInt(meta.last_page, Math.max(1, Math.ceil(total / Math.max(1, perPage)))),
      per_page: perPage,
      total,
    },
  }
}

/** The login answer: token and user under data.data, data, or at the top. */
export function readLogin(body: unknown): { token: string; user: Obj } | null {
  for (const candidate of [isObj(body) && isObj(body.data) ? body.data.data : undefined, isObj(body) ? body.data : undefined, body]) {
    if (isObj(candidate) && typeof candidate.token === 'string' && isObj(candidate.user)) {
      return { token: candidate.token, user: candidate.user }
    }
  }
  return null
}

/** Status counts: [{status, total}] under any of the list shapes. */
export function readStatusCounts(body: unknown): { status: string | null; total: number }[] {
  return readList<Obj>(body).map((r) => ({ status: r.status === null || r.status === undefined ? null : String(r.status), total: toInt(r.total, 0) }))
}

/** The message field of a legacy error body, if it is a usable string. */
export function readMessage(body: unknown): string | null {
  return isObj(body) && typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null
}

/** Laravel's 422 field errors, rebuilt (only strings kept) so no other upstream content passes. */
export function readFieldErrors(body: unknown): Record<string, string[]> {
  if (!isObj(body) || !isObj(body.errors)) return {}
  const out: Record<string, string[]> = {}
  for (const [field, messages] of Object.entries(body.errors)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string')
    if (list.length > 0) out[field] = list
  }
  return out
}
