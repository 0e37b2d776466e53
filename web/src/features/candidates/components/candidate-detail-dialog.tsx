import { useState } from 'react'
import { Link } from 'react-router'
import { formatCep, formatPhone, formatUf, optionLabel } from '@mini-vagas/shared/domain/br-format'
import { candidateStatusLabel } from '@mini-vagas/shared/domain/candidate-status'
import { formatDate, formatDateTime } from '@mini-vagas/shared/domain/dates'
import { lastAction } from '@mini-vagas/shared/domain/last-action'
import { Dialog } from '../../../components/dialog.tsx'
import { useToast } from '../../../components/toast.tsx'
import { saveNote } from '../api/candidate-writes.ts'
import { CandidateInterviews } from './candidate-interviews.tsx'
import { CandidateMessages } from './candidate-messages.tsx'
import { CandidateTimeline } from './candidate-timeline.tsx'
import { TagEditor } from './tag-editor.tsx'
import type { StaffCandidate } from '../api/types.ts'

const yesNo = (v: boolean | null | undefined) => (v === true ? 'Sim' : v === false ? 'Não' : 'Não informado')

/**
 * Every field of a candidate, and its observation editor. Mounted per candidate (keyed by id by
 * its caller): the note is saved on the candidate named in the title, and what the user typed is
 * never replaced by a list refreshing behind the dialog.
 */
export function CandidateDetailDialog({
  candidate,
  onClose,
  onSaved,
  canEdit = true,
  tags,
  onTagsSaved,
}: {
  candidate: StaffCandidate
  onClose: () => void
  onSaved: (row: StaffCandidate) => void
  canEdit?: boolean
  /** The person's tags (staff only: a company's dialog has none). */
  tags?: string[] | undefined
  onTagsSaved?: (tags: string[]) => void
}) {
  const toast = useToast()
  const [obs, setObs] = useState(candidate.obs ?? '')
  const [saving, setSaving] = useState(false)
  const action = lastAction(candidate)
  const rows: [string, string][] = [
    ['E-mail', candidate.email ?? ''],
    ['WhatsApp', formatPhone(candidate.whatsapp)],
    ['Idade', candidate.age === null || candidate.age === undefined ? '' : String(candidate.age)],
    ['Gênero', optionLabel('genero', candidate.genero)],
    ['PCD', yesNo(candidate.is_pcd)],
    ['Endereço', [candidate.address_street, candidate.address_neighborhood, candidate.address_city, formatUf(candidate.address_state)].filter(Boolean).join(', ')],
    ['CEP', formatCep(candidate.cep)],
    ['Escolaridade', optionLabel('education', candidate.education)],
    ['Curso', candidate.curso ?? ''],
    ['Supermercado', optionLabel('experience', candidate.experience_1)],
    ['Última experiência', candidate.experience_2 ?? ''],
    ['Outra experiência', candidate.experience_3 ?? ''],
    ['Como soube da vaga', optionLabel('veiopor', candidate.veiopor)],
    ['Status', candidateStatusLabel(candidate.status)],
    ['Vaga', [candidate.job_posting?.description, candidate.company_name].filter(Boolean).join(' · ')],
    ['Inscrição', formatDate(candidate.created_at)],
    ['Última ação', action.at ? `${action.label} (${formatDateTime(action.at)})` : action.label],
  ]
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={candidate.full_name || 'Candidato'}>
      <dl className="definition">
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      {tags && onTagsSaved && <TagEditor candidateId={candidate.id} initial={tags} onSaved={onTagsSaved} />}
      <form
        onSubmit={async (e) => {
          e.preventDefault()
          setSaving(true)
          try {
            const row = await saveNote(candidate.id, obs)
            toast('Observação salva com sucesso!')
            onSaved(row)
          } catch {
            toast('Erro ao salvar a observação', { kind: 'error' })
          } finally {
            setSaving(false)
          }
        }}
      >
        <div className="field">
          <label htmlFor="detail-obs">Observação</label>
          <textarea id="detail-obs" rows={3} value={obs} onChange={(e) => setObs(e.target.value)} maxLength={5000} />
        </div>
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar observação'}
          </button>
          {canEdit && (
            <Link className="button" to={`/candidatos/${candidate.id}/edit`}>
              Editar candidato
            </Link>
          )}
        </div>
      </form>
      {canEdit && <CandidateMessages candidate={candidate} />}
      {canEdit && <CandidateInterviews candidate={candidate} />}
      {canEdit && <CandidateTimeline candidateId={candidate.id} />}
    </Dialog>
  )
}
