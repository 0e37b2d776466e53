import { Type, type Static, type TSchema } from 'typebox'

/** A legacy field that may be null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/** The one error shape the browser sees: a Portuguese message, and field errors on 422. */
export const ErrorBody = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
})

/** A legacy record id in a path (`:id`): a positive integer of at most 15 digits, kept a string. */
export const IdParams = Type.Object({ id: Type.String({ pattern: '^[1-9]\\d{0,14}$' }) })

/** A calendar date in a query (`AAAA-MM-DD`); the route checks that it exists. */
export const DateQuery = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })

/** Every way a BFF route can fail, as `{message}`; routes spread it into their responses. */
export const Failures = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  413: ErrorBody,
  415: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
  502: ErrorBody,
  503: ErrorBody,
  504: ErrorBody,
} as const

/** A confirmation the user reads (`{message}` on success). */
export const MessageAnswer = Type.Object({ message: Type.String() })
export type MessageAnswer = Static<typeof MessageAnswer>
export type ErrorBody = Static<typeof ErrorBody>
