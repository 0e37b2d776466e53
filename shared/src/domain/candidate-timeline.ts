import { AUDIT_ACTION_LABELS } from './audit.ts'
import { candidateStatusLabel } from './candidate-status.ts'
import { formatDateTime } from './dates.ts'
import { formatSlot } from './interviews.ts'
import { messageChannelLabel, messagePurposeLabel } from './messages.ts'
import { NOTE_MAX } from './screening-apply.ts'

/**
 * A candidate's timeline (docs/product.md, Timeline): the team's notes, kept by the BFF, and what
 * the audit trail holds about the candidate — status changes (by hand, by screening, undone),
 * edits, forwards, reviews — each with who and when, newest first.
 */
export interface TeamNote {
  id: string
  at: string
  by: string
  text: string
}

export interface TimelineEvent {
  at: string
  actor: string
  actorName: string
  action: string
  detail: Record<string, unknown>
}

export interface TimelineEntry {
  at: string
  /** Who, as people read it: the name the session had, else the e-mail. */
  by: string
  kind: 'nota' | 'status' | 'triagem' | 'envio' | 'edicao' | 'mensagem' | 'entrevista' | 'outro'
  text: string
}

const str = (v: unknown) => (typeof v === 'string' ? v : '')

/** What one audit event says, in words; null for events the timeline shows otherwise (a note's own write). */
function describe(event: TimelineEvent, from: string | null): Pick<TimelineEntry, 'kind' | 'text'> | null {
  const d = event.detail
  switch (event.action) {
    case 'nota_adicionada':
      return null
    case 'status_alterado': {
      const to = candidateStatusLabel(str(d.to))
      if (d.via === 'triagem') return { kind: 'triagem', text: `A triagem com IA, aplicada por esta pessoa, marcou ${to}.` }
      if (d.via === 'desfazer') return { kind: 'status', text: `Desfez a alteração anterior: o status voltou para ${to}.` }
      if (d.via === 'desfazer-triagem') return { kind: 'triagem', text: `Desfez a aplicação da triagem: o status voltou para ${to}.` }
      const inBulk = d.via === 'em-massa' ? ' (ação em massa)' : ''
      return { kind: 'status', text: from === null ? `Alterou o status para ${to}${inBulk}.` : `Alterou o status de ${candidateStatusLabel(from)} para ${to}${inBulk}.` }
    }
    case 'veredito_revisado':
      return { kind: 'triagem', text: `Revisou o veredito da triagem (${str(d.verdict) || '—'} → ${str(d.decision) || '—'}): “${str(d.reason)}”.` }
    case 'candidato_enviado':
      return { kind: 'envio', text: `Enviou o candidato para a vaga ${String(d.vacancyId ?? '')}${d.via === 'em-massa' ? ' (ação em massa)' : ''}.` }
    case 'candidato_editado':
      return { kind: 'edicao', text: 'Editou os dados do candidato.' }
    case 'observacao_alterada':
      return { kind: 'edicao', text: 'Editou a observação.' }
    case 'mensagem_enviada': {
      const what = `“${messagePurposeLabel(str(d.purpose))}”`
      const how = messageChannelLabel(str(d.channel))
      const bulk = d.job ? ' (envio em massa)' : ''
      if (d.state === 'aberta') return { kind: 'mensagem', text: `Abriu o WhatsApp com a mensagem ${what}.` }
      if (d.state === 'falhou') return { kind: 'mensagem', text: `Tentou enviar ${what} por ${how}: o servidor de e-mail não aceitou${bulk}.` }
      return { kind: 'mensagem', text: `Enviou ${what} por ${how}${bulk}.` }
    }
    case 'mensagem_status': {
      const what = `“${messagePurposeLabel(str(d.purpose))}” pelo ${messageChannelLabel(str(d.channel))}`
      const said: Record<string, string> = { sent: 'saiu', delivered: 'foi entregue', read: 'foi lida', failed: `não foi entregue${d.error ? ` (${str(d.error)})` : ''}` }
      return { kind: 'mensagem', text: `A mensagem ${what} ${said[str(d.state)] ?? str(d.state)}.` }
    }
    case 'mensagem_recebida':
      return { kind: 'mensagem', text: `Respondeu pelo WhatsApp: “${str(d.text)}”.` }
    case 'contato_bloqueado':
      if (d.via === 'whatsapp') return { kind: 'mensagem', text: `Pediu pelo WhatsApp para não ser contatado(a): “${str(d.text)}”.` }
      return { kind: 'mensagem', text: 'Marcou que a pessoa pediu para não ser contatada.' }
    case 'contato_liberado':
      return { kind: 'mensagem', text: 'Liberou o contato com a pessoa novamente.' }
    case 'entrevista_proposta': {
      const slots = Array.isArray(d.slots) ? (d.slots as unknown[]).map((s) => formatSlot(String(s))) : []
      const how = d.channel === 'whatsapp' ? 'pelo WhatsApp' : 'por e-mail'
      return { kind: 'entrevista', text: `Convidou para entrevista ${how} (${slots.length === 1 ? slots[0] : `${slots.length} horários: ${slots.join('; ')}`}).` }
    }
    case 'entrevista_respondida':
      if (d.action === 'escolher') return { kind: 'entrevista', text: `Confirmou a entrevista para ${formatSlot(str(d.startsAt))}.` }
      if (d.action === 'remarcar') return { kind: 'entrevista', text: 'Pediu outro horário para a entrevista.' }
      return { kind: 'entrevista', text: 'Cancelou a entrevista.' }
    case 'entrevista_cancelada':
      return { kind: 'entrevista', text: 'Cancelou a entrevista.' }
    case 'entrevista_falta':
      return { kind: 'entrevista', text: 'Registrou que a pessoa não compareceu à entrevista.' }
    case 'entrevista_lembrete':
      return {
        kind: 'entrevista',
        text: `Lembrete da entrevista (${d.kind === 'vespera' ? 'véspera' : 'uma hora antes'}) enviado ${d.via === 'whatsapp' ? 'pelo WhatsApp' : 'por e-mail'}.`,
      }
    case 'desistencia':
      return { kind: 'status', text: 'Desistiu da candidatura pela página “Minhas candidaturas”.' }
    default:
      return { kind: 'outro', text: `${AUDIT_ACTION_LABELS[event.action] ?? event.action}.` }
  }
}

