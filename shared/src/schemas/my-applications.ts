import { Type, type Static } from 'typebox'
import { LineText } from './text.ts'

/** "Minhas candidaturas": an applicant follows their applications through a link sent to their e-mail. */

/** POST /bff/public/my-applications/link */
export const MyApplicationsLinkBody = Type.Object({ email: Type.Optional(LineText(200)), whatsapp: Type.Optional(LineText(40)) }, { additionalProperties: false })
export type MyApplicationsLinkBody = Static<typeof MyApplicationsLinkBody>

/** A link's secret as the page read it from the address (43 base64url characters; anything else is refused like an unknown one). */
export const LinkSecret = Type.String({ minLength: 1, maxLength: 200 })

/** POST /bff/public/my-applications */
export const MyApplicationsBody = Type.Object({ token: LinkSecret }, { additionalProperties: false })
/** POST /bff/public/my-applications/withdraw */
export const MyApplicationBody = Type.Object({ token: LinkSecret, id: Type.Integer({ minimum: 1, maximum: 999_999_999_999 }) }, { additionalProperties: false })
export type MyApplicationBody = Static<typeof MyApplicationBody>
/** POST /bff/public/my-applications/interview */
export const MyApplicationInterviewBody = Type.Object(
  {
    token: LinkSecret,
    id: Type.Integer({ minimum: 1, maximum: 999_999_999_999 }),
    action: Type.Union([Type.Literal('escolher'), Type.Literal('remarcar'), Type.Literal('cancelar')]),
    slotId: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  },
  { additionalProperties: false },
)

export const ApplicantStage = Type.Object({
  key: Type.Union([
    Type.Literal('em_analise'),
    Type.Literal('contato'),
    Type.Literal('entrevista'),
    Type.Literal('aprovado'),
    Type.Literal('contratado'),
    Type.Literal('encerrado'),
    Type.Literal('desistiu'),
  ]),
  label: Type.String(),
  detail: Type.String(),
})

/** The application's interview, when the agency proposed one (the latest not cancelled). */
export const ApplicationInterview = Type.Object({
  id: Type.String(),
  status: Type.Union([Type.Literal('proposta'), Type.Literal('confirmada'), Type.Literal('remarcar'), Type.Literal('cancelada'), Type.Literal('faltou')]),
  startsAt: Type.Union([Type.String(), Type.Null()]),
  mode: Type.Union([Type.Literal('presencial'), Type.Literal('online')]),
  place: Type.String(),
  interviewer: Type.String(),
  durationMinutes: Type.Integer(),
  slots: Type.Array(Type.Object({ id: Type.Integer(), startsAt: Type.String() })),
})
export type ApplicationInterview = Static<typeof ApplicationInterview>

export const MyApplication = Type.Object({
  id: Type.Integer(),
  vacancy: Type.String(),
  company: Type.String(),
  city: Type.String(),
  appliedAt: Type.Union([Type.String(), Type.Null()]),
  stage: ApplicantStage,
  canWithdraw: Type.Boolean(),
  interview: Type.Union([ApplicationInterview, Type.Null()]),
})
export type MyApplication = Static<typeof MyApplication>

/** GET /bff/public/my-applications/channels: how the link can be asked for here. */
export const MyApplicationsChannels = Type.Object({ email: Type.Boolean(), whatsapp: Type.Boolean() })
export type MyApplicationsChannels = Static<typeof MyApplicationsChannels>

export const MyApplicationsAnswer = Type.Object({
  /** How the link came: by e-mail (the page names the address) or by WhatsApp (the number). */
  via: Type.Union([Type.Literal('email'), Type.Literal('whatsapp')]),
  email: Type.String(),
  /** From the newest application: what "Meus dados" is prefilled with. */
  name: Type.String(),
  whatsapp: Type.String(),
  applications: Type.Array(MyApplication),
  expiresAt: Type.String(),
})
export type MyApplicationsAnswer = Static<typeof MyApplicationsAnswer>

/** "Entenda a triagem": how an automated screening judged one application (LGPD Art. 20). */
export const ScreeningExplanation = Type.Object({
  /** The application (the legacy's candidate record) it is about. */
  id: Type.Integer(),
  at: Type.String(),
  vacancy: Type.String(),
  method: Type.String(),
  criteria: Type.Array(Type.String()),
  outcome: Type.String(),
  decision: Type.String(),
  review: Type.String(),
})
export type ScreeningExplanation = Static<typeof ScreeningExplanation>
export const ScreeningExplanationAnswer = Type.Object({ explanations: Type.Array(ScreeningExplanation) })
export type ScreeningExplanationAnswer = Static<typeof ScreeningExplanationAnswer>
