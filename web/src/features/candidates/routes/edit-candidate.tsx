import { useState, type FormEvent } from 'react'
import { useNavigate, useParams } from 'react-router'
import { useSWRConfig } from 'swr'
import { BACK_AFTER_SAVE_MS } from '@mini-vagas/shared/constants/limits'
import { PCD_OPTIONS, SUPERMARKET_EXPERIENCE } from '@mini-vagas/shared/constants/option-lists'
import { candidateStatusOptions } from '@mini-vagas/shared/domain/candidate-status'
import { EDUCATION_UNION, GENERO_UNION, VEIOPOR_UNION, optionsIncluding } from '@mini-vagas/shared/domain/option-lists'
import { SelectField, TextAreaField, TextField } from '../../../components/form-fields.tsx'
import { StatusMessage } from '../../../components/status-message.tsx'
import { useToast } from '../../../components/toast.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { updateCandidate } from '../api/candidate-writes.ts'
import { useCandidate } from '../api/get-candidate.ts'
import { EDIT_FIELDS, editFormErrors, toEditForm, toUpdatePayload, type EditField, type EditForm } from '../edit-form.ts'

/** Spec §2.12: edit every field; selects offer the union of option lists plus the stored value. */
export function Component() {
  useDocumentTitle('Editar Candidato')
  const { id = '' } = useParams()
  const { data: candidate, error, isLoading, mutate } = useCandidate(id)
  const [form, setForm] = useState<EditForm | null>(null)
  const [errors, setErrors] = useState<Partial<Record<EditField, string>>>({})
  const [saving, setSaving] = useState(false)
  const navigate = useNavigate()
  const toast = useToast()
  const { mutate: mutateAll } = useSWRConfig()

  // The form starts from each candidate record read (after a save, the saved one).
  const [formFor, setFormFor] = useState(candidate)
  if (candidate && candidate !== formFor) {
    setFormFor(candidate)
    setForm(toEditForm(candidate))
  }

  if (isLoading)
    return (
      <main id="main" className="page">
        <StatusMessage kind="loading" title="Carregando dados do candidato..." />
      </main>
    )
  if (error || (!candidate && !isLoading)) {
    return (
      <main id="main" className="page">
        <StatusMessage
          kind="error"
          title="Erro ao carregar os dados do candidato."
          action={
            <button type="button" className="button" onClick={() => void mutate()}>
              Tentar Novamente
            </button>
          }
        >
          {error?.message}
        </StatusMessage>
      </main>
    )
  }
  if (!form || !candidate) return null

  const field = (name: EditField) => ({
    value: form[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => f && { ...f, [name]: e.target.value }),
  })
  const job = candidate.job_posting

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!form) return
    const found = editFormErrors(form)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSaving(true)
    try {
      await updateCandidate(Number(id), toUpdatePayload(form))
      toast('Candidato atualizado com sucesso!')
      void mutateAll((key) => typeof key === 'string' && key.startsWith('/bff/'))
      setTimeout(() => navigate(-1), BACK_AFTER_SAVE_MS)
    } catch (e) {
      setSaving(false)
      if (e instanceof ApiError && e.status === 422) {
        setErrors(
          Object.fromEntries(
            Object.entries(e.errors)
              .filter(([k]) => (EDIT_FIELDS as readonly string[]).includes(k))
              .map(([k, v]) => [k, v[0]]),
          ),
        )
      }
      toast('Erro ao salvar as alterações', { kind: 'error' })
    }
  }

  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Editar Candidato</h1>
        <p className="subtitle">Atualize as informações do candidato</p>
      </header>
      <form className="form-card" onSubmit={submit} noValidate aria-label="Editar candidato">
        <h2>Informações Pessoais</h2>
        <TextField id="full_name" label="Nome Completo" required {...field('full_name')} />
        <div className="field-row">
          <TextField id="age" label="Idade" type="number" min={14} max={100} inputMode="numeric" {...field('age')} />
          <SelectField id="genero" label="Gênero" options={optionsIncluding(GENERO_UNION, form.genero)} {...field('genero')} />
          <SelectField id="is_pcd" label="PCD" options={PCD_OPTIONS} {...field('is_pcd')} />
        </div>
        <h2>Contato</h2>
        <div className="field-row">
          <TextField id="email" label="Email" type="email" required {...field('email')} />
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
        <h2>Informações da Vaga</h2>
        <dl className="definition">
          <dt>Descrição</dt>
          <dd>{job ? job.description || '—' : 'Erro ao carregar'}</dd>
          <dt>Empresa</dt>
          <dd>{job ? job.company_name || '—' : 'Erro ao carregar'}</dd>
          <dt>Cidade</dt>
          <dd>{job ? job.city || '—' : 'Erro ao carregar'}</dd>
          <dt>Recrutador</dt>
          <dd>{job ? job.recrutador || '—' : 'Erro ao carregar'}</dd>
        </dl>
        <div className="actions">
          <button type="button" className="button" onClick={() => navigate(-1)}>
            Voltar
          </button>
          <button type="submit" className="button button-primary" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar Alterações'}
          </button>
        </div>
      </form>
    </main>
  )
}
