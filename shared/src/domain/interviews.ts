import { TIME_ZONE } from '../constants/limits.ts'
import { isCalendarDate } from './dates.ts'

/**
 * Interviews (docs/product.md, Interviews): staff propose one time or several slots; the candidate
 * chooses one, asks for another time or cancels through a link without an account; reminders go
 * out the day before and one hour before. Times are entered and shown in the agency's time zone
 * (America/Fortaleza, UTC−3 all year) and kept as instants.
 */
export type InterviewMode = 'presencial' | 'online'
/** proposta: waiting for the candidate; confirmada: a slot chosen; remarcar: the candidate asked for another time. */
export type InterviewStatus = 'proposta' | 'confirmada' | 'remarcar' | 'cancelada' | 'faltou'

export const INTERVIEW_LIMITS = { slots: 5, minMinutes: 15, maxMinutes: 240, placeLength: 300, interviewerLength: 120 } as const

export const INTERVIEW_MESSAGES = {
  slotsNeeded: 'Informe ao menos um horário.',
  tooManySlots: `Proponha no máximo ${INTERVIEW_LIMITS.slots} horários.`,
  slotDate: 'Informe a data no formato dd/mm/aaaa.',
  slotTime: 'Informe o horário no formato hh:mm.',
  slotPast: 'Escolha um horário que ainda não passou.',
  slotRepeated: 'Este horário já foi proposto.',
  duration: `A duração deve ficar entre ${INTERVIEW_LIMITS.minMinutes} e ${INTERVIEW_LIMITS.maxMinutes} minutos.`,
  address: 'Informe o endereço da entrevista presencial.',
  link: 'Informe o link da entrevista online (começando com https://).',
  interviewer: 'Informe quem vai entrevistar.',
  noContact: 'Este candidato não tem e-mail cadastrado: envie o convite pelo WhatsApp.',
  noPhone: 'Este candidato não tem WhatsApp cadastrado: envie o convite por e-mail.',
  optedOut: 'Este candidato pediu para não ser contatado.',
  notFound: 'Entrevista não encontrada.',
  linkGone: 'Este link de entrevista não vale mais. Se ainda precisa dele, peça à agência um novo convite.',
  slotGone: 'Este horário não está entre os propostos.',
  closed: 'Esta entrevista foi cancelada ou já aconteceu: não é possível alterá-la.',
  chosen: 'Pronto: horário confirmado. Enviamos a confirmação para o seu e-mail.',
  rescheduleAsked: 'Pedido enviado: a agência vai propor novos horários.',
  cancelled: 'Entrevista cancelada. A agência foi avisada.',
  created: (to: string) => `Convite enviado para ${to}.`,
  createdWhatsapp: 'Entrevista registrada. Abra o WhatsApp para enviar o convite.',
  noShow: 'Falta registrada.',
  staffCancelled: 'Entrevista cancelada.',
  notYet: 'Só é possível marcar falta depois do horário da entrevista.',
} as const

export const INTERVIEW_STATUS_LABELS: Record<InterviewStatus, string> = {
  proposta: 'Aguardando o candidato',
  confirmada: 'Confirmada',
  remarcar: 'Candidato pediu outro horário',
  cancelada: 'Cancelada',
  faltou: 'Não compareceu',
}

export const MODE_LABELS: Record<InterviewMode, string> = { presencial: 'Presencial', online: 'Online' }

/** The legacy status an interview's confirmation writes (the board's Entrevistas column). */
export const interviewStatusFor = (mode: InterviewMode) => (mode === 'online' ? 'entrevista_online' : 'entrevista_presencial')
export const NO_SHOW_STATUS = 'nao_compareceu'

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/
/** The agency's offset: Fortaleza keeps UTC−3 all year. */
const OFFSET = '-03:00'

/** The instant of a date ('YYYY-MM-DD') and time ('hh:mm') in the agency's time zone. */
export const instantAt = (date: string, time: string) => new Date(`${date}T${time}:00${OFFSET}`)

export interface SlotInput {
  date: string
  time: string
}
export interface InterviewProposal {
  slots: SlotInput[]
  durationMinutes: number
  mode: InterviewMode
  place: string
  interviewer: string
}

