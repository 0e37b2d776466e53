import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

describe('the console', () => {
  it('stayed clean on every journey above: no error or warning, no CSP violation, no uncaught error', () => {
    expect(journey.consoleProblems).toEqual([])
  })
})
