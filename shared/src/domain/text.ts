/** Lowercase, strip accents and fold white space: how search and matching compare Portuguese text. */
export function foldText(value: string | null | undefined): string {
  if (!value) return ''
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

/** True when the value is null, undefined or only white space. */
export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
}

export function digitsOnly(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '')
}

/**
 * The one rule for free text people type, on every form, public or staff (docs/decisions/one-text-rule.md):
 * - no control characters (U+0000–U+001F, U+007F–U+009F): nothing a keyboard types, and NUL is
 *   text PostgreSQL cannot store; a multi-line field also takes line breaks and tabs;
 * - a required field needs a visible character: white space, separators and invisible format
 *   characters (U+200B and the like) alone leave it blank.
 * The schemas carry the same rule as patterns (schemas/text.ts), so the BFF refuses such a value
 * at the field before it reaches the store or the legacy.
 */
export type TextKind = 'line' | 'block'

export const TEXT_MESSAGES = {
  control: 'Remova os caracteres de controle (invisíveis) deste campo.',
  controlLine: 'Remova quebras de linha e caracteres de controle (invisíveis) deste campo.',
  blank: 'Campo obrigatório.',
} as const

const CONTROL_IN_LINE = /\p{Cc}/u
const CONTROL_IN_BLOCK = /(?![\t\n\r])\p{Cc}/u
const VISIBLE = /[^\s\p{Cc}\p{Cf}\p{Z}]/u

/** True when the value has a character a reader can see. */
export const hasVisibleText = (value: string) => VISIBLE.test(value)

/** What is wrong with a free-text value under the rule, or null. */
export function textProblem(value: string, kind: TextKind, required = false): string | null {
  if ((kind === 'line' ? CONTROL_IN_LINE : CONTROL_IN_BLOCK).test(value)) {
    return kind === 'line' && /[\n\r\t]/.test(value) && !CONTROL_IN_BLOCK.test(value) ? TEXT_MESSAGES.controlLine : TEXT_MESSAGES.control
  }
  if (required && !hasVisibleText(value)) return TEXT_MESSAGES.blank
  return null
}
