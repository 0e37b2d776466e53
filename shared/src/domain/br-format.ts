import { EDUCATION_UNION, GENERO_UNION, VEIOPOR_UNION } from './option-lists.ts'
import { SUPERMARKET_EXPERIENCE } from '../constants/option-lists.ts'
import { phoneKey } from './candidate-identity.ts'
import { estadoName, toUf } from './estados.ts'
import { digitsOnly, foldText } from './text.ts'

/**
 * Brazilian formats, from one place: how phones, CEPs, states and option values are
 * shown on every screen and export. Stored values are never changed: each function reads any
 * spelling the data holds and shows it one way, and answers the value as stored when it cannot
 * read it.
 */

/** WhatsApp and phone numbers: (85) 98070-0676 for mobiles, (85) 3333-4444 for landlines; 55 dropped. */
export function formatPhone(value: unknown): string {
  const raw = String(value ?? '').trim()
  const d = phoneKey(raw)
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`
  return raw
}

/** The phone mask while typing: the same shape, built as the digits come (at most 11). */
export function maskPhoneInput(value: string): string {
  const d = digitsOnly(value).slice(0, 11)
  if (d.length === 0) return ''
  if (d.length <= 2) return `(${d}`
  const local = d.slice(2)
  const split = d.length === 11 ? 5 : 4
  return local.length <= split ? `(${d.slice(0, 2)}) ${local}` : `(${d.slice(0, 2)}) ${local.slice(0, split)}-${local.slice(split)}`
}

/** CEP: 60160-230; anything that is not 8 digits as stored. */
export function formatCep(value: unknown): string {
  const raw = String(value ?? '').trim()
  const d = digitsOnly(raw)
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : raw
}

/** The CEP mask while typing: digits only (a pasted 60.160-230 fits), the hyphen after the fifth. */
export function maskCepInput(value: string): string {
  const d = digitsOnly(value).slice(0, 8)
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d
}

/** A state in any spelling ('ce', 'ceara', 'Ceará', 'rio_grande_do_norte') as its UF code; unknown ones as stored. */
export function formatUf(value: unknown): string {
  const raw = String(value ?? '').trim()
  return toUf(raw) ?? raw
}

/** A state as its full name ('Rio Grande do Norte'); unknown ones as stored. */
export const formatEstado = (value: unknown) => estadoName(String(value ?? '').trim())

const labelsOf = (options: readonly { value: string; label: string }[]) => new Map(options.map((o) => [foldText(o.value), o.label]))
const LABELS = {
  genero: labelsOf(GENERO_UNION),
  education: labelsOf(EDUCATION_UNION),
  veiopor: labelsOf(VEIOPOR_UNION),
  experience: labelsOf(SUPERMARKET_EXPERIENCE),
} as const

/** An option value ('indicacao', 'sim trabalhei em supermercado') as its label; a value with no label as stored. */
export function optionLabel(list: keyof typeof LABELS, value: unknown): string {
  const raw = String(value ?? '').trim()
  return LABELS[list].get(foldText(raw)) ?? raw
}
