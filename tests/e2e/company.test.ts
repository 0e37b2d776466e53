import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS } from '../../infra/legacy-api/src/seed/demo-accounts.ts'
import { seriousViolations } from '../support/browser.ts'
import { startJourney, type Journey } from '../support/journey.ts'

// The company journeys: company A's portal, company B seeing none of it, and an admin registering a
// company user who then logs in — a real browser against the real processes.
const A = DEMO_ACCOUNTS.find((a) => a.label === 'empresa A')!
const B = DEMO_ACCOUNTS.find((a) => a.label === 'empresa B')!
type LegacyCandidate = { id: number; full_name: string; status: string | null; obs: string | null }
let journey: Journey
const legacy = <T>(path: string) => journey.legacy<T>(path)
const pageAs = (cnpj: string, password: string, landing: string) => journey.pageAs(cnpj, password, landing)

beforeAll(async () => {
  journey = await startJourney(600)
}, 120_000)
afterAll(() => journey?.close())

describe('the company portal', () => {
  const title = `Padeiro E2E ${Date.now()}`

  it('company A lists its vacancies, creates one (hidden until published), and works a vacancy’s candidates', async () => {
    const page = await pageAs(A.cnpj, A.password, '**/vaga-empresa')
    await page.getByRole('heading', { name: 'Minhas Vagas' }).waitFor()
    const own = await legacy<{ id: number; description: string; cnpj: string; candidates_count: number }[]>('/processos_seletivos')
    const mine = own.filter((v) => v.cnpj === '45723618000118')
    await page.getByRole('article').first().waitFor()
    expect(await page.getByRole('article').count()).toBe(mine.length)

    await page.getByRole('link', { name: 'Nova vaga' }).click()
    await page.getByLabel(/Descrição da vaga/).fill(title)
    await page.getByLabel(/^Cidade/).fill('Fortaleza')
    await page.getByLabel('Requisitos').fill('Experiência com forno')
    await page.getByLabel('Requisitos').press('Enter')
    await page.getByRole('button', { name: 'Criar vaga' }).click()
    await page.waitForURL('**/vaga-empresa')
    const created = page.getByRole('article', { name: title })
    await created.waitFor()
    await created.getByText('Aguardando publicação pela equipe').waitFor()
    const stored = (await legacy<{ description: string; cnpj: string; obs: string; company_name: string }[]>('/processos_seletivos')).find((v) => v.description === title)!
    expect(stored).toMatchObject({ cnpj: '45723618000118', obs: 'nao mostrar', company_name: A.name })

    // A vacancy of A's with candidates: set a company-side status and add a note, on one candidate
    // found by id — never by position, since the list may be re-sorted by the server meanwhile.
    const withCandidates = mine.find((v) => v.candidates_count > 0)!
    await page.getByRole('link', { name: `Ver candidatos de ${withCandidates.description}` }).click()
    await page.waitForURL('**/candidatos-empresa/**')
    await page.locator('select[id^="status-"]').first().waitFor()
    const candidateId = Number((await page.locator('select[id^="status-"]').first().getAttribute('id'))!.replace('status-', ''))
    const { full_name: name } = await legacy<LegacyCandidate>(`/candidatos/${candidateId}`)
    const status = page.locator(`#status-${candidateId}`)
    const row = page.locator('table.data tbody tr', { has: status })
    expect(await status.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).slice(-4))).toEqual([
      'aprovado',
      'reprovado_empresa',
      'nao_compareceu_empresa',
      'contratado',
    ])
    await status.selectOption('aprovado')
    await page.getByText('Status do candidato alterado com sucesso').first().waitFor()
    await expect.poll(async () => (await legacy<LegacyCandidate>(`/candidatos/${candidateId}`)).status).toBe('aprovado')
    await row.getByRole('button', { name: `Detalhes de ${name}` }).click()
    const dialog = page.getByRole('dialog', { name })
    await dialog.getByLabel('Observação').fill('Entrevista marcada para segunda, 9h.')
    await dialog.getByRole('button', { name: 'Salvar observação' }).click()
    await page.getByText('Observação salva com sucesso!').first().waitFor()
    await expect.poll(async () => (await legacy<LegacyCandidate>(`/candidatos/${candidateId}`)).obs).toBe('Entrevista marcada para segunda, 9h.')
    // The row stayed where it was, with its new values (the note folds into the row's details below 1,400 px of table).
    await page.keyboard.press('Escape')
    await row.getByText('Mais detalhes').click()
    await row.locator('.row-more').getByText('Entrevista marcada para segunda, 9h.').waitFor()
    expect(await status.inputValue()).toBe('aprovado')
    expect(await page.getByRole('button', { name: /^Enviar / }).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
  }, 120_000)

  it('company B sees none of A’s vacancies, and A’s candidates page is closed to it', async () => {
    // The closed page's 404 is the point of this journey; the browser logs it.
    journey.expectConsole(/candidatos-empresa\/.*status of 404/)
    const page = await pageAs(B.cnpj, B.password, '**/vaga-empresa')
    await page.getByRole('article').first().waitFor()
    expect(await page.getByRole('article', { name: title }).count()).toBe(0)
    const bVacancies = (await legacy<{ description: string; cnpj: string }[]>('/processos_seletivos')).filter((v) => v.cnpj === '07654012000189')
    expect(await page.getByRole('article').count()).toBe(bVacancies.length)
    // A's vacancy by its slug URL: B gets "not found", and the candidates never load.
    const aVacancy = (await legacy<{ id: number; description: string; company_name: string; city: string; cnpj: string; candidates_count: number }[]>('/processos_seletivos')).find(
      (v) => v.cnpj === '45723618000118' && v.candidates_count > 0,
    )!
    const { vacancySlug } = await import('../../shared/src/domain/vacancy-slug.ts')
    await page.goto(`/candidatos-empresa/${vacancySlug(aVacancy)}`)
    await page.getByText('Vaga não encontrada.').waitFor()
    expect(await page.locator('select[id^="status-"]').count()).toBe(0)
  }, 60_000)

  it('staff see the company’s new vacancy in VagasAdmin, still hidden', async () => {
    const page = await pageAs('11222333000181', 'demo-admin-2026', '**/inicio')
    await page.goto('/administracao_de_vagas')
    await page.getByLabel('Buscar').fill(title)
    const row = page.locator('table.data tbody tr', { hasText: title })
    await row.waitFor()
    await row.getByText('Não mostrar').waitFor()
  }, 60_000)
})

