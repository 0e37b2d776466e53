import type { ScreeningOutcome } from '../constants/candidate-statuses.ts'
import { evidenceNote, type CriterionEvidence } from './screening-rules.ts'

/**
 * Applying screening results (docs/product.md, AI screening; Texts; docs/screening.md): which writes a run's verdicts lead
 * to, the note each candidate gets, and the recruiter's final message. Pure, so the BFF's job and
 * the tests read the same rules.
 */
export type ApplyStepKind = 'status' | 'forward'

export interface ApplyStep {
  candidateId: number
  kind: ApplyStepKind
}

export interface ApplyTarget {
  candidateId: number
  outcome: ScreeningOutcome | null
  /** The vacancy the candidate's record belongs to. */
  jobPostingId: number | null
}

/**
 * Triados and revisões get their status and a note; in global mode a triado from another vacancy
 * is also sent to the screened vacancy as a new record with status triado. Não triados are left
 * as they are.
 */
export function applySteps(mode: 'empresa' | 'global', vacancyId: number, targets: readonly ApplyTarget[]): ApplyStep[] {
  const steps: ApplyStep[] = []
  for (const t of targets) {
    if (t.outcome !== 'triado' && t.outcome !== 'revisao') continue
    steps.push({ candidateId: t.candidateId, kind: 'status' })
    if (mode === 'global' && t.outcome === 'triado' && t.jobPostingId !== vacancyId) steps.push({ candidateId: t.candidateId, kind: 'forward' })
  }
  return steps
}

/**
 * A reference unique to one run and candidate, written inside the note. After a restart in the
 * middle of a write, finding it in the legacy's record proves the write landed, so it is not sent
 * twice.
 */
export function applyMarker(runId: string, candidateId: number): string {
  return `[${MARKER_TAG} ${runReference(runId)}/${candidateId}]`
}

const MARKER_TAG = 'triagem'
const runReference = (runId: string) => runId.slice(0, 8)
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/**
 * The candidates whose marker of this run a text carries, in order: the reading side of
 * applyMarker, built from the same pieces so the two cannot drift apart.
 */
export function markedCandidates(text: unknown, runId: string): number[] {
  if (typeof text !== 'string') return []
  const pattern = new RegExp(`\\[${MARKER_TAG} ${escapeRegExp(runReference(runId))}/(\\d+)\\]`, 'g')
  return [...text.matchAll(pattern)].map((m) => Number(m[1]))
}

const OUTCOME_LABELS: Record<'triado' | 'revisao', string> = { triado: 'TRIADO', revisao: 'REVISÃO' }
/** The legacy's limit for an observation. */
export const NOTE_MAX = 5000

/** The note a candidate gets: the verdict, its justification, the criteria in short and the run's marker. */
export function screeningNote(input: {
  runId: string
  candidateId: number
  outcome: 'triado' | 'revisao'
  explanation: string
  vacancy: { id: number; description?: unknown }
  provider: string
  date: string
  evidence?: readonly CriterionEvidence[]
}): string {
  const description = String(input.vacancy.description ?? '').trim()
  const head = `Triagem ${input.provider === 'openai' ? 'IA' : 'por regras'} em ${input.date} — vaga #${input.vacancy.id}${description ? ` (${description})` : ''}: ${OUTCOME_LABELS[input.outcome]}.`
  const criteria = evidenceNote(input.evidence ?? [])
  return `${head} ${input.explanation.trim()}${criteria ? ` ${criteria}` : ''} ${applyMarker(input.runId, input.candidateId)}`
}

/**
 * The observation to store: what the record already holds, then the note. Nothing stored is lost:
 * when the two do not fit the legacy's limit, the note's justification is shortened, never the
 * stored text. A note already present (same marker) is not added again.
 */
