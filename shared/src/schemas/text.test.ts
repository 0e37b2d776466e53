import fc from 'fast-check'
import { Compile } from 'typebox/compile'
import { describe, expect, it } from 'vitest'
import { TEXT_MESSAGES, textProblem } from '../domain/text.ts'
import { BlockText, LineText, TEXT_PATTERNS, textRuleOf } from './text.ts'

const RULES = [
  { kind: 'line', required: false, schema: LineText(5000) },
  { kind: 'block', required: false, schema: BlockText(5000) },
  { kind: 'line', required: true, schema: LineText(5000, { required: true }) },
  { kind: 'block', required: true, schema: BlockText(5000, { required: true }) },
] as const

/** Text full of what the rule is about: controls, breaks, invisible and ordinary characters. */
const nastyText = fc
  .array(
    fc.oneof(
      fc.constantFrom('\u0000', '\u0007', '\t', '\n', '\r', '\u000b', '\u007f', '\u0085', '\u009f', ' ', '\u00a0', '\u200b', '\u2060', '\ufeff', '\u2028', 'a', 'ç', '😀'),
      fc.string({ maxLength: 3 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''))

describe('the one text rule', () => {
  it('refuses control characters, line breaks outside multi-line fields, and invisible-only required values', () => {
    expect(textProblem('Maria\u0000', 'line')).toBe(TEXT_MESSAGES.control)
    expect(textProblem('Maria\nSilva', 'line')).toBe(TEXT_MESSAGES.controlLine)
    expect(textProblem('linha 1\nlinha 2\tfim', 'block')).toBeNull()
    expect(textProblem('linha\u000b', 'block')).toBe(TEXT_MESSAGES.control)
    expect(textProblem('\u0001', 'line', true)).toBe(TEXT_MESSAGES.control)
    expect(textProblem(' \u200b\u00a0\u2060 ', 'line', true)).toBe(TEXT_MESSAGES.blank)
    expect(textProblem('', 'line', false)).toBeNull()
    expect(textProblem('José da Silva', 'line', true)).toBeNull()
    expect(textProblem('😀', 'line', true)).toBeNull()
  })
  it('is the same rule in the schemas as in textProblem, for TypeBox and for a plain unicode RegExp (ajv)', () => {
    const checks = RULES.map((rule) => ({ ...rule, check: Compile(rule.schema), regexp: new RegExp(String((rule.schema as { pattern?: string }).pattern), 'u') }))
    fc.assert(
      fc.property(nastyText, (value) => {
        for (const rule of checks) {
          const accepted = textProblem(value, rule.kind, rule.required) === null && (!rule.required || value.length > 0)
          expect(rule.check.Check(value), `${rule.kind}${rule.required ? ' required' : ''}: ${JSON.stringify(value)}`).toBe(accepted)
          expect(rule.regexp.test(value)).toBe(accepted)
        }
      }),
      { numRuns: 2000 },
    )
  })
  it('names each pattern’s rule, and no other pattern', () => {
    expect(textRuleOf(TEXT_PATTERNS.filledBlock)).toEqual({ kind: 'block', required: true })
    expect(textRuleOf('^\\d{8}$')).toBeNull()
  })
})
