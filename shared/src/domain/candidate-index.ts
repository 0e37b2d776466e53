import { normalizeCandidateStatus } from './candidate-status.ts'
import { emailKey, phoneKey } from './candidate-identity.ts'
import { lastActionAt } from './last-action.ts'
import { digitsOnly, foldText } from './text.ts'
import { phoneDigitsOf } from './candidate-list.ts'
import { calendarDate, monthRange, rangeDays, shiftDate, type DateRange } from './dates.ts'
import { originOf } from './dashboard.ts'

/**
 * What the BFF's candidate index keeps of one legacy record (docs/decisions/candidate-index.md): the
 * record itself, to answer a page without the legacy, and the keys a list is filtered, searched and
 * ordered by, computed once here so both engines order and match the same way the list rules of
 * candidate-list.ts do.
 */
export interface IndexEntry {
  id: number
  vacancyId: number | null
  /** The normalised status ('' for Sem Status), as the tabs count it. */
  status: string
  /** Where the person heard of the vacancy, as the dashboard groups it (one of the nine, or 'Não informado'). */
  origin: string
  /** The record's creation day (YYYY-MM-DD), for date filters and the windows it is read in. */
  createdDay: string
  /** Last action (docs/product.md, Statuses) in ms since the epoch; 0 when the record has no dates. */
  lastAction: number
  /** Folded (no accents, lower case) name, city and state: the orders. */
  nameKey: string
  cityKey: string
  stateKey: string
  /** Folded name, e-mail and WhatsApp, one per line: a search matches within a field, never across. */
  search: string
  /** Folded company name of the record's vacancy: the all-candidates search matches it too. */
  company: string
  /** WhatsApp digits: a search of 4+ digits matches them however the number was typed. */
  phoneDigits: string
  /** The keys that tell the same person (candidate-identity.ts): e-mail, and WhatsApp of 10+ digits. */
  emailKey: string
  phoneKey: string
  record: Record<string, unknown>
}

type LegacyRecord = Record<string, unknown>
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value))

/**
 * A key that sorts, byte by byte, as the lists' collator (pt-BR, accents and case aside, numbers
 * by value) orders the text: folded, each run of digits padded so that 9 comes before 10.
 */
export const sortKey = (value: unknown) => foldText(text(value)).replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(12, '0'))

/** The index's entry for a legacy record, or null when the record has no usable id. */
export function indexEntry(record: LegacyRecord): IndexEntry | null {
  const id = Number(record.id)
  if (!Number.isSafeInteger(id) || id <= 0) return null
  const vacancy = Number(record.job_posting_id)
  const created = text(record.created_at)
  const last = Date.parse(lastActionAt({ created_at: text(record.created_at) || null, updated_at: text(record.updated_at) || null }) ?? '')
  const phone = phoneKey(record.whatsapp)
  return {
    id,
    vacancyId: Number.isSafeInteger(vacancy) && vacancy > 0 ? vacancy : null,
    status: normalizeCandidateStatus(text(record.status)),
    origin: originOf(text(record.veiopor)),
    createdDay: created ? calendarDate(created) : '',
    lastAction: Number.isNaN(last) ? 0 : last,
    nameKey: sortKey(record.full_name),
    cityKey: sortKey(record.address_city),
    stateKey: sortKey(record.address_state),
    search: [record.full_name, record.email, record.whatsapp].map((f) => foldText(text(f))).join('\n'),
    company: foldText(text(record.company_name ?? (record.job_posting as LegacyRecord | undefined)?.company_name)),
    phoneDigits: digitsOnly(text(record.whatsapp)),
    emailKey: emailKey(record.email),
    phoneKey: phone.length >= 10 ? phone : '',
    record,
  }
}

/** A search as the index runs it: the folded text (a substring of a field) and, for a phone number, its digits (a substring of the WhatsApp). */
export function indexSearch(query: string | undefined): { text: string; digits: string } | null {
  const folded = foldText(query ?? '')
  if (!folded) return null
  return { text: folded, digits: phoneDigitsOf(query) }
}

/** A LIKE pattern matching `value` anywhere, its own % _ and \ taken literally (ESCAPE '\'). */
export const containsPattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Calendar months from `first`'s month to `last`'s, the first and last cut to the days given: the windows the index is read in. */
export function monthWindows(first: string, last: string): DateRange[] {
  const out: DateRange[] = []
  for (let start = first; start <= last;) {
    const { end } = monthRange(start.slice(0, 7))
    out.push({ start, end: end < last ? end : last })
    start = shiftDate(end, 1)
  }
  return out
}

/** A window split in two by days (one that holds too many records to read in one call); a single day cannot be split. */
export function halves(window: DateRange): [DateRange, DateRange] | null {
  const days = rangeDays(window) + 1
  if (days < 2) return null
  const middle = shiftDate(window.start, Math.floor(days / 2) - 1)
  return [
    { start: window.start, end: middle },
    { start: shiftDate(middle, 1), end: window.end },
  ]
}
