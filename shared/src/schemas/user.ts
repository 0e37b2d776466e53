import { Type, type Static } from 'typebox'
import { LineText } from './text.ts'

export const Role = Type.Union([Type.Literal('admin'), Type.Literal('company')])
export type Role = Static<typeof Role>

/** The signed-in user (docs/product.md, User). The token is never part of it on the browser side. */
export const User = Type.Object({
  name: Type.String(),
  email: Type.String(),
  role: Role,
  cnpj: Type.String(),
  /**
   * A person of the agency's team signed in with their own account (the BFF's store): who they
   * are there and what they may do. Absent for the legacy's own logins (a company, the agency's
   * shared CNPJ login).
   */
  person: Type.Optional(Type.Object({ id: Type.String(), role: Type.Union([Type.Literal('admin'), Type.Literal('recruiter')]) })),
})
export type User = Static<typeof User>

const Field = (max: number) => Type.String({ maxLength: max })

/** POST /bff/users (admin): the registration form as typed; the BFF applies the form's rules again. */
export const RegisterUserBody = Type.Object(
  // A password is whatever its owner chose; the other fields follow the one text rule.
  { name: LineText(255), email: LineText(255), role: LineText(20), cnpj: LineText(30), password: Field(255), password_confirmation: Field(255) },
  { additionalProperties: false },
)
export type RegisterUserBody = Static<typeof RegisterUserBody>