/**
 * The timeline from the notes and the audit events (any order). A status change the trail does
 * not know the earlier status of reads it from the change before it.
 */
export function timelineEntries(notes: readonly TeamNote[], events: readonly TimelineEvent[]): TimelineEntry[] {
  const oldestFirst = [...events].sort((a, b) => a.at.localeCompare(b.at))
  let lastStatus: string | null = null
  const fromEvents: TimelineEntry[] = []
  for (const event of oldestFirst) {
    const known = typeof event.detail.from === 'string' ? event.detail.from : lastStatus
    const said = describe(event, known)
    if (event.action === 'status_alterado' && typeof event.detail.to === 'string') lastStatus = event.detail.to
    if (said) fromEvents.push({ at: event.at, by: event.actorName || event.actor, ...said })
  }
  const fromNotes = notes.map((n): TimelineEntry => ({ at: n.at, by: n.by, kind: 'nota', text: n.text }))
  return [...fromEvents, ...fromNotes].sort((a, b) => b.at.localeCompare(a.at))
}

/**
 * The team's notes as one paragraph of the legacy's observation, so other clients of the legacy
 * still read them. It ends in this marker: the BFF shows nobody the paragraph (its people read
 * the notes themselves), never lets a company see it, and keeps it through every save.
 */
export const TEAM_NOTES_MARK = '[notas-equipe]'
const DIGEST_TITLE = 'Notas da equipe (Mini Vagas), mais recentes primeiro:'
const PARAGRAPHS = /\n{2,}/
const isDigest = (paragraph: string) => paragraph.trimEnd().endsWith(TEAM_NOTES_MARK)

/** The observation without the notes' paragraph. */
export function withoutTeamNotes<T>(text: T): T {
  if (typeof text !== 'string' || !text.includes(TEAM_NOTES_MARK)) return text
  return text
    .split(PARAGRAPHS)
    .filter((p) => !isDigest(p))
    .join('\n\n') as T
}

/** The notes' paragraph of an observation, or ''. */
export const teamNotesOf = (text: unknown): string => (typeof text === 'string' ? (text.split(PARAGRAPHS).find(isDigest) ?? '') : '')

/**
 * `observation` with its notes' paragraph made from `notes` (newest first), within the legacy's
 * limit: the newest notes that fit, each on one line, and how many more the product holds.
 */
export function withTeamNotes(observation: unknown, notes: readonly TeamNote[]): string {
  const rest = withoutTeamNotes(typeof observation === 'string' ? observation : '').trimEnd()
  if (notes.length === 0) return rest
  const room = NOTE_MAX - rest.length - 2 - DIGEST_TITLE.length - TEAM_NOTES_MARK.length - 80
  const lines: string[] = []
  let used = 0
  for (const note of notes) {
    const line = `${formatDateTime(note.at)} · ${note.by}: ${note.text.replace(/\s+/g, ' ').trim().slice(0, 300)}`
    if (used + line.length + 1 > room) break
    lines.push(line)
    used += line.length + 1
  }
  const more = notes.length - lines.length
  const paragraph = [DIGEST_TITLE, ...lines, ...(more > 0 ? [`… e mais ${more} nota(s) no Mini Vagas.`] : [])].join('\n') + ` ${TEAM_NOTES_MARK}`
  return [rest, paragraph].filter(Boolean).join('\n\n')
}
