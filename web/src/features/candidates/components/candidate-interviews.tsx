import { useState, type FormEvent } from 'react'
import { useSWRConfig } from 'swr'
import { formatSlot, INTERVIEW_LIMITS, INTERVIEW_STATUS_LABELS, MODE_LABELS, reminderStateText, type InterviewMode } from '@mini-vagas/shared/domain/interviews'
import type { Interview } from '@mini-vagas/shared/schemas/interviews'
import { FormSubmit, RadioGroup, TextField } from '../../../components/form-fields.tsx'
import { useToast } from '../../../components/toast.tsx'
import { ApiError, GENERIC_ERROR } from '../../../lib/api-client.ts'
import { useSession } from '../../../lib/session.ts'
import { cancelInterview, interviewsOfKey, markNoShow, proposeInterview, useCandidateInterviews } from '../api/interviews.ts'
import { timelineKey } from '../api/timeline.ts'

const MODES = [
  { value: 'presencial', label: 'Presencial' },
  { value: 'online', label: 'Online' },
]
const CHANNELS = [
  { value: 'email', label: 'E-mail (com convite para a agenda)' },
  { value: 'whatsapp', label: 'WhatsApp (abre a conversa com o texto)' },
]
const emptySlot = () => ({ date: '', time: '' })

/**
 * A candidate's interviews and "Agendar entrevista": one time or several for the candidate to
 * choose from, how long, where (an address, or an online link), who interviews, and how the
 * invitation goes (e-mail with a calendar invitation, or WhatsApp with the text). What the person
 * typed stays in the form when the BFF refuses it, each problem beside its field.
 */
