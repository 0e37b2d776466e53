import { LGPD_DEADLINE_DAYS } from '../constants/privacy.ts'
import { emailKey, looksLikeEmail, phoneKey } from './candidate-identity.ts'
import { digitsOnly } from './text.ts'

/**
 * An applicant's LGPD request, checked the same way in the browser and the BFF: who
 * they are (name, the e-mail and WhatsApp they applied with) and what they ask for.
 */
export interface PrivacyRequestForm {
  kind: string
  name: string
  email: string
  whatsapp: string
  details: string
}

export function privacyRequestErrors(form: PrivacyRequestForm): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!['acesso', 'correcao', 'exclusao', 'revisao'].includes(form.kind)) errors.kind = 'Escolha o que você quer pedir.'
  if (form.name.trim().length < 3) errors.name = 'Informe seu nome completo.'
  if (!looksLikeEmail(form.email)) errors.email = 'Informe o e-mail usado na candidatura.'
  const phone = digitsOnly(form.whatsapp)
  if (phone.length < 10 || phone.length > 11) errors.whatsapp = 'Informe o WhatsApp usado na candidatura, com DDD.'
  if ((form.kind === 'correcao' || form.kind === 'revisao') && form.details.trim().length < 5)
    errors.details = form.kind === 'correcao' ? 'Diga o que deve ser corrigido.' : 'Diga qual decisão você quer que uma pessoa revise.'
  return errors
}

/** The legal deadline (15 days) from the moment the request was made, as an ISO date (Brazil's day). */
export function privacyDeadline(createdAt: Date): string {
  const day = new Date(createdAt.getTime() - 3 * 3_600_000)
  day.setUTCDate(day.getUTCDate() + LGPD_DEADLINE_DAYS)
  return day.toISOString().slice(0, 10)
}

/**
 * The fields a deletion request overwrites in each of the applicant's records: the
 * legacy's contract has no delete, so the record stays for the vacancy's counts with nothing that
 * identifies the person; the status is kept.
 */
export function anonymisedRecord(protocol: string, date: string) {
  return {
    full_name: 'Titular anonimizado (LGPD)',
    email: `anonimizado-${protocol.toLowerCase()}@titular.invalid`,
    whatsapp: '0',
    age: null,
    genero: null,
    is_pcd: null,
    address_street: null,
    address_neighborhood: null,
    address_city: null,
    address_state: null,
    cep: null,
    education: null,
    curso: null,
    experience_1: null,
    experience_2: null,
    experience_3: null,
    veiopor: null,
    obs: `Dados removidos a pedido do titular (LGPD), protocolo ${protocol}, em ${date}.`,
  }
}

/** Whether a legacy record was anonymised by the product (its e-mail is the placeholder anonymisedRecord writes). */
export const isAnonymisedRecord = (record: { email?: unknown } | null | undefined) => typeof record?.email === 'string' && record.email.endsWith('@titular.invalid')

/** Whether a legacy record is the requester's: the same e-mail and the same WhatsApp digits (both, so knowing one is not enough). */
export function isRequestersRecord(record: { email?: unknown; whatsapp?: unknown }, request: { email: string; whatsapp: string }): boolean {
  return emailKey(record.email) === emailKey(request.email) && phoneKey(record.whatsapp) === phoneKey(request.whatsapp)
}
