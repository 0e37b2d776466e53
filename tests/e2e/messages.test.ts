import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { anApplication } from '../support/applicant.ts'
import { seriousViolations } from '../support/browser.ts'
import { startJourney, type Journey } from '../support/journey.ts'

// Messages in Chromium, at 1366 and 390 px: a recruiter writes to a candidate from the template,
// the SMTP server receives it; the candidate stops messages through the link at its end; the
// recruiter then sees the request and is offered nothing to send. The templates' screen passes axe.
let journey: Journey
beforeAll(async () => {
  journey = await startJourney(200)
}, 120_000)
afterAll(() => journey?.close())

const mail = async (email: string) =>
  (await (await fetch(`${journey.product.mailUrl}/messages?to=${encodeURIComponent(email)}`)).json()) as { subject: string; text: string; html: string }[]

describe('messages to candidates', () => {
  for (const [label, viewport, whatsapp] of [
    ['1366', { width: 1366, height: 768 }, '(84) 99876-1366'],
    ['390', { width: 390, height: 844 }, '(84) 99876-0390'],
  ] as const) {
    it(`at ${label} px: an e-mail from a template reaches the SMTP server; its link stops messages; the recruiter sees it`, async () => {
      const email = `paula.${label}.${Date.now()}@example.com`
      const name = `Paula Mensagem ${label}`
      const guest = await journey.guestPage({ viewport })
      const vacancy = ((await (await guest.request.get('/bff/public/vacancies')).json()).vacancies as { id: number; description: string; company_name: string; city: string }[])[0]!
      const applied = await guest.request.post('/bff/public/applications', {
        data: anApplication({ jobId: vacancy.id, fullName: name, email, whatsapp }),
        headers: { 'x-csrf': '1', origin: journey.product.url },
      })
      expect(applied.status()).toBe(201)

      const page = await journey.adminPage({ viewport })
      await page.goto(`/vagas/${vacancySlug(vacancy)}/lista-candidatos`)
      await page.getByLabel('Buscar candidato').fill(name)
      await page
        .getByRole('button', { name: `Detalhes de ${name}` })
        .first()
        .click()
      const dialog = page.getByRole('dialog', { name })
      await dialog.getByRole('button', { name: 'Enviar mensagem' }).click()
      await dialog.getByLabel('Mensagem').selectOption('retorno_positivo')
      await expect.poll(async () => dialog.getByLabel('Texto (você pode ajustar)').inputValue()).toContain('Olá, Paula!')
      expect(await dialog.getByRole('link', { name: 'Abrir no WhatsApp' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/55849987/)
      expect(await seriousViolations(page)).toEqual([])
      await dialog.getByRole('button', { name: 'Enviar por e-mail' }).click()
      await page.getByText(`"Retorno positivo" enviada por e-mail para ${email}.`).first().waitFor()
      await dialog.getByText('Enviou “Retorno positivo” por e-mail.').waitFor()

      await expect.poll(async () => (await mail(email)).length).toBe(1)
      const [received] = await mail(email)
      expect(received!.subject).toBe(`Boas notícias sobre a vaga de ${vacancy.description}`)
      expect(received!.html).toBe('')
      const link = /(http\S+\/descadastro#[A-Za-z0-9_-]{43})/.exec(received!.text)![1]!
      await guest.goto(link)
      await guest.getByRole('heading', { name: 'Não receber mais mensagens', level: 1 }).waitFor()
      expect(await seriousViolations(guest)).toEqual([])
      await guest.getByRole('button', { name: 'Não quero mais receber mensagens' }).click()
      await guest.getByText('Pronto: você não receberá mais mensagens da agência neste e-mail.').waitFor()
      await guest.context().close()

      // Opened again, the candidate says so and offers nothing to send.
      await dialog.getByRole('button', { name: 'Fechar' }).click()
      await page
        .getByRole('button', { name: `Detalhes de ${name}` })
        .first()
        .click()
      const again = page.getByRole('dialog', { name })
      await again.getByText(/^Pediu para não ser contatado\(a\) \(pelo link do e-mail/).waitFor()
      expect(await again.getByRole('button', { name: 'Enviar mensagem' }).count()).toBe(0)
      await page.context().close()
    }, 180_000)
  }

  it('the templates’ screen: an admin changes a template and goes back to the original; axe passes', async () => {
    const page = await journey.adminPage()
    await page.getByRole('link', { name: 'Mensagens' }).click()
    await page.getByRole('heading', { name: 'Modelos de mensagem', level: 1 }).waitFor()
    const form = page.getByRole('form', { name: 'Lembrete' })
    await form.getByLabel(/^Texto/).fill('Oi {nome}! Amanhã, {hora}, {endereco}.')
    await form.getByText('Variável desconhecida: {endereco}.').waitFor()
    expect(await form.getByRole('button', { name: 'Salvar modelo' }).isDisabled()).toBe(true)
    await form.getByLabel(/^Texto/).fill('Oi {nome}! Amanhã, {hora}, {local}.')
    await form.getByRole('button', { name: 'Salvar modelo' }).click()
    await form.getByText(/^Alterado por /).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await form.getByRole('button', { name: 'Voltar ao texto original' }).click()
    await form.getByText('Texto original do Mini Vagas.').waitFor()
    await page.context().close()
  }, 120_000)

  it('the console stayed clean on every journey above', () => {
    expect(journey.consoleProblems).toEqual([])
  })
})