/** A proposal's problems by field ('slots.0' for the first slot), in the recruiter's words; empty when it can be sent. */
export function checkProposal(p: InterviewProposal, now: number): Record<string, string> {
  const errors: Record<string, string> = {}
  if (p.slots.length === 0) errors.slots = INTERVIEW_MESSAGES.slotsNeeded
  if (p.slots.length > INTERVIEW_LIMITS.slots) errors.slots = INTERVIEW_MESSAGES.tooManySlots
  const seen = new Set<number>()
  p.slots.forEach((slot, i) => {
    const key = `slots.${i}`
    if (!isCalendarDate(slot.date)) errors[key] = INTERVIEW_MESSAGES.slotDate
    else if (!TIME.test(slot.time)) errors[key] = INTERVIEW_MESSAGES.slotTime
    else {
      const at = instantAt(slot.date, slot.time).getTime()
      if (at <= now) errors[key] = INTERVIEW_MESSAGES.slotPast
      else if (seen.has(at)) errors[key] = INTERVIEW_MESSAGES.slotRepeated
      seen.add(at)
    }
  })
  if (!Number.isInteger(p.durationMinutes) || p.durationMinutes < INTERVIEW_LIMITS.minMinutes || p.durationMinutes > INTERVIEW_LIMITS.maxMinutes)
    errors.durationMinutes = INTERVIEW_MESSAGES.duration
  const place = p.place.trim()
  if (p.mode === 'presencial' && !place) errors.place = INTERVIEW_MESSAGES.address
  if (p.mode === 'online' && !/^https:\/\/\S+\.\S+$/.test(place)) errors.place = INTERVIEW_MESSAGES.link
  if (!p.interviewer.trim()) errors.interviewer = INTERVIEW_MESSAGES.interviewer
  return errors
}

const slotFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, weekday: 'long', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
const hourFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' })

/** "quinta-feira, 03/12/2026, 14:30" */
export const formatSlot = (at: string | number | Date) => slotFormat.format(new Date(at))
/** "14:30" */
export const formatHour = (at: string | number | Date) => hourFormat.format(new Date(at))

const dayFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, weekday: 'long', day: '2-digit', month: '2-digit', year: 'numeric' })

/**
 * A confirmed interview as a message template's variables (a WhatsApp reminder from the
 * purpose "lembrete"): the date with its weekday, the time, where, and the link to answer.
 */
export function interviewValues(
  i: { name: string; vacancy: string; company: string; mode: InterviewMode; place: string; startsAt: number },
  link: string,
): Partial<Record<'nome' | 'nome_completo' | 'vaga' | 'empresa' | 'data' | 'hora' | 'local' | 'link', string>> {
  const full = i.name.trim()
  return {
    nome: full.split(/\s+/)[0] ?? '',
    nome_completo: full,
    vaga: i.vacancy,
    empresa: i.company,
    data: dayFormat.format(new Date(i.startsAt)),
    hora: formatHour(i.startsAt),
    local: whereText(i.mode, i.place),
    link,
  }
}

/** Where, in words: the address, or that it is online and its link. */
export const whereText = (mode: InterviewMode, place: string) => (mode === 'online' ? `Online: ${place}` : `Presencial: ${place}`)

export type ReminderKind = 'vespera' | 'uma_hora'

const REMINDER_LABELS: Record<ReminderKind, string> = { vespera: 'Véspera', uma_hora: '1 hora antes' }
const VIA_LABELS = { email: 'e-mail', whatsapp: 'WhatsApp' } as const

