import { useState } from 'react'

/** A list of short texts (docs/product.md, Vacancy form: requirements, benefits): Enter adds, entries trimmed, empty ignored, each removable. */
export function ListInput({
  id,
  label,
  values,
  onChange,
  placeholder,
}: {
  id: string
  label: string
  values: string[]
  onChange: (values: string[]) => void
  placeholder?: string
}) {
  const [draft, setDraft] = useState('')
  const add = () => {
    const value = draft.trim()
    if (value) onChange([...values, value])
    setDraft('')
  }
  return (
    <div className="field list-input">
      <label htmlFor={id}>{label}</label>
      <div className="row">
        <input
          id={id}
          value={draft}
          placeholder={placeholder}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              add()
            }
          }}
        />
        <button type="button" className="button" onClick={add}>
          Adicionar
        </button>
      </div>
      {values.length > 0 && (
        <ul aria-label={`${label} adicionados`}>
          {values.map((value, index) => (
            <li key={`${index}-${value}`}>
              <span>{value}</span>
              <button type="button" className="button button-small" aria-label={`Remover ${value}`} onClick={() => onChange(values.filter((_, i) => i !== index))}>
                Remover
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
