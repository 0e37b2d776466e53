import { Type, type Static } from 'typebox'
import { BlockText, LineText } from './text.ts'

/** LGPD requests: an applicant's request on "Meus dados", and staff's answer. */
export const PrivacyRequestKind = Type.Union([Type.Literal('acesso'), Type.Literal('correcao'), Type.Literal('exclusao'), Type.Literal('revisao')])

/** POST /bff/public/privacy-requests: identified by what they gave when applying (e-mail and WhatsApp), never a CPF. */
export const PrivacyRequestBody = Type.Object(
  {
    kind: PrivacyRequestKind,
    name: LineText(200),
    email: LineText(200),
    whatsapp: LineText(30),
    details: BlockText(2000),
  },
  { additionalProperties: false },
)
export type PrivacyRequestBody = Static<typeof PrivacyRequestBody>

export const PrivacyRequestReceipt = Type.Object({ protocol: Type.String(), deadline: Type.String(), message: Type.String() })
export type PrivacyRequestReceipt = Static<typeof PrivacyRequestReceipt>

export const PrivacyRequest = Type.Object({
  id: Type.String(),
  protocol: Type.String(),
  kind: PrivacyRequestKind,
  name: Type.String(),
  email: Type.String(),
  whatsapp: Type.String(),
  details: Type.String(),
  status: Type.Union([Type.Literal('aberto'), Type.Literal('respondido')]),
  createdAt: Type.String(),
  deadline: Type.String(),
  answer: Type.Union([Type.String(), Type.Null()]),
  answeredBy: Type.Union([Type.String(), Type.Null()]),
  answeredAt: Type.Union([Type.String(), Type.Null()]),
})
export type PrivacyRequest = Static<typeof PrivacyRequest>

/** GET /bff/privacy-requests: open ones first, nearest deadline first. */
export const PrivacyRequestList = Type.Object({ requests: Type.Array(PrivacyRequest) })
export type PrivacyRequestList = Static<typeof PrivacyRequestList>

/** PUT /bff/privacy-requests/:id/answer */
export const PrivacyAnswerBody = Type.Object({ answer: BlockText(4000) }, { additionalProperties: false })
export const PrivacyRequestParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f-]{36}$' }) })
export const PrivacyRequestAnswer = Type.Object({ request: PrivacyRequest })

/** POST /bff/privacy-requests/:id/anonymise: how many of the requester's records were overwritten. */
export const AnonymiseAnswer = Type.Object({ anonymised: Type.Integer(), message: Type.String() })
