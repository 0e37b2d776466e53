import { foldText } from './text.ts'

/**
 * What job seekers look for first and the legacy has no field for (docs/product.md, Vacancy form;
 * docs/decisions/vacancy-details.md): a description apart from the title, the salary (a range, or
 * "a combinar"), the contract type, the work model and the hours. Kept by the BFF, by vacancy.
 */
export const CONTRACT_TYPES = [
  { value: 'clt', label: 'CLT (efetivo)', schemaOrg: 'FULL_TIME' },
  { value: 'pj', label: 'PJ (prestador de serviço)', schemaOrg: 'CONTRACTOR' },
  { value: 'estagio', label: 'Estágio', schemaOrg: 'INTERN' },
  { value: 'temporario', label: 'Temporário', schemaOrg: 'TEMPORARY' },
] as const
export type ContractType = (typeof CONTRACT_TYPES)[number]['value']

export const WORK_MODELS = [
  { value: 'presencial', label: 'Presencial' },
  { value: 'hibrido', label: 'Híbrido' },
  { value: 'remoto', label: 'Remoto' },
] as const
export type WorkModel = (typeof WORK_MODELS)[number]['value']

export interface VacancyDetails {
  /** The description, apart from the title: what the job is, day to day. */
  about?: string | null | undefined
  /** Monthly, in reais; either end may be missing. */
  salary_min?: number | null | undefined
  salary_max?: number | null | undefined
  /** "A combinar": no figure is shown, even if one was typed. */
  salary_negotiable?: boolean | null | undefined
  contract?: ContractType | null | undefined
  work_model?: WorkModel | null | undefined
  /** Free text: "44h semanais, segunda a sexta, 8h às 17h". */
  hours?: string | null | undefined
}

export const contractLabel = (value: string | null | undefined) => CONTRACT_TYPES.find((c) => c.value === value)?.label ?? ''
export const workModelLabel = (value: string | null | undefined) => WORK_MODELS.find((m) => m.value === value)?.label ?? ''

const reais = (value: number) => value.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: value % 1 === 0 ? 0 : 2 })

/** The salary as people read it; '' when nothing was said about it. */
export function salaryText(d: VacancyDetails | null | undefined): string {
  if (!d) return ''
  if (d.salary_negotiable) return 'A combinar'
  const min = d.salary_min ?? null
  const max = d.salary_max ?? null
  if (min !== null && max !== null) return min === max ? `${reais(min)} por mês` : `${reais(min)} a ${reais(max)} por mês`
  if (min !== null) return `A partir de ${reais(min)} por mês`
  if (max !== null) return `Até ${reais(max)} por mês`
  return ''
}

/** The field messages of a details form (docs/product.md, Validation). */
export function vacancyDetailsErrors(d: VacancyDetails): Record<string, string> {
  const errors: Record<string, string> = {}
  const min = d.salary_min ?? null
  const max = d.salary_max ?? null
  if (min !== null && max !== null && max < min) errors.salary_max = 'O salário máximo não pode ser menor que o mínimo.'
  return errors
}

/**
 * schema.org's employmentType: the contract type when given; otherwise read from the title, as
 * before the field existed (an estágio is INTERN, else the agency's usual CLT: FULL_TIME).
 */
export function schemaOrgEmploymentType(d: VacancyDetails | null | undefined, title: string | null | undefined): string {
  const given = CONTRACT_TYPES.find((c) => c.value === d?.contract)
  if (given) return given.schemaOrg
  return /\bestagi/.test(foldText(title)) ? 'INTERN' : 'FULL_TIME'
}

/** schema.org's baseSalary (monthly, in BRL) when a figure was given and the salary is not "a combinar". */
export function schemaOrgBaseSalary(d: VacancyDetails | null | undefined): Record<string, unknown> | null {
  if (!d || d.salary_negotiable) return null
  const min = d.salary_min ?? null
  const max = d.salary_max ?? null
  if (min === null && max === null) return null
  const value =
    min !== null && max !== null && min !== max
      ? { '@type': 'QuantitativeValue', minValue: min, maxValue: max, unitText: 'MONTH' }
      : { '@type': 'QuantitativeValue', value: min ?? max, unitText: 'MONTH' }
  return { '@type': 'MonetaryAmount', currency: 'BRL', value }
}

/** The details as one line for a card: contract · model · salary. */
export function detailsSummary(d: VacancyDetails | null | undefined): string {
  return [contractLabel(d?.contract), workModelLabel(d?.work_model), salaryText(d)].filter(Boolean).join(' · ')
}
