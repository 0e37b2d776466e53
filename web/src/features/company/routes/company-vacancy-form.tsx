import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import useSWR, { useSWRConfig } from 'swr'
import { sessionKey } from '../../../lib/session-key.ts'
import { ESTADOS } from '@mini-vagas/shared/constants/estados'
import { formatStoredCnpj } from '@mini-vagas/shared/domain/cnpj'
import type { User } from '@mini-vagas/shared/schemas/user'
import { FormSubmit, SelectField, TextField } from '../../../components/form-fields.tsx'
import { VacancyLists } from '../../../components/vacancy-lists.tsx'
import { useToast } from '../../../components/toast.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { companyVacanciesKey, createCompanyVacancy } from '../api/company-vacancies.ts'

interface Form {
  description: string
  city: string
  bairro: string
  estado: string
  vagas_abertas: string
  requirements: string[]
  benefits: string[]
  criterios: string[]
}
type Field = keyof Form
const EMPTY: Form = { description: '', city: '', bairro: '', estado: '', vagas_abertas: '1', requirements: [], benefits: [], criterios: [] }

function formErrors(form: Form): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {}
  if (!form.description.trim()) errors.description = 'Preencha o campo Descrição da vaga.'
  if (!form.city.trim()) errors.city = 'Preencha o campo Cidade.'
  const positions = Number(form.vagas_abertas)
  if (!Number.isInteger(positions) || positions < 1) errors.vagas_abertas = 'Informe quantas vagas (1 ou mais).'
  return errors
}

/**
 * FormVagaEmpresa: a company creates a vacancy. Its name and CNPJ are taken from the
 * session by the BFF, and the vacancy stays hidden until staff publish it.
 */
export function Component() {
  useDocumentTitle('Nova Vaga da Empresa')
  const [form, setForm] = useState<Form>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [sending, setSending] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const navigate = useNavigate()
  const toast = useToast()
  const { mutate } = useSWRConfig()
  // The session the guard already loaded (read from the cache, no request of its own).
  const { data: user } = useSWR<User | null>(sessionKey)
  const text = (field: Exclude<Field, 'requirements' | 'benefits' | 'criterios'>) => ({
    value: form[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value })),
  })

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFormError(null)
    const found = formErrors(form)
    setErrors(found)
    const first = Object.keys(found)[0]
    if (first) return document.getElementById(first)?.focus()
    setSending(true)
    try {
      await createCompanyVacancy({
        description: form.description.trim(),
        city: form.city.trim(),
        bairro: form.bairro.trim(),
        estado: form.estado,
        vagas_abertas: Number(form.vagas_abertas),
        requirements: form.requirements,
        benefits: form.benefits,
        criterios: form.criterios,
      })
      await mutate(companyVacanciesKey)
      toast('Vaga criada! Ela aparecerá para os candidatos depois que a equipe publicá-la.')
      navigate('/vaga-empresa')
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(error.fieldMessages() as Partial<Record<Field, string>>)
        setFormError(error.message)
      } else setFormError('Ocorreu um erro ao enviar o formulário.')
    } finally {
      setSending(false)
    }
  }

  return (
    <main id="main" className="page">
      <h1>Nova Vaga</h1>
      <p className="subtitle">A vaga é criada em nome da sua empresa e fica oculta até a equipe da agência publicá-la.</p>
      {user && (
        <dl className="definition" style={{ marginTop: '0.75rem' }}>
          <dt>Empresa</dt>
          <dd>{user.name}</dd>
          <dt>CNPJ</dt>
          <dd>{formatStoredCnpj(user.cnpj)}</dd>
        </dl>
      )}
      <form className="form-card" onSubmit={submit} noValidate aria-label="Nova vaga da empresa" style={{ marginTop: '1rem' }}>
        <TextField id="description" label="Descrição da vaga" required {...text('description')} />
        <div className="field-row">
          <TextField id="city" label="Cidade" required {...text('city')} />
          <TextField id="bairro" label="Bairro" {...text('bairro')} />
          <SelectField id="estado" label="Estado" options={[{ value: '', label: 'Selecione' }, ...ESTADOS.map((e) => ({ value: e.estado, label: e.name }))]} {...text('estado')} />
        </div>
        <TextField id="vagas_abertas" label="Quantidade de vagas" type="number" min={1} inputMode="numeric" required {...text('vagas_abertas')} />
        <VacancyLists form={form} setForm={setForm} criteriaPlaceholder="O que a agência deve conferir nos candidatos" />
        <FormSubmit error={formError} sending={sending} label="Criar vaga" />
      </form>
    </main>
  )
}
