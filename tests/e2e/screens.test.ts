import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS } from '../../infra/legacy-api/src/seed/demo-accounts.ts'
import { vacancySlug } from '../../shared/src/domain/vacancy-slug.ts'
import { seriousViolations } from '../support/browser.ts'
import { startJourney, type Journey } from '../support/journey.ts'
import { ROOT } from '../support/processes.ts'

/**
 * Every screen at three widths (1366×900, 1920×1080, 390×844): no sideways scroll
 * of the page, cumulative layout shift under 0.1 while it loads, axe at 0 serious/critical, and on a phone the first row's status and actions in
 * view without scrolling. With SCREENSHOTS_DIR set (npm run screenshots) each screen is also
 * photographed into <dir>/<width>/<screen>.png.
 */
const WIDTHS = [
  { name: '1366', viewport: { width: 1366, height: 900 } },
  { name: '1920', viewport: { width: 1920, height: 1080 } },
  { name: '390', viewport: { width: 390, height: 844 }, phone: true },
] as const
const ADMIN = DEMO_ACCOUNTS.find((a) => a.label === 'admin')!
const COMPANY = DEMO_ACCOUNTS.find((a) => a.label === 'empresa A')!
const shots = process.env.SCREENSHOTS_DIR ? resolve(ROOT, process.env.SCREENSHOTS_DIR) : null

interface Vacancy {
  id: number
  description: string
  company_name: string
  city: string
  cnpj: string
  obs: string
  candidates_count: number
}
interface Screen {
  name: string
  role: 'guest' | 'admin' | 'company'
  path: () => string
  ready: (page: Page) => Locator
  /** The list's first row: its status and actions must be in view on a phone. */
  firstRow?: (page: Page) => { status: Locator; actions: Locator }
  /** Something to do once ready (open a dialog) before checking and photographing. */
  then?: (page: Page) => Promise<void>
}

let journey: Journey
let vacancy: Vacancy
let companyVacancy: Vacancy
let candidateId: number

beforeAll(async () => {
  journey = await startJourney(400)
  const all = await journey.legacy<Vacancy[]>('/processos_seletivos')
  vacancy = all.filter((v) => v.obs === 'mostrar').sort((a, b) => b.candidates_count - a.candidates_count)[0]!
  companyVacancy = all.filter((v) => v.cnpj === COMPANY.cnpj.replace(/\D/g, '')).sort((a, b) => b.candidates_count - a.candidates_count)[0]!
  candidateId = (await journey.legacy<{ id: number }[]>(`/processos_seletivos/${vacancy.id}/candidatos`))[0]!.id
}, 120_000)
afterAll(() => journey?.close())

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, level: 1 })
const candidateRows = (page: Page) => {
  const row = page.locator('table.data-table tbody tr').first()
  return { status: row.locator('select.status-select'), actions: row.locator('.row-actions') }
}

/** The vacancy's candidates with a dialog opened from the first row. */
const rowDialog = (name: string, button: RegExp, ready: (dialog: Locator) => Locator): Screen => ({
  name,
  role: 'admin',
  path: () => `/vagas/${vacancySlug(vacancy)}/lista-candidatos`,
  ready: (p) => p.locator('table.data-table tbody tr').first(),
  then: async (p) => {
    await p.locator('table.data-table tbody tr').first().getByRole('button', { name: button }).click()
    await ready(p.getByRole('dialog')).waitFor()
  },
})

