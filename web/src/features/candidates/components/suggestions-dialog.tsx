import { useState } from 'react'
import { formatPhone } from '@mini-vagas/shared/domain/br-format'
import { candidateStatusLabel } from '@mini-vagas/shared/domain/candidate-status'
import type { StaffVacancy } from '../api/types.ts'
import { Dialog } from '../../../components/dialog.tsx'
import { Evidence } from '../../../components/evidence.tsx'
import { useToast } from '../../../components/toast.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { forwardCandidate } from '../api/candidate-writes.ts'
import { useSuggestions } from '../api/talent-pool.ts'

const WHERE: Record<string, string> = {
  'same-neighbourhood': 'mesmo bairro',
  'same-city': 'mesma cidade',
  near: 'perto',
  unknown: 'local a conferir',
  far: 'longe',
}

/**
 * "Sugerir do banco" (the talent pool): people already in the base who fit the vacancy, judged by
 * the same rules and hard criteria as screening, with their evidence; each sent to the vacancy with
 * one click (a new application, as the forward dialog makes).
 */
export function SuggestionsDialog({ vacancy, onClose, onSent }: { vacancy: StaffVacancy; onClose: () => void; onSent: () => void }) {
  const { data, error, isLoading } = useSuggestions(vacancy.id)
  const [sent, setSent] = useState<number[]>([])
  const [sending, setSending] = useState<number | null>(null)
  const toast = useToast()

  async function send(candidateId: number, name: string) {
    setSending(candidateId)
    try {
      await forwardCandidate(candidateId, vacancy.id)
      setSent((s) => [...s, candidateId])
      toast(`${name} enviado(a) para esta vaga.`)
      onSent()
    } catch (e) {
      toast(e instanceof ApiError ? `Erro: ${e.message}` : 'Erro ao enviar candidato para a vaga.', { kind: 'error' })
    } finally {
      setSending(null)
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Sugestões do banco para ${vacancy.description || 'a vaga'}`}
      description="Pessoas já cadastradas que não estão nesta vaga, da mesma cidade ou a até 30 km, avaliadas pelas mesmas regras da triagem. Quem decide é você."
    >
      {isLoading && <p role="status">Procurando no banco de talentos...</p>}
      {error && (
        <p className="alert alert-error" role="alert">
          {error.message || 'Erro ao buscar sugestões.'}
        </p>
      )}
      {data && (
        <>
          <p className="field-hint">
            {data.evaluated.toLocaleString('pt-BR')} {data.evaluated === 1 ? 'pessoa avaliada' : 'pessoas avaliadas'} · {data.suggestions.length.toLocaleString('pt-BR')}{' '}
            {data.suggestions.length === 1 ? 'sugestão' : 'sugestões'}
          </p>
          {data.suggestions.length === 0 && <p>Nenhuma pessoa do banco atende a esta vaga agora.</p>}
          <ul className="suggestion-list">
            {data.suggestions.map((s) => {
              const name = s.candidate.full_name || 'Candidato'
              const done = sent.includes(s.candidate.id)
              return (
                <li key={s.candidate.id} className="suggestion card">
                  <div className="suggestion-head">
                    <strong>{name}</strong>
                    <span className={`status-badge family-${s.outcome === 'triado' ? 'success' : 'waiting'}`}>{s.outcome === 'triado' ? 'Atende' : 'A conferir'}</span>
                  </div>
                  <p className="cell-note">
                    {[
                      s.candidate.address_neighborhood,
                      s.candidate.address_city,
                      WHERE[s.proximity] ?? s.proximity,
                      s.km !== null ? `${s.km} km` : null,
                      formatPhone(s.candidate.whatsapp),
                      candidateStatusLabel(s.candidate.status) || 'Sem status',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <p>{s.explanation}</p>
                  <Evidence evidence={s.evidence} />
                  <button type="button" className="button button-small button-primary" disabled={done || sending !== null} onClick={() => void send(s.candidate.id, name)}>
                    {done ? 'Enviado' : sending === s.candidate.id ? 'Enviando...' : 'Enviar para esta vaga'}
                  </button>
                </li>
              )
            })}
          </ul>
        </>
      )}
    </Dialog>
  )
}