export function CandidateInterviews({ candidate }: { candidate: { id: number; email?: string | null; whatsapp?: string | null } }) {
  const toast = useToast()
  const { mutate } = useSWRConfig()
  const { user } = useSession()
  const list = useCandidateInterviews(candidate.id)
  const [open, setOpen] = useState(false)
  const [slots, setSlots] = useState([emptySlot()])
  const [duration, setDuration] = useState('45')
  const [mode, setMode] = useState<InterviewMode>('presencial')
  const [place, setPlace] = useState('')
  const [interviewer, setInterviewer] = useState(user?.person ? user.name : '')
  const [channel, setChannel] = useState<'email' | 'whatsapp'>(candidate.email ? 'email' : 'whatsapp')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [whatsappUrl, setWhatsappUrl] = useState<string | null>(null)
  const id = (name: string) => `entrevista-${name}-${candidate.id}`
  // "Marcar falta" is offered once the time has passed, as of when the details opened.
  const [openedAt] = useState(() => Date.now())

  async function submit(event: FormEvent) {
    event.preventDefault()
    setSending(true)
    setError(null)
    setErrors({})
    try {
      const created = await proposeInterview(candidate.id, { slots, durationMinutes: Number(duration) || 0, mode, place, interviewer, channel })
      toast(created.message)
      setWhatsappUrl(created.whatsappUrl)
      setOpen(false)
      setSlots([emptySlot()])
      setPlace('')
      await Promise.all([mutate(interviewsOfKey(candidate.id)), mutate(timelineKey(candidate.id))])
    } catch (failure) {
      if (failure instanceof ApiError) {
        setErrors(failure.fieldMessages())
        setError(failure.message)
      } else setError(GENERIC_ERROR)
    } finally {
      setSending(false)
    }
  }
  async function act(interview: Interview, action: 'no-show' | 'cancel') {
    try {
      toast((action === 'cancel' ? await cancelInterview(interview.id) : await markNoShow(interview.id)).message)
      await Promise.all([mutate(interviewsOfKey(candidate.id)), mutate(timelineKey(candidate.id))])
    } catch (failure) {
      toast(failure instanceof ApiError ? failure.message : GENERIC_ERROR, { kind: 'error' })
    }
  }

  const interviews = list.data?.interviews ?? []
  return (
    <section className="candidate-interviews" aria-labelledby={id('titulo')}>
      <h3 id={id('titulo')}>Entrevistas</h3>
      {interviews.length > 0 && (
        <ul className="interview-list">
          {interviews.map((i) => (
            <li key={i.id}>
              <strong>{INTERVIEW_STATUS_LABELS[i.status]}</strong>
              {' — '}
              {i.startsAt ? formatSlot(i.startsAt) : i.slots.map((s) => formatSlot(s.startsAt)).join(' · ')}
              <small>
                {' '}
                ({MODE_LABELS[i.mode]}: {i.place}; com {i.interviewer})
              </small>
              {i.status === 'confirmada' && (i.reminders ?? []).length > 0 && (
                <small className="interview-reminders">Lembretes — {(i.reminders ?? []).map(reminderStateText).join(' · ')}</small>
              )}
              {(i.status === 'proposta' || i.status === 'remarcar' || i.status === 'confirmada') && (
                <span className="actions">
                  {i.status === 'confirmada' && Date.parse(i.startsAt!) <= openedAt && (
                    <button type="button" className="button button-small" onClick={() => void act(i, 'no-show')}>
                      Marcar falta
                    </button>
                  )}
                  <button type="button" className="button-link" onClick={() => void act(i, 'cancel')}>
                    Cancelar entrevista
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {whatsappUrl && (
        <p className="alert alert-info" role="status">
          <a href={whatsappUrl} target="_blank" rel="noopener noreferrer" onClick={() => setWhatsappUrl(null)}>
            Abrir o WhatsApp com o convite
          </a>
        </p>
      )}
      <button type="button" className="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Agendar entrevista
      </button>
      {open && (
        <form className="interview-form" onSubmit={(e) => void submit(e)} noValidate>
          <fieldset>
            <legend>Horários (o candidato escolhe um)</legend>
            {errors.slots && <p className="field-error">{errors.slots}</p>}
            {slots.map((slot, i) => (
              <div className="slot-row" key={i}>
                <TextField
                  id={id(`data-${i}`)}
                  label={`Data ${i + 1}`}
                  type="date"
                  value={slot.date}
                  error={errors[`slots.${i}`]}
                  onChange={(e) => setSlots((all) => all.map((s, j) => (j === i ? { ...s, date: e.target.value } : s)))}
                />
                <TextField
                  id={id(`hora-${i}`)}
                  label={`Horário ${i + 1}`}
                  type="time"
                  value={slot.time}
                  onChange={(e) => setSlots((all) => all.map((s, j) => (j === i ? { ...s, time: e.target.value } : s)))}
                />
                {slots.length > 1 && (
                  <button type="button" className="button-link" onClick={() => setSlots((all) => all.filter((_, j) => j !== i))}>
                    Remover horário {i + 1}
                  </button>
                )}
              </div>
            ))}
            {slots.length < INTERVIEW_LIMITS.slots && (
              <button type="button" className="button button-small" onClick={() => setSlots((all) => [...all, emptySlot()])}>
                Adicionar horário
              </button>
            )}
          </fieldset>
          <TextField
            id={id('duracao')}
            label="Duração (minutos)"
            type="number"
            min={15}
            max={240}
            step={5}
            value={duration}
            error={errors.durationMinutes}
            onChange={(e) => setDuration(e.target.value)}
          />
          <RadioGroup id={id('modo')} label="Formato" options={MODES} value={mode} onChange={(v) => setMode(v as InterviewMode)} />
          <TextField
            id={id('local')}
            label={mode === 'online' ? 'Link da entrevista' : 'Endereço'}
            value={place}
            maxLength={300}
            error={errors.place}
            placeholder={mode === 'online' ? 'https://' : 'Rua, número, bairro, cidade'}
            onChange={(e) => setPlace(e.target.value)}
          />
          <TextField
            id={id('entrevistador')}
            label="Quem entrevista"
            value={interviewer}
            maxLength={120}
            error={errors.interviewer}
            onChange={(e) => setInterviewer(e.target.value)}
          />
          <RadioGroup
            id={id('canal')}
            label="Enviar o convite por"
            options={CHANNELS}
            value={channel}
            error={errors.channel}
            onChange={(v) => setChannel(v as 'email' | 'whatsapp')}
          />
          <FormSubmit error={error} sending={sending} label="Enviar convite" />
        </form>
      )}
    </section>
  )
}
