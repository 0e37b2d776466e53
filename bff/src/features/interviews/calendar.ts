import ICAL from 'ical.js'

export interface CalendarInterview {
  id: string
  vacancy: string
  company: string
  place: string
  mode: 'presencial' | 'online'
  interviewer: string
  durationMinutes: number
  sequence: number
}

const utc = (ms: number) => ICAL.Time.fromJSDate(new Date(ms), true)

/**
 * An interview as iCalendar (RFC 5545, made with ical.js): the proposal (PUBLISH, one tentative
 * event per slot, for the candidate to see in their calendar before choosing), the confirmed time
 * (REQUEST, the interview's one UID, its SEQUENCE growing with each change, so a calendar moves
 * the event instead of adding another), or its cancellation (CANCEL, same UID).
 */
export function interviewCalendar(
  method: 'PUBLISH' | 'REQUEST' | 'CANCEL',
  interview: CalendarInterview,
  starts: readonly number[],
  people: { organizer: string; attendee: { email: string; name: string } },
  now: number,
): string {
  const calendar = new ICAL.Component(['vcalendar', [], []])
  calendar.updatePropertyWithValue('prodid', '-//Mini Vagas//Entrevistas//PT-BR')
  calendar.updatePropertyWithValue('version', '2.0')
  calendar.updatePropertyWithValue('method', method)
  starts.forEach((start, i) => {
    const vevent = new ICAL.Component('vevent')
    const event = new ICAL.Event(vevent)
    // A proposal's slots are separate events; the confirmed interview is one, whatever slot it took.
    event.uid = method === 'PUBLISH' ? `${interview.id}-${i}@mini-vagas` : `${interview.id}@mini-vagas`
    event.summary = `${method === 'PUBLISH' ? 'Entrevista (a confirmar)' : 'Entrevista'}: ${interview.vacancy}${interview.company ? ` — ${interview.company}` : ''}`
    event.startDate = utc(start)
    event.endDate = utc(start + interview.durationMinutes * 60_000)
    event.location = interview.place
    event.description = `${interview.mode === 'online' ? 'Entrevista online' : 'Entrevista presencial'} com ${interview.interviewer}.`
    vevent.updatePropertyWithValue('dtstamp', utc(now))
    vevent.updatePropertyWithValue('sequence', interview.sequence)
    vevent.updatePropertyWithValue('status', method === 'PUBLISH' ? 'TENTATIVE' : method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED')
    if (method !== 'PUBLISH') {
      vevent.addPropertyWithValue('organizer', `mailto:${people.organizer}`)
      const attendee = vevent.addPropertyWithValue('attendee', `mailto:${people.attendee.email}`)
      attendee.setParameter('cn', people.attendee.name || people.attendee.email)
      attendee.setParameter('partstat', 'ACCEPTED')
    }
    calendar.addSubcomponent(vevent)
  })
  return calendar.toString()
}
