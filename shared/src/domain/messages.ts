import { emailKey, phoneKey } from './candidate-identity.ts'

/**
 * Messages to candidates from templates (docs/product.md, Messages): what each is for, the words
 * a template starts with, the variables it may use, and how a template becomes a message. Messages
 * are plain text: nothing a template or a record holds can become markup or a mail header.
 */
export const MESSAGE_PURPOSES = [
  { value: 'convite_entrevista', label: 'Convite para entrevista' },
  { value: 'lembrete', label: 'Lembrete' },
  { value: 'retorno_positivo', label: 'Retorno positivo' },
  { value: 'retorno_negativo', label: 'Retorno negativo' },
  { value: 'pedido_documentos', label: 'Pedido de documentos' },
  { value: 'livre', label: 'Mensagem livre' },
] as const
export type MessagePurpose = (typeof MESSAGE_PURPOSES)[number]['value']
export const isMessagePurpose = (v: string): v is MessagePurpose => MESSAGE_PURPOSES.some((p) => p.value === v)
export const messagePurposeLabel = (v: string) => MESSAGE_PURPOSES.find((p) => p.value === v)?.label ?? v

export const MESSAGE_CHANNELS = [
  { value: 'email', label: 'e-mail' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'whatsapp_api', label: 'WhatsApp Business' },
] as const
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number]['value']
export const messageChannelLabel = (v: string) => MESSAGE_CHANNELS.find((c) => c.value === v)?.label ?? v

/** The variables a template may use, with what each becomes. */
export const MESSAGE_VARIABLES = [
  { name: 'nome', label: 'primeiro nome do candidato' },
  { name: 'nome_completo', label: 'nome completo' },
  { name: 'vaga', label: 'título da vaga' },
  { name: 'empresa', label: 'empresa da vaga' },
  { name: 'cidade', label: 'cidade da vaga' },
  { name: 'data', label: 'data (da entrevista, do prazo…)' },
  { name: 'hora', label: 'horário' },
  { name: 'local', label: 'local ou endereço' },
  { name: 'link', label: 'link (da entrevista online, do envio de documentos…)' },
] as const
export type MessageVariable = (typeof MESSAGE_VARIABLES)[number]['name']
export type MessageValues = Partial<Record<MessageVariable, string>>

export interface MessageTemplate {
  purpose: MessagePurpose
  subject: string
  body: string
}

/** The words each purpose starts with; admins change them (and can go back to these). */
export const DEFAULT_TEMPLATES: Record<MessagePurpose, MessageTemplate> = {
  convite_entrevista: {
    purpose: 'convite_entrevista',
    subject: 'Convite para entrevista — {vaga}',
    body: 'Olá, {nome}! Tudo bem?\n\nGostamos da sua candidatura para a vaga de {vaga} ({empresa}) e queremos conversar com você.\n\nData: {data}\nHorário: {hora}\nLocal: {local}\n\nVocê confirma a sua presença? Se não puder nesse horário, responda esta mensagem que combinamos outro.',
  },
  lembrete: {
    purpose: 'lembrete',
    subject: 'Lembrete — {vaga}',
    body: 'Olá, {nome}! Passando para lembrar do nosso compromisso sobre a vaga de {vaga} ({empresa}): {data}, {hora}, {local}.\n\nQualquer imprevisto, é só responder esta mensagem.',
  },
  retorno_positivo: {
    purpose: 'retorno_positivo',
    subject: 'Boas notícias sobre a vaga de {vaga}',
    body: 'Olá, {nome}! Temos boas notícias: você foi aprovado(a) na seleção para a vaga de {vaga} ({empresa}).\n\nEm breve entraremos em contato com os próximos passos.',
  },
  retorno_negativo: {
    purpose: 'retorno_negativo',
    subject: 'Sobre a sua candidatura para {vaga}',
    body: 'Olá, {nome}. Obrigado pelo seu interesse na vaga de {vaga} ({empresa}) e pelo tempo dedicado ao processo.\n\nNesta seleção, seguimos com outros perfis. O seu cadastro continua com a gente, e você pode se candidatar às nossas outras vagas quando quiser.\n\nDesejamos sucesso na sua busca!',
  },
  pedido_documentos: {
    purpose: 'pedido_documentos',
    subject: 'Documentos para a vaga de {vaga}',
    body: 'Olá, {nome}! Para seguirmos com a sua contratação para a vaga de {vaga} ({empresa}), precisamos de alguns documentos até {data}.\n\nEnvie por aqui: {link}\n\nQualquer dúvida, é só responder.',
  },
  livre: { purpose: 'livre', subject: 'Mini Vagas — {vaga}', body: 'Olá, {nome}!\n\n' },
}

