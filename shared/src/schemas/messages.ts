import { Type, type Static } from 'typebox'
import { TEMPLATE_LIMITS } from '../domain/messages.ts'
import { BlockText, LineText } from './text.ts'

export const MessagePurposeSchema = Type.Union([
  Type.Literal('convite_entrevista'),
  Type.Literal('lembrete'),
  Type.Literal('retorno_positivo'),
  Type.Literal('retorno_negativo'),
  Type.Literal('pedido_documentos'),
  Type.Literal('livre'),
])
/** 'whatsapp': click-to-chat (the person sends it); 'whatsapp_api': the Cloud API (the product sends it), when configured. */
export const MessageChannelSchema = Type.Union([Type.Literal('email'), Type.Literal('whatsapp'), Type.Literal('whatsapp_api')])

export const TemplateView = Type.Object({
  purpose: MessagePurposeSchema,
  subject: Type.String(),
  body: Type.String(),
  standard: Type.Boolean(),
  updatedBy: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
})
export type TemplateView = Static<typeof TemplateView>
/** GET /bff/messages/templates */
export const TemplatesAnswer = Type.Object({
  templates: Type.Array(TemplateView),
  mailConfigured: Type.Boolean(),
  whatsappApi: Type.Boolean(),
  /** The purposes with a Meta-approved template: what may be sent in bulk through the Cloud API. */
  whatsappTemplates: Type.Array(MessagePurposeSchema),
})
export type TemplatesAnswer = Static<typeof TemplatesAnswer>
export const TemplateParams = Type.Object({ purpose: MessagePurposeSchema })
/** PUT /bff/messages/templates/:purpose */
export const TemplateBody = Type.Object(
  { subject: LineText(TEMPLATE_LIMITS.subject, { required: true }), body: BlockText(TEMPLATE_LIMITS.body, { required: true }) },
  { additionalProperties: false },
)
export type TemplateBody = Static<typeof TemplateBody>

/** What the sender fills in that no record holds. */
export const SenderValues = Type.Object(
  { data: Type.Optional(LineText(60)), hora: Type.Optional(LineText(30)), local: Type.Optional(LineText(300)), link: Type.Optional(LineText(500)) },
  { additionalProperties: false },
)
export type SenderValues = Static<typeof SenderValues>

/** POST /bff/candidates/:id/messages: one message to one candidate. `text`: the body as the sender left it after the preview. */
export const SendBody = Type.Object(
  { purpose: MessagePurposeSchema, channel: MessageChannelSchema, values: Type.Optional(SenderValues), text: Type.Optional(BlockText(TEMPLATE_LIMITS.body, { required: true })) },
  { additionalProperties: false },
)
export type SendBody = Static<typeof SendBody>
export const SendAnswer = Type.Object({ message: Type.String(), link: Type.Union([Type.String(), Type.Null()]) })
export type SendAnswer = Static<typeof SendAnswer>

/** GET/PUT /bff/candidates/:id/contact: whether the person asked not to be contacted. */
export const ContactAnswer = Type.Object({
  optedOut: Type.Union([Type.Null(), Type.Object({ source: Type.String(), at: Type.String() })]),
  email: Type.String(),
  whatsapp: Type.String(),
})
export type ContactAnswer = Static<typeof ContactAnswer>
export const ContactBody = Type.Object({ optedOut: Type.Boolean() }, { additionalProperties: false })

/** POST /bff/public/unsubscribe */
export const UnsubscribeBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false })
