import { useState, type FormEvent } from 'react'
import { useNavigate, useParams } from 'react-router'
import { useSWRConfig } from 'swr'
import { FormSubmit } from '../../../components/form-fields.tsx'
import { StatusMessage } from '../../../components/status-message.tsx'
import { useToast } from '../../../components/toast.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { useVacancies, useVacancy } from '../api/get-vacancies.ts'
import { saveVacancy } from '../api/save-vacancy.ts'
import { VacancyFields } from '../components/vacancy-fields.tsx'
import { knownRecruiters } from '@mini-vagas/shared/domain/vacancy-rules'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { EMPTY_VACANCY_FORM, fromVacancy, toInput, vacancyFormErrors, type VacancyForm } from '../vacancy-form-model.ts'

/** docs/product.md, Vacancy form: create at /nova_vaga, edit the route's vacancy at /processos_seletivos/:id/edit. */
export function Component() {
  const { id } = useParams()
  const editing = id !== undefined
  useDocumentTitle(editing ? 'Editar Vaga' : 'Nova Vaga')
  const { data: vacancy, error: loadError, isLoading } = useVacancy(id)
  // The recruiters staff have named, offered as a list (a typo used to split the dashboard's counts).
  const { data: vacancies } = useVacancies()
  const [form, setForm] = useState<VacancyForm>(EMPTY_VACANCY_FORM)
  const [errors, setErrors] = useState<Partial<Record<keyof VacancyForm, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const navigate = useNavigate()
  const toast = useToast()
  const { mutate } = useSWRConfig()

  // A field's error goes as soon as the field changes; the whole form is checked again on submit.
  const editForm: typeof setForm = (next) => {
    const after = typeof next === 'function' ? next(form) : next
    const changed = (Object.keys(after) as (keyof VacancyForm)[]).filter((k) => after[k] !== form[k])
    if (changed.some((k) => errors[k])) setErrors((all) => Object.fromEntries(Object.entries(all).filter(([k]) => !changed.includes(k as keyof VacancyForm))))
    setForm(after)
  }

  // Editing: the form starts from the vacancy once it is read.
  const [formFor, setFormFor] = useState(vacancy)
  if (vacancy && vacancy !== formFor) {
    setFormFor(vacancy)
    setForm(fromVacancy(vacancy))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found = vacancyFormErrors(form)
    setErrors(found)
    setFormError(null)
    if (Object.keys(found).length > 0) {
      setFormError('Confira os campos destacados.')
      const first = Object.keys(found)[0]!
      return void document.getElementById(first)?.focus()
    }
    setSending(true)
    try {
      const saved = await saveVacancy(toInput(form), editing ? Number(id) : undefined)
      await mutate((key) => typeof key === 'string' && key.startsWith('/bff/vacancies'))
      toast(editing ? 'Vaga atualizada com sucesso!' : 'Nova vaga criada com sucesso!')
      // The vacancy just saved, where its candidates will be (the home page when its answer names no vacancy).
      navigate(saved && typeof saved.id === 'number' ? `/vagas/${vacancySlug(saved)}/lista-candidatos` : '/inicio')
    } catch (error) {
      setSending(false)
      if (error instanceof ApiError && error.status === 422) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k.split('.')[0], v[0]])) as Partial<Record<keyof VacancyForm, string>>)
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

  return (
    <main id="main" className="page">
      <h1>{editing ? 'Editar Vaga' : 'Formulário de Vaga'}</h1>
      <form className="form-card" onSubmit={submit} noValidate aria-label={editing ? 'Editar vaga' : 'Nova vaga'}>
        <VacancyFields form={form} errors={errors} setForm={editForm} recruiters={knownRecruiters(vacancies ?? [])} />
        <FormSubmit error={formError} sending={sending} label="Enviar" />
      </form>
    </main>
  )
}