describe('user registration', () => {
  it('an admin registers a company user, who logs in and lands on /vaga-empresa', async () => {
    const admin = await pageAs('11222333000181', 'demo-admin-2026', '**/inicio')
    await admin.getByRole('link', { name: 'Cadastrar Usuário' }).click()
    await admin.getByRole('heading', { name: 'Cadastrar Usuário' }).waitFor()
    await admin.getByLabel(/^Nome/).fill('Padaria Pão Dourado')
    await admin.getByLabel(/^E-mail/).fill(`rh${Date.now()}@paodourado.com.br`)
    await admin.getByRole('radio', { name: /Empresa cliente/ }).check()
    await admin.getByLabel(/^CNPJ/).pressSequentially('11444777000161')
    await admin.getByLabel(/^Senha/).fill('forno-quente-2026')
    await admin.getByLabel(/^Confirme a senha/).fill('forno-quente-2026')
    await admin.getByRole('button', { name: 'Cadastrar' }).click()
    await admin.getByText(/^Usuário cadastrado com sucesso!/).waitFor()
    expect(await seriousViolations(admin)).toEqual([])

    const company = await pageAs('11444777000161', 'forno-quente-2026', '**/vaga-empresa')
    await company.getByRole('heading', { name: 'Minhas Vagas' }).waitFor()
    await company.getByText('Nenhuma vaga cadastrada.').waitFor()
    const nav = company.getByRole('navigation', { name: 'Principal' })
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Minhas Vagas', 'Relatórios'])
  }, 90_000)
})

describe('the console', () => {
  it('stayed clean on every journey above: no error or warning, no CSP violation, no uncaught error', () => {
    expect(journey.consoleProblems).toEqual([])
  })
})