/** A reminder's fate for the staff, in a few words: "Véspera: enviado por WhatsApp". */
export function reminderStateText(r: { kind: ReminderKind; state: string; via: 'email' | 'whatsapp' | null; delivery?: 'delivered' | 'read' | 'failed' | null }): string {
  const via = r.via ? VIA_LABELS[r.via] : null
  const state =
    r.state === 'pending'
      ? via
        ? `agendado (${via})`
        : 'sem como enviar (sem e-mail e sem modelo de WhatsApp): avise a pessoa'
      : r.state === 'sending'
        ? `saiu${via ? ` por ${via}` : ''}, sem confirmação do servidor`
        : r.state === 'sent'
          ? r.delivery === 'failed'
            ? `não entregue pelo ${via ?? 'WhatsApp'} (a Meta avisou): avise a pessoa`
            : r.delivery === 'read'
              ? `lido no ${via ?? 'WhatsApp'}`
              : r.delivery === 'delivered'
                ? `entregue por ${via ?? 'WhatsApp'}`
                : `enviado${via ? ` por ${via}` : ''}`
          : r.state === 'failed'
            ? `recusado${via ? ` pelo ${via}` : ''}`
            : 'não enviado'
  return `${REMINDER_LABELS[r.kind]}: ${state}`
}
const BEFORE: Record<ReminderKind, number> = { vespera: 24 * 3_600_000, uma_hora: 3_600_000 }

/**
 * The reminders a confirmation schedules: the day before and one hour before the interview, each
 * only while it is still ahead (a time confirmed for this afternoon gets no "amanhã" reminder).
 */
export function remindersFor(startsAt: number, confirmedAt: number): { kind: ReminderKind; dueAt: number }[] {
  return (Object.keys(BEFORE) as ReminderKind[]).map((kind) => ({ kind, dueAt: startsAt - BEFORE[kind] })).filter((r) => r.dueAt > confirmedAt)
}

/** How late a reminder may still go: an "amanhã" sent on the day itself, or "em uma hora" at the door, would mislead. */
const LATEST: Record<ReminderKind, number> = { vespera: 6 * 3_600_000, uma_hora: 30 * 60_000 }
/** Whether a due reminder is too late to send (the BFF was down when it fell due): it is skipped. */
export const reminderTooLate = (kind: ReminderKind, dueAt: number, now: number) => now > dueAt + LATEST[kind]

/** The candidate's words for an interview, without the link: the invitation, the confirmation and the reminders share them. */
export function interviewText(
  kind: 'convite' | 'confirmacao' | ReminderKind | 'cancelamento',
  i: { name: string; vacancy: string; company: string; mode: InterviewMode; place: string; durationMinutes: number; slots: string[]; chosen?: string | null; interviewer: string },
): { subject: string; body: string } {
  const first = i.name.trim().split(/\s+/)[0] ?? ''
  const hello = `Olá${first ? `, ${first}` : ''}!`
  const what = `${i.vacancy}${i.company ? ` (${i.company})` : ''}`
  const where = whereText(i.mode, i.place)
  const when = i.chosen ? formatSlot(i.chosen) : ''
  switch (kind) {
    case 'convite':
      return {
        subject: `Convite para entrevista: ${i.vacancy}`,
        body: [
          hello,
          '',
          `Você foi chamado(a) para uma entrevista para a vaga ${what}.`,
          '',
          i.slots.length === 1 ? 'Horário proposto:' : 'Horários propostos (escolha um):',
          ...i.slots.map((s) => `- ${formatSlot(s)}`),
          '',
          `Duração: ${i.durationMinutes} minutos. ${where}. Com: ${i.interviewer}.`,
        ].join('\n'),
      }
    case 'confirmacao':
      return {
        subject: `Entrevista confirmada: ${i.vacancy}`,
        body: [hello, '', `Sua entrevista para a vaga ${what} está confirmada para ${when}.`, '', `Duração: ${i.durationMinutes} minutos. ${where}. Com: ${i.interviewer}.`].join(
          '\n',
        ),
      }
    case 'vespera':
    case 'uma_hora':
      return {
        subject: `Lembrete: entrevista ${kind === 'vespera' ? 'amanhã' : 'em uma hora'} (${i.vacancy})`,
        body: [
          hello,
          '',
          `Lembrete: sua entrevista para a vaga ${what} é ${kind === 'vespera' ? 'amanhã' : 'daqui a uma hora'}: ${when}.`,
          '',
          `${where}. Com: ${i.interviewer}.`,
        ].join('\n'),
      }
    case 'cancelamento':
      return { subject: `Entrevista cancelada: ${i.vacancy}`, body: [hello, '', `A entrevista para a vaga ${what} foi cancelada.`].join('\n') }
  }
}
