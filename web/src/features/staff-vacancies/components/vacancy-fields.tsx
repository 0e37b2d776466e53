import type { Dispatch, SetStateAction } from 'react'
import { ESTADOS } from '@mini-vagas/shared/constants/estados'
import { VACANCY_STATUSES, VACANCY_STATUS_LABELS, VISIBILITIES, VISIBILITY_LABELS } from '@mini-vagas/shared/constants/vacancy'
import { cnpjWarning, maskCnpjInput } from '@mini-vagas/shared/domain/cnpj'
import { optionsIncluding } from '@mini-vagas/shared/domain/option-lists'
import { CONTRACT_TYPES, WORK_MODELS } from '@mini-vagas/shared/domain/vacancy-details'
import { SelectField, TextAreaField, TextField } from '../../../components/form-fields.tsx'
import { VacancyLists } from '../../../components/vacancy-lists.tsx'
import type { VacancyForm } from '../vacancy-form-model.ts'

/** Every field of the vacancy form (docs/product.md, Vacancy form), in the product's order; stored values missing from the lists stay selectable. */
export function VacancyFields({
  form,
  errors,
  setForm,
  recruiters = [],
}: {
  form: VacancyForm
  errors: Partial<Record<keyof VacancyForm, string>>
  setForm: Dispatch<SetStateAction<VacancyForm>>
  /** Recruiters already named, suggested as the field is typed; a new name is simply typed. */
  recruiters?: readonly string[]
}) {
  const text = (field: keyof VacancyForm) => ({
    value: form[field] as string,
    error: errors[field],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value })),
  })
  const estados = optionsIncluding(
    ESTADOS.map((e) => ({ value: e.estado, label: e.name })),
    form.estado,
  )
  const statuses = optionsIncluding(
    VACANCY_STATUSES.map((s) => ({ value: s, label: VACANCY_STATUS_LABELS[s] })),
    form.status,
  )
  return (
    <>
      <TextField id="recrutador" label="Recrutador" list="recrutadores" autoComplete="off" hint="Escolha da lista ou digite um nome novo." {...text('recrutador')} />
      <datalist id="recrutadores">
        {recruiters.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <TextField id="description" label="Título da vaga" required hint="Como o candidato procura: Padeiro, Auxiliar de Cozinha, Estágio em RH." {...text('description')} />
      <TextAreaField id="about" label="Descrição da vaga" rows={4} maxLength={4000} hint="O dia a dia do trabalho, para quem vai se candidatar." {...text('about')} />
      <div className="field-row">
        <TextField id="company_name" label="Nome da Empresa" required {...text('company_name')} />
        <TextField
          id="cnpj"
          label="CNPJ da Empresa"
          autoCapitalize="characters"
          placeholder="00.000.000/0000-00"
          maxLength={18}
          value={form.cnpj}
          error={errors.cnpj}
          hint={cnpjWarning(form.cnpj) ?? undefined}
          onChange={(e) => setForm((f) => ({ ...f, cnpj: maskCnpjInput(e.target.value) }))}
        />
      </div>
      <div className="field-row">
        <TextField id="city" label="Cidade" {...text('city')} />
        <TextField id="bairro" label="Bairro" {...text('bairro')} />
        <SelectField id="estado" label="Estado" options={estados} {...text('estado')} />
      </div>
      <fieldset className="field-group">
        <legend>Condições</legend>
        <div className="field-row">
          <SelectField id="contract" label="Tipo de contrato" options={CONTRACT_TYPES.map((c) => ({ value: c.value, label: c.label }))} {...text('contract')} />
          <SelectField id="work_model" label="Modelo de trabalho" options={WORK_MODELS.map((m) => ({ value: m.value, label: m.label }))} {...text('work_model')} />
        </div>
        <div className="field-row">
          <TextField id="salary_min" label="Salário de (R$ por mês)" inputMode="decimal" placeholder="1.800" disabled={form.salary_negotiable} {...text('salary_min')} />
          <TextField id="salary_max" label="Salário até (R$ por mês)" inputMode="decimal" placeholder="2.200" disabled={form.salary_negotiable} {...text('salary_max')} />
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={form.salary_negotiable} onChange={(e) => setForm((f) => ({ ...f, salary_negotiable: e.target.checked }))} />
          Salário a combinar
        </label>
        <TextField id="hours" label="Jornada" maxLength={120} placeholder="44h semanais, segunda a sexta, 8h às 17h" {...text('hours')} />
      </fieldset>
      <VacancyLists form={form} setForm={setForm} criteriaPlaceholder="Usados pela triagem com IA" />
      <div className="field-row">
        <SelectField id="obs" label="Visibilidade da Vaga" options={VISIBILITIES.map((v) => ({ value: v, label: VISIBILITY_LABELS[v] }))} {...text('obs')} />
        <SelectField id="status" label="Status da Vaga" options={statuses} {...text('status')} />
      </div>
      <div className="field-row">
        <TextField id="vagas_abertas" label="Vagas Solicitadas" type="number" min={0} inputMode="numeric" {...text('vagas_abertas')} />
        <TextField id="vagas_preenchidas" label="Vagas Preenchidas" type="number" min={0} inputMode="numeric" {...text('vagas_preenchidas')} />
      </div>
      <TextField id="redes_sociais" label="Redes Sociais" {...text('redes_sociais')} />
    </>
  )
}
