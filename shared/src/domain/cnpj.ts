import { CNPJ_DIGITS } from '../constants/limits.ts'

/**
 * CNPJs, numeric and alphanumeric: since July 2026 the Receita Federal issues CNPJs
 * whose first 12 characters are digits or capital letters; the last 2 are always check digits,
 * computed from each character's code minus 48 ('0'–'9' are 0–9, 'A' is 17…). Old numeric CNPJs
 * are the same rule with digits only.
 */

/**
 * The value sent to the API (docs/product.md, Validation): punctuation dropped, letters capitalised; up to 12
 * letters or digits, then up to 2 digits (the check digits are never letters).
 */
export function cnpjDigits(value: string | null | undefined): string {
  let out = ''
  for (const ch of (value ?? '').toUpperCase()) {
    if (out.length < 12 ? /[0-9A-Z]/.test(ch) : out.length < CNPJ_DIGITS && /[0-9]/.test(ch)) out += ch
  }
  return out
}

/**
 * The mask applied while typing (docs/product.md, Validation): 00.000.000/0000-00, built progressively so the
 * punctuation appears only once the digit after it is typed.
 */
export function maskCnpjInput(value: string | null | undefined): string {
  const d = cnpjDigits(value)
  let out = d.slice(0, 2)
  if (d.length > 2) out += '.' + d.slice(2, 5)
  if (d.length > 5) out += '.' + d.slice(5, 8)
  if (d.length > 8) out += '/' + d.slice(8, 12)
  if (d.length > 12) out += '-' + d.slice(12, 14)
  return out
}

/**
 * How a stored CNPJ is shown (docs/product.md, Vacancies for staff): 14 digits masked, anything else as stored, and
 * 'Não informado' when empty.
 */
export function formatStoredCnpj(value: string | null | undefined): string {
  const raw = (value ?? '').trim()
  if (raw === '') return 'Não informado'
  const d = cnpjDigits(raw)
  return d.length === CNPJ_DIGITS && /^[\dA-Za-z./\-\s]+$/.test(raw) && raw.replace(/[^0-9A-Za-z]/g, '').length === CNPJ_DIGITS ? maskCnpjInput(d) : raw
}

function checkDigit(chars: string, weights: readonly number[]): number {
  let sum = 0
  for (let i = 0; i < weights.length; i++) sum += (chars.charCodeAt(i) - 48) * (weights[i] ?? 0)
  const rest = sum % 11
  return rest < 2 ? 0 : 11 - rest
}

const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
const SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]

/**
 * Check-digit validation. It only warns: legacy data may hold invalid CNPJs and must stay
 * editable, so no screen refuses a value because of it.
 */
export function isValidCnpj(value: string | null | undefined): boolean {
  const d = cnpjDigits(value)
  if (d.length !== CNPJ_DIGITS || /^(.)\1{13}$/.test(d)) return false
  return withCheckDigits(d.slice(0, 12)) === d
}

/** The CNPJ made of 12 base characters (digits or capital letters) and their two check digits (seeds and tests). */
export function withCheckDigits(base12: string): string {
  const first = checkDigit(base12, FIRST_WEIGHTS)
  return `${base12}${first}${checkDigit(base12 + first, SECOND_WEIGHTS)}`
}

/** The warning a form shows under a complete CNPJ whose check digits do not match, else null. */
export function cnpjWarning(value: string | null | undefined): string | null {
  const d = cnpjDigits(value)
  if (d.length !== CNPJ_DIGITS) return null
  return isValidCnpj(d) ? null : 'CNPJ com dígitos verificadores inválidos. Confira o número.'
}
