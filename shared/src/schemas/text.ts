import { Type, type TString } from 'typebox'

/**
 * Free-text fields as schemas, with the rule of domain/text.ts (textProblem) written as patterns,
 * so that ajv (the BFF's routes) and TypeBox (the pass-through's bodies) refuse the same values.
 * The BFF's error handler recognises these patterns and words the field's message with
 * textProblem.
 */
const VISIBLE = '(?=[\\s\\S]*[^\\s\\p{Cc}\\p{Cf}\\p{Z}])'
export const TEXT_PATTERNS = {
  line: '^[^\\p{Cc}]*$',
  block: '^(?:[\\t\\n\\r]|[^\\p{Cc}])*$',
  filledLine: `^${VISIBLE}[^\\p{Cc}]*$`,
  filledBlock: `^${VISIBLE}(?:[\\t\\n\\r]|[^\\p{Cc}])*$`,
} as const

/** Which rule a pattern is, for the error message (null: another pattern). */
export function textRuleOf(pattern: unknown): { kind: 'line' | 'block'; required: boolean } | null {
  switch (pattern) {
    case TEXT_PATTERNS.line:
      return { kind: 'line', required: false }
    case TEXT_PATTERNS.block:
      return { kind: 'block', required: false }
    case TEXT_PATTERNS.filledLine:
      return { kind: 'line', required: true }
    case TEXT_PATTERNS.filledBlock:
      return { kind: 'block', required: true }
    default:
      return null
  }
}

/** One line of text (a name, an address, a city), at most `max` characters. */
export const LineText = (max: number, { required = false }: { required?: boolean } = {}): TString =>
  Type.String({ maxLength: max, pattern: required ? TEXT_PATTERNS.filledLine : TEXT_PATTERNS.line, ...(required ? { minLength: 1 } : {}) })

/** Text that may span lines (a note, an experience, a reason), at most `max` characters. */
export const BlockText = (max: number, { required = false }: { required?: boolean } = {}): TString =>
  Type.String({ maxLength: max, pattern: required ? TEXT_PATTERNS.filledBlock : TEXT_PATTERNS.block, ...(required ? { minLength: 1 } : {}) })
