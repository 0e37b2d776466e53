import ICAL from 'ical.js'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todayDate } from '../../shared/src/domain/dates.ts'
import { formatSlot, instantAt } from '../../shared/src/domain/interviews.ts'
import { vacancySlug } from '../../shared/src/domain/vacancy-slug.ts'
import { anApplication } from '../support/applicant.ts'
import { seriousViolations } from '../support/browser.ts'
import { fakeClock } from '../support/fake-clock.ts'
import { startJourney, type Journey } from '../support/journey.ts'

// Interviews in Chromium, at 1366 and 390 px, each on its own product whose BFF's clock this test
// moves for real (libfaketime): a recruiter proposes three times to a candidate; the SMTP server
// receives the invitation with an iCalendar ical.js reads; the candidate's link chooses one; their
// "Minhas candidaturas" shows it beside "Entenda a triagem"; when the clock reaches the day before
// and the hour before, the reminders arrive, once each; on the day, the recruiter's Início lists it.
const DAY = 86_400_000
const HOUR = 3_600_000

type Mail = { subject: string; text: string; attachments: { contentType: string; content: string }[] }

for (const [label, viewport, whatsapp] of [
  ['1366', { width: 1366, height: 768 }, '(85) 98811-1366'],
  ['390', { width: 390, height: 844 }, '(85) 98811-0390'],
] as const) {
  describe(`interviews at ${label} px`, () => {
    const clock = fakeClock()
    let journey: Journey
    beforeAll(async () => {
      journey = await startJourney(200, { bffEnv: { ...clock.env, REMINDER_SWEEP_SECONDS: '2' } })
    }, 120_000)
    afterAll(async () => {
      await journey?.close()
      clock.remove()
    })
    const mail = async (email: string) => (await (await fetch(`${journey.product.mailUrl}/messages?to=${encodeURIComponent(email)}`)).json()) as Mail[]
    const bff = (page: Page, method: 'POST' | 'PUT', url: string, data: unknown) =>
      page.request.fetch(url, { method, data, headers: { 'x-csrf': '1', origin: journey.product.url, 'content-type': 'application/json' } })

    it('a recruiter proposes three times; the candidate chooses one by the link and sees it on Minhas candidaturas; reminders and Início follow the clock; axe passes', async () => {
      const email = `rita.${label}.${Date.now()}@example.com`
      const name = `Rita Entrevista ${label}`
      const guest = await journey.guestPage({ viewport })
      const vacancy = ((await (await guest.request.get('/bff/public/vacancies')).json()).vacancies as { id: number; description: string; company_name: string; city: string }[])[0]!
      const applied = await guest.request.post('/bff/public/applications', {
        data: anApplication({ jobId: vacancy.id, fullName: name, email, whatsapp }),
        headers: { 'x-csrf': '1', origin: journey.product.url },
      })
      expect(applied.status()).toBe(201)
      const candidateId = Number((await applied.json()).id)

      // Staff screen today's applicants of the vacancy and review Rita's verdict (what "Entenda a triagem" explains).
      const admin = await journey.adminPage({ viewport })
      const today = todayDate(new Date(clock.now()))
      const load = await bff(admin, 'POST', '/bff/screening/candidates', { mode: 'empresa', vacancyId: vacancy.id, start_date: today, end_date: today })
      const run = (await (await bff(admin, 'POST', '/bff/screening/runs', { draftId: (await load.json()).draftId })).json()).run.id as string
      await expect.poll(async () => (await (await admin.request.get(`/bff/screening/runs/${run}`)).json()).run.status).toBe('done')
      expect((await bff(admin, 'PUT', `/bff/screening/runs/${run}/results/${candidateId}/review`, { decision: 'revisao', reason: 'Conferir a experiência.' })).status()).toBe(200)

      // Three times, two and three days ahead (the agency's calendar days).
      const days = [2, 2, 3].map((d) => todayDate(new Date(clock.now() + d * DAY)))
      const times = ['09:00', '14:30', '10:00']
      await admin.goto(`/vagas/${vacancySlug(vacancy)}/lista-candidatos`)
      await admin.getByLabel('Buscar candidato').fill(name)
      await admin
        .getByRole('button', { name: `Detalhes de ${name}` })
        .first()
        .click()
      const dialog = admin.getByRole('dialog', { name })
      await dialog.getByRole('button', { name: 'Agendar entrevista' }).click()
      // Sent empty, it says what is missing where it is missing, and keeps what was typed.
      journey.expectConsole(/lista-candidatos: .*status of 422/)
      await dialog.getByLabel('Endereço').fill('Av. Santos Dumont, 1500 — Fortaleza')
      await dialog.getByRole('button', { name: 'Enviar convite' }).click()
      await dialog.getByText('Informe a data no formato dd/mm/aaaa.').waitFor()
      expect(await dialog.getByLabel('Endereço').inputValue()).toBe('Av. Santos Dumont, 1500 — Fortaleza')
      for (let i = 0; i < 3; i++) {
        if (i > 0) await dialog.getByRole('button', { name: 'Adicionar horário' }).click()
        await dialog.getByLabel(`Data ${i + 1}`).fill(days[i]!)
        await dialog.getByLabel(`Horário ${i + 1}`).fill(times[i]!)
      }
      await dialog.getByLabel('Quem entrevista').fill('Ana Souza')
      expect(await seriousViolations(admin)).toEqual([])
      await dialog.getByRole('button', { name: 'Enviar convite' }).click()
      await admin.getByText(`Convite enviado para ${email}.`).first().waitFor()
      await dialog.getByText('Aguardando o candidato').waitFor()
      await dialog.getByText(/Convidou para entrevista por e-mail \(3 horários/).waitFor()

      // The invitation: three tentative events an iCalendar library reads, at the times proposed.
      await expect.poll(async () => (await mail(email)).length).toBe(1)
      const invitation = (await mail(email))[0]!
      expect(invitation.subject).toBe(`Convite para entrevista: ${vacancy.description}`)
      const calendar = new ICAL.Component(ICAL.parse(invitation.attachments.find((a) => a.contentType.startsWith('text/calendar'))!.content))
      expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
      const starts = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).startDate.toJSDate().getTime())
      const proposed = days.map((d, i) => instantAt(d, times[i]!).getTime())
      expect(starts).toEqual(proposed)

      // The candidate chooses the second time through the link.
      const link = /(http\S+\/entrevista#[A-Za-z0-9_-]{43})/.exec(invitation.text)![1]!
      await guest.goto(link)
      await guest.getByRole('heading', { name: 'Sua entrevista', level: 1 }).waitFor()
      expect(new URL(guest.url()).hash).toBe('')
      expect(await seriousViolations(guest)).toEqual([])
      await guest.getByRole('radio', { name: formatSlot(proposed[1]!) }).check()
      await guest.getByRole('button', { name: 'Confirmar horário' }).click()
      await guest.getByText(`Confirmada para ${formatSlot(proposed[1]!)}.`).waitFor()
      expect(await seriousViolations(guest)).toEqual([])
      await expect.poll(async () => (await mail(email)).filter((m) => m.subject.startsWith('Entrevista confirmada')).length).toBe(1)
      const confirmation = (await mail(email)).find((m) => m.subject.startsWith('Entrevista confirmada'))!
      const confirmed = new ICAL.Component(ICAL.parse(confirmation.attachments.find((a) => a.contentType.startsWith('text/calendar'))!.content))
      expect(confirmed.getFirstPropertyValue('method')).toBe('REQUEST')
      expect(new ICAL.Event(confirmed.getFirstSubcomponent('vevent')!).startDate.toJSDate().getTime()).toBe(proposed[1])

      // Minhas candidaturas shows the interview beside "Entenda a triagem" (the index is built while staff use the product).
      await expect.poll(async () => (await (await admin.request.get('/bff/home')).json()).indexedAt).not.toBeNull()
      await guest.goto('/minhas-candidaturas')
      await guest.getByLabel(/E-mail usado na candidatura/).fill(email)
      await guest.getByRole('button', { name: 'Receber link' }).click()
      await expect.poll(async () => (await mail(email)).filter((m) => m.subject.startsWith('Suas candidaturas')).length).toBe(1)
      const applicationsLink = /(http\S+\/minhas-candidaturas#[A-Za-z0-9_-]{43})/.exec((await mail(email)).find((m) => m.subject.startsWith('Suas candidaturas'))!.text)![1]!
      await guest.goto(applicationsLink)
      const card = guest.getByRole('article', { name: vacancy.description })
      await card.getByText(`Entrevista marcada para ${formatSlot(proposed[1]!)}`).waitFor()
      await card.getByText(/confirmada para /).waitFor()
      await card.getByText('Entenda a triagem').click()
      await card.getByText(/^Uma pessoa da equipe revisou este resultado em/).waitFor()
      expect(await seriousViolations(guest)).toEqual([])
      await admin.context().close()

      // The day before, 10 minutes past the reminder's time: "amanhã", once.
      clock.moveTo(proposed[1]! - DAY + 10 * 60_000)
      const reminders = async (subject: RegExp) => (await mail(email)).filter((m) => subject.test(m.subject)).length
      await expect.poll(() => reminders(/^Lembrete: entrevista amanhã/), { timeout: 30_000 }).toBe(1)
      // On the day, the recruiter's Início lists it among today's interviews.
      clock.moveTo(instantAt(days[1]!, '08:00').getTime())
      await new Promise((r) => setTimeout(r, 1500))
      const morning = await journey.adminPage({ viewport })
      const todays = morning.getByRole('region', { name: 'Entrevistas de hoje (1)' })
      await todays.getByText(name, { exact: false }).waitFor()
      expect(await todays.textContent()).toContain('14:30')
      expect(await seriousViolations(morning)).toEqual([])
      await morning.context().close()
      // An hour before: "em uma hora", once; the day before's was not sent again.
      clock.moveTo(proposed[1]! - HOUR + 60_000)
      await expect.poll(() => reminders(/^Lembrete: entrevista em uma hora/), { timeout: 30_000 }).toBe(1)
      await new Promise((r) => setTimeout(r, 5000))
      expect(await reminders(/^Lembrete: entrevista amanhã/)).toBe(1)
      expect(await reminders(/^Lembrete: entrevista em uma hora/)).toBe(1)
      await guest.context().close()
    }, 240_000)

    it('kept the console clean: no error or warning, no CSP violation, no uncaught error', () => {
      expect(journey.consoleProblems).toEqual([])
    })
  })
}
