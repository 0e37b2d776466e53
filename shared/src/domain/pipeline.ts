import { CANDIDATE_STATUSES, type CandidateStatus } from '../constants/candidate-statuses.ts'
import { candidateStatusFamily, normalizeCandidateStatus, type StatusFamily } from './candidate-status.ts'

/**
 * A vacancy's pipeline board (docs/product.md, Pipeline board): one column per stage, a stage
 * being a status family — the colours the badges already use — so 18 statuses fit a screen in
 * six columns. A card keeps its own status; a move into a column asks which of the column's
 * statuses, unless it has one.
 */
export interface BoardStage {
  family: StatusFamily
  label: string
  /** The statuses a card may be moved to in this column, in the order the selects list them. */
  statuses: CandidateStatus[]
}

const STAGE_LABELS: Record<StatusFamily, string> = {
  neutral: 'Novos',
  screening: 'Triagem',
  interview: 'Entrevistas',
  waiting: 'Em contato',
  success: 'Aprovados',
  danger: 'Encerrados',
}

export const BOARD_STAGES: readonly BoardStage[] = (Object.keys(STAGE_LABELS) as StatusFamily[]).map((family) => ({
  family,
  label: STAGE_LABELS[family],
  statuses: CANDIDATE_STATUSES.filter((s) => candidateStatusFamily(s) === family),
}))

/** The stage a stored status stands in ('pendente', null and unknown values are new). */
export const stageOf = (status: string | null | undefined): StatusFamily => candidateStatusFamily(normalizeCandidateStatus(status))

/** Cards per stage, in the board's column order, each column in the order given. */
export function boardColumns<T extends { status: string | null }>(cards: readonly T[]): { stage: BoardStage; cards: T[] }[] {
  const columns = new Map(BOARD_STAGES.map((stage) => [stage.family, { stage, cards: [] as T[] }]))
  for (const card of cards) columns.get(stageOf(card.status))!.cards.push(card)
  return [...columns.values()]
}

/** The most people one bulk action takes: 10,000 status changes are about 2 h 47 min at the legacy's 60 calls a minute. */
export const BULK_MAX = 10_000

export type BulkAction = 'status' | 'forward' | 'message'

