import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todayDate } from '@mini-vagas/shared/domain/dates'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { startJourney, type Journey } from '../support/journey.ts'

// The staff journey: a recruiter's day, by a real browser against the real processes.
let journey: Journey
beforeAll(async () => {
  journey = await startJourney(600)
}, 120_000)
afterAll(() => journey?.close())

const legacy = <T>(path: string) => journey.legacy<T>(path)
const adminPage = () => journey.adminPage({ acceptDownloads: true })

describe('a recruiter’s day', () => {
  const title = `Operador E2E ${Date.now()}`
  let newVacancyId = 0

  it('creates a vacancy and finds it in VagasAdmin', async () => {
    const page = await adminPage()
    await page.goto('/nova_vaga')
    await page.getByLabel(/^Título da vaga/).fill(title)
    await page.getByLabel('Nome da Empresa').fill('Atacarejo Nordeste')
    await page.getByLabel('CNPJ da Empresa').pressSequentially('45723618000118')
    await page.getByLabel('Cidade').fill('Fortaleza')
    await page.getByLabel('Estado').selectOption('ceara')
    await page.getByLabel('Requisitos').fill('CNH categoria B')
    await page.getByLabel('Requisitos').press('Enter')
    await page.getByRole('button', { name: 'Enviar' }).click()
    // Saving opens the vacancy (its candidates, none yet).
    await page.waitForURL('**/lista-candidatos')
    await page.getByRole('heading', { name: title }).waitFor()
    await expect.poll(() => page.getByText('Nova vaga criada com sucesso!').first().isVisible()).toBe(true)
    await page.goto('/administracao_de_vagas')
    await page.getByLabel('Buscar').fill(title)
    const row = page.locator('table.data tbody tr', { hasText: title })
    await row.waitFor()
    // The CNPJ is a secondary column: in the row's "Mais detalhes" when the table is narrow.
    expect(await row.textContent()).toContain('45.723.618/0001-18')
    const vacancies = await legacy<{ id: number; description: string; requirements: string[]; estado: string }[]>('/processos_seletivos')
    const created = vacancies.find((v) => v.description === title)!
    expect(created).toMatchObject({ requirements: ['CNH categoria B'], estado: 'ceara' })
    newVacancyId = created.id
    await page.context().close()
  })

  it('works a vacancy’s candidates from its slug URL in a fresh browser', async () => {
    const vacancy = await legacy<{ id: number; description: string; company_name: string; city: string }>('/processos_seletivos/1')
    const page = await adminPage()
    await page.goto(`/vagas/${vacancySlug(vacancy)}/lista-candidatos`)
    await page.getByRole('heading', { name: vacancy.description }).waitFor()
    // One candidate, found by id from here on: the list may be re-sorted by the server meanwhile.
    await page.locator('table.data tbody select').first().waitFor()
    const candidateId = Number((await page.locator('table.data tbody select').first().getAttribute('id'))!.replace('status-', ''))
    const { full_name: name } = await legacy<{ full_name: string }>(`/candidatos/${candidateId}`)
    const status = page.locator(`#status-${candidateId}`)

    // Status change, persisted.
    await status.selectOption('aprovado')
    await expect.poll(() => page.getByText('Status do candidato alterado com sucesso').first().isVisible()).toBe(true)
    await expect.poll(async () => (await legacy<{ status: string }>(`/candidatos/${candidateId}`)).status).toBe('aprovado')

    // Observation, persisted.
    const row = page.locator('table.data tbody tr', { has: status })
    await row.getByRole('button', { name: `Detalhes de ${name}` }).click()
    const dialog = page.getByRole('dialog', { name })
    await dialog.getByLabel('Observação').fill('Ligar na segunda-feira')
    await dialog.getByRole('button', { name: 'Salvar observação' }).click()
    await expect.poll(async () => (await legacy<{ obs: string }>(`/candidatos/${candidateId}`)).obs).toBe('Ligar na segunda-feira')
    // Closing the dialog gives the focus back to the button that opened it.
    if (await dialog.isVisible()) await page.keyboard.press('Escape')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Detalhes de ${name}`)

    // Forward to the vacancy created above: a new record with the same person.
    const original = await legacy<Record<string, unknown>>(`/candidatos/${candidateId}`)
    await row.getByRole('button', { name: `Enviar ${name} para outra vaga` }).click()
    const forward = page.getByRole('dialog', { name: `Enviar ${name} para outras vagas` })
    // A new vacancy starts hidden: the dialog lists it only when asked, and finds it by name.
    await forward.getByLabel('Buscar vaga').fill(title)
    expect(await forward.getByRole('checkbox', { name: new RegExp(title) }).count()).toBe(0)
    await forward.getByRole('checkbox', { name: 'Incluir vagas ocultas do site' }).check()
    await forward.getByRole('checkbox', { name: new RegExp(title) }).check()
    await forward.getByRole('button', { name: 'Enviar' }).click()
    await expect.poll(() => page.getByText('Candidato enviado para 1 vaga.').first().isVisible()).toBe(true)
    const copies = await legacy<Record<string, unknown>[]>(`/candidatos/busca-avancada?nome=${encodeURIComponent(String(original.email))}`)
    const copy = copies.find((c) => c.job_posting_id === newVacancyId)!
    expect(copy).toMatchObject({ full_name: original.full_name, email: original.email, whatsapp: original.whatsapp, address_city: original.address_city })
    expect(copy.experience_1).toBe(original.experience_1 || 'nao informado')

    // CSV export: the product's columns, accents intact.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar lista (CSV)' }).click()])
    const csv = readFileSync((await download.path())!, 'utf8')
    expect(csv.charCodeAt(0)).toBe(0xfeff)
    expect(csv.slice(1).split('\r\n')[0]).toBe('Nome;Email;WhatsApp;Idade;Gênero;Cidade;Estado;Escolaridade;Curso;PCD;Última Ação;Status;Observações')
    expect(csv).toContain('Ligar na segunda-feira')
    expect(download.suggestedFilename()).toMatch(/^candidatos-.+-\d{4}-\d{2}-\d{2}\.csv$/)

    // Edit the candidate and see the change.
    await row.getByRole('link', { name: `Editar ${name}` }).click()
    await page.getByRole('heading', { name: 'Editar Candidato' }).waitFor()
    await page.getByLabel(/Nome Completo/).fill('Nome Editado Pelo Teste')
    await page.getByRole('button', { name: 'Salvar Alterações' }).click()
    await expect.poll(() => page.getByText('Candidato atualizado com sucesso!').first().isVisible()).toBe(true)
    await page.waitForURL('**/lista-candidatos')
    // Forwarded above, the person has a second record: from the candidate index the row also says "possível duplicado".
    await page.getByRole('cell', { name: /^Nome Editado Pelo Teste( possível duplicado)?$/ }).waitFor()
    expect((await legacy<{ full_name: string }>(`/candidatos/${candidateId}`)).full_name).toBe('Nome Editado Pelo Teste')
    await page.context().close()
  })

  it('rolls a failed status change back with its message', async () => {
    // The legacy's failure is the point of this journey; the browser logs the BFF's 502.
    journey.expectConsole(/lista-candidatos: Failed to load resource: the server responded with a status of 502/)
    const vacancy = await legacy<{ id: number; description: string; company_name: string; city: string }>('/processos_seletivos/1')
    const page = await adminPage()
    await page.goto(`/vagas/${vacancySlug(vacancy)}/lista-candidatos`)
    await page.locator('table.data tbody select').first().waitFor()
    const candidateId = (await page.locator('table.data tbody select').nth(1).getAttribute('id'))!
    const select = page.locator(`#${candidateId}`)
    const before = await select.inputValue()
    const target = before === 'desistente' ? 'sem_retorno' : 'desistente'
    await fetch(`${journey.product.legacyUrl}/__control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'status', status: 500, method: 'PUT', path: '/api/candidatos/' }),
    })
    await select.selectOption(target)
    await expect.poll(() => page.getByText('Erro ao alterar o status do candidato').first().isVisible()).toBe(true)
    await expect.poll(() => select.inputValue()).toBe(before)
    await page.context().close()
  })
})

describe('dashboard and spreadsheet', () => {
  it('shows the seeded counts, one click from the home page, and the Excel screen downloads a workbook that opens', async () => {
    const page = await adminPage()
    await page.getByRole('link', { name: 'Painel do mês' }).click()
    await page.getByRole('figure', { name: 'Vagas visíveis por estado' }).waitFor()
    const vacancies = await legacy<{ obs: string; estado: string }[]>('/processos_seletivos')
    const ce = vacancies.filter((v) => v.obs === 'mostrar' && (v.estado === 'ceara' || v.estado === 'CE')).length
    const card = page.locator('.stat-card', { hasText: 'Vagas visíveis no Ceará' }).locator('.stat-value')
    await expect.poll(() => card.textContent()).toBe(ce.toLocaleString('pt-BR'))

    await page.getByRole('link', { name: 'Exportar planilha' }).click()
    await page.getByLabel('Data inicial').fill('2026-01-01')
    await page.getByLabel('Data final').fill(todayDate())
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar relatorio.xlsx' }).click()])
    expect(download.suggestedFilename()).toBe('relatorio.xlsx')
    const { unzipSync, strFromU8 } = await import('fflate')
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)))
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('Relatório')
    expect(strFromU8(files['xl/worksheets/sheet1.xml']!)).toContain('Nome Completo')
    await page.context().close()
  })
})

describe('the console', () => {
  it('stayed clean on every journey above: no error or warning, no CSP violation, no uncaught error', () => {
    expect(journey.consoleProblems).toEqual([])
  })
})
