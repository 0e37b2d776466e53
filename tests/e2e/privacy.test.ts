import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todayDate } from '../../shared/src/domain/dates.ts'
import { anApplication } from '../support/applicant.ts'
import { seriousViolations } from '../support/browser.ts'
import { startJourney, type Journey } from '../support/journey.ts'

// (LGPD) in Chromium: an applicant asks for their data to be deleted on "Meus dados",
// gets a protocol and the 15-day deadline; staff find it in "Pedidos LGPD" and answer it.
let journey: Journey
beforeAll(async () => {
  journey = await startJourney(200)
}, 120_000)
afterAll(() => journey?.close())

describe('Meus dados', () => {
  it('an applicant’s request reaches the staff queue and is answered there; both pages pass axe', async () => {
    const page = await journey.guestPage()
    await page.goto('/')
    await page.getByRole('link', { name: 'Meus dados (LGPD)' }).click()
    await page.getByRole('heading', { name: 'Meus dados', level: 1 }).waitFor()
    // Nothing missing goes unsaid.
    await page.getByRole('button', { name: 'Enviar pedido' }).click()
    await page.getByText('Escolha o que você quer pedir.').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('radio', { name: 'Exclusão dos meus dados' }).check()
    await page.getByLabel(/Nome completo/).fill('Joana Titular')
    await page.getByLabel(/E-mail usado na candidatura/).fill('joana.titular@example.com')
    await page.getByLabel(/WhatsApp usado na candidatura/).fill('(85) 98877-6655')
    await page.getByLabel(/Detalhes/).fill('Não quero mais participar de processos seletivos.')
    await page.getByRole('button', { name: 'Enviar pedido' }).click()
    const receipt = (await page.getByRole('status').filter({ hasText: 'Pedido registrado' }).textContent())!
    const protocol = receipt.match(/Protocolo (LGPD-\d{8}-[0-9A-F]{6})/)![1]!
    expect(receipt).toContain('prazo legal de 15 dias')
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()

    const staff = await journey.adminPage()
    await staff.getByRole('link', { name: 'Pedidos LGPD' }).click()
    const item = staff.getByRole('listitem').filter({ hasText: protocol })
    await item.getByText(/^Responder até \d{2}\/\d{2}\/\d{4}\.$/).waitFor()
    expect(await item.getByRole('heading').textContent()).toBe('Exclusão dos meus dados — Joana Titular')
    expect(await seriousViolations(staff)).toEqual([])
    // Nobody applied with this e-mail and WhatsApp: nothing to anonymise, and it says so.
    await item.getByRole('button', { name: 'Anonimizar cadastros' }).click()
    await item.getByText('Nenhum cadastro com este e-mail e WhatsApp.').waitFor()
    await item.getByLabel('Resposta ao titular').fill('Cadastro anonimizado no sistema de vagas; titular avisado por e-mail.')
    await item.getByRole('button', { name: 'Registrar resposta' }).click()
    await item.getByText(/^Respondido por admin@minivagas\.com\.br em \d{2}\/\d{2}\/\d{4}: Cadastro anonimizado/).waitFor()
  }, 120_000)
})

