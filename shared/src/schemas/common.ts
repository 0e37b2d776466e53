import { Type, type TSchema } from 'typebox'

/** A legacy field that may be null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/** The one error shape the browser sees: a Portuguese message, and field errors on 422. */
export const ErrorBody = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
})
