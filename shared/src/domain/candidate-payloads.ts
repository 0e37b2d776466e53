import { AGE_MAX, AGE_MIN } from '../constants/limits.ts'
import { NOT_INFORMED } from '../constants/option-lists.ts'
import type { Candidate, CandidateApplication } from '../schemas/candidate.ts'
import { requiresCourse } from './option-lists.ts'
import { digitsOnly, isBlank } from './text.ts'

/** The public apply form's fields as the user typed them (docs/product.md, Applying; Validation). */
export interface ApplicationForm {
  fullName: string
  age: string
  genero: string
  whatsapp: string
  email: string
  isPCD: string
  cep: string
  street: string
  neighborhood: string
  city: string
  state: string
  education: string
  curso: string
  veiopor: string
  supermarketExperience: string
  lastExperience: string
}

export type ApplicationField = keyof ApplicationForm

export const APPLICATION_FIELD_LABELS: Record<ApplicationField, string> = {
  fullName: 'Nome completo',
  age: 'Idade',
  genero: 'Gênero',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  isPCD: 'Pessoa com deficiência (PCD)',
  cep: 'CEP',
  street: 'Rua',
  neighborhood: 'Bairro',
  city: 'Cidade',
  state: 'Estado',
  education: 'Escolaridade',
  curso: 'Curso',
  veiopor: 'Como soube da vaga',
  supermarketExperience: 'Experiência em supermercado',
  lastExperience: 'Última experiência',
}

const REQUIRED: readonly ApplicationField[] = [
  'fullName',
  'age',
  'genero',
  'whatsapp',
  'email',
  'isPCD',
  'cep',
  'street',
  'neighborhood',
  'city',
  'state',
  'education',
  'veiopor',
  'supermarketExperience',
]

// Deliberately loose: the browser's type=email rule, not RFC 5322.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * Field errors of the apply form (docs/product.md, Validation), in Portuguese, keyed by field; empty when valid.
 * The product's rules only say "age (number)" here; we use the edit screen's 14–100 so nobody can apply
 * with an age the edit screen would refuse to save.
 */
export function applicationFormErrors(form: ApplicationForm): Partial<Record<ApplicationField, string>> {
  const errors: Partial<Record<ApplicationField, string>> = {}
  for (const field of REQUIRED) {
    if (isBlank(form[field])) errors[field] = `Preencha o campo ${APPLICATION_FIELD_LABELS[field]}.`
  }
  if (!errors.age) {
    const age = Number(form.age)
    if (!Number.isInteger(age) || age < AGE_MIN || age > AGE_MAX) {
      errors.age = `Informe uma idade entre ${AGE_MIN} e ${AGE_MAX} anos.`
    }
  }
  if (!errors.email && !EMAIL.test(form.email.trim())) errors.email = 'Informe um e-mail válido.'
  if (!errors.isPCD && form.isPCD !== 'Sim' && form.isPCD !== 'Não') {
    errors.isPCD = 'Responda Sim ou Não.'
  }
  if (!errors.cep && digitsOnly(form.cep).length !== 8) errors.cep = 'Informe um CEP com 8 dígitos.'
  if (!errors.whatsapp && digitsOnly(form.whatsapp).length < 10) {
    errors.whatsapp = 'Informe o WhatsApp com DDD.'
  }
  return errors
}

/** The payload of an application (docs/product.md, Application). curso is sent only with higher education. */
export function buildApplicationPayload(form: ApplicationForm, jobId: number): CandidateApplication {
  return {
    fullName: form.fullName.trim(),
    age: Number(form.age),
    genero: form.genero,
    whatsapp: form.whatsapp.trim(),
    email: form.email.trim(),
    isPCD: form.isPCD === 'Sim',
    address: {
      street: form.street.trim(),
      neighborhood: form.neighborhood.trim(),
      city: form.city.trim(),
      state: form.state.trim(),
      cep: digitsOnly(form.cep),
    },
    education: form.education,
    curso: requiresCourse(form.education) ? form.curso.trim() : '',
    veiopor: form.veiopor,
    experience: [form.supermarketExperience, form.lastExperience.trim(), ''],
    jobId,
  }
}

/** Empty values become 'nao informado'; booleans and 0 are kept (docs/product.md, Validation). */
function orNotInformed<T>(value: T | null | undefined): T | string {
  if (typeof value === 'boolean' || typeof value === 'number') return value
  return isBlank(value) ? NOT_INFORMED : (value as T)
}

type ForwardSource = Partial<
  Pick<
    Candidate,
    | 'full_name'
    | 'age'
    | 'genero'
    | 'whatsapp'
    | 'email'
    | 'is_pcd'
    | 'address_street'
    | 'address_neighborhood'
    | 'address_city'
    | 'address_state'
    | 'cep'
    | 'education'
    | 'curso'
    | 'veiopor'
    | 'experience_1'
    | 'experience_2'
    | 'experience_3'
  >
>

/**
 * The payload that sends an existing candidate to another vacancy as a new record (docs/product.md, Application; Validation).
 * Experience slot 1 (supermarket) defaults to 'nao informado'; slots 2 and 3 stay as stored.
 */
export function buildForwardPayload(candidate: ForwardSource, jobId: number, extra: { status?: string; obs?: string } = {}): CandidateApplication {
  const payload: CandidateApplication = {
    fullName: String(orNotInformed(candidate.full_name)),
    age: orNotInformed(candidate.age) as number | string,
    genero: String(orNotInformed(candidate.genero)),
    whatsapp: String(orNotInformed(candidate.whatsapp)),
    email: String(orNotInformed(candidate.email)),
    isPCD: orNotInformed(candidate.is_pcd) as boolean | string,
    address: {
      street: String(orNotInformed(candidate.address_street)),
      neighborhood: String(orNotInformed(candidate.address_neighborhood)),
      city: String(orNotInformed(candidate.address_city)),
      state: String(orNotInformed(candidate.address_state)),
      cep: String(orNotInformed(candidate.cep)),
    },
    education: String(orNotInformed(candidate.education)),
    curso: String(orNotInformed(candidate.curso)),
    veiopor: String(orNotInformed(candidate.veiopor)),
    experience: [isBlank(candidate.experience_1) ? NOT_INFORMED : String(candidate.experience_1), candidate.experience_2 ?? '', candidate.experience_3 ?? ''],
    jobId,
  }
  if (extra.status !== undefined) payload.status = extra.status
  if (extra.obs !== undefined) payload.obs = extra.obs
  return payload
}
