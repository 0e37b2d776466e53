import { useEffect, useRef, useState, type FormEvent } from 'react'
import { ESTADOS } from '@mini-vagas/shared/constants/estados'
import { EDUCATION_APPLY, GENERO_APPLY, PCD_OPTIONS, SUPERMARKET_EXPERIENCE, VEIOPOR_APPLY } from '@mini-vagas/shared/constants/option-lists'
import { applicationFormErrors, buildApplicationPayload, type ApplicationField, type ApplicationForm as Form } from '@mini-vagas/shared/domain/candidate-payloads'
import { requiresCourse } from '@mini-vagas/shared/domain/option-lists'
import { maskCepInput, maskPhoneInput } from '@mini-vagas/shared/domain/br-format'
import { Link } from 'react-router'
import { CONSENT_MESSAGES, PRIVACY_NOTICE } from '@mini-vagas/shared/constants/privacy'
import { FormSubmit, RadioGroup, SelectField, TextAreaField, TextField } from '../../../components/form-fields.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { createApplication } from '../api/create-application.ts'
import { useCepAutofill } from '../api/use-cep-autofill.ts'

const EMPTY: Form = {
  fullName: '',
  age: '',
  genero: '',
  whatsapp: '',
  email: '',
  isPCD: '',
  cep: '',
  street: '',
  neighborhood: '',
  city: '',
  state: '',
  education: '',
  curso: '',
  veiopor: '',
  supermarketExperience: '',
  lastExperience: '',
}
const UF_OPTIONS = ESTADOS.map((e) => ({ value: e.uf, label: e.name }))

/** The BFF's field names (the payload (docs/product.md, Application)) → the form's fields. */
const SERVER_FIELDS: Record<string, ApplicationField> = {
  fullName: 'fullName',
  age: 'age',
  genero: 'genero',
  whatsapp: 'whatsapp',
  email: 'email',
  isPCD: 'isPCD',
  'address.street': 'street',
  'address.neighborhood': 'neighborhood',
  'address.city': 'city',
  'address.state': 'state',
  'address.cep': 'cep',
  education: 'education',
  curso: 'curso',
  veiopor: 'veiopor',
  experience: 'supermarketExperience',
  'experience.0': 'supermarketExperience',
  'experience.1': 'lastExperience',
}

type Errors = Partial<Record<ApplicationField, string>>
const draftKey = (jobId: number) => `candidatura:${jobId}`

function loadDraft(jobId: number): Form {
  try {
    const saved = sessionStorage.getItem(draftKey(jobId))
    return saved ? { ...EMPTY, ...(JSON.parse(saved) as Partial<Form>) } : EMPTY
  } catch {
    return EMPTY
  }
}

/**
 * docs/product.md, Applying; Validation: every field, the apply form's option lists, required rules, the course only
 * with higher education, CEP autofill, field errors from the BFF's 422 shown at the fields. What
 * the applicant typed is kept (also across a reload) until the application is sent.
 */
