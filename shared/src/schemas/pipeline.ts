import { Type, type Static } from 'typebox'
import { BULK_MAX } from '../domain/pipeline.ts'
import { MessagePurposeSchema, SenderValues } from './messages.ts'
import { LineText } from './text.ts'

const Id = Type.Integer({ minimum: 1, maximum: 999_999_999_999_999 })
const Status = Type.String({ maxLength: 40, pattern: '^[a-z_]*$' })

/** GET /bff/vacancies/:id/board: every candidate of the vacancy as a card (docs/product.md, Pipeline board). */
export const BoardCard = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: Type.String(),
  city: Type.String(),
  /** The last action's time (ISO), or '' when the record has none. */
  at: Type.String(),
  /** The WhatsApp number as the record holds it ('' when none): the card opens a conversation. */
  whatsapp: Type.String(),
  /** The person asked not to be contacted: the card says so and offers no conversation. */
  optedOut: Type.Boolean(),
})
export type BoardCard = Static<typeof BoardCard>
export const BoardAnswer = Type.Object({
  cards: Type.Array(BoardCard),
  /** Read from the candidate index (and how fresh it is), or from the legacy when it is not ready. */
  indexedAt: Type.Union([Type.String(), Type.Null()]),
})
export type BoardAnswer = Static<typeof BoardAnswer>

/** Which of a vacancy's candidates: those chosen, or all that match the list's filter. */
export const BulkFilter = Type.Object(
  { status: Type.Optional(Type.String({ maxLength: 40, pattern: '^[a-z_]*$|^all$' })), q: Type.Optional(LineText(120)) },
  { additionalProperties: false },
)
export type BulkFilter = Static<typeof BulkFilter>

const BulkChannel = Type.Union([Type.Literal('email'), Type.Literal('whatsapp_api')])

/** POST /bff/bulk: one action on many of a vacancy's candidates, run as a job. */
export const BulkBody = Type.Object(
  {
    action: Type.Union([Type.Literal('status'), Type.Literal('forward'), Type.Literal('message')]),
    vacancyId: Id,
    ids: Type.Optional(Type.Array(Id, { maxItems: BULK_MAX, uniqueItems: true })),
    filter: Type.Optional(BulkFilter),
    /** The status to move to (action 'status'; '' is Sem Status). */
    status: Type.Optional(Status),
    /** The vacancy to send to (action 'forward'). */
    targetVacancyId: Type.Optional(Id),
    /** The template to send (action 'message'), and what the sender fills in. */
    purpose: Type.Optional(MessagePurposeSchema),
    values: Type.Optional(SenderValues),
    /** How (action 'message'): by e-mail (the default), or through the WhatsApp Business Cloud API with the purpose's Meta-approved template. */
    channel: Type.Optional(BulkChannel),
  },
  { additionalProperties: false },
)
export type BulkBody = Static<typeof BulkBody>

export const BulkParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f-]{36}$' }) })

const Failure = Type.Object({ candidateId: Type.Integer(), message: Type.String() })

/** GET /bff/bulk/:job: where a bulk action stands, counted from the store. */
export const BulkJob = Type.Object({
  id: Type.String(),
  action: Type.Union([Type.Literal('status'), Type.Literal('forward'), Type.Literal('message')]),
  vacancyId: Type.Integer(),
  /** What it moves to, as people read it: the status's label, or the target vacancy's title. */
  target: Type.String(),
  /** How a bulk message goes (null for the other actions). */
  channel: Type.Union([BulkChannel, Type.Null()]),
  by: Type.String(),
  createdAt: Type.String(),
  status: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('interrupted'), Type.Literal('failed')]),
  message: Type.Union([Type.String(), Type.Null()]),
  /** A pause the legacy asked for, while it lasts. */
  notice: Type.Union([Type.String(), Type.Null()]),
  total: Type.Integer(),
  processed: Type.Integer(),
  done: Type.Integer(),
  skipped: Type.Integer(),
  failed: Type.Integer(),
  failures: Type.Array(Failure),
  /**
   * A bulk message through WhatsApp Business: where its messages stand by Meta's statuses (which
   * arrive after the send, through the webhook) — sent on, delivered, read, and those Meta could
   * not deliver, each said. Null while it runs, and for the other actions and channels.
   */
  delivery: Type.Union([
    Type.Null(),
    Type.Object({ sent: Type.Integer(), delivered: Type.Integer(), read: Type.Integer(), failed: Type.Integer(), failures: Type.Array(Failure) }),
  ]),
  undoable: Type.Boolean(),
  undo: Type.Union([
    Type.Null(),
    Type.Object({
      status: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
      message: Type.Union([Type.String(), Type.Null()]),
      total: Type.Integer(),
      processed: Type.Integer(),
      restored: Type.Integer(),
      kept: Type.Integer(),
    }),
  ]),
})
export type BulkJob = Static<typeof BulkJob>
export const BulkJobAnswer = Type.Object({ job: BulkJob })
export type BulkJobAnswer = Static<typeof BulkJobAnswer>

/** GET /bff/vacancies/:id/bulk: the vacancy's recent bulk actions, newest first. */
export const BulkJobList = Type.Object({ jobs: Type.Array(BulkJob) })

/** POST /bff/vacancies/:id/candidates/selection.csv: the chosen candidates' CSV. */
export const SelectionBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: BULK_MAX, uniqueItems: true }) }, { additionalProperties: false })
