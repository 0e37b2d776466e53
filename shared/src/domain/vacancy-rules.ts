/**
 * What a staff vacancy needs: a description and a company — an empty "Nova Vaga" once
 * published "Vaga sem título" with a live "Candidatar-se". A new vacancy starts hidden; staff
 * publish it when it is ready.
 */
export const NEW_VACANCY_VISIBILITY = 'nao mostrar'

export const VACANCY_REQUIRED = {
  description: 'Preencha a descrição da vaga.',
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