export function mergedObservation(existing: unknown, note: string, marker: string): string {
  const current = typeof existing === 'string' ? existing.trimEnd() : ''
  if (current.includes(marker)) return current
  const separator = current ? '\n\n' : ''
  const room = NOTE_MAX - current.length - separator.length
  if (room >= note.length) return current + separator + note
  if (room < marker.length + 2) return current // no room at all: keep the record as it is
  return current + separator + note.slice(0, room - marker.length - 2) + '… ' + marker
}

/** Any run's marker, with the space before it (a note's marker ends the note). */
const anyMarker = () => new RegExp(`\\s*\\[${MARKER_TAG} [0-9a-f]{8}/\\d+\\]`, 'g')
const PARAGRAPHS = /\n{2,}/

/** The text as people read it: every apply marker removed (they prove a write landed, nothing more). */
export function hideApplyMarkers<T>(text: T): T {
  return (typeof text === 'string' ? text.replace(anyMarker(), '') : text) as T
}

/** The screening notes of an observation: the paragraphs an apply added (each ends in its marker). */
export function screeningNotesOf(text: unknown): string[] {
  return typeof text === 'string' ? text.split(PARAGRAPHS).filter((p) => anyMarker().test(p)) : []
}

/** An observation without the agency's screening notes: what a client company may read. */
export function withoutScreeningNotes<T>(text: T): T {
  if (typeof text !== 'string') return text
  return text
    .split(PARAGRAPHS)
    .filter((p) => !anyMarker().test(p))
    .join('\n\n') as T
}

/**
 * The observation to store when someone saves text they were shown without what is hidden from
 * them, so nothing stored is lost: for a company (`notes`), the agency's screening notes are kept
 * after its text; for staff (`markers`), a screening note they left as it was gets its marker back.
 */
export function keepHiddenParts(edited: string, stored: unknown, hidden: 'notes' | 'markers'): string {
  const notes = screeningNotesOf(stored)
  if (hidden === 'notes') return [edited.trimEnd(), ...notes].filter(Boolean).join('\n\n')
  let text = edited
  for (const note of notes) {
    const visible = hideApplyMarkers(note)
    const at = text.indexOf(visible)
    if (at !== -1 && !text.includes(note)) text = text.slice(0, at) + note + text.slice(at + visible.length)
  }
  return text
}

export interface ApplyTally {
  updated: number
  sent: number
  /** Kept as they were: a person had moved them past screening. */
  skipped?: number
  /** Not sent: already in the screened vacancy. */
  alreadyThere?: number
  failedUpdates: number
  failedSends: number
}

/** The final message of an apply (docs/product.md, Texts), with the sending counts in global mode. */
export function applyMessage(tally: ApplyTally): string {
  if (tally.updated === 0 && tally.sent === 0 && tally.failedUpdates + tally.failedSends > 0) return 'Erro ao aplicar resultados'
  const parts = [`Resultados aplicados com sucesso! ${tally.updated} candidatos atualizados.`]
  if (tally.skipped) parts.push(`${tally.skipped} ${tally.skipped === 1 ? 'candidato mantido' : 'candidatos mantidos'} no status atual (já avançaram além da triagem).`)
  if (tally.failedUpdates > 0) parts.push(`${tally.failedUpdates} candidatos não puderam ser atualizados.`)
  if (tally.sent > 0) parts.push(`${tally.sent} candidatos triados enviados para a vaga selecionada.`)
  if (tally.alreadyThere)
    parts.push(
      `${tally.alreadyThere} ${tally.alreadyThere === 1 ? 'candidato já estava' : 'candidatos já estavam'} na vaga (mesmo e-mail ou WhatsApp) e não ${tally.alreadyThere === 1 ? 'foi enviado' : 'foram enviados'} de novo.`,
    )
  if (tally.failedSends > 0) {
    if (tally.sent === 0) parts.push('Erro ao enviar candidatos triados para a vaga selecionada.')
    parts.push(`${tally.failedSends} candidatos não puderam ser enviados.`)
  }
  return parts.join(' ')
}

