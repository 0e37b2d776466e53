import { useState, type FormEvent } from 'react'
import { useNavigate, useParams } from 'react-router'
import { useSWRConfig } from 'swr'
import { BACK_AFTER_SAVE_MS } from '@mini-vagas/shared/constants/limits'
import { StatusMessage } from '../../../components/status-message.tsx'
import { useToast } from '../../../components/toast.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { updateCandidate } from '../api/candidate-writes.ts'
import { useCandidate } from '../api/get-candidate.ts'
import { CandidateEditFields } from '../components/candidate-edit-fields.tsx'
import { EDIT_FIELDS, editFormErrors, toEditForm, toUpdatePayload, type EditField, type EditForm } from '../edit-form.ts'

/** docs/product.md, Editing a candidate: edit every field; selects offer the union of option lists plus the stored value. */
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
              Tentar novamente
            </button>
          }
        >
          {error?.message}
        </StatusMessage>
      </main>
    )
  }
  if (!form || !candidate) return null

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
        <CandidateEditFields form={form} errors={errors} setForm={setForm} />
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
