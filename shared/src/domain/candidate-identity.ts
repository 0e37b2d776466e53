import { digitsOnly } from './text.ts'

/**
 * Telling the same person in two records: the same e-mail (case and spaces aside) or the
 * same WhatsApp (digits only, with or without Brazil's 55). Names are not compared: homonyms are
 * common, and a person may type theirs differently.
 */
/** An address that looks like one (something@domain.tld): what the public forms ask for. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())

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

/** The ids of records that share an e-mail or a WhatsApp with another record of the list ("possível duplicado"). */
export function possibleDuplicates(records: readonly { id: number; email?: unknown; whatsapp?: unknown }[]): Set<number> {
  const byKey = new Map<string, number[]>()
  const add = (key: string, id: number) => {
    const ids = byKey.get(key)
    if (ids) ids.push(id)
    else byKey.set(key, [id])
  }
  for (const r of records) {
    const email = emailKey(r.email)
    const phone = phoneKey(r.whatsapp)
    if (email) add(`e:${email}`, r.id)
    if (phone.length >= 10) add(`p:${phone}`, r.id)
  }
  const out = new Set<number>()
  for (const ids of byKey.values()) if (new Set(ids).size > 1) for (const id of ids) out.add(id)
  return out
}
