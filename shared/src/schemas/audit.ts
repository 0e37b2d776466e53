import { Type, type Static } from 'typebox'
import { DateQuery } from './common.ts'

/** GET /bff/audit.csv: the audit trail of a period, for an admin. */
export const AuditQuery = Type.Object({ start_date: DateQuery, end_date: DateQuery }, { additionalProperties: false })
export type AuditQuery = Static<typeof AuditQuery>
