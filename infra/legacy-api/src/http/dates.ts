import { dayRangeInstants } from '@mini-vagas/shared/domain/dates'
import { timestamp } from '../db.ts'
import { validate, type ValidationFailure } from './validation.ts'

/**
 * The start_date/end_date filter every list endpoint takes: Y-m-d, inclusive calendar days in
 * America/Fortaleza, on created_at. Either bound may be absent unless `required`.
 */
export function createdAtFilter(query: Record<string, unknown>, column: string, required = false): { sql: string; params: string[] } | ValidationFailure {
  const presence = required ? ('required' as const) : ('nullable' as const)
  const trimmed = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]))
  const failure = validate(
    trimmed,
    {
      start_date: [presence, 'date'],
      end_date: [
        presence,
        'date',
        {
          custom: (end, data) =>
            typeof data.start_date === 'string' && typeof end === 'string' && end < data.start_date ? 'O campo end date deve ser uma data posterior ou igual a start date.' : null,
        },
      ],
    },
    { start_date: 'start date', end_date: 'end date' },
  )
  if (failure) return failure
  // Laravel trims strings and turns empty ones into null before validating: blank means absent.
  const start = typeof query.start_date === 'string' && query.start_date.trim() ? query.start_date.trim() : null
  const end = typeof query.end_date === 'string' && query.end_date.trim() ? query.end_date.trim() : null
  const clauses: string[] = []
  const params: string[] = []
  if (start) {
    clauses.push(`${column} >= ?`)
    params.push(timestamp(dayRangeInstants(start, start).from))
  }
  if (end) {
    clauses.push(`${column} < ?`)
    params.push(timestamp(dayRangeInstants(end, end).until))
  }
  return { sql: clauses.join(' AND '), params }
}

export function isFailure(value: unknown): value is ValidationFailure {
  return typeof value === 'object' && value !== null && 'errors' in value
}
