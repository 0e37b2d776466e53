import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { timelineEntries, withTeamNotes, type TeamNote } from '@mini-vagas/shared/domain/candidate-timeline'
import { isAnonymisedRecord } from '@mini-vagas/shared/domain/privacy-request'
import { Failures, IdParams } from '@mini-vagas/shared/schemas/common'
import { NoteBody, TimelineAnswer } from '@mini-vagas/shared/schemas/timeline'
import { sessionOf } from '../../legacy/access.ts'
import { actorOf } from '../../plugins/audit.ts'
import type { Migration } from '../../plugins/store.ts'

const MIGRATIONS: Migration[] = [
  `CREATE TABLE IF NOT EXISTS candidate_notes (id TEXT PRIMARY KEY, candidate_id BIGINT NOT NULL, author TEXT NOT NULL, author_name TEXT NOT NULL, text TEXT NOT NULL, at TEXT NOT NULL);
   CREATE INDEX IF NOT EXISTS candidate_notes_candidate ON candidate_notes (candidate_id, at);`,
]

/** How much of a candidate's history one answer holds (newest first). */
const TIMELINE_EVENTS = 500

/**
 * A candidate's timeline (docs/product.md, Timeline), for the agency's staff: the team's notes —
 * kept here, each with its author and time — and what the audit trail holds about the candidate.
 * The legacy's single observation field keeps a readable paragraph of the notes for its other
 * clients; the BFF shows it to nobody (asSeenBy) and keeps it through every save. Companies see
 * none of it: their side stays the observation, as before.
 */
export async function timelineFeature(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const store = app.store
  await store.migrate('timeline', MIGRATIONS)
  const notesOf = async (candidateId: number): Promise<TeamNote[]> =>
    (
      await store.all<{ id: string; at: string; author: string; author_name: string; text: string }>(
        'SELECT id, at, author, author_name, text FROM candidate_notes WHERE candidate_id = ? ORDER BY at DESC, id DESC',
        [candidateId],
      )
    ).map((n) => ({ id: n.id, at: n.at, by: n.author_name || n.author, text: n.text }))

  api.get(
    '/bff/candidates/:id/timeline',
    { config: { access: 'admin' }, schema: { tags: ['timeline'], params: IdParams, response: { 200: TimelineAnswer, ...Failures } } },
    async (request) => {
      const id = Number(request.params.id)
      const [notes, events] = await Promise.all([notesOf(id), app.audit.about(`candidato:${id}`, TIMELINE_EVENTS)])
      return { entries: timelineEntries(notes, events) }
    },
  )

  api.post(
    '/bff/candidates/:id/notes',
    { config: { access: 'admin' }, schema: { tags: ['timeline'], params: IdParams, body: NoteBody, response: { 201: TimelineAnswer, ...Failures } } },
    async (request, reply) => {
      const session = sessionOf(request)
      const id = Number(request.params.id)
      // The candidate must exist (404 otherwise) before a note about them is kept.
      const stored = await request.owned.candidate()
      const who = actorOf(session)
      const note = { id: randomUUID(), at: new Date(app.now()).toISOString(), text: request.body.text.trim() }
      await store.run('INSERT INTO candidate_notes (id, candidate_id, author, author_name, text, at) VALUES (?, ?, ?, ?, ?, ?)', [
        note.id,
        id,
        who.actor,
        who.actorName,
        note.text,
        note.at,
      ])
      // The note is the product's now; the legacy's paragraph follows. A legacy that refuses or
      // does not answer leaves the paragraph as it was: the next note writes it whole again.
      const notes = await notesOf(id)
      try {
        await app.audit.around({ ...who, action: 'nota_adicionada', subject: `candidato:${id}`, detail: { note: note.id } }, () =>
          request.legacy.candidates.saveNote(id, withTeamNotes(stored.obs, notes)),
        )
      } catch (error) {
        request.log.warn({ err: { message: (error as Error).message }, candidate: id }, 'timeline: the legacy’s notes paragraph was not updated')
      }
      const events = await app.audit.about(`candidato:${id}`, TIMELINE_EVENTS)
      return reply.code(201).send({ entries: timelineEntries(notes, events) })
    },
  )

  // A candidate anonymised at their request (LGPD) keeps no notes here either.
  app.onLegacyWrite(async (event) => {
    if (event.kind === 'candidate' && event.id !== null && isAnonymisedRecord(event.record)) await store.run('DELETE FROM candidate_notes WHERE candidate_id = ?', [event.id])
  })
}
