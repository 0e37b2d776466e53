import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todayDate } from '@mini-vagas/shared/domain/dates'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { totpAt } from '../../bff/src/features/accounts/totp.ts'
import { seriousViolations, signInByEmail } from '../support/browser.ts'
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

  it('two recruiters work one candidate: an undone status change, notes with their authors, a history that names them; the company sees none of it', async () => {
    const ana = await journey.guestPage(PHONE)
    // The code of the next 30 s step: the one that turned two-step on is spent.
    await signInByEmail(ana, 'ana@agencia.com.br', password.ana, () => totpAt(totpSecret, Date.now() + 30_000))
    const rui = await journey.guestPage(DESKTOP)
    await setPasswordByLink(rui, links.rui!, password.rui)
    await signInByEmail(rui, 'rui@agencia.com.br', password.rui)

    // A vacancy of company A's with candidates, and one of them, found by id.
    const vacancies =
      await journey.legacy<{ id: number; description: string; company_name: string; city: string; cnpj: string; candidates_count: number }[]>('/processos_seletivos')
    const vacancy = vacancies.find((v) => v.cnpj === '45723618000118' && v.candidates_count > 0)!
    await rui.goto(`/vagas/${vacancySlug(vacancy)}/lista-candidatos`)
    const first = rui.locator('table.data tbody select').first()
    await first.waitFor()
    const candidateId = Number((await first.getAttribute('id'))!.replace('status-', ''))
    const { full_name: name, status: before } = await journey.legacy<{ full_name: string; status: string | null }>(`/candidatos/${candidateId}`)
    const select = rui.locator(`#status-${candidateId}`)

    // Rui moves the candidate, takes it back with "Desfazer", then moves them for good.
    await select.selectOption('contratado')
    // The toast's way back appears once the write landed; it stays offered for 8 s.
    await rui.getByRole('button', { name: 'Desfazer' }).click()
    await rui.getByText('Alteração desfeita: o status anterior voltou.').first().waitFor()
    await expect.poll(async () => (await journey.legacy<{ status: string | null }>(`/candidatos/${candidateId}`)).status ?? '').toBe(before ?? '')
    await select.selectOption('aprovado')
    await expect.poll(async () => (await journey.legacy<{ status: string }>(`/candidatos/${candidateId}`)).status).toBe('aprovado')

    // Each adds a note from the candidate's details.
    const note = async (page: Page, text: string) => {
      const row = page.locator('table.data tbody tr', { has: page.locator(`#status-${candidateId}`) })
      await row.getByRole('button', { name: `Detalhes de ${name}` }).click()
      const dialog = page.getByRole('dialog', { name })
      await dialog.getByLabel('Nova nota').fill(text)
      await dialog.getByRole('button', { name: 'Adicionar nota' }).click()
      // The entry in the history (the field may still hold the text a moment longer).
      await dialog.locator('.timeline-text', { hasText: text }).waitFor()
      return dialog
    }
    await note(rui, 'Pediu para ser chamado depois das 14h.')
    await rui.keyboard.press('Escape')
    await ana.goto(`/vagas/${vacancySlug(vacancy)}/lista-candidatos`)
    await ana.locator(`#status-${candidateId}`).waitFor()
    const history = await note(ana, 'Confirmou a entrevista por WhatsApp.')
    const items = history.locator('.timeline-entry')
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(5)
    const lines = await items.allInnerTexts()
    expect(lines[0]).toMatch(/Nota · Ana Souza[\s\S]*Confirmou a entrevista por WhatsApp\./)
    expect(lines[1]).toMatch(/Nota · Rui Barros[\s\S]*Pediu para ser chamado depois das 14h\./)
    expect(lines[2]).toMatch(/Status · Rui Barros[\s\S]*para Aprovado\./)
    expect(lines[3]).toMatch(/Status · Rui Barros[\s\S]*Desfez a alteração anterior/)
    await axeClean(ana)
    await ana.context().close()

    // The company that owns the vacancy sees none of the agency's notes, anywhere.
    const company = await journey.pageAs('45723618000118', 'demo-empresa-a', '**/vaga-empresa', DESKTOP)
    await company.goto(`/candidatos-empresa/${vacancySlug(vacancy)}`)
    const row = company.locator('table.data tbody tr', { has: company.locator(`#status-${candidateId}`) })
    await row.getByRole('button', { name: `Detalhes de ${name}` }).click()
    const dialog = company.getByRole('dialog', { name })
    await dialog.getByText('Observação').first().waitFor()
    expect(await company.locator('body').innerText()).not.toMatch(/Confirmou a entrevista|Pediu para ser chamado|Notas da equipe|Histórico/)
    // The legacy's other clients read the notes in the observation.
    expect((await journey.legacy<{ obs: string }>(`/candidatos/${candidateId}`)).obs).toMatch(/Ana Souza: Confirmou a entrevista por WhatsApp\./)
    await company.context().close()
    await rui.context().close()
  })

  it('a write of Rui’s is his in the audit trail, and deactivating him ends his open session', async () => {
    const rui = await journey.guestPage(DESKTOP)
    await signInByEmail(rui, 'rui@agencia.com.br', password.rui)
    const vacancy = await journey.legacy<{ id: number; description: string; company_name: string; city: string }>('/processos_seletivos/1')
    await rui.goto(`/vagas/${vacancySlug(vacancy)}/lista-candidatos`)
    const select = rui.locator('table.data tbody select').first()
    await select.waitFor()
    const candidateId = Number((await select.getAttribute('id'))!.replace('status-', ''))
    // A status it does not have yet (the journey before may have moved this very row).
    await select.selectOption((await select.inputValue()) === 'aprovado' ? 'triado' : 'aprovado')
    await expect.poll(() => rui.getByText('Status do candidato alterado com sucesso').first().isVisible()).toBe(true)

    const admin = await journey.adminPage(DESKTOP)
    // The agency's day (Fortaleza, UTC−3), as the export reads its dates: from 21:00 there UTC is a day ahead.
    const today = todayDate()
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