export const TEMPLATE_LIMITS = { subject: 150, body: 4000 } as const

// Control characters (line breaks kept where text allows them) and invisible-only values are
// refused by the text rule; a value from a record is cleaned here, never trusted.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/g
const oneLine = (value: string) =>
  value
    .replace(/[\r\n]+/g, ' ')
    .replace(CONTROL, '')
    .trim()

/** Fills `{variable}`: a known variable with its value (one line, cleaned), an unknown one stays as written. */
export function fillTemplate(text: string, values: MessageValues): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? oneLine(values[name as MessageVariable] ?? '') : whole))
}

/** A message from a template: the subject on one line (no header can be added through it), the body as text. */
export function renderMessage(template: Pick<MessageTemplate, 'subject' | 'body'>, values: MessageValues): { subject: string; text: string } {
  return { subject: oneLine(fillTemplate(template.subject, values)).slice(0, TEMPLATE_LIMITS.subject), text: fillTemplate(template.body, values).replace(CONTROL, '') }
}

/** Variables a template names that the product does not know (a typo the editor points out). */
export const unknownVariables = (text: string) => [...text.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]!).filter((name) => !MESSAGE_VARIABLES.some((v) => v.name === name))

/** Variables a message still needs filled by the sender (date, time, place, link) because no record holds them. */
export const SENDER_VARIABLES = ['data', 'hora', 'local', 'link'] as const satisfies readonly MessageVariable[]

/** What a candidate's record and vacancy give a template. */
export function recordValues(record: Record<string, unknown>): MessageValues {
  const vacancy = (record.job_posting ?? {}) as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
  const full = text(record.full_name)
  return {
    nome: full.split(/\s+/)[0] ?? '',
    nome_completo: full,
    vaga: text(vacancy.description),
    empresa: text(vacancy.company_name) || text(record.company_name),
    cidade: text(vacancy.city),
  }
}

/**
 * WhatsApp's click-to-chat link, with the message filled in when there is one (wa.me: on a phone it
 * opens the app); a Brazilian number gets its 55. Null when the record has no usable number.
 */
/** A WhatsApp number as WhatsApp wants it: with Brazil's country code when it has none (10 or 11 digits: DDD and number); null when it is too short to be one. */
export function whatsappNumber(whatsapp: unknown): string | null {
  const digits = phoneKey(whatsapp)
  if (digits.length < 10) return null
  return digits.length <= 11 ? `55${digits}` : digits
}

export function whatsappLink(whatsapp: unknown, text: string): string | null {
  const number = whatsappNumber(whatsapp)
  if (!number) return null
  return text ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : `https://wa.me/${number}`
}

/** The keys a request not to be contacted is kept under: the e-mail and the WhatsApp, each alone. */
export function contactKeys(record: { email?: unknown; whatsapp?: unknown }): string[] {
  const keys: string[] = []
  const email = emailKey(record.email)
  const phone = phoneKey(record.whatsapp)
  if (email) keys.push(`email:${email}`)
  if (phone.length >= 10) keys.push(`phone:${phone}`)
  return keys
}

export const MESSAGE_TEXTS = {
  optedOut: 'Esta pessoa pediu para não ser contatada.',
  noEmail: 'Este candidato não tem e-mail.',
  noPhone: 'Este candidato não tem um WhatsApp válido.',
  noMail: 'O envio de e-mails não está configurado. Use o WhatsApp ou peça a quem opera o sistema para configurar o SMTP.',
  unsubscribeLine: 'Não quer mais receber mensagens do Mini Vagas? Abra: {link}',
  unsubscribed: 'Pronto: você não receberá mais mensagens da agência neste e-mail.',
  noWhatsAppApi: 'O WhatsApp Business não está configurado neste servidor. Use o link do WhatsApp.',
  outsideWindow:
    'A pessoa não falou com a agência pelo WhatsApp nas últimas 24 horas, e fora dessa janela o WhatsApp só aceita modelos aprovados pela Meta. Use o link do WhatsApp ou o e-mail.',
  whatsAppRefused: (reason: string) => `O WhatsApp recusou a mensagem: ${reason}.`,
} as const
