import { Type, type Static } from 'typebox'
import { Nullable } from './common.ts'
import { LineText } from './text.ts'
import { User } from './user.ts'

/**
 * The agency team's own accounts, kept by the BFF (docs/accounts.md): people sign in with e-mail
 * and password (and a TOTP code when they turned it on); admins invite, edit and deactivate them
 * and bind each to the agency's legacy login, which the BFF keeps sealed.
 */
export const PersonRole = Type.Union([Type.Literal('admin'), Type.Literal('recruiter')])

/** A password as typed: whatever its owner chose, within bounds (the rule is domain/staff-accounts.ts). */
const Password = Type.String({ maxLength: 256 })

/** POST /bff/auth/people/login: e-mail, password and, for an account with a second factor, its code. */
export const PersonLoginBody = Type.Object(
  { email: LineText(255, { required: true }), password: Type.String({ minLength: 1, maxLength: 256 }), code: Type.Optional(Type.String({ maxLength: 12 })) },
  { additionalProperties: false },
)
export type PersonLoginBody = Static<typeof PersonLoginBody>

/**
 * The answer to a person's login: the signed-in user, or — for an account with a second factor
 * whose code did not come — the next step (a step of a normal sign-in, not an error: no 401).
 */
export const PersonLoginAnswer = Type.Union([Type.Object({ user: User }), Type.Object({ next: Type.Literal('code'), message: Type.String() })])
export type PersonLoginAnswer = Static<typeof PersonLoginAnswer>

/** A person of the team, as admins see them. */
export const Person = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  role: PersonRole,
  active: Type.Boolean(),
  /** Whether a password was ever set (an invited person has none until they use their link). */
  hasPassword: Type.Boolean(),
  totp: Type.Boolean(),
  bindingId: Nullable(Type.String()),
  lastLoginAt: Nullable(Type.String()),
  createdAt: Type.String(),
})
export type Person = Static<typeof Person>

/** The agency's legacy login as the team sees it: never its password. */
export const LegacyBinding = Type.Object({
  id: Type.String(),
  label: Type.String(),
  cnpj: Type.String(),
  legacyName: Type.String(),
  boundBy: Type.String(),
  boundAt: Type.String(),
})
export type LegacyBinding = Static<typeof LegacyBinding>

export const TeamAnswer = Type.Object({ people: Type.Array(Person), bindings: Type.Array(LegacyBinding) })
export type TeamAnswer = Static<typeof TeamAnswer>

/** POST /bff/team/people: who to invite, as what, bound to which legacy login. */
export const InvitePersonBody = Type.Object({ name: LineText(120), email: LineText(255), role: LineText(20), bindingId: LineText(64) }, { additionalProperties: false })
export type InvitePersonBody = Static<typeof InvitePersonBody>

/** PATCH /bff/team/people/:person: what changes (absent: unchanged). */
export const EditPersonBody = Type.Object(
  {
    name: Type.Optional(LineText(120)),
    role: Type.Optional(LineText(20)),
    active: Type.Optional(Type.Boolean()),
    bindingId: Type.Optional(LineText(64)),
    /** Turns the person's second factor off (a lost phone); they set it up again from "Minha conta". */
    removeTotp: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
)
export type EditPersonBody = Static<typeof EditPersonBody>

export const PersonParams = Type.Object({ person: Type.String({ pattern: '^[0-9a-f-]{36}$' }) })

/** A one-time link an admin hands over (an invitation, or a new password). */
export const OneTimeLink = Type.Object({ person: Person, link: Type.String(), expiresAt: Type.String() })
export type OneTimeLink = Static<typeof OneTimeLink>

/** POST /bff/team/bindings: the agency's legacy login, checked against the legacy before it is kept. */
export const BindingBody = Type.Object(
  { label: LineText(80), cnpj: LineText(32, { required: true }), password: Type.String({ minLength: 1, maxLength: 256 }) },
  { additionalProperties: false },
)
export type BindingBody = Static<typeof BindingBody>

/** POST /bff/auth/people/password: a new password from a one-time link. */
export const LinkPasswordBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), password: Password, confirmation: Password }, { additionalProperties: false })
export type LinkPasswordBody = Static<typeof LinkPasswordBody>

/** GET /bff/auth/people/link?token=…: what the link is for, before the form is filled. */
export const LinkAnswer = Type.Object({ purpose: Type.Union([Type.Literal('convite'), Type.Literal('senha')]), name: Type.String(), email: Type.String() })
export type LinkAnswer = Static<typeof LinkAnswer>

/** PUT /bff/account/password: the owner's change. */
export const ChangePasswordBody = Type.Object({ current: Password, password: Password, confirmation: Password }, { additionalProperties: false })
export type ChangePasswordBody = Static<typeof ChangePasswordBody>

/** GET /bff/account: the signed-in person's own account. */
export const AccountAnswer = Type.Object({ person: Person })
export type AccountAnswer = Static<typeof AccountAnswer>

/** POST /bff/account/totp: a new secret to confirm (shown as a QR code and as text). */
export const TotpSetup = Type.Object({ secret: Type.String(), uri: Type.String(), qrSvg: Type.String() })
export type TotpSetup = Static<typeof TotpSetup>

export const TotpCodeBody = Type.Object({ code: Type.String({ maxLength: 12 }) }, { additionalProperties: false })
export type TotpCodeBody = Static<typeof TotpCodeBody>

export const PasswordBody = Type.Object({ password: Password }, { additionalProperties: false })
export type PasswordBody = Static<typeof PasswordBody>
