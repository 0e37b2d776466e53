import { vacancyPickerDetails } from '@mini-vagas/shared/domain/vacancy-rules'
import { useDeferredValue, useState } from 'react'
import useSWR from 'swr'
import { PUBLIC_VISIBILITY } from '@mini-vagas/shared/constants/vacancy'
import { forwardTargets } from '@mini-vagas/shared/domain/vacancy-suggestions'
import { Dialog } from '../../../components/dialog.tsx'
import { useToast } from '../../../components/toast.tsx'
import { api, ApiError } from '../../../lib/api-client.ts'
import { forwardCandidate } from '../api/candidate-writes.ts'
import type { VacancyList } from '@mini-vagas/shared/schemas/vacancy'
import type { StaffCandidate } from '../api/types.ts'

/** docs/product.md, A vacancy's candidates; Validation: sends a candidate to other vacancies as new records ('nao informado' for empty values). */
export function ForwardDialog({ candidate, currentVacancyId, onClose }: { candidate: StaffCandidate; currentVacancyId?: number | undefined; onClose: () => void }) {
  const toast = useToast()
  const { data: vacancies, error } = useSWR('/bff/vacancies', async (key: string) => (await api<VacancyList>(key)).vacancies)
  const [selected, setSelected] = useState<number[]>([])
  const [sending, setSending] = useState(false)
  const [query, setQuery] = useState('')
  const [includeHidden, setIncludeHidden] = useState(false)
  const deferred = useDeferredValue(query)
  // Open vacancies only, searchable; a choice stays chosen while the search changes.
  const options = forwardTargets(vacancies ?? [], { query: deferred, currentVacancyId, includeHidden })
  const chosen = (vacancies ?? []).filter((v) => selected.includes(v.id) && !options.includes(v))

  async function send() {
    setSending(true)
    let sent = 0
    for (const jobId of selected) {
      try {
        await forwardCandidate(candidate.id, jobId)
        sent++
      } catch (e) {
        const message =
          e instanceof ApiError && e.status === 422
            ? 'Dados inválidos. Verifique se todos os campos obrigatórios estão preenchidos corretamente.'
            : e instanceof ApiError
              ? `Erro: ${e.message}`
              : 'Erro ao enviar candidato para a vaga.'
        toast(message, { kind: 'error' })
      }
    }
    setSending(false)
    if (sent > 0) {
      toast(sent === 1 ? 'Candidato enviado para 1 vaga.' : `Candidato enviado para ${sent} vagas.`)
      onClose()
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Enviar ${candidate.full_name || 'candidato'} para outras vagas`}
      description="Cria uma nova candidatura em cada vaga escolhida."
    >
      {error && (
        <p className="alert alert-error" role="alert">
          Erro ao carregar vagas disponíveis
        </p>
      )}
      {!vacancies && !error && <p role="status">Carregando vagas...</p>}
      <div className="field">
        <label htmlFor="forward-search">Buscar vaga</label>
        <input id="forward-search" type="search" placeholder="Cargo, empresa ou cidade" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={includeHidden} onChange={(e) => setIncludeHidden(e.target.checked)} />
        Incluir vagas ocultas do site
      </label>
      <fieldset className="field forward-options">
        <legend>Vagas abertas ({options.length.toLocaleString('pt-BR')})</legend>
        {vacancies && options.length === 0 && <p className="field-hint">Nenhuma vaga aberta encontrada.</p>}
        {[...chosen, ...options].map((v) => (
          <label key={v.id} className="radio">
            <input type="checkbox" checked={selected.includes(v.id)} onChange={(e) => setSelected((s) => (e.target.checked ? [...s, v.id] : s.filter((x) => x !== v.id)))} />
            <span>
              <strong>{v.description}</strong> <span className="field-hint">{vacancyPickerDetails(v)}</span>
              {v.obs !== PUBLIC_VISIBILITY && <span className="status-badge family-neutral">oculta</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="actions">
        <button type="button" className="button button-primary" disabled={sending || selected.length === 0} onClick={() => void send()}>
          {sending ? 'Enviando...' : 'Enviar'}
        </button>
      </div>
    </Dialog>
  )
}
