import { Type, type Static } from 'typebox'
import { LinkSecret } from './my-applications.ts'
import { LineText } from './text.ts'

/** Interviews: proposed by staff, chosen, moved or cancelled by the candidate through a link. */

const Mode = Type.Union([Type.Literal('presencial'), Type.Literal('online')])
const Status = Type.Union([Type.Literal('proposta'), Type.Literal('confirmada'), Type.Literal('remarcar'), Type.Literal('cancelada'), Type.Literal('faltou')])

/** POST /bff/candidates/:id/interviews */
export const InterviewProposalBody = Type.Object(
  {
    slots: Type.Array(Type.Object({ date: LineText(10), time: LineText(5) }, { additionalProperties: false }), { maxItems: 20 }),
    durationMinutes: Type.Integer({ minimum: 0, maximum: 10_000 }),
    mode: Mode,
    place: LineText(300),
    interviewer: LineText(120),
    channel: Type.Union([Type.Literal('email'), Type.Literal('whatsapp')]),
  },
  { additionalProperties: false },
)
export type InterviewProposalBody = Static<typeof InterviewProposalBody>

export const InterviewSlot = Type.Object({ id: Type.Integer(), startsAt: Type.String() })

/** An interview as staff see it. */
export const Interview = Type.Object({
  id: Type.String(),
  candidateId: Type.Integer(),
  candidateName: Type.String(),
  vacancyId: Type.Integer(),
  vacancy: Type.String(),
  company: Type.String(),
  mode: Mode,
  place: Type.String(),
  interviewer: Type.String(),
  durationMinutes: Type.Integer(),
  status: Status,
  slots: Type.Array(InterviewSlot),
  /** The chosen slot's start, once confirmed. */
  startsAt: Type.Union([Type.String(), Type.Null()]),
  createdBy: Type.String(),
  createdAt: Type.String(),
  /** In a candidate's list: the confirmed time's reminders and what became of each (sending: taken, the SMTP server's answer not heard). */
  reminders: Type.Optional(
    Type.Array(
      Type.Object({
        kind: Type.Union([Type.Literal('vespera'), Type.Literal('uma_hora')]),
        dueAt: Type.String(),
        state: Type.Union([Type.Literal('pending'), Type.Literal('sending'), Type.Literal('sent'), Type.Literal('skipped'), Type.Literal('failed')]),
        /** How it went (or goes): by e-mail or WhatsApp; null when the product cannot send it (no e-mail, no WhatsApp template). */
        via: Type.Union([Type.Literal('email'), Type.Literal('whatsapp'), Type.Null()]),
        /** Sent through WhatsApp's Cloud API: what Meta said of it since (null: nothing yet, or another way). */
        delivery: Type.Union([Type.Literal('delivered'), Type.Literal('read'), Type.Literal('failed'), Type.Null()]),
      }),
    ),
  ),
})
export type Interview = Static<typeof Interview>

export const InterviewList = Type.Object({ interviews: Type.Array(Interview) })
export type InterviewList = Static<typeof InterviewList>

/** What creating one answers: the interview and, for WhatsApp, the click-to-chat link to open. */
export const InterviewCreated = Type.Object({ interview: Interview, message: Type.String(), whatsappUrl: Type.Union([Type.String(), Type.Null()]) })
export type InterviewCreated = Static<typeof InterviewCreated>

/** GET /bff/interviews?from=&to= (instants) */
export const InterviewRange = Type.Object({ from: Type.String({ format: 'date-time' }), to: Type.String({ format: 'date-time' }) }, { additionalProperties: false })

/** The candidate's view through the link: never the other candidates, never staff's notes. */
export const PublicInterview = Type.Object({
  name: Type.String(),
  vacancy: Type.String(),
  company: Type.String(),
  mode: Mode,
  place: Type.String(),
  interviewer: Type.String(),
  durationMinutes: Type.Integer(),
  status: Status,
  slots: Type.Array(InterviewSlot),
  startsAt: Type.Union([Type.String(), Type.Null()]),
  message: Type.Optional(Type.String()),
})
export type PublicInterview = Static<typeof PublicInterview>

/** POST /bff/public/interview */
export const PublicInterviewBody = Type.Object({ token: LinkSecret }, { additionalProperties: false })
/** POST /bff/public/interview/answer */
export const PublicInterviewAnswerBody = Type.Object(
  {
    token: LinkSecret,
    action: Type.Union([Type.Literal('escolher'), Type.Literal('remarcar'), Type.Literal('cancelar')]),
    slotId: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  },
  { additionalProperties: false },
)
export type PublicInterviewAnswerBody = Static<typeof PublicInterviewAnswerBody>