describe('Minhas candidaturas', () => {
  /** The BFF as the admin's signed-in page calls it (its cookie, the CSRF headers). */
  const bff = (page: Page, method: 'POST' | 'PUT', url: string, data: unknown) =>
    page.request.fetch(url, { method, data, headers: { 'x-csrf': '1', origin: journey.product.url, 'content-type': 'application/json' } })

  for (const [label, viewport, whatsapp] of [
    ['1366', { width: 1366, height: 768 }, '(85) 98877-1366'],
    ['390', { width: 390, height: 844 }, '(85) 98877-0390'],
  ] as const) {
    it(`at ${label} px: an applicant asks for the link, reads it in the mail, follows both applications, understands the screening, withdraws one and asks for a review; axe passes`, async () => {
      const email = `joana.${label}.${Date.now()}@example.com`
      const guest = await journey.guestPage({ viewport })
      const vacancies = (await (await guest.request.get('/bff/public/vacancies')).json()).vacancies as { id: number; description: string }[]
      const [first, second] = vacancies
      const ids: number[] = []
      for (const vacancy of [first!, second!]) {
        const applied = await guest.request.post('/bff/public/applications', {
          data: anApplication({ jobId: vacancy.id, fullName: 'Joana Titular Souza', email, whatsapp }),
          headers: { 'x-csrf': '1', origin: journey.product.url },
        })
        expect(applied.status()).toBe(201)
        ids.push(Number((await applied.json()).id))
      }
      // Staff screen the second vacancy's applicants of today and review Joana's verdict: a decision
      // an automated screening took part in.
      const admin = await journey.adminPage()
      const today = todayDate()
      const load = await bff(admin, 'POST', '/bff/screening/candidates', { mode: 'empresa', vacancyId: second!.id, start_date: today, end_date: today })
      const run = (await (await bff(admin, 'POST', '/bff/screening/runs', { draftId: (await load.json()).draftId })).json()).run.id as string
      await expect.poll(async () => (await (await admin.request.get(`/bff/screening/runs/${run}`)).json()).run.status).toBe('done')
      expect((await bff(admin, 'PUT', `/bff/screening/runs/${run}/results/${ids[1]}/review`, { decision: 'revisao', reason: 'Conferir a experiência.' })).status()).toBe(200)
      // The applications are found in the candidate index, built while staff use the product.
      await expect.poll(async () => (await (await admin.request.get('/bff/home')).json()).indexedAt).not.toBeNull()
      await admin.context().close()

      await guest.goto('/')
      await guest.getByRole('link', { name: 'Minhas candidaturas' }).click()
      await guest.getByRole('heading', { name: 'Minhas candidaturas', level: 1 }).waitFor()
      await guest.getByLabel(/E-mail usado na candidatura/).fill(email)
      await guest.getByRole('button', { name: 'Receber link' }).click()
      await guest.getByRole('status').filter({ hasText: 'Se houver candidaturas com este e-mail' }).waitFor()
      expect(await seriousViolations(guest)).toEqual([])

      const mail = async () => (await (await fetch(`${journey.product.mailUrl}/messages?to=${encodeURIComponent(email)}`)).json()) as { subject: string; text: string }[]
      await expect.poll(async () => (await mail()).length).toBe(1)
      const link = /(http\S+\/minhas-candidaturas#[A-Za-z0-9_-]{43})/.exec((await mail())[0]!.text)![1]!
      await guest.goto(link)
      const applied = guest.getByRole('article', { name: first!.description })
      const screened = guest.getByRole('article', { name: second!.description })
      await applied.getByText('Em análise').waitFor()
      expect(new URL(guest.url()).hash).toBe('')
      await screened.getByText('Entenda a triagem').click()
      await screened.getByText(/Regras automáticas definidas pela agência compararam/).waitFor()
      expect(
        await screened
          .getByRole('listitem')
          .filter({ hasText: / — (atende|não atende|não foi possível avaliar)/ })
          .count(),
      ).toBeGreaterThan(0)
      await screened.getByText(/^Uma pessoa da equipe revisou este resultado em/).waitFor()
      expect(await applied.getByText('Entenda a triagem').count()).toBe(0)
      expect(await seriousViolations(guest)).toEqual([])

      await applied.getByRole('button', { name: 'Desistir da candidatura' }).click()
      await guest.getByRole('dialog', { name: 'Desistir desta candidatura?' }).getByRole('button', { name: 'Desistir' }).click()
      await guest
        .getByRole('status')
        .filter({ hasText: `Você desistiu da candidatura para ${first!.description}` })
        .waitFor()
      await applied.getByText('Você desistiu', { exact: true }).waitFor()
      expect(await applied.getByRole('button', { name: 'Desistir da candidatura' }).count()).toBe(0)

      await screened.getByRole('button', { name: 'Pedir revisão por uma pessoa' }).click()
      await guest.getByRole('heading', { name: 'Meus dados', level: 1 }).waitFor()
      expect(await guest.getByRole('radio', { name: 'Revisão por uma pessoa de uma decisão automatizada' }).isChecked()).toBe(true)
      expect(await guest.getByLabel(/E-mail usado na candidatura/).inputValue()).toBe(email)
      expect(await guest.getByLabel(/Nome completo/).inputValue()).toBe('Joana Titular Souza')
      expect(await seriousViolations(guest)).toEqual([])
      await guest.context().close()
    }, 180_000)
  }
})

describe('the console', () => {
  it('stayed clean on every journey above: no error or warning, no CSP violation, no uncaught error', () => {
    expect(journey.consoleProblems).toEqual([])
  })
})
