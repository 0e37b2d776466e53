import { AGE_MAX, AGE_MIN } from '@mini-vagas/shared/constants/limits'
import { normalizeCandidateStatus } from '@mini-vagas/shared/domain/candidate-status'
import type { CandidateUpdate } from '@mini-vagas/shared/schemas/candidate'
import type { StaffCandidate } from './api/types.ts'

/** The edit screen's fields (docs/product.md, Candidate edit) as the inputs hold them. */
export const EDIT_FIELDS = [
  'full_name',
  'age',
  'genero',
  'is_pcd',
  'email',
  'whatsapp',
  'address_street',
  'address_neighborhood',
  'address_city',
  'address_state',
  'cep',
  'education',
  'curso',
  'experience_1',
  'experience_2',
  'experience_3',
  'veiopor',
  'status',
  'obs',
] as const
export type EditField = (typeof EDIT_FIELDS)[number]
export type EditForm = Record<EditField, string>

export function toEditForm(c: StaffCandidate): EditForm {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))
  return {
    full_name: text(c.full_name),
    age: text(c.age),
    genero: text(c.genero),
    is_pcd: c.is_pcd === true ? 'Sim' : c.is_pcd === false ? 'Não' : '',
    email: text(c.email),
    whatsapp: text(c.whatsapp),
    address_street: text(c.address_street),
    address_neighborhood: text(c.address_neighborhood),
    address_city: text(c.address_city),
    address_state: text(c.address_state),
    cep: text(c.cep),
    education: text(c.education),
    curso: text(c.curso),
    experience_1: text(c.experience_1),
    experience_2: text(c.experience_2),
    experience_3: text(c.experience_3),
    veiopor: text(c.veiopor),
    status: normalizeCandidateStatus(c.status),
    obs: text(c.obs),
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** docs/product.md, Validation: name, e-mail (format) and WhatsApp required; age, when given, 14 to 100. */
export function editFormErrors(form: EditForm): Partial<Record<EditField, string>> {
  const errors: Partial<Record<EditField, string>> = {}
  if (!form.full_name.trim()) errors.full_name = 'Informe o nome completo.'
  if (!form.email.trim()) errors.email = 'Informe o e-mail.'
  else if (!EMAIL.test(form.email.trim())) errors.email = 'Informe um e-mail válido.'
  if (!form.whatsapp.trim()) errors.whatsapp = 'Informe o WhatsApp.'
  if (form.age.trim()) {
    const age = Number(form.age)
    if (!Number.isInteger(age) || age < AGE_MIN || age > AGE_MAX) errors.age = `A idade deve ser um número de ${AGE_MIN} a ${AGE_MAX}.`
  }
  return errors
}

/** The edit payload (docs/product.md, Candidate edit). Every field is sent, so the server keeps exactly what the form shows. */
export function toUpdatePayload(form: EditForm): CandidateUpdate {
  const payload: CandidateUpdate = {}
  for (const field of EDIT_FIELDS) {
    if (field === 'age') {
      if (form.age.trim()) payload.age = Number(form.age)
    } else if (field === 'is_pcd') {
      if (form.is_pcd) payload.is_pcd = form.is_pcd === 'Sim'
    } else {
      payload[field] = form[field].trim()
    }
  }
  return payload
}
