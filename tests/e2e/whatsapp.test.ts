import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { whatsappNumber } from '@mini-vagas/shared/domain/messages'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import type { BoardCard } from '@mini-vagas/shared/schemas/pipeline'
import { DEMO_TEAM, setUpDemoTeam } from '../../infra/demo/team.ts'
import { seriousViolations, signInByEmail } from '../support/browser.ts'
import { startJourney, type Journey } from '../support/journey.ts'
import { startMetaStub, type MetaStub } from '../support/meta-stub.ts'

// WhatsApp from the board, by a real browser against the real processes and a stand-in of Meta's
// Cloud API over real HTTP: a recruiter on her phone sees each card's conversation link; at her
// desk she chooses twelve cards and sends them "Retorno negativo" through WhatsApp Business (the
// operator's approved template); Meta's stand-in gets one template per number, the job's report
// says so, and the person's history names her.
let journey: Journey
let meta: MetaStub
beforeAll(async () => {
  meta = await startMetaStub()
  journey = await startJourney(2000, {
    bffEnv: meta.bffEnv('retorno_negativo=mv_retorno(nome,vaga)'),
  })
  await setUpDemoTeam(journey.product.url, journey.product.url)
}, 180_000)
afterAll(async () => {
  await journey?.close()
  await meta?.close()
})

const DESKTOP = { viewport: { width: 1366, height: 768 } }
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const [ana] = DEMO_TEAM
const CHOSEN = 12

const signIn = (page: Page) => signInByEmail(page, ana.email, ana.password)

describe('WhatsApp from the board', () => {
  it('opens a card’s conversation on a phone, and sends a bulk template through WhatsApp Business from the desk, once per number', async () => {
    const vacancies = await journey.legacy<{ id: number; description: string; company_name: string; city: string; candidates_count: number }[]>('/processos_seletivos')
    const vacancy = [...vacancies].sort((a, b) => b.candidates_count - a.candidates_count)[0]!

    // On the phone: the board's first card opens WhatsApp with the person's number.
    const phone = await journey.guestPage(PHONE)
    await signIn(phone)
    await phone.goto(`/vagas/${vacancySlug(vacancy)}/lista-candidatos?visao=quadro`)
    const firstChat = phone
      .locator('.board-card')
      .first()
      .getByRole('link', { name: /^WhatsApp de / })
    await firstChat.waitFor()
    expect(await firstChat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/55\d{10,11}$/)
    expect(await seriousViolations(phone)).toEqual([])
    await phone.context().close()

    // At the desk: twelve cards of the first column with a number, by their checkboxes.
    const page = await journey.guestPage(DESKTOP)
    await signIn(page)
    await page.goto(`/vagas/${vacancySlug(vacancy)}/lista-candidatos?visao=quadro`)
    const board = (await (await page.request.get(`/bff/vacancies/${vacancy.id}/board`)).json()) as { cards: BoardCard[] }
    const column = page.locator('.board-column').first()
    await column.getByRole('checkbox').first().waitFor()
    const names: string[] = []
    for (let row = 0; names.length < CHOSEN; row++) {
      const card = column.locator(`[data-row="${row}"]`)
      await card.scrollIntoViewIfNeeded()
      const name = (await card.locator('.board-card-name span').innerText()).trim()
      if (!whatsappNumber(board.cards.find((c) => c.name === name)?.whatsapp)) continue
      await card.getByRole('checkbox').check()
      names.push(name)
    }
    await page.getByText(`${CHOSEN} candidatos selecionados`).waitFor()
    await page.getByRole('button', { name: 'Enviar mensagem' }).click()
    const dialog = page.getByRole('dialog', { name: `Enviar mensagem para ${CHOSEN} candidatos` })
    await dialog.getByLabel('Mensagem').selectOption('retorno_negativo')
    await dialog.getByRole('radio', { name: 'WhatsApp Business' }).check()
    await dialog.getByText('Vai o modelo aprovado pela Meta').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Enviar' }).click()
    await page.getByText(/^"Retorno negativo" enviada pelo WhatsApp para \d+ candidatos/).waitFor()

    // Meta's stand-in: one approved template per chosen number, nobody else.
    const numbers = names.map((name) => whatsappNumber(board.cards.find((c) => c.name === name)!.whatsapp)!)
    expect(new Set(meta.messages.map((m) => m.to))).toEqual(new Set(numbers))
    expect(meta.messages.length).toBe(new Set(numbers).size)
    expect(meta.messages.every((m) => m.template?.name === 'mv_retorno')).toBe(true)

    // Meta's statuses arrive through the webhook: all delivered but one it could not deliver; the
    // report, still open, follows them and names whom to tell another way.
    const [unreached, ...reached] = meta.messages
    for (const [message, status] of [...reached.map((m) => [m, 'delivered'] as const), [unreached!, 'failed'] as const]) {
      const { body, signature } = meta.statusDelivery(message, status)
      const answer = await fetch(`${journey.product.url}/webhooks/whatsapp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body,
      })
      expect(answer.status).toBe(200)
    }
    const unreachedName = names[numbers.indexOf(unreached!.to)]!
    await page.getByText(`Entrega pelo WhatsApp, segundo a Meta: ${reached.length} de ${meta.messages.length} entregues · 0 lidas · 1 não entregue`).waitFor()
    await page.getByText(`A mensagem para ${unreachedName} não foi entregue pelo WhatsApp: o número não recebe mensagens do WhatsApp.`).waitFor()

    // The first person's history names who sent it and how.
    const person = board.cards.find((c) => c.name === names[0])!
    const timeline = (await (await page.request.get(`/bff/candidates/${person.id}/timeline`)).json()) as { entries: { by: string; text: string }[] }
    expect(timeline.entries.find((e) => /^Enviou “Retorno negativo” por WhatsApp Business/.test(e.text))?.by).toBe(ana.name)
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()
    expect(journey.consoleProblems).toEqual([])
  })
})
