import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'

/**
 * Labelled form controls with their error tied by aria-describedby and aria-invalid, so screen
 * readers announce what is wrong where it is wrong.
 */
interface Common {
  id: string
  label: string
  error?: string | undefined
  hint?: ReactNode
  required?: boolean
}

function Described({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </>
  )
}

const describedBy = (id: string, error?: string, hint?: ReactNode) => [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined

function Label({ id, label, required }: { id: string; label: string; required?: boolean | undefined }) {
  return (
    <label htmlFor={id}>
      {label}
      {required && <span aria-hidden="true"> *</span>}
    </label>
  )
}

export function TextField({ id, label, error, hint, required, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <Label id={id} label={label} required={required} />
      <input id={id} name={id} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...input} />
      <Described id={id} error={error} hint={hint} />
    </div>
  )
}

export function TextAreaField({ id, label, error, hint, required, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className="field">
      <Label id={id} label={label} required={required} />
      <textarea id={id} name={id} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...input} />
      <Described id={id} error={error} hint={hint} />
    </div>
  )
}

export function SelectField({
  id,
  label,
  error,
  hint,
  required,
  options,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly { value: string; label: string }[] }) {
  return (
    <div className="field">
      <Label id={id} label={label} required={required} />
      <select id={id} name={id} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...select}>
        <option value="">Selecione...</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Described id={id} error={error} hint={hint} />
    </div>
  )
}

export function RadioGroup({
  id,
  label,
  error,
  required,
  options,
  value,
  onChange,
}: Common & { options: readonly { value: string; label: string }[]; value: string; onChange: (value: string) => void }) {
  return (
    <fieldset className="field radio-group" id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error)} tabIndex={-1}>
      <legend>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      {options.map((o) => (
        <label key={o.value} className="radio">
          <input type="radio" name={id} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} required={required} />
          {o.label}
        </label>
      ))}
      <Described id={id} error={error} />
    </fieldset>
  )
}

/** The end of every form: its error (announced) and the submit button, busy while sending. */
export function FormSubmit({ error, sending, label, busyLabel = 'Enviando...' }: { error: string | null; sending: boolean; label: string; busyLabel?: string }) {
  return (
    <>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={sending}>
        {sending ? busyLabel : label}
      </button>
    </>
  )
}
