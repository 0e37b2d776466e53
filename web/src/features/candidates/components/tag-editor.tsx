import { useId, useState, type FormEvent } from 'react'
import { checkTags } from '@mini-vagas/shared/domain/talent-pool'
import { ApiError } from '../../../lib/api-client.ts'
import { saveTags } from '../api/candidate-writes.ts'
import { useTags } from '../api/talent-pool.ts'

/**
 * A person's tags (the talent pool): each removable, a new one added with Enter or 'Adicionar',
 * the tags already in use offered as the user types. Each change is saved at once; a refusal
 * keeps what the user typed and says why.
 */
export function TagEditor({ candidateId, initial, onSaved }: { candidateId: number; initial: string[]; onSaved: (tags: string[]) => void }) {
  const [tags, setTags] = useState(initial)
  const [draft, setDraft] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const { data: known } = useTags()
  const listId = useId()
  const inputId = useId()

  async function save(next: string[]) {
    const checked = checkTags(next)
    if ('problem' in checked) return setProblem(checked.problem)
    setSaving(true)
    setProblem(null)
    try {
      const kept = await saveTags(candidateId, checked.tags)
      setTags(kept)
      setDraft('')
      onSaved(kept)
    } catch (error) {
      setProblem(error instanceof ApiError ? (error.fieldMessages().tags ?? error.message) : 'Erro ao salvar as etiquetas.')
    } finally {
      setSaving(false)
    }
  }

  const add = (event: FormEvent) => {
    event.preventDefault()
    if (draft.trim()) void save([...tags, draft])
  }

  return (
    <form className="tag-editor" onSubmit={add} aria-busy={saving}>
      <p className="tag-editor-title" id={`${inputId}-title`}>
        Etiquetas do banco de talentos
      </p>
      <ul className="tag-list" aria-labelledby={`${inputId}-title`}>
        {tags.length === 0 && <li className="field-hint">Nenhuma etiqueta.</li>}
        {tags.map((tag) => (
          <li key={tag} className="tag">
            {tag}
            <button type="button" className="tag-remove" aria-label={`Remover etiqueta ${tag}`} disabled={saving} onClick={() => void save(tags.filter((t) => t !== tag))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="field-inline">
        <label htmlFor={inputId} className="visually-hidden">
          Nova etiqueta
        </label>
        <input
          id={inputId}
          list={listId}
          value={draft}
          maxLength={60}
          placeholder="Nova etiqueta (ex.: CNH B, turno da noite)"
          onChange={(e) => setDraft(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
        />
        <datalist id={listId}>
          {(known ?? []).map((t) => (
            <option key={t.tag} value={t.tag} />
          ))}
        </datalist>
        <button type="submit" className="button button-small" disabled={saving || !draft.trim()}>
          Adicionar
        </button>
      </div>
      {problem && (
        <p id={`${inputId}-problem`} className="field-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  )
}
