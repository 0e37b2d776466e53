import { useState, type FormEvent } from 'react'
import { useSWRConfig } from 'swr'
import { savedSearchName, TALENT_POOL_MESSAGES } from '@mini-vagas/shared/domain/talent-pool'
import type { SavedSearch, SavedSearchQuery } from '@mini-vagas/shared/schemas/candidates'
import { useToast } from '../../../components/toast.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { deleteSearch, saveSearch, savedSearchesKey, useSavedSearches } from '../api/talent-pool.ts'

/**
 * The searches a recruiter comes back to (the talent pool): each one restores the list's search,
 * dates, status, order and tag; the list's current one can be saved under a name, and any deleted.
 */
export function SavedSearches({ current, onApply }: { current: SavedSearchQuery; onApply: (query: SavedSearchQuery) => void }) {
  const { data: searches } = useSavedSearches()
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const [naming, setNaming] = useState(false)
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<string | null>(null)

  async function save(event: FormEvent) {
    event.preventDefault()
    if (!savedSearchName(name)) return setProblem(TALENT_POOL_MESSAGES.searchName)
    try {
      await saveSearch(name, current)
      await mutate(savedSearchesKey)
      toast(`Busca “${savedSearchName(name)}” salva`)
      setNaming(false)
      setName('')
      setProblem(null)
    } catch (error) {
      setProblem(error instanceof ApiError ? (error.fieldMessages().name ?? error.message) : 'Erro ao salvar a busca.')
    }
  }

  async function remove(search: SavedSearch) {
    try {
      await deleteSearch(search.id)
      await mutate(savedSearchesKey)
      toast(`Busca “${search.name}” apagada`)
    } catch {
      toast('Erro ao apagar a busca', { kind: 'error' })
    }
  }

  return (
    <section className="saved-searches" aria-label="Buscas salvas">
      <span className="saved-searches-title">Buscas salvas:</span>
      {(searches ?? []).length === 0 && <span className="field-hint">nenhuma ainda.</span>}
      {(searches ?? []).map((s) => (
        <span key={s.id} className="saved-search">
          <button type="button" className="chip" onClick={() => onApply(s.query)}>
            {s.name}
          </button>
          <button type="button" className="tag-remove" aria-label={`Apagar a busca ${s.name}`} onClick={() => void remove(s)}>
            ×
          </button>
        </span>
      ))}
      {naming ? (
        <form className="field-inline" onSubmit={save}>
          <label htmlFor="saved-search-name" className="visually-hidden">
            Nome da busca
          </label>
          <input
            id="saved-search-name"
            value={name}
            maxLength={80}
            placeholder="Nome da busca"
            onChange={(e) => setName(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'saved-search-problem' : undefined}
          />
          <button type="submit" className="button button-small button-primary">
            Salvar
          </button>
          <button type="button" className="button button-small" onClick={() => setNaming(false)}>
            Cancelar
          </button>
          {problem && (
            <p id="saved-search-problem" className="field-error" role="alert">
              {problem}
            </p>
          )}
        </form>
      ) : (
        <button type="button" className="button button-small" onClick={() => setNaming(true)}>
          Salvar esta busca
        </button>
      )}
    </section>
  )
}
