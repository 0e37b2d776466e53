import { EDUCATION_APPLY, EDUCATION_EDIT, GENERO_APPLY, GENERO_EDIT, HIGHER_EDUCATION, VEIOPOR_APPLY, VEIOPOR_EDIT, type Option } from '../constants/option-lists.ts'
import { foldText } from './text.ts'

/**
 * The union of two readings, the first list's spelling winning where two values differ only by
 * accents or case ('indicacao' and 'indicação' are one option).
 */
export function unionOptions(first: readonly Option[], second: readonly Option[]): Option[] {
  const seen = new Set<string>()
  const out: Option[] = []
  for (const option of [...first, ...second]) {
    const key = foldText(option.value)
    if (seen.has(key)) continue
    seen.add(key)
    out.push(option)
  }
  return out
}

/**
 * Options for a select on an edit screen: the list, plus the stored value when it is not in it,
 * so saving never silently replaces data the form could not show.
 */
export function optionsIncluding(options: readonly Option[], current: string | null | undefined): Option[] {
  const value = current ?? ''
  if (value === '' || options.some((o) => o.value === value)) return [...options]
  return [...options, { value, label: value }]
}

export const GENERO_UNION = unionOptions(GENERO_EDIT, GENERO_APPLY)
export const EDUCATION_UNION = unionOptions(EDUCATION_EDIT, EDUCATION_APPLY)
export const VEIOPOR_UNION = unionOptions(VEIOPOR_APPLY, VEIOPOR_EDIT)

/** The apply form asks for a course only with higher education (docs/product.md, Validation). */
export function requiresCourse(education: string | null | undefined): boolean {
  const folded = foldText(education)
  return HIGHER_EDUCATION.some((e) => foldText(e) === folded)
}
