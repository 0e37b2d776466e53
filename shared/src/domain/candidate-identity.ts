import { digitsOnly } from './text.ts'

/**
 * Telling the same person in two records (issue 15): the same e-mail (case and spaces aside) or the
 * same WhatsApp (digits only, with or without Brazil's 55). Names are not compared: homonyms are
 * common, and a person may type theirs differently.
 */
export const emailKey = (value: unknown) =>
  String(value ?? '')
    .trim()
    .toLowerCase()

export function phoneKey(value: unknown): string {
  const digits = digitsOnly(String(value ?? ''))
  return digits.length >= 12 && digits.startsWith('55') ? digits.slice(2) : digits
}

export function sharesContact(a: { email?: unknown; whatsapp?: unknown }, b: { email?: unknown; whatsapp?: unknown }): boolean {
  const email = emailKey(a.email)
  const phone = phoneKey(a.whatsapp)
  return (email !== '' && email === emailKey(b.email)) || (phone.length >= 10 && phone === phoneKey(b.whatsapp))
}

/** The people among `records` who share a contact with `person`. */
export function recordsOf<T extends { email?: unknown; whatsapp?: unknown }>(person: { email?: unknown; whatsapp?: unknown }, records: readonly T[]): T[] {
  return records.filter((r) => sharesContact(person, r))
}
