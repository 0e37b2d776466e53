import { Type, type Static } from 'typebox'
import { BlockText } from './text.ts'

/** GET /bff/candidates/:id/timeline: newest first (docs/product.md, Timeline). */
export const TimelineEntry = Type.Object({
  at: Type.String(),
  by: Type.String(),
  kind: Type.Union([
    Type.Literal('nota'),
    Type.Literal('status'),
    Type.Literal('triagem'),
    Type.Literal('envio'),
    Type.Literal('edicao'),
    Type.Literal('mensagem'),
    Type.Literal('entrevista'),
    Type.Literal('outro'),
  ]),
  text: Type.String(),
})
export const TimelineAnswer = Type.Object({ entries: Type.Array(TimelineEntry) })
export type TimelineAnswer = Static<typeof TimelineAnswer>

/** POST /bff/candidates/:id/notes: one note of the team, kept with its author and time. */
export const NoteBody = Type.Object({ text: BlockText(2000, { required: true }) }, { additionalProperties: false })
export type NoteBody = Static<typeof NoteBody>