/** A bulk action's refusals and reports, in the recruiter's words. */
export const BULK_MESSAGES = {
  nothingSelected: 'Selecione ao menos um candidato.',
  tooMany: (count: number) =>
    `Seleção grande demais: ${count.toLocaleString('pt-BR')} candidatos. Uma ação em massa aceita até ${BULK_MAX.toLocaleString('pt-BR')} de uma vez; refine o filtro.`,
  idsOrFilter: 'Envie os candidatos escolhidos ou um filtro, não os dois.',
  statusMissing: 'Escolha o status para onde mover os candidatos.',
  statusUnknown: 'Status desconhecido.',
  targetMissing: 'Escolha a vaga para onde enviar os candidatos.',
  sameVacancy: 'Escolha uma vaga diferente da atual.',
  notInVacancy: (count: number) => `${count === 1 ? 'Um dos candidatos escolhidos não está' : `${count} dos candidatos escolhidos não estão`} nesta vaga.`,
  notFound: 'Ação em massa não encontrada.',
  running: 'Esta ação em massa já está em andamento.',
  notResumable: 'Só é possível continuar uma ação interrompida.',
  notUndoable: 'Só é possível desfazer uma mudança de status concluída.',
  nothingToUndo: 'Não há mudanças desta ação para desfazer.',
  undoBusy: 'Esta ação já está sendo desfeita.',
  waiting: (seconds: number) => `O sistema de vagas pediu uma pausa: continuando em ${seconds} segundos...`,
  interrupted: (done: number, total: number) =>
    `Interrompida após ${done} de ${total} candidatos (o servidor foi reiniciado ou parou). Clique em "Continuar" para seguir de onde parou; ninguém é alterado duas vezes.`,
  sessionEnded: 'Sua sessão terminou durante a ação. Entre novamente e clique em "Continuar" para seguir de onde parou.',
  failedStore: 'O banco de dados do Mini Vagas falhou e o andamento não pôde ser registrado. Clique em "Continuar" em instantes; ninguém é alterado duas vezes.',
  already: (name: string, status: string) => `${name} já estava em "${status}".`,
  alreadyThere: (name: string) => `${name} já está na vaga de destino (mesmo e-mail ou WhatsApp): não foi enviado de novo.`,
  failed: (name: string, reason: string) => `Não foi possível alterar ${name}: ${reason}.`,
  unconfirmed: (name: string) => `A alteração de ${name} ficou sem resposta do sistema de vagas: será conferida antes de qualquer nova tentativa.`,
  changedSince: (name: string) => `${name} mantido: o status foi alterado por outra pessoa depois da ação.`,
  forwardKept: 'Envios para outra vaga não podem ser desfeitos: o sistema de vagas não permite excluir candidaturas.',
  purposeMissing: 'Escolha a mensagem a enviar.',
  messagesKept: 'Mensagens enviadas não podem ser desfeitas.',
  noMail: 'O envio de e-mails não está configurado: peça a quem opera o sistema para configurar o SMTP.',
  optedOut: (name: string) => `${name} pediu para não ser contatado(a): não recebeu a mensagem.`,
  noEmail: (name: string) => `${name} não tem um e-mail válido: não recebeu a mensagem.`,
  mailUnconfirmed: (name: string) =>
    `A mensagem para ${name} saiu, mas o servidor foi reiniciado antes de o servidor de e-mail confirmar: ela não é enviada de novo. Se ${name} disser que não recebeu, envie pela página do candidato.`,
  sameContact: (name: string) => `${name} já recebeu esta mensagem em outro cadastro com o mesmo e-mail.`,
  mailRefused: (name: string, reason: string) => `O servidor de e-mail recusou a mensagem para ${name}: ${reason}.`,
  noWhatsAppApi: 'O WhatsApp Business não está configurado neste servidor: envie por e-mail.',
  noWhatsAppTemplate: (purpose: string) =>
    `A Meta exige um modelo aprovado para mensagens em massa pelo WhatsApp, e "${purpose}" não tem um: peça a quem opera o sistema para cadastrá-lo, ou envie por e-mail.`,
  noPhone: (name: string) => `${name} não tem um WhatsApp válido: não recebeu a mensagem.`,
  sameNumber: (name: string) => `${name} já recebeu esta mensagem em outro cadastro com o mesmo WhatsApp.`,
  whatsappUnconfirmed: (name: string) =>
    `A mensagem para ${name} saiu, mas o servidor foi reiniciado antes de o WhatsApp confirmar: ela não é enviada de novo. A entrega aparece no histórico de ${name} quando o WhatsApp avisar.`,
  whatsappRefused: (name: string, reason: string) => `O WhatsApp recusou a mensagem para ${name}: ${reason}.`,
  /** Meta took the message, then said it could not deliver it (its error: "131026 Message undeliverable"). */
  notDelivered: (name: string, error: string | null) =>
    `A mensagem para ${name} não foi entregue pelo WhatsApp${/^131026\b/.test(error ?? '') ? ': o número não recebe mensagens do WhatsApp' : error ? ` (Meta: ${error})` : ''}.`,
} as const

/** What a bulk action did, in one sentence. */
export function bulkSummary(action: BulkAction, target: string, counts: { done: number; skipped: number; failed: number }, channel: 'email' | 'whatsapp_api' = 'email'): string {
  const people = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'candidato' : 'candidatos'}`
  const main =
    action === 'status'
      ? `${people(counts.done)} ${counts.done === 1 ? 'movido' : 'movidos'} para "${target}"`
      : action === 'forward'
        ? `${people(counts.done)} ${counts.done === 1 ? 'enviado' : 'enviados'} para ${target}`
        : `"${target}" enviada ${channel === 'email' ? 'por e-mail' : 'pelo WhatsApp'} para ${people(counts.done)}`
  const skipped = action === 'message' ? `sem ${channel === 'email' ? 'e-mail' : 'WhatsApp'} ou pediram para não ser contatados` : `já estava${counts.skipped === 1 ? '' : 'm'} lá`
  const rest = [
    counts.skipped > 0 ? `${counts.skipped.toLocaleString('pt-BR')} ${skipped}` : null,
    counts.failed > 0 ? `${counts.failed.toLocaleString('pt-BR')} com erro` : null,
  ].filter(Boolean)
  return `${main}${rest.length ? ` (${rest.join('; ')})` : ''}.`
}

/** What undoing a bulk status change did. */
export function bulkUndoSummary(counts: { restored: number; kept: number; failed: number }): string {
  const rest = [
    counts.kept > 0 ? `${counts.kept.toLocaleString('pt-BR')} mantido${counts.kept === 1 ? '' : 's'} (alterado${counts.kept === 1 ? '' : 's'} depois)` : null,
    counts.failed > 0 ? `${counts.failed} com erro` : null,
  ].filter(Boolean)
  return `Desfeito: ${counts.restored.toLocaleString('pt-BR')} ${counts.restored === 1 ? 'candidato voltou' : 'candidatos voltaram'} ao status anterior${rest.length ? ` (${rest.join('; ')})` : ''}.`
}
