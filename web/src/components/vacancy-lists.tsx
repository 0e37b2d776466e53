import type { Dispatch, SetStateAction } from 'react'
import { ListInput } from './list-input.tsx'

type Lists = { requirements: string[]; benefits: string[]; criterios: string[] }

/** A vacancy's three lists (requirements, benefits, screening criteria), as the staff and company forms edit them. */
export function VacancyLists<F extends Lists>({ form, setForm, criteriaPlaceholder }: { form: F; setForm: Dispatch<SetStateAction<F>>; criteriaPlaceholder: string }) {
  const list = (field: keyof Lists) => ({ values: form[field], onChange: (values: string[]) => setForm((f) => ({ ...f, [field]: values })) })
  return (
    <>
      <ListInput id="requirements" label="Requisitos" placeholder="Digite e tecle Enter" {...list('requirements')} />
      <ListInput id="benefits" label="Benefícios" placeholder="Digite e tecle Enter" {...list('benefits')} />
      <ListInput id="criterios" label="Critérios de triagem" placeholder={criteriaPlaceholder} {...list('criterios')} />
    </>
  )
}
