import { ESTADOS, type Estado, type Uf } from '../constants/estados.ts'
import { foldText } from './text.ts'

const byEstado = new Map<string, (typeof ESTADOS)[number]>(ESTADOS.map((e) => [e.estado, e]))
const byUf = new Map<string, (typeof ESTADOS)[number]>(ESTADOS.map((e) => [e.uf, e]))
const byName = new Map<string, (typeof ESTADOS)[number]>(ESTADOS.map((e) => [foldText(e.name), e]))

function find(value: string | null | undefined) {
  if (!value) return undefined
  const trimmed = value.trim()
  return byUf.get(trimmed.toUpperCase()) ?? byEstado.get(foldText(trimmed).replace(/ /g, '_')) ?? byName.get(foldText(trimmed))
}

/** Reads any spelling the data holds ('ceara', 'CE', 'Ceará') as the legacy estado key, or null. */
export function toEstado(value: string | null | undefined): Estado | null {
  return find(value)?.estado ?? null
}

/** Reads any spelling as the two-letter UF code, or null. */
export function toUf(value: string | null | undefined): Uf | null {
  return find(value)?.uf ?? null
}

/** The display name of any spelling; an unknown value is shown as stored. */
export function estadoName(value: string | null | undefined): string {
  return find(value)?.name ?? value ?? ''
}
