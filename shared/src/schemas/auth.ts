import { Type, type Static } from 'typebox'
import { LineText } from './text.ts'
import { User } from './user.ts'

/** POST /bff/auth/login: the CNPJ as typed (the BFF keeps the digits) and the password. */
export const LoginBody = Type.Object({ cnpj: LineText(32, { required: true }), password: Type.String({ minLength: 1, maxLength: 256 }) }, { additionalProperties: false })
export type LoginBody = Static<typeof LoginBody>

/** The signed-in user (login and GET /bff/auth/me); the token never leaves the BFF. */
export const SessionAnswer = Type.Object({ user: User })
export type SessionAnswer = Static<typeof SessionAnswer>

/** GET /bff/auth/session: the signed-in user, or null for a guest (never a 401). */
export const SessionState = Type.Object({ user: Type.Union([User, Type.Null()]) })
export type SessionState = Static<typeof SessionState>
