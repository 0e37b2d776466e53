import { isMessagePurpose, MESSAGE_VARIABLES, type MessagePurpose, type MessageValues, type MessageVariable } from './messages.ts'

/**
 * Templates Meta approved for the agency's WhatsApp Business number, one per purpose: what the
 * Cloud API lets a business send to a person who has not written in the last 24 hours (bulk
 * sends, reminders). Meta's templates number their variables ({{1}}, {{2}}…); the operator names
 * which of ours fills each, in order: `lembrete=mv_lembrete(nome,vaga,data,hora,local)`.
 */
export interface WhatsAppTemplate {
  /** The template's name at Meta. */
  name: string
  /** Our variables, in the order of the template's {{1}}, {{2}}… */
  variables: MessageVariable[]
}
export type WhatsAppTemplates = Partial<Record<MessagePurpose, WhatsAppTemplate>>

const ENTRY = /^([a-z_]+)\s*=\s*([a-z0-9_]+)\s*(?:\(([^)]*)\))?$/

/** WHATSAPP_TEMPLATES: entries separated by ";", each `purpose=name(variable,…)`; what is wrong, said per entry. */
export function parseWhatsAppTemplates(text: string): { templates: WhatsAppTemplates; problems: string[] } {
  const templates: WhatsAppTemplates = {}
  const problems: string[] = []
  for (const raw of text.split(';')) {
    const entry = raw.trim()
    if (!entry) continue
    const match = ENTRY.exec(entry)
    if (!match) {
      problems.push(`WHATSAPP_TEMPLATES: "${entry}" is not purpose=template_name(variable,…)`)
      continue
    }
    const [, purpose, name, list = ''] = match
    if (!isMessagePurpose(purpose!)) {
      problems.push(`WHATSAPP_TEMPLATES: unknown purpose "${purpose}"`)
      continue
    }
    const variables = list
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean)
    const unknown = variables.filter((v) => !MESSAGE_VARIABLES.some((known) => known.name === v))
    if (unknown.length > 0) {
      problems.push(`WHATSAPP_TEMPLATES: unknown variable ${unknown.map((v) => `"${v}"`).join(', ')} in ${purpose}`)
      continue
    }
    if (templates[purpose]) problems.push(`WHATSAPP_TEMPLATES: ${purpose} named twice`)
    templates[purpose] = { name: name!, variables: variables as MessageVariable[] }
  }
  return { templates, problems }
}

/** Meta refuses a parameter with a line break, a tab or more than four spaces in a row, and an empty one. */
const META_PARAMETER_LIMIT = 1024
export function templateParameters(template: WhatsAppTemplate, values: MessageValues): string[] {
  return template.variables.map((name) => {
    const value = (values[name] ?? '')
      .replace(/[\r\n\t]+/g, ' ')
      .replace(/ {4,}/g, '   ')
      .trim()
      .slice(0, META_PARAMETER_LIMIT)
    return value || '-'
  })
}