export const APPLY_MESSAGES = {
  noResults: 'Nenhum resultado para aplicar',
  noTargets: 'Nenhum candidato para atualizar',
  notFinished: 'A triagem ainda não terminou. Aguarde o fim para aplicar os resultados.',
  waiting: (seconds: number) => `Muitas requisições. Aguardando ${seconds} segundos e tentando novamente...`,
  afterRetry: (name: string) => `Falha ao processar candidato ${name} após retry`,
  failed: (name: string, message: string) => `Erro ao processar candidato ${name}: ${message}`,
  alreadyApplying: 'Os resultados desta triagem já estão sendo aplicados.',
  failedStore:
    "Erro ao aplicar resultados: o banco de dados do Mini Vagas falhou e o andamento não pôde ser registrado. Nada foi perdido nem será gravado duas vezes: clique em 'Aplicar Resultados' em instantes para continuar de onde parou.",
  kept: (name: string, status: string) => `${name} mantido como '${status}': já avançou além da triagem.`,
  alreadyThere: (name: string) => `${name} já está na vaga (mesmo e-mail ou WhatsApp): não foi enviado de novo.`,
  interrupted: (done: number, total: number) =>
    `Aplicação interrompida após ${done} de ${total} alterações (o servidor foi reiniciado). Clique em 'Aplicar Resultados' para continuar de onde parou; nada será gravado duas vezes.`,
  /** No instance holds the job any more, and none said why: its server stopped, or lost the database. */
  ownerLost: (done: number, total: number) =>
    `Aplicação interrompida após ${done} de ${total} alterações: o servidor que aplicava parou ou perdeu o contato com o banco de dados do Mini Vagas. Clique em 'Aplicar Resultados' para continuar de onde parou; nada será gravado duas vezes.`,
  /** A write sent while the store could not record its answer: it may have landed. */
  unconfirmed: (name: string, kind: 'status' | 'forward') =>
    `${kind === 'forward' ? 'Envio' : 'Atualização'} de ${name} a conferir: pode ter sido gravado enquanto o banco de dados do Mini Vagas não respondia. A próxima aplicação confere no sistema de vagas antes de gravar de novo.`,
  sessionEnded: "Sua sessão expirou durante a aplicação. Entre novamente e clique em 'Aplicar Resultados' para continuar de onde parou.",
} as const

/** Undoing an apply, in the recruiter's words. */
export const UNDO_MESSAGES = {
  notApplied: 'Só é possível desfazer uma aplicação concluída.',
  busy: 'Esta triagem já está sendo aplicada ou desfeita.',
  nothing: 'Não há alterações desta aplicação para desfazer.',
  changed: (name: string) => `${name} mantido: o registro foi alterado depois da aplicação.`,
  forwardKept: (name: string) => `O envio de ${name} para a vaga continua: o sistema não permite excluir candidaturas.`,
  failed: (name: string, message: string) => `Erro ao desfazer ${name}: ${message}`,
  interrupted: "Desfazer foi interrompido (o servidor foi reiniciado ou sua sessão expirou). Clique em 'Desfazer aplicação' para continuar.",
  failedStore: 'Erro ao desfazer: o servidor não conseguiu registrar o andamento. Tente novamente em instantes.',
} as const

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The undo's closing message: what was restored, what was kept and why, what could not be undone. */
export function undoMessage({ restored, changed, forwards, failed }: { restored: number; changed: number; forwards: number; failed: number }): string {
  return [
    `Aplicação desfeita: ${plural(restored, 'candidato restaurado', 'candidatos restaurados')} ao status e à observação de antes.`,
    changed > 0 ? `${plural(changed, 'candidato mantido', 'candidatos mantidos')} porque alguém alterou o registro depois.` : '',
    forwards > 0 ? `${plural(forwards, 'envio continua', 'envios continuam')} na vaga: o sistema não permite excluir candidaturas.` : '',
    failed > 0
      ? `${plural(failed, 'candidato não pôde', 'candidatos não puderam')} ser restaurado${failed === 1 ? '' : 's'}; clique em 'Desfazer aplicação' para tentar de novo.`
      : '',
  ]
    .filter(Boolean)
    .join(' ')
}
