import * as Tabs from '@radix-ui/react-tabs'
import type { ReactNode } from 'react'
import { screeningRange, type DateRange, type ScreeningMode, type ScreeningRangeKind } from '@mini-vagas/shared/domain/dates'
import type { ScreeningVacancyItem } from '../api/screening.ts'
import { VacancyPicker } from './vacancy-picker.tsx'

const QUICK_RANGES: Record<ScreeningMode, { kind: ScreeningRangeKind; label: string }[]> = {
  empresa: [
    { kind: 'last-month', label: 'Último mês' },
    { kind: 'company-all', label: 'Todos os candidatos' },
  ],
  global: [
    { kind: 'last-7-days', label: 'Últimos 7 dias' },
    { kind: 'last-6-months', label: 'Últimos 6 meses' },
  ],
}
const MODE_HINTS: Record<ScreeningMode, string> = {
  empresa: 'Candidatos inscritos na vaga escolhida, no período.',
  global: 'Todos os candidatos inscritos no período (até 6 meses), exceto aprovados, contratados e em entrevista presencial. Os triados podem ser enviados para a vaga escolhida.',
}

export interface ScreeningFormProps {
  mode: ScreeningMode
  onMode: (mode: ScreeningMode) => void
  vacancies: readonly ScreeningVacancyItem[]
  vacancy: ScreeningVacancyItem | null
  onVacancy: (vacancy: ScreeningVacancyItem | null) => void
  range: DateRange
  onRange: (range: DateRange) => void
  rangeError: string | null
  /** What the BFF said of a quick range it moved inside the cap. */
  rangeNote?: string | null
  /** A quick range picked: the screen asks the BFF to fit it to the cap. */
  onQuickRange?: (kind: ScreeningRangeKind) => void
  today: string
  /** Work is under way: nothing can be changed. */
  locked: boolean
  /** The screen's actions, under the fields. */
  children: ReactNode
}

/** What to screen (docs/product.md, AI screening): the mode's tab, the vacancy, the period and its quick ranges. */
export function ScreeningForm({ mode, onMode, vacancies, vacancy, onVacancy, range, onRange, rangeError, rangeNote, onQuickRange, today, locked, children }: ScreeningFormProps) {
  return (
    <Tabs.Root value={mode} onValueChange={(next) => onMode(next as ScreeningMode)} className="tabs">
      <Tabs.List aria-label="Tipo de triagem" className="tab-list">
        <Tabs.Trigger value="empresa" className="tab" disabled={locked}>
          Triagem por empresa
        </Tabs.Trigger>
        <Tabs.Trigger value="global" className="tab" disabled={locked}>
          Triagem global
        </Tabs.Trigger>
      </Tabs.List>
      {(['empresa', 'global'] as const).map((m) => (
        <Tabs.Content key={m} value={m} className={`form-card tab-panel${locked ? ' is-busy' : ''}`} aria-busy={locked}>
          <p className="field-hint">{MODE_HINTS[m]}</p>
          <VacancyPicker vacancies={vacancies} selected={vacancy} onSelect={onVacancy} disabled={locked} />
          <div className="field-row">
            <div className="field">
              <label htmlFor={`${m}-start`}>Data inicial</label>
              <input id={`${m}-start`} type="date" value={range.start} max={today} disabled={locked} onChange={(e) => onRange({ ...range, start: e.target.value })} />
            </div>
            <div className="field">
              <label htmlFor={`${m}-end`}>Data final</label>
              <input id={`${m}-end`} type="date" value={range.end} max={today} disabled={locked} onChange={(e) => onRange({ ...range, end: e.target.value })} />
            </div>
          </div>
          {rangeError && (
            <p className="alert alert-error" role="alert">
              {rangeError}
            </p>
          )}
          <p className="field-hint range-note" role="status">
            {rangeNote ?? ''}
          </p>
          <div className="actions">
            {QUICK_RANGES[m].map((q) => (
              <button
                key={q.kind}
                type="button"
                className="button button-small"
                disabled={locked}
                onClick={() => (onQuickRange ? onQuickRange(q.kind) : onRange(screeningRange(q.kind, today)))}
              >
                {q.label}
              </button>
            ))}
          </div>
          {children}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  )
}
