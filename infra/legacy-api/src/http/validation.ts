import { isCalendarDate } from '@mini-vagas/shared/domain/dates'

/**
 * A small Laravel-style validator: rules per field, pt_BR messages as laravel-lang writes them,
 * and the 422 body `{message, errors: {field: [..]}}` a Laravel API answers with.
 */
export type Rule =
  | 'required'
  | 'present'
  | 'nullable'
  | 'sometimes'
  | 'string'
  | 'numeric'
  | 'integer'
  | 'boolean'
  | 'array'
  | 'email'
  | 'date'
  | { min: number }
  | { max: number }
  | { in: readonly string[] }
  | { custom: (value: unknown, data: Record<string, unknown>) => string | null }

export type Rules = Record<string, readonly Rule[]>

export interface ValidationFailure {
  message: string
  errors: Record<string, string[]>
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function get(data: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => {
    if (value && typeof value === 'object') return (value as Record<string, unknown>)[key]
    return undefined
  }, data)
}

function has(data: Record<string, unknown>, path: string): boolean {
  const parts = path.split('.')
  const last = parts.pop()!
  const parent = parts.length ? get(data, parts.join('.')) : data
  return parent !== null && typeof parent === 'object' && last in (parent as object)
}

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)

const isNumeric = (v: unknown) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)))

const isBooleanLike = (v: unknown) => [true, false, 0, 1, '0', '1'].includes(v as never)

function sizeOf(value: unknown): number {
  if (typeof value === 'string') return [...value].length
  if (Array.isArray(value)) return value.length
  return Number(value)
}

/** Validates `data` against `rules`; `attributes` gives each field its Portuguese name. */
export function validate(data: Record<string, unknown>, rules: Rules, attributes: Record<string, string> = {}): ValidationFailure | null {
  const errors: Record<string, string[]> = {}
  const expanded: [string, readonly Rule[]][] = []
  for (const [field, fieldRules] of Object.entries(rules)) {
    // 'experience.*' applies to every element of the experience array.
    if (field.endsWith('.*')) {
      const list = get(data, field.slice(0, -2))
      if (Array.isArray(list)) list.forEach((_, i) => expanded.push([`${field.slice(0, -2)}.${i}`, fieldRules]))
    } else {
      expanded.push([field, fieldRules])
    }
  }
  for (const [field, fieldRules] of expanded) {
    const value = get(data, field)
    const attribute = attributes[field] ?? attributes[field.replace(/\.\d+$/, '.*')] ?? field.replace(/_/g, ' ')
    const fail = (message: string) => {
      ;(errors[field] ??= []).push(message)
    }
    if (fieldRules.includes('sometimes') && !has(data, field)) continue
    if (fieldRules.includes('present') && !has(data, field)) {
      fail(`O campo ${attribute} deve estar presente.`)
      continue
    }
    if (isEmpty(value)) {
      if (fieldRules.includes('required')) fail(`O campo ${attribute} é obrigatório.`)
      continue
    }
    const numeric = fieldRules.includes('numeric') || fieldRules.includes('integer')
    for (const rule of fieldRules) {
      if (typeof rule === 'string') {
        if (rule === 'string' && typeof value !== 'string') fail(`O campo ${attribute} deve ser uma string.`)
        if (rule === 'numeric' && !isNumeric(value)) fail(`O campo ${attribute} deve ser um número.`)
        if (rule === 'integer' && !(isNumeric(value) && Number.isInteger(Number(value)))) {
          fail(`O campo ${attribute} deve ser um número inteiro.`)
        }
        if (rule === 'boolean' && !isBooleanLike(value)) fail(`O campo ${attribute} deve ser verdadeiro ou falso.`)
        if (rule === 'array' && (typeof value !== 'object' || value === null)) {
          fail(`O campo ${attribute} deve ser uma matriz.`)
        }
        if (rule === 'email' && !(typeof value === 'string' && EMAIL.test(value))) {
          fail(`O campo ${attribute} deve ser um endereço de e-mail válido.`)
        }
        if (rule === 'date' && !isCalendarDate(value)) {
          fail(`O campo ${attribute} não é uma data válida.`)
        }
      } else if ('min' in rule) {
        if (numeric ? isNumeric(value) && Number(value) < rule.min : sizeOf(value) < rule.min) {
          fail(numeric ? `O campo ${attribute} deve ser pelo menos ${rule.min}.` : `O campo ${attribute} deve ter pelo menos ${rule.min} caracteres.`)
        }
      } else if ('max' in rule) {
        if (numeric ? isNumeric(value) && Number(value) > rule.max : sizeOf(value) > rule.max) {
          fail(
            numeric
              ? `O campo ${attribute} não pode ser superior a ${rule.max}.`
              : Array.isArray(value)
                ? `O campo ${attribute} não pode ter mais de ${rule.max} itens.`
                : `O campo ${attribute} não pode ser superior a ${rule.max} caracteres.`,
          )
        }
      } else if ('in' in rule) {
        if (!rule.in.includes(String(value))) fail(`O ${attribute} selecionado é inválido.`)
      } else {
        const message = rule.custom(value, data)
        if (message) fail(message.replace(':attribute', attribute))
      }
    }
  }
  const fields = Object.keys(errors)
  if (fields.length === 0) return null
  const count = Object.values(errors).reduce((n, list) => n + list.length, 0) - 1
  const first = errors[fields[0]!]![0]!
  const message = count === 0 ? first : `${first} (e mais ${count} ${count === 1 ? 'erro' : 'erros'})`
  return { message, errors }
}
