import type { Dispatch, SetStateAction } from 'react'
import { PCD_OPTIONS, SUPERMARKET_EXPERIENCE } from '@mini-vagas/shared/constants/option-lists'
import { candidateStatusOptions } from '@mini-vagas/shared/domain/candidate-status'
import { EDUCATION_UNION, GENERO_UNION, VEIOPOR_UNION, optionsIncluding } from '@mini-vagas/shared/domain/option-lists'
import { SelectField, TextAreaField, TextField } from '../../../components/form-fields.tsx'
import type { EditField, EditForm } from '../edit-form.ts'

/** Every editable field of a candidate (docs/product.md, Editing a candidate) in the screen's sections; selects keep stored values that are in no list. */
export function CandidateEditFields({ form, errors, setForm }: { form: EditForm; errors: Partial<Record<EditField, string>>; setForm: Dispatch<SetStateAction<EditForm | null>> }) {
  const field = (name: EditField) => ({
    value: form[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => f && { ...f, [name]: e.target.value }),
  })
  return (
    <>
      <h2>Informações Pessoais</h2>
      <TextField id="full_name" label="Nome Completo" required {...field('full_name')} />
      <div className="field-row">
        <TextField id="age" label="Idade" type="number" min={14} max={100} inputMode="numeric" {...field('age')} />
        <SelectField id="genero" label="Gênero" options={optionsIncluding(GENERO_UNION, form.genero)} {...field('genero')} />
        <SelectField id="is_pcd" label="PCD" options={PCD_OPTIONS} {...field('is_pcd')} />
      </div>
      <h2>Contato</h2>
      <div className="field-row">
        <TextField id="email" label="E-mail" type="email" required {...field('email')} />
        <TextField id="whatsapp" label="WhatsApp" type="tel" required {...field('whatsapp')} />
      </div>
      <h2>Endereço</h2>
      <TextField id="address_street" label="Rua" {...field('address_street')} />
      <div className="field-row">
        <TextField id="address_neighborhood" label="Bairro" {...field('address_neighborhood')} />
        <TextField id="address_city" label="Cidade" {...field('address_city')} />
        <TextField id="address_state" label="Estado" {...field('address_state')} />
        <TextField id="cep" label="CEP" inputMode="numeric" {...field('cep')} />
      </div>
      <h2>Formação</h2>
      <div className="field-row">
        <SelectField id="education" label="Escolaridade" options={optionsIncluding(EDUCATION_UNION, form.education)} {...field('education')} />
        <TextField id="curso" label="Curso" {...field('curso')} />
      </div>
      <h2>Experiência Profissional</h2>
      <SelectField id="experience_1" label="Experiência em supermercado" options={optionsIncluding(SUPERMARKET_EXPERIENCE, form.experience_1)} {...field('experience_1')} />
      <TextAreaField id="experience_2" label="Última experiência" rows={2} {...field('experience_2')} />
      <TextAreaField id="experience_3" label="Outra experiência" rows={2} {...field('experience_3')} />
      <h2>Informações Adicionais</h2>
      <div className="field-row">
        <SelectField id="veiopor" label="Como soube da vaga" options={optionsIncluding(VEIOPOR_UNION, form.veiopor)} {...field('veiopor')} />
        <div className="field">
          <label htmlFor="status">Status</label>
          <select id="status" value={form.status} onChange={(e) => setForm((f) => f && { ...f, status: e.target.value })}>
            {candidateStatusOptions(form.status).map((o) => (
              <option key={o.value || 'sem-status'} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TextAreaField id="obs" label="Observações" rows={3} {...field('obs')} />
    </>
  )
}