const SCREENS: Screen[] = [
  { name: 'vagas-publicas', role: 'guest', path: () => '/', ready: (p) => p.locator('article.vacancy-card').first() },
  { name: 'vaga-candidatura', role: 'guest', path: () => `/vagas/${vacancySlug(vacancy)}`, ready: (p) => p.getByRole('button', { name: 'Enviar candidatura' }) },
  { name: 'meus-dados', role: 'guest', path: () => '/meus-dados', ready: heading('Meus dados') },
  { name: 'login', role: 'guest', path: () => '/login', ready: (p) => p.getByRole('button', { name: 'Entrar' }) },
  { name: 'inicio', role: 'admin', path: () => '/inicio', ready: (p) => p.locator('table.data-table tbody tr').first() },
  { name: 'painel', role: 'admin', path: () => '/painel_de_controle_mini_vagas', ready: (p) => p.locator('.stat-value').first() },
  { name: 'administracao-vagas', role: 'admin', path: () => '/administracao_de_vagas', ready: (p) => p.locator('table.data-table tbody tr').first() },
  { name: 'nova-vaga', role: 'admin', path: () => '/nova_vaga', ready: heading('Formulário de Vaga') },
  { name: 'editar-vaga', role: 'admin', path: () => `/processos_seletivos/${vacancy.id}/edit`, ready: (p) => p.getByLabel(/^Título da vaga/) },
  {
    name: 'candidatos-da-vaga',
    role: 'admin',
    path: () => `/vagas/${vacancySlug(vacancy)}/lista-candidatos`,
    ready: (p) => p.locator('table.data-table tbody tr').first(),
    firstRow: candidateRows,
  },
  { name: 'quadro-da-vaga', role: 'admin', path: () => `/vagas/${vacancySlug(vacancy)}/lista-candidatos?visao=quadro`, ready: (p) => p.locator('.board-card').first() },
  rowDialog('candidato-detalhes', /^Detalhes de/, (dialog) => dialog.getByRole('button', { name: 'Salvar observação' })),
  rowDialog('enviar-para-vaga', /^Enviar /, (dialog) => dialog.locator('.forward-options label').first()),
  // The talent pool's suggestions for the vacancy (from the candidate index, built on the first staff request).
  {
    name: 'sugerir-do-banco',
    role: 'admin',
    path: () => `/vagas/${vacancySlug(vacancy)}/lista-candidatos`,
    ready: (p) => p.locator('table.data-table tbody tr').first(),
    then: async (p) => {
      await p.getByRole('button', { name: 'Sugerir do banco' }).click()
      await p.getByRole('dialog').locator('.suggestion').first().or(p.getByRole('dialog').getByText('Nenhuma pessoa do banco')).waitFor()
    },
  },
  { name: 'candidatos-da-vaga-simples', role: 'admin', path: () => `/vagas/${vacancySlug(vacancy)}/candidatos`, ready: (p) => p.locator('table.data tbody tr').first() },
  // Everyone once the candidate index is complete; before, 'Todos' without a search loads nothing.
  {
    name: 'todos-candidatos',
    role: 'admin',
    path: () => '/todos-candidatos',
    ready: (p) => p.locator('table.data-table tbody tr').first().or(p.getByText('Escolha um status ou faça uma busca')),
  },
  { name: 'editar-candidato', role: 'admin', path: () => `/candidatos/${candidateId}/edit`, ready: (p) => p.getByLabel(/Nome Completo/) },
  { name: 'triagem', role: 'admin', path: () => '/triagem-ai', ready: heading('Triagem com IA') },
  { name: 'excel', role: 'admin', path: () => '/excel', ready: heading('Exportar Planilha') },
  { name: 'cadastrar-usuario', role: 'admin', path: () => '/cadastrar-usuario', ready: heading('Cadastrar Usuário') },
  { name: 'pedidos-lgpd', role: 'admin', path: () => '/pedidos-lgpd', ready: heading(/Pedidos LGPD/) },
  { name: 'equipe', role: 'admin', path: () => '/equipe', ready: (p) => p.getByRole('heading', { name: /^Pessoas/ }) },
  { name: 'criar-senha-sem-link', role: 'guest', path: () => '/conta/senha', ready: (p) => p.getByText(/Abra o link completo/) },
  { name: 'relatorios', role: 'admin', path: () => '/relatorios', ready: (p) => p.locator('.report-section').first() },
  { name: 'empresa-relatorios', role: 'company', path: () => '/relatorios', ready: (p) => p.locator('.report-section').first() },
  { name: 'empresa-vagas', role: 'company', path: () => '/vaga-empresa', ready: (p) => p.getByRole('article').first() },
  { name: 'empresa-nova-vaga', role: 'company', path: () => '/nova-vaga-empresa', ready: (p) => p.getByLabel(/Descrição da vaga/i) },
  {
    name: 'empresa-candidatos',
    role: 'company',
    path: () => `/candidatos-empresa/${vacancySlug(companyVacancy)}`,
    ready: (p) => p.locator('table.data-table tbody tr').first(),
    firstRow: candidateRows,
  },
]

async function pageFor(role: Screen['role'], viewport: { width: number; height: number }, phone: boolean): Promise<Page> {
  const options = { viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) }
  const account = role === 'admin' ? ADMIN : COMPANY
  const page =
    role === 'guest' ? await journey.guestPage(options) : await journey.pageAs(account.cnpj, account.password, role === 'admin' ? '**/inicio' : '**/vaga-empresa', options)
  // Every page this tab loads sums its layout shifts (CLS: those not right after an input).
  await page.addInitScript(() => {
    const shifts = { total: 0 }
    Object.assign(window, { shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.total += entry.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return page
}

function inView(box: { x: number; y: number; width: number; height: number } | null, viewport: { width: number; height: number }) {
  return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height
}

describe.each(WIDTHS)('every screen at $name px', ({ name: width, viewport, ...rest }) => {
  const phone = 'phone' in rest
  const pages = new Map<Screen['role'], Page>()
  afterAll(async () => {
    for (const page of pages.values()) await page.context().close()
  })

  it.each(
    SCREENS.map((screen) => ({
      ...screen,
      title: phone && screen.firstRow ? 'fits the width, passes axe, shows the first row’s status and actions' : 'fits the width, passes axe',
    })),
  )('$name: $title', async (screen) => {
    let page = pages.get(screen.role)
    if (!page) {
      page = await pageFor(screen.role, viewport, phone)
      pages.set(screen.role, page)
    }
    await page.goto(screen.path())
    await screen.ready(page).waitFor()
    await page.waitForLoadState('networkidle')
    // Space is kept for what arrives: nothing moved under the reader while the screen loaded.
    expect(await page.evaluate(() => (window as unknown as { shifts: { total: number } }).shifts.total), 'cumulative layout shift').toBeLessThan(0.1)
    await screen.then?.(page)
    const sizes = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }))
    expect(sizes.document, 'the page scrolls sideways').toBeLessThanOrEqual(sizes.viewport)
    if (phone && screen.firstRow) {
      const { status, actions } = screen.firstRow(page)
      expect(inView(await status.boundingBox(), viewport), 'first row’s status in view').toBe(true)
      expect(inView(await actions.boundingBox(), viewport), 'first row’s actions in view').toBe(true)
    }
    expect(await seriousViolations(page)).toEqual([])
    if (shots) {
      mkdirSync(join(shots, width), { recursive: true })
      await page.screenshot({ path: join(shots, width, `${screen.name}.png`) })
    }
    if (screen.then) await page.keyboard.press('Escape')
  })
})

describe('the console', () => {
  it('stayed clean on every screen at every width', () => {
    expect(journey.consoleProblems).toEqual([])
  })
})
