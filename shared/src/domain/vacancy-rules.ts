import { formatDate } from './dates.ts'
/**
 * What a staff vacancy needs: a description and a company — an empty "Nova Vaga" once
 * published "Vaga sem título" with a live "Candidatar-se". A new vacancy starts hidden; staff
 * publish it when it is ready.
 */
export const NEW_VACANCY_VISIBILITY = 'nao mostrar'

export const VACANCY_REQUIRED = {
  description: 'Preencha o título da vaga.',
  company_name: 'Preencha o nome da empresa.',
} as const

/**
 * The required fields' problems. A new vacancy needs both; an update needs them only when it
 * sends them (a partial update of other fields leaves them as stored).
 */
export function vacancyRequiredErrors(input: { description?: unknown; company_name?: unknown }, creating: boolean): Partial<Record<keyof typeof VACANCY_REQUIRED, string>> {
  const errors: Partial<Record<keyof typeof VACANCY_REQUIRED, string>> = {}
  for (const field of Object.keys(VACANCY_REQUIRED) as (keyof typeof VACANCY_REQUIRED)[]) {
    const value = input[field]
    if ((creating || value !== undefined) && String(value ?? '').trim() === '') errors[field] = VACANCY_REQUIRED[field]
  }
  return errors
}

/**
 * Filled positions cannot outnumber the positions opened ("5 preenchidas de 3" made the dashboard's
 * open positions negative in the reader's head). Checked with the stored values for a field an
 * update does not send; null when fine or unknown.
 */
export function positionsError(input: { vagas_abertas?: number | null | undefined; vagas_preenchidas?: number | null | undefined }, stored: typeof input = {}): string | null {
  const opened = input.vagas_abertas ?? stored.vagas_abertas
  const filled = input.vagas_preenchidas ?? stored.vagas_preenchidas
  if (typeof opened !== 'number' || typeof filled !== 'number' || filled <= opened) return null
  return `As vagas preenchidas (${filled}) não podem passar das vagas abertas (${opened}).`
}

/** The recruiters staff have named, each once (case and spaces aside), in alphabetical order: the form's list. */
export function knownRecruiters(vacancies: readonly { recrutador?: string | null | undefined }[]): string[] {
  const byKey = new Map<string, string>()
  for (const v of vacancies) {
    const name = String(v.recrutador ?? '')
      .replace(/\s+/g, ' ')
      .trim()
    if (name && !byKey.has(name.toLocaleLowerCase('pt-BR'))) byKey.set(name.toLocaleLowerCase('pt-BR'), name)
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'pt-BR'))
}

/**
 * What tells same-named vacancies apart in a picker (the forward dialog, the screening's vacancy):
 * the company, the place (city / neighbourhood), when it was opened, how many candidates it has,
 * and its number.
 */
export function vacancyPickerDetails(v: {
  id: number
  company_name?: string | null
  city?: string | null
  bairro?: string | null
  created_at?: string | null
  candidates_count?: number | null | undefined
}): string {
  const place = [v.city, v.bairro].filter((x) => x && String(x).trim()).join(' / ')
  const opened = v.created_at ? `aberta em ${formatDate(v.created_at)}` : ''
  const count = typeof v.candidates_count === 'number' ? `${v.candidates_count.toLocaleString('pt-BR')} candidato${v.candidates_count === 1 ? '' : 's'}` : ''
  return [v.company_name, place, opened, count, `nº ${v.id}`].filter(Boolean).join(' · ')
}
