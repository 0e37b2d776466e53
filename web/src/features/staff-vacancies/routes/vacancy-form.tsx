import { useState, type FormEvent } from 'react'
import { useNavigate, useParams } from 'react-router'
import { useSWRConfig } from 'swr'
import { ESTADOS } from '@mini-vagas/shared/constants/estados'
import { VACANCY_STATUSES, VACANCY_STATUS_LABELS, VISIBILITIES, VISIBILITY_LABELS } from '@mini-vagas/shared/constants/vacancy'
import { cnpjDigits, cnpjWarning, maskCnpjInput } from '@mini-vagas/shared/domain/cnpj'
import { toEstado } from '@mini-vagas/shared/domain/estados'
import { optionsIncluding } from '@mini-vagas/shared/domain/option-lists'
import type { VacancyInput } from '@mini-vagas/shared/schemas/vacancy'
import { FormSubmit, SelectField, TextField } from '../../../components/form-fields.tsx'
import { ListInput } from '../../../components/list-input.tsx'
import { StatusMessage } from '../../../components/status-message.tsx'
import { useToast } from '../../../components/toast.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { useVacancy, type StaffVacancy } from '../api/get-vacancies.ts'
import { saveVacancy } from '../api/save-vacancy.ts'

interface Form {
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
}
const EMPTY: Form = {
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
  obs: 'mostrar',
  vagas_abertas: '1',
  vagas_preenchidas: '0',
  status: 'aberta',
  redes_sociais: '',
}

function fromVacancy(v: StaffVacancy): Form {
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
  }
}

const count = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : NaN)

/** The form's own checks: positions are whole numbers ≥ 0 (spec §5; nothing else is required). */
export function vacancyFormErrors(form: Pick<Form, 'vagas_abertas' | 'vagas_preenchidas'>): Partial<Record<keyof Form, string>> {
  const errors: Partial<Record<keyof Form, string>> = {}
  if (Number.isNaN(count(form.vagas_abertas))) errors.vagas_abertas = 'Informe um número inteiro a partir de 0.'
  if (Number.isNaN(count(form.vagas_preenchidas))) errors.vagas_preenchidas = 'Informe um número inteiro a partir de 0.'
  return errors
}

function toInput(form: Form): VacancyInput {
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
  }
}

/** Spec §2.6: create at /nova_vaga, edit the route's vacancy at /processos_seletivos/:id/edit. */
export function Component() {
  const { id } = useParams()
  const editing = id !== undefined
  useDocumentTitle(editing ? 'Editar Vaga' : 'Nova Vaga')
  const { data: vacancy, error: loadError, isLoading } = useVacancy(id)
  const [form, setForm] = useState<Form>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const navigate = useNavigate()
  const toast = useToast()
  const { mutate } = useSWRConfig()

  // Editing: the form starts from the vacancy once it is read.
  const [formFor, setFormFor] = useState(vacancy)
  if (vacancy && vacancy !== formFor) {
    setFormFor(vacancy)
    setForm(fromVacancy(vacancy))
  }

  const text = (field: keyof Form) => ({
    value: form[field] as string,
    error: errors[field],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value })),
  })

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found = vacancyFormErrors(form)
    setErrors(found)
    setFormError(null)
    if (Object.keys(found).length > 0) return
    setSending(true)
    try {
      await saveVacancy(toInput(form), editing ? Number(id) : undefined)
      await mutate((key) => typeof key === 'string' && key.startsWith('/bff/vacancies'))
      toast(editing ? 'Vaga atualizada com sucesso!' : 'Nova vaga criada com sucesso!')
      navigate('/painel_de_controle_mini_vagas')
    } catch (error) {
      setSending(false)
      if (error instanceof ApiError && error.status === 422) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k.split('.')[0], v[0]])) as Partial<Record<keyof Form, string>>)
      }
      setFormError('Ocorreu um erro ao enviar o formulário.')
    }
  }

  if (editing && isLoading)
    return (
      <main id="main" className="page">
        <StatusMessage kind="loading" title="Carregando vaga..." />
      </main>
    )
  if (editing && loadError)
    return (
      <main id="main" className="page">
        <StatusMessage kind="error" title="Não foi possível carregar a vaga.">
          {loadError.message}
        </StatusMessage>
      </main>
    )

  const estados = optionsIncluding(
    ESTADOS.map((e) => ({ value: e.estado, label: e.name })),
    form.estado,
  )
  const statuses = optionsIncluding(
    VACANCY_STATUSES.map((s) => ({ value: s, label: VACANCY_STATUS_LABELS[s] })),
    form.status,
  )
  return (
    <main id="main" className="page">
      <h1>{editing ? 'Editar Vaga' : 'Formulário de Vaga'}</h1>
      <form className="form-card" onSubmit={submit} noValidate aria-label={editing ? 'Editar vaga' : 'Nova vaga'}>
        <TextField id="recrutador" label="Recrutador" {...text('recrutador')} />
        <TextField id="description" label="Descrição da Vaga" {...text('description')} />
        <div className="field-row">
          <TextField id="company_name" label="Nome da Empresa" {...text('company_name')} />
          <TextField
            id="cnpj"
            label="CNPJ da Empresa"
            inputMode="numeric"
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
        <ListInput
          id="requirements"
          label="Requisitos"
          values={form.requirements}
          onChange={(requirements) => setForm((f) => ({ ...f, requirements }))}
          placeholder="Digite e tecle Enter"
        />
        <ListInput id="benefits" label="Benefícios" values={form.benefits} onChange={(benefits) => setForm((f) => ({ ...f, benefits }))} placeholder="Digite e tecle Enter" />
        <ListInput
          id="criterios"
          label="Critérios de triagem"
          values={form.criterios}
          onChange={(criterios) => setForm((f) => ({ ...f, criterios }))}
          placeholder="Usados pela triagem com IA"
        />
        <div className="field-row">
          <SelectField id="obs" label="Visibilidade da Vaga" options={VISIBILITIES.map((v) => ({ value: v, label: VISIBILITY_LABELS[v] }))} {...text('obs')} />
          <SelectField id="status" label="Status da Vaga" options={statuses} {...text('status')} />
        </div>
        <div className="field-row">
          <TextField id="vagas_abertas" label="Vagas Solicitadas" type="number" min={0} inputMode="numeric" {...text('vagas_abertas')} />
          <TextField id="vagas_preenchidas" label="Vagas Preenchidas" type="number" min={0} inputMode="numeric" {...text('vagas_preenchidas')} />
        </div>
        <TextField id="redes_sociais" label="Redes Sociais" {...text('redes_sociais')} />
        <FormSubmit error={formError} sending={sending} label="Enviar" />
      </form>
    </main>
  )
}
