import { Type, type Static } from 'typebox'

/** GET /healthz and /readyz: 'ok' / 'ready' / 'not ready', and on readiness each part's state. */
export const Health = Type.Object({ status: Type.String(), checks: Type.Optional(Type.Record(Type.String(), Type.String())) })
export type Health = Static<typeof Health>
