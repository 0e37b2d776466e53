import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from '../support/browser.ts'
import { startJourney, type Journey } from '../support/journey.ts'

// The screening journey: a whole screening run with the rules provider, in both modes, through
// applying, by a real browser against the real processes; the legacy's records are checked after.
type Vacancy = { id: number; description: string; company_name: string; city: string; obs: string; candidates_count: number; criterios: string[] }
type LegacyCandidate = { id: number; status: string | null; obs: string | null; job_posting_id: number }
let journey: Journey
let vacancy: Vacancy
const legacy = <T>(path: string) => journey.legacy<T>(path)

beforeAll(async () => {
  journey = await startJourney(600)
  // A public vacancy in Fortaleza whose criteria force no review, so the run has triados.
  const all = await legacy<Vacancy[]>('/processos_seletivos')
  vacancy = all.find((v) => v.obs === 'mostrar' && v.city === 'Fortaleza' && v.id % 3 === 2 && v.candidates_count > 3)!
  expect(vacancy).toBeTruthy()
}, 120_000)
afterAll(() => journey?.close())

async function screeningPage(): Promise<Page> {
  const page = await journey.adminPage()
  await page.goto('/triagem-ai')
  await page.getByRole('heading', { name: 'Triagem com IA' }).waitFor()
  return page
}

async function pickVacancy(page: Page) {
  await page.getByRole('combobox', { name: 'Vaga' }).fill(vacancy.company_name)
  const option = page
    .getByRole('option')
    .filter({ hasText: vacancy.description })
    .filter({ hasText: `${vacancy.candidates_count} candidatos` })
    .first()
  await option.click()
  await page.getByRole('region', { name: 'Vaga selecionada' }).waitFor()
}

/** Screens and applies what is loaded; answers the run id from the address. */
async function screenAndApply(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Buscar candidatos' }).click()
  await page.getByRole('heading', { name: /^Candidatos carregados \(\d+\)$/ }).waitFor()
  await page.getByRole('button', { name: 'Executar triagem' }).click()
  await page
    .getByText(/^Triagem concluída! \d+ candidatos triados\.$/)
    .first()
    .waitFor({ timeout: 30_000 })
  const runId = new URL(page.url()).searchParams.get('triagem')!
  expect(runId).toMatch(/^[0-9a-f-]{36}$/)
  await page.getByRole('region', { name: /^Triados \(\d+\)$/ }).waitFor()
  await page.getByRole('button', { name: 'Aplicar Resultados' }).click()
  // Nothing is written before the recruiter confirms what will change.
  const confirm = page.getByRole('dialog', { name: 'Aplicar resultados da triagem?' })
  await confirm.getByText(/terá|terão/).waitFor()
  await confirm.getByRole('button', { name: 'Confirmar e aplicar' }).click()
  await page
    .getByText(/^Resultados aplicados com sucesso!/)
    .first()
    .waitFor({ timeout: 60_000 })
  return runId
}