export function ApplicationForm({ jobId, onSuccess }: { jobId: number; onSuccess: (message: string) => void }) {
  const [form, setForm] = useState<Form>(() => loadDraft(jobId))
  const [errors, setErrors] = useState<Errors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  // LGPD: explicit consent to the current notice, never pre-ticked nor kept in the draft.
  const [consent, setConsent] = useState(false)
  const [consentError, setConsentError] = useState<string | null>(null)
  const formRef = useRef<HTMLFormElement>(null)

  useEffect(() => {
    try {
      sessionStorage.setItem(draftKey(jobId), JSON.stringify(form))
    } catch {
      // Storage full or blocked: the form still works, only the draft is not kept.
    }
  }, [form, jobId])

  const cepStatus = useCepAutofill(form.cep, (address) =>
    setForm((f) => ({
      ...f,
      street: address.street || f.street,
      neighborhood: address.neighborhood || f.neighborhood,
      city: address.city || f.city,
      state: address.state || f.state,
    })),
  )

  const set = (field: ApplicationField) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
  }
  // WhatsApp and CEP are masked as they are typed or pasted; the payload sends digits.
  const MASKS: Partial<Record<ApplicationField, (value: string) => string>> = { whatsapp: maskPhoneInput, cep: maskCepInput }
  const input = (field: ApplicationField) => ({
    value: form[field],
    onChange: (e: { target: { value: string } }) => set(field)(MASKS[field]?.(e.target.value) ?? e.target.value),
    error: errors[field],
  })

  function focusFirstError(found: Errors) {
    const first = Object.keys(found)[0]
    if (first) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`#${first}`)?.focus())
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (sending) return
    const found = applicationFormErrors(form)
    setErrors(found)
    setFormError(null)
    setConsentError(consent ? null : CONSENT_MESSAGES.required)
    if (Object.keys(found).length > 0 || !consent) {
      setFormError('Confira os campos destacados.')
      if (Object.keys(found).length === 0) return void requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('#consent')?.focus())
      return focusFirstError(found)
    }
    setSending(true)
    try {
      const { message } = await createApplication({ ...buildApplicationPayload(form, jobId), consent: { version: PRIVACY_NOTICE.version, accepted: true } })
      sessionStorage.removeItem(draftKey(jobId))
      onSuccess(message)
    } catch (error) {
      setSending(false)
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) {
        const mapped: Errors = {}
        if (error.errors.consent) setConsentError(error.errors.consent[0] ?? CONSENT_MESSAGES.required)
        for (const [key, messages] of Object.entries(error.errors)) {
          const field = SERVER_FIELDS[key]
          if (field && !mapped[field]) mapped[field] = messages[0]
        }
        setErrors(mapped)
        setFormError(Object.keys(mapped).length > 0 ? 'Confira os campos destacados.' : (Object.values(error.errors)[0]?.[0] ?? error.message))
        return focusFirstError(mapped)
      }
      // 409: this person already applied to this vacancy — the message says what to do.
      if (error instanceof ApiError && error.status === 409) return setFormError(error.message)
      setFormError(`Falha ao enviar a candidatura. ${error instanceof ApiError ? error.message : ''}`.trim())
    }
  }

  return (
    <form ref={formRef} className="application-form" onSubmit={submit} noValidate aria-labelledby="form-title">
      <h2 id="form-title">Seus dados</h2>
      <p className="field-hint">Campos marcados com * são obrigatórios.</p>
      <TextField id="fullName" label="Nome completo" required autoComplete="name" {...input('fullName')} />
      <div className="field-row">
        <TextField id="age" label="Idade" required type="number" inputMode="numeric" min={14} max={100} {...input('age')} />
        <SelectField id="genero" label="Gênero" required options={GENERO_APPLY} {...input('genero')} />
      </div>
      <div className="field-row">
        <TextField id="whatsapp" label="WhatsApp" required type="tel" autoComplete="tel" placeholder="(85) 90000-0000" {...input('whatsapp')} />
        <TextField id="email" label="E-mail" required type="email" autoComplete="email" {...input('email')} />
      </div>
      <RadioGroup id="isPCD" label="Pessoa com deficiência (PCD)?" required options={PCD_OPTIONS} value={form.isPCD} onChange={set('isPCD')} error={errors.isPCD} />

      <h2>Endereço</h2>
      <TextField
        id="cep"
        label="CEP"
        required
        inputMode="numeric"
        autoComplete="postal-code"
        placeholder="00000-000"
        hint={cepStatus ? <span aria-live="polite">{cepStatus}</span> : undefined}
        {...input('cep')}
      />
      <TextField id="street" label="Rua" required autoComplete="address-line1" {...input('street')} />
      <div className="field-row">
        <TextField id="neighborhood" label="Bairro" required {...input('neighborhood')} />
        <TextField id="city" label="Cidade" required autoComplete="address-level2" {...input('city')} />
      </div>
      <SelectField id="state" label="Estado" required options={UF_OPTIONS} {...input('state')} />

      <h2>Formação e experiência</h2>
      <SelectField id="education" label="Escolaridade" required options={EDUCATION_APPLY} {...input('education')} />
      {requiresCourse(form.education) && <TextField id="curso" label="Curso" hint="Preencha apenas se tiver ensino superior." {...input('curso')} />}
      <RadioGroup
        id="supermarketExperience"
        label="Já trabalhou em supermercado?"
        required
        options={SUPERMARKET_EXPERIENCE}
        value={form.supermarketExperience}
        onChange={set('supermarketExperience')}
        error={errors.supermarketExperience}
      />
      <TextAreaField id="lastExperience" label="Última experiência profissional" rows={3} hint="Opcional: empresa, função e tempo." {...input('lastExperience')} />
      <SelectField id="veiopor" label="Como soube da vaga?" required options={VEIOPOR_APPLY} {...input('veiopor')} />

      <section className="privacy-notice" aria-labelledby="privacy-title">
        <h2 id="privacy-title">{PRIVACY_NOTICE.title}</h2>
        {PRIVACY_NOTICE.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
        <p>
          <Link to="/meus-dados">Meus dados: pedir acesso, correção, exclusão ou revisão humana</Link>
        </p>
        <div className="field consent">
          <label className="checkbox">
            <input
              id="consent"
              type="checkbox"
              checked={consent}
              required
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? 'consent-error' : undefined}
              onChange={(e) => (setConsent(e.target.checked), setConsentError(null))}
            />
            Li o aviso de privacidade e concordo com o uso dos meus dados para este processo seletivo. <span aria-hidden="true">*</span>
          </label>
          {consentError && (
            <p id="consent-error" className="field-error">
              {consentError}
            </p>
          )}
        </div>
      </section>

      <FormSubmit error={formError} sending={sending} label="Enviar candidatura" />
    </form>
  )
}
