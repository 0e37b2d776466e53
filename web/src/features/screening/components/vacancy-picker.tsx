import { vacancyPickerDetails } from '@mini-vagas/shared/domain/vacancy-rules'
import { useCombobox } from 'downshift'
import { useEffect, useMemo, useRef, useState } from 'react'
import { SUGGESTION_HIDE_DELAY_MS } from '@mini-vagas/shared/constants/limits'
import { vacancySuggestions } from '@mini-vagas/shared/domain/vacancy-suggestions'
import type { ScreeningVacancyItem } from '../api/screening.ts'

const label = (v: ScreeningVacancyItem | null) => (v ? [v.description, v.company_name].filter(Boolean).join(' — ') : '')

/**
 * The vacancy search box of docs/product.md, AI screening: a combobox (downshift: ARIA 1.2 pattern, keyboard and
 * screen readers) suggesting at most 10 public vacancies with their candidate counts; the list
 * hides 200 ms after the box loses focus (docs/product.md, Limits), and a button clears the choice.
 */
export function VacancyPicker({
  vacancies,
  selected,
  onSelect,
  disabled,
}: {
  vacancies: readonly ScreeningVacancyItem[]
  selected: ScreeningVacancyItem | null
  onSelect: (v: ScreeningVacancyItem | null) => void
  disabled?: boolean
}) {
  const [query, setQuery] = useState(label(selected))
  const items = useMemo(() => vacancySuggestions(vacancies, selected && query === label(selected) ? '' : query), [vacancies, query, selected])
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const closeRef = useRef<() => void>(() => {})
  useEffect(() => () => void (hideTimer.current && clearTimeout(hideTimer.current)), [])

  const combobox = useCombobox<ScreeningVacancyItem>({
    items,
    itemToString: label,
    selectedItem: selected,
    inputValue: query,
    onInputValueChange: ({ inputValue }) => setQuery(inputValue ?? ''),
    onSelectedItemChange: ({ selectedItem }) => onSelect(selectedItem ?? null),
    stateReducer: (state, { type, changes }) => {
      if (type === useCombobox.stateChangeTypes.InputBlur) {
        if (hideTimer.current) clearTimeout(hideTimer.current)
        hideTimer.current = setTimeout(() => closeRef.current(), SUGGESTION_HIDE_DELAY_MS)
        return { ...changes, isOpen: state.isOpen }
      }
      return changes
    },
  })
  useEffect(() => {
    closeRef.current = combobox.closeMenu
  })
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } = combobox

  return (
    <div className="field vacancy-picker">
      <label {...getLabelProps()}>Vaga</label>
      <div className="picker-row">
        <input {...getInputProps({ placeholder: 'Busque por vaga, empresa, cidade ou recrutador', disabled })} />
        {(selected || query) && (
          <button
            type="button"
            className="button button-small"
            disabled={disabled}
            onClick={() => {
              setQuery('')
              onSelect(null)
              combobox.reset()
            }}
          >
            Limpar seleção
          </button>
        )}
      </div>
      <ul {...getMenuProps()} className={`suggestions${isOpen ? ' open' : ''}`}>
        {isOpen && items.length === 0 && <li className="suggestion-empty">Nenhuma vaga visível encontrada.</li>}
        {isOpen &&
          items.map((v, index) => (
            <li key={v.id} {...getItemProps({ item: v, index })} className={`suggestion${highlightedIndex === index ? ' highlighted' : ''}`}>
              <span className="suggestion-title">{v.description}</span>
              <span className="suggestion-meta">{vacancyPickerDetails({ ...v, candidates_count: v.candidates_count ?? 0 })}</span>
            </li>
          ))}
      </ul>
    </div>
  )
}