describe('AI screening with the rules provider', () => {
  it('company mode: load the vacancy’s candidates, screen, review, apply, and find it all after a reload', async () => {
    const page = await screeningPage()
    await page.getByRole('note').filter({ hasText: 'Nenhuma chave de IA configurada' }).waitFor()
    await pickVacancy(page)
    expect(await page.getByRole('region', { name: 'Vaga selecionada' }).textContent()).toContain('Critérios de triagem')
    await page.getByRole('button', { name: 'Todos os candidatos' }).click()
    const runId = await screenAndApply(page)

    // The bias report and each result's evidence, opened, pass axe; the CSV downloads.
    const bias = page.getByRole('region', { name: 'Relatório de vieses' })
    await bias.getByText('Ver taxas por grupo').click()
    await bias.getByRole('table', { name: 'Gênero' }).waitFor()
    const criteria = page
      .getByRole('region', { name: /^Triados \(\d+\)$/ })
      .getByText(/^Critérios \(\d+ de \d+ atendidos\)$/)
      .first()
    await criteria.click()
    await page
      .getByText(/^Atende$/)
      .first()
      .waitFor()
    expect(await page.getByText('Nenhum dado de candidato saiu do sistema', { exact: false }).count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    const [download] = await Promise.all([page.waitForEvent('download'), bias.getByRole('link', { name: 'Baixar relatório de vieses (CSV)' }).click()])
    expect(download.suggestedFilename()).toMatch(/^vieses-triagem-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.csv$/)

    const heading = await page.getByRole('heading', { name: /^Triados \(\d+\)$/ }).textContent()
    const triados = Number(heading!.match(/\d+/)![0])
    expect(triados).toBeGreaterThan(0)
    const message = (await page
      .getByText(/^Resultados aplicados com sucesso!/)
      .first()
      .textContent())!
    const updated = Number(message.match(/(\d+) candidatos? atualizados/)![1])
    const records = await legacy<LegacyCandidate[]>(`/processos_seletivos/${vacancy.id}/candidatos`)
    const marked = records.filter((r) => r.obs?.includes(`[triagem ${runId.slice(0, 8)}/`))
    // Only people at or before screening were written (anyone a person moved on was kept).
    expect(marked.length).toBe(updated)
    expect(marked.every((r) => r.status === 'triado' || r.status === 'revisao')).toBe(true)
    expect(marked.filter((r) => r.status === 'triado').length).toBeLessThanOrEqual(triados)

    // Reloading loses nothing: the run, its results and the applied message come back.
    await page.reload()
    await page.getByRole('region', { name: /^Triados \(\d+\)$/ }).waitFor()
    await page
      .getByText(/^Resultados aplicados com sucesso!/)
      .first()
      .waitFor()
    expect(await seriousViolations(page)).toEqual([])

    // One action undoes the apply; every record nobody touched is as it was before.
    await page.getByRole('button', { name: 'Desfazer aplicação' }).click()
    const undo = page.getByRole('dialog', { name: 'Desfazer a aplicação?' })
    await undo.getByText('Envios para a vaga continuam').waitFor()
    await undo.getByRole('button', { name: 'Desfazer', exact: true }).click()
    await page.getByText(/^Aplicação desfeita: \d+ candidatos? restaurados?/).waitFor({ timeout: 60_000 })
    const after = await legacy<LegacyCandidate[]>(`/processos_seletivos/${vacancy.id}/candidatos`)
    expect(after.filter((r) => r.obs?.includes(`[triagem ${runId.slice(0, 8)}/`))).toEqual([])
    const was = new Map(records.filter((r) => !marked.includes(r)).map((r) => [r.id, r.status]))
    expect(after.filter((r) => was.has(r.id) && was.get(r.id) !== r.status)).toEqual([])
    expect(await page.getByRole('button', { name: 'Desfazer aplicação' }).count()).toBe(0)
  }, 120_000)

  it('global mode: the last 6 months, screened against the vacancy, triados sent to it with status triado', async () => {
    const page = await screeningPage()
    await page.getByRole('tab', { name: 'Triagem global' }).click()
    await page.getByRole('button', { name: 'Últimos 6 meses' }).waitFor()
    await pickVacancy(page)
    await page.getByRole('button', { name: 'Últimos 6 meses' }).click()
    const before = new Set((await legacy<LegacyCandidate[]>(`/processos_seletivos/${vacancy.id}/candidatos`)).map((r) => r.id))
    const runId = await screenAndApply(page)
    const message = await page
      .getByText(/^Resultados aplicados com sucesso!/)
      .first()
      .textContent()
    const sent = Number(message!.match(/(\d+) candidatos triados enviados para a vaga selecionada\./)?.[1] ?? 0)
    expect(sent).toBeGreaterThan(0)
    const after = await legacy<LegacyCandidate[]>(`/processos_seletivos/${vacancy.id}/candidatos`)
    const arrived = after.filter((r) => !before.has(r.id))
    expect(arrived.length).toBe(sent)
    expect(arrived.every((r) => r.status === 'triado' && r.obs?.includes(`[triagem ${runId.slice(0, 8)}/`))).toBe(true)
  }, 180_000)
})

describe('the console', () => {
  it('stayed clean on every journey above: no error or warning, no CSP violation, no uncaught error', () => {
    expect(journey.consoleProblems).toEqual([])
  })
})
