import { useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { Pagination } from '../../../components/pagination.tsx'
import { StatusMessage } from '../../../components/status-message.tsx'
import { LoadStates } from '../../../components/load-states.tsx'
import { useToast } from '../../../components/toast.tsx'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { saveNote } from '../api/candidate-writes.ts'
import { useVacancyBySlug, useVacancyCandidates } from '../api/get-vacancy-candidates.ts'
import type { StaffCandidate } from '../api/types.ts'
import { useCandidateWrites } from '../components/use-candidate-writes.ts'

function ObservationCell({ candidate, onSaved }: { candidate: StaffCandidate; onSaved: (row: StaffCandidate) => void }) {
  const [value, setValue] = useState(candidate.obs ?? '')
  const [saving, setSaving] = useState(false)
  const toast = useToast()
  // A note saved or changed elsewhere replaces what the field shows.
  const [shownObs, setShownObs] = useState(candidate.obs)
  if (candidate.obs !== shownObs) {
    setShownObs(candidate.obs)
    setValue(candidate.obs ?? '')
  }
  return (
    <form
      className="row"
      style={{ display: 'flex', gap: '0.5rem' }}
      onSubmit={async (e) => {
        e.preventDefault()
        setSaving(true)
        try {
          const row = await saveNote(candidate.id, value)
          toast('Observação salva com sucesso!')
          onSaved(row)
        } catch {
          toast('Erro ao salvar observação.', { kind: 'error' })
        } finally {
          setSaving(false)
        }
      }}
    >
      <input aria-label={`Observação de ${candidate.full_name ?? 'candidato'}`} value={value} onChange={(e) => setValue(e.target.value)} maxLength={5000} />
      <button type="submit" className="button button-small" disabled={saving}>
        {saving ? 'Salvando...' : 'Salvar'}
      </button>
    </form>
  )
}

/** docs/product.md, Simple candidate table: name, e-mail, phone and an observation with its own save button per row. */
export function Component() {
  const { slug = '' } = useParams()
  const navigate = useNavigate()
  const { data: vacancy, error: vacancyError } = useVacancyBySlug(slug)
  useDocumentTitle(vacancy?.description ? `Candidatos: ${vacancy.description}` : 'Candidatos da Vaga')
  const [page, setPage] = useState(1)
  const { key, data, error, mutate } = useVacancyCandidates(vacancy?.id, { page, status: undefined, q: '', order: 'last_action_desc' })
  const writes = useCandidateWrites(key)
  return (
    <main id="main" className="page">
      <button type="button" className="button button-link" onClick={() => navigate(-1)}>
        ← Voltar
      </button>
      <h1>{vacancy ? `Candidatos: ${vacancy.description ?? ''}` : 'Candidatos da Vaga'}</h1>
      {vacancyError && <StatusMessage kind="error" title="Vaga não encontrada." />}
      <LoadStates
        loading={null}
        error={error}
        failed="Erro ao carregar a lista de candidatos."
        showReason={false}
        onRetry={() => void mutate()}
        empty={data && data.items.length === 0 ? { title: 'Nenhum candidato nesta vaga.' } : null}
      />
      {data && data.items.length > 0 && (
        <>
          <div className="table-wrap">
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">Nome</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Telefone</th>
                  <th scope="col">Observação</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((c) => (
                  <tr key={c.id}>
                    <td>{c.full_name}</td>
                    <td>{c.email}</td>
                    <td>{c.whatsapp}</td>
                    <td>
                      <ObservationCell candidate={c} onSaved={(row) => void writes.noteSaved(row)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={data.page} pageCount={data.pageCount} hasMore={data.hasMore} onPage={setPage} />
        </>
      )}
    </main>
  )
}
