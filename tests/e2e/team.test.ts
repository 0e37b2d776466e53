import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { totpAt } from '../../bff/src/features/accounts/totp.ts'
import { seriousViolations } from '../support/browser.ts'
import { startJourney, type Journey } from '../support/journey.ts'

// The team's own accounts, by a real browser against the real processes: the agency's shared
// login sets the team up, two recruiters get their own logins (one at 1366 px, one on a phone),
// a write names its author in the audit trail, a second factor guards a sign-in, and a
// deactivation ends a session.
let journey: Journey
beforeAll(async () => {
  journey = await startJourney(300)
}, 120_000)
afterAll(() => journey?.close())

const DESKTOP = { viewport: { width: 1366, height: 768 } }
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const links: Record<string, string> = {}
const password = { ana: 'girassol-azul-42', rui: 'mandacaru-verde-77' }
let totpSecret = ''

async function axeClean(page: Page) {
  expect(await seriousViolations(page)).toEqual([])
}

async function signInByEmail(page: Page, email: string, secret: string, code?: () => string) {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Equipe da agência (e-mail)' }).click()
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha').fill(secret)
  await page.getByRole('button', { name: 'Entrar' }).click()
  if (code) {
    await page.getByLabel('Código do autenticador').fill(code())
    await page.getByRole('button', { name: 'Entrar' }).click()
  }
  await page.waitForURL('**/painel_de_controle_mini_vagas')
}

async function setPasswordByLink(page: Page, link: string, secret: string) {
  await page.goto(link)
  await page.getByText(/você vai entrar no Mini Vagas/).waitFor()
  expect(new URL(page.url()).hash).toBe('')
  await axeClean(page)
  await page.getByLabel(/^Nova senha/).fill(secret)
  await page.getByLabel(/^Confirme a nova senha/).fill(secret)
  await page.getByRole('button', { name: 'Salvar senha' }).click()
  await page.getByText('Senha definida. Entre com o seu e-mail e a nova senha.').waitFor()
}

describe('the team’s own accounts', () => {
  it('the agency’s login binds itself and invites two recruiters, each with a link shown once', async () => {
    const page = await journey.adminPage(DESKTOP)
    await page.getByRole('link', { name: 'Equipe' }).click()
    await page.getByRole('heading', { name: 'Equipe', level: 1 }).waitFor()
    await page.getByLabel(/^CNPJ do login/).pressSequentially('11222333000181')
    await page.getByLabel(/^Senha do login/).fill('demo-admin-2026')
    await page.getByRole('button', { name: 'Vincular' }).click()
    await page.getByText(/vinculado por admin@minivagas\.com\.br/).waitFor()
    for (const [key, name] of [
      ['ana', 'Ana Souza'],
      ['rui', 'Rui Barros'],
    ] as const) {
      await page.getByRole('button', { name: 'Convidar pessoa' }).click()
      const dialog = page.getByRole('dialog', { name: 'Convidar pessoa' })
      await dialog.getByLabel(/^Nome/).fill(name)
      await dialog.getByLabel(/^E-mail/).fill(`${key}@agencia.com.br`)
      await dialog.getByLabel(/^Papel/).selectOption('recruiter')
      await dialog.getByRole('button', { name: 'Convidar' }).click()
      const shown = page.getByRole('dialog', { name: `Link para ${name}` })
      links[key] = await shown.getByLabel('Link').inputValue()
      expect(links[key]).toMatch(/\/conta\/senha#[\w-]{43}$/)
      await axeClean(page)
      await shown.getByRole('button', { name: 'Pronto' }).click()
    }
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /Rui Barros/ })
          .getByText('Convite pendente')
          .isVisible(),
      )
      .toBe(true)
    await axeClean(page)
    await page.context().close()
  })

  it('on a phone, Ana sets her password by the link, signs in with her e-mail and turns on two-step sign-in', async () => {
    const page = await journey.guestPage(PHONE)
    await setPasswordByLink(page, links.ana!, password.ana)
    // The link works once (opened again, as from the message it came in): the browser logs the 410.
    journey.expectConsole(/conta\/senha: Failed to load resource: the server responded with a status of 410/)
    await page.goto('about:blank')
    await page.goto(links.ana!)
    await page.getByText(/Este link não vale mais/).waitFor()
    await signInByEmail(page, 'ana@agencia.com.br', password.ana)
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect.poll(() => page.getByRole('link', { name: 'Equipe' }).count()).toBe(0)
    await page.getByRole('link', { name: 'Ana Souza' }).click()
    await page.getByRole('heading', { name: 'Minha conta', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Configurar' }).click()
    await page.getByRole('img', { name: /Código QR/ }).waitFor()
    totpSecret = (await page.locator('.totp-secret').innerText()).replace(/\s/g, '')
    await axeClean(page)
    await page.getByLabel('Código que o aplicativo mostra').fill(totpAt(totpSecret, Date.now()))
    await page.getByRole('button', { name: 'Ativar' }).click()
    await page.getByText('Ativada.', { exact: true }).waitFor()
    await axeClean(page)
    await page.context().close()
  })

  it('Ana’s next sign-in asks for the code; a write of Rui’s is his in the audit trail', async () => {
    const ana = await journey.guestPage(PHONE)
    // The code of the next 30 s step: the one that turned two-step on is spent.
    await signInByEmail(ana, 'ana@agencia.com.br', password.ana, () => totpAt(totpSecret, Date.now() + 30_000))
    await ana.context().close()

    const rui = await journey.guestPage(DESKTOP)
    await setPasswordByLink(rui, links.rui!, password.rui)
    await signInByEmail(rui, 'rui@agencia.com.br', password.rui)
    const vacancy = await journey.legacy<{ id: number; description: string; company_name: string; city: string }>('/processos_seletivos/1')
    await rui.goto(`/vagas/${vacancySlug(vacancy)}/lista-candidatos`)
    const select = rui.locator('table.data tbody select').first()
    await select.waitFor()
    const candidateId = Number((await select.getAttribute('id'))!.replace('status-', ''))
    await select.selectOption('aprovado')
    await expect.poll(() => rui.getByText('Status do candidato alterado com sucesso').first().isVisible()).toBe(true)

    const admin = await journey.adminPage(DESKTOP)
    const today = new Date().toISOString().slice(0, 10)
    const csv = await (await admin.request.get(`/bff/audit.csv?start_date=${today}&end_date=${today}`)).text()
    const line = csv.split('\n').find((l) => l.includes(`candidato:${candidateId}`) && l.includes('Status alterado'))
    expect(line).toContain('rui@agencia.com.br')
    expect(csv).toMatch(/ana@agencia\.com\.br[^\n]*Entrada com conta pessoal/)

    // Deactivated, Rui's open session ends at his next step.
    await admin.goto('/equipe')
    await admin.getByRole('button', { name: 'Desativar Rui Barros' }).click()
    await admin.getByRole('button', { name: 'Reativar Rui Barros' }).waitFor()
    await rui.goto('/todos-candidatos')
    await rui.waitForURL('**/login')
    await rui.context().close()
    await admin.context().close()
    expect(journey.consoleProblems).toEqual([])
  })
})
