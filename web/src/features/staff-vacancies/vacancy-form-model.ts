import { positionsError } from '@mini-vagas/shared/domain/vacancy-rules'
import { cnpjDigits, maskCnpjInput } from '@mini-vagas/shared/domain/cnpj'
import { toEstado } from '@mini-vagas/shared/domain/estados'
import type { VacancyInput } from '@mini-vagas/shared/schemas/vacancy'
import { NEW_VACANCY_VISIBILITY, vacancyRequiredErrors } from '@mini-vagas/shared/domain/vacancy-rules'
import { vacancyDetailsErrors } from '@mini-vagas/shared/domain/vacancy-details'
import type { StaffVacancy } from './api/get-vacancies.ts'

/** The vacancy form as typed: every field a string or a list (docs/product.md, Vacancy form). */
export interface VacancyForm {
  recrutador: string
  description: string
  company_name: string
  cnpj: string
  city: string
  bairro: string
  estado: string
  requirements: string[]
  benefits: string[]
  criterios: string[]
  obs: string
  vagas_abertas: string
  vagas_preenchidas: string
  status: string
  redes_sociais: string
  /** Kept by the BFF (shared/domain/vacancy-details.ts). */
  about: string
  salary_min: string
  salary_max: string
  salary_negotiable: boolean
  contract: string
  work_model: string
  hours: string
}
export const EMPTY_VACANCY_FORM: VacancyForm = {
  recrutador: '',
  description: '',
  company_name: '',
  cnpj: '',
  city: '',
  bairro: '',
  estado: '',
  requirements: [],
  benefits: [],
  criterios: [],
  // Hidden until staff publish it.
  obs: NEW_VACANCY_VISIBILITY,
  vagas_abertas: '1',
  vagas_preenchidas: '0',
  status: 'aberta',
  redes_sociais: '',
  about: '',
  salary_min: '',
  salary_max: '',
  salary_negotiable: false,
  contract: '',
  work_model: '',
  hours: '',
}

export function fromVacancy(v: StaffVacancy): VacancyForm {
  return {
    recrutador: v.recrutador ?? '',
    description: v.description ?? '',
    company_name: v.company_name ?? '',
    cnpj: maskCnpjInput(v.cnpj ?? ''),
    city: v.city ?? '',
    bairro: v.bairro ?? '',
    // Both spellings occur ('ceara', 'CE'); the select uses the estado key, unknown values stay.
    estado: toEstado(v.estado) ?? v.estado ?? '',
    requirements: v.requirements ?? [],
    benefits: v.benefits ?? [],
    criterios: v.criterios ?? [],
    obs: v.obs ?? 'mostrar',
    vagas_abertas: String(v.vagas_abertas ?? 0),
    vagas_preenchidas: String(v.vagas_preenchidas ?? 0),
    status: v.status ?? '',
    redes_sociais: v.redes_sociais ?? '',
    about: v.details?.about ?? '',
    salary_min: typeof v.details?.salary_min === 'number' ? moneyInput(v.details.salary_min) : '',
    salary_max: typeof v.details?.salary_max === 'number' ? moneyInput(v.details.salary_max) : '',
    salary_negotiable: v.details?.salary_negotiable ?? false,
    contract: v.details?.contract ?? '',
    work_model: v.details?.work_model ?? '',
    hours: v.details?.hours ?? '',
  }
}

/** A figure in reais as typed in the form ('1800' or '1800,50'). */
const moneyInput = (value: number) => (value % 1 === 0 ? String(value) : value.toFixed(2).replace('.', ','))
/** What was typed as reais: '' for none, NaN for what is not an amount ('1.800,50', '1800.5' and 'R$ 1.800' are amounts). */
export function moneyValue(text: string): number | null {
  const t = text.replace(/R\$|\s/g, '')
  if (t === '') return null
  // A comma is the decimal mark; dots before it (or alone, in groups of three) separate thousands.
  const normal = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : /^\d{1,3}(\.\d{3})+$/.test(t) ? t.replace(/\./g, '') : t
  return /^\d+(\.\d{1,2})?$/.test(normal) ? Number(normal) : NaN
}

const count = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : NaN)

/** The form's own checks: a description and a company, positions as whole numbers ≥ 0 (docs/product.md, Validation). */
export function vacancyFormErrors(
  form: Pick<VacancyForm, 'vagas_abertas' | 'vagas_preenchidas' | 'description' | 'company_name'> & Partial<Pick<VacancyForm, 'salary_min' | 'salary_max'>>,
): Partial<Record<keyof VacancyForm, string>> {
  const errors: Partial<Record<keyof VacancyForm, string>> = { ...vacancyRequiredErrors(form, true) }
  const min = moneyValue(form.salary_min ?? '')
  const max = moneyValue(form.salary_max ?? '')
  if (Number.isNaN(min)) errors.salary_min = 'Informe um valor em reais, como 1.800 ou 1800,50.'
  if (Number.isNaN(max)) errors.salary_max = 'Informe um valor em reais, como 1.800 ou 1800,50.'
  if (!errors.salary_min && !errors.salary_max) Object.assign(errors, vacancyDetailsErrors({ salary_min: min, salary_max: max }))
  if (Number.isNaN(count(form.vagas_abertas))) errors.vagas_abertas = 'Informe um número inteiro a partir de 0.'
  if (Number.isNaN(count(form.vagas_preenchidas))) errors.vagas_preenchidas = 'Informe um número inteiro a partir de 0.'
  const positions =
    errors.vagas_abertas || errors.vagas_preenchidas ? null : positionsError({ vagas_abertas: count(form.vagas_abertas), vagas_preenchidas: count(form.vagas_preenchidas) })
  if (positions) errors.vagas_preenchidas = positions
  return errors
}

export function toInput(form: VacancyForm): VacancyInput {
  return {
    recrutador: form.recrutador.trim(),
    description: form.description.trim(),
    company_name: form.company_name.trim(),
    cnpj: cnpjDigits(form.cnpj),
    city: form.city.trim(),
    bairro: form.bairro.trim(),
    estado: form.estado,
    requirements: form.requirements,
    benefits: form.benefits,
    criterios: form.criterios,
    obs: form.obs,
    vagas_abertas: count(form.vagas_abertas),
    vagas_preenchidas: count(form.vagas_preenchidas),
    status: form.status,
    redes_sociais: form.redes_sociais.trim(),
    details: {
      about: form.about.trim(),
      salary_min: moneyValue(form.salary_min),
      salary_max: moneyValue(form.salary_max),
      salary_negotiable: form.salary_negotiable,
      contract: (form.contract || null) as NonNullable<VacancyInput['details']>['contract'],
      work_model: (form.work_model || null) as NonNullable<VacancyInput['details']>['work_model'],
      hours: form.hours.trim(),
    },
  }
}
