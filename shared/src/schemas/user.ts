import { Type, type Static } from 'typebox'

export const Role = Type.Union([Type.Literal('admin'), Type.Literal('company')])
export type Role = Static<typeof Role>

/** The signed-in user (spec §3.6). The token is never part of it on the browser side. */
export const User = Type.Object({
  name: Type.String(),
  email: Type.String(),
  role: Role,
  cnpj: Type.String(),
})
export type User = Static<typeof User>
