import { useState } from 'react'
import { todayDate } from '@mini-vagas/shared/domain/dates'
import { formatSlot, instantAt, INTERVIEW_STATUS_LABELS, MODE_LABELS } from '@mini-vagas/shared/domain/interviews'
import { useInterviewsBetween } from '../../../lib/interviews.ts'

/**
 * The interviews of the next 30 days — a company's own vacancies' (the BFF keeps to them) — with
 * when, who, for which vacancy, how and their state. Nothing while there are none.
 */
export function UpcomingInterviews() {
  const [range] = useState(() => {
    const from = instantAt(todayDate(), '00:00')
    return { from, to: new Date(from.getTime() + 30 * 86_400_000) }
  })
  const { data } = useInterviewsBetween(range.from, range.to)
  const interviews = (data?.interviews ?? []).filter((i) => i.status !== 'cancelada')
  if (interviews.length === 0) return null
  return (
    <section className="upcoming-interviews" aria-labelledby="proximas-entrevistas">
      <h2 id="proximas-entrevistas">Próximas entrevistas</h2>
      <ul>
        {interviews.map((i) => (
          <li key={i.id}>
            <strong>
              {i.startsAt ? formatSlot(i.startsAt) : `A confirmar (${i.slots.length} horário${i.slots.length === 1 ? '' : 's'} proposto${i.slots.length === 1 ? '' : 's'})`}
            </strong>{' '}
            — {i.candidateName}, {i.vacancy}{' '}
            <small>
              {MODE_LABELS[i.mode]} · com {i.interviewer} · {INTERVIEW_STATUS_LABELS[i.status]}
            </small>
          </li>
        ))}
      </ul>
    </section>
  )
}
