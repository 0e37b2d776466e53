import { ADMIN_NAV } from '../../shared/src/constants/navigation.ts'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSealer } from '../../bff/src/plugins/session-seal.ts'
import { launchChromium, seriousViolations, watchConsole } from '../support/browser.ts'
import { ROOT } from '../support/processes.ts'
import { E2E_SECRET, startProduct, type Product } from '../support/product.ts'

// The public and staff journeys, by a real browser against real processes (stand-in + BFF + built SPA).
let product: Product
let browser: Browser
beforeAll(async () => {
  if (!existsSync(join(ROOT, 'web/dist/index.html'))) throw new Error('Build the SPA first: npm run build')
  product = await startProduct()
  browser = await launchChromium()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

/** A fresh context for one journey; it fails on any console error or warning the journey did not expect. */
async function withPage<T>(fn: (page: Page, context: BrowserContext) => Promise<T>, options: { mobile?: boolean; expectConsole?: RegExp[] } = {}): Promise<T> {
  const context = await browser.newContext({
    baseURL: product.url,
    locale: 'pt-BR',
    ...(options.mobile ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
  })
  const problems = watchConsole(context, { expected: options.expectConsole ?? [] })
  const page = await context.newPage()
  try {
    const result = await fn(page, context)
    expect(problems, 'console errors or warnings').toEqual([])
    return result
  } finally {
    await context.close()
  }
}

async function loginAs(page: Page, cnpj: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('CNPJ').pressSequentially(cnpj.replace(/\D/g, ''))
  await page.getByLabel('Senha').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
}

/** The public list, then the first vacancy's 'Candidatar-se'. */
async function openFirstApplyForm(page: Page) {
  await page.goto('/')
  const first = page.locator('article.vacancy-card').first()
  await first.waitFor()
  await first.getByRole('link', { name: /Candidatar-se/ }).click()
}

describe('applicant', () => {
  it('a guest’s public pages log nothing in the console: no 401 from the session probe, no error or warning', async () => {
    // withPage fails on any console error or warning of the context (watchConsole).
    await withPage(async (page) => {
      await openFirstApplyForm(page)
      await page.getByRole('button', { name: 'Enviar candidatura' }).waitFor()
      await page.goto('/meus-dados')
      await page.getByRole('heading', { name: 'Meus dados', level: 1 }).waitFor()
      await page.waitForLoadState('networkidle')
    })
  })

  it('keeps what was typed into the server page’s search while the SPA loaded, and filters by it', async () => {
    await withPage(async (page) => {
      await page.route('**/assets/public-vacancies-*.js', async (route) => {
        await new Promise((r) => setTimeout(r, 1500))
        await route.continue()
      })
      await page.goto('/')
      const box = page.getByRole('searchbox', { name: 'Buscar por vaga, cidade, bairro ou empresa' })
      // Typed on the server's page, before the SPA takes over (its notifications region is not there yet).
      await box.fill('fortaleza')
      expect(await page.getByRole('region', { name: /Notifications/ }).count()).toBe(0)
      await page.getByRole('region', { name: /Notifications/ }).waitFor({ state: 'attached' })
      await expect.poll(() => box.inputValue()).toBe('fortaleza')
      const places = page.locator('article.vacancy-card .place')
      await expect.poll(async () => (await places.allTextContents()).every((p) => /fortaleza/i.test(p))).toBe(true)
    })
  })

  it('keeps the server’s page until the SPA can show the screen: never an empty page for a click to land on', async () => {
    await withPage(async (page) => {
      // The first screen's code arrives late, as on a slow phone or a busy machine.
      await page.route('**/assets/public-vacancies-*.js', async (route) => {
        await new Promise((r) => setTimeout(r, 1500))
        await route.continue()
      })
      // Notes every moment the parsed page had no heading to show (the router's loading fallback).
      // While the server's page is still being parsed it may be seen in part (its header before its
      // heading, on a busy machine): that is the page arriving, and the SPA's code — a module
      // script — only runs once parsing is done.
      // And sums the page's layout shifts (CLS, without those right after an input).
      await page.addInitScript(() => {
        const shifts = { total: 0 }
        Object.assign(window, { shifts })
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.total += entry.value
        }).observe({ type: 'layout-shift', buffered: true })
      })
      await page.addInitScript(() => {
        const empty: string[] = []
        Object.assign(window, { takeover: empty })
        new MutationObserver(() => {
          if (document.readyState === 'loading') return
          if (document.querySelector('main[aria-busy="true"]') || (document.getElementById('root') && !document.querySelector('h1')))
            empty.push(document.getElementById('root')?.outerHTML.slice(0, 300) ?? 'no #root')
        }).observe(document, { childList: true, subtree: true })
      })
      await page.goto('/')
      await page.getByRole('heading', { name: 'Vagas Disponíveis' }).waitFor()
      // The SPA has taken over once its notifications region (which the server's page lacks) is there.
      await page.getByRole('region', { name: /Notifications/ }).waitFor({ state: 'attached' })
      expect(await page.evaluate(() => (window as unknown as { takeover: string[] }).takeover)).toEqual([])
      // The SPA's first render is the server's cards, not a loading text in their place.
      await page.waitForLoadState('networkidle')
      expect(await page.evaluate(() => (window as unknown as { shifts: { total: number } }).shifts.total)).toBeLessThan(0.1)
      // And the footer's link, clicked at once, goes where it says.
      await page.getByRole('link', { name: 'Meus dados (LGPD)' }).click()
      await page.getByRole('heading', { name: 'Meus dados', level: 1 }).waitFor()
    })
  })

  it('finds vacancies by title and place in any order, keeps the search in the address, and a reload shows the same cards', async () => {
    await withPage(async (page) => {
      await page.goto('/')
      const cards = page.locator('article.vacancy-card')
      await expect.poll(() => cards.count()).toBeGreaterThan(1)
      // A title word and a city from a card, typed the other way round and without accents.
      const title = (await cards.first().locator('h2').textContent())!
      const city = (await cards.first().locator('.place').textContent())!.split(' · ')[0]!
      const fold = (text: string) =>
        text
          .normalize('NFD')
          .replace(/\p{Diacritic}/gu, '')
          .toLowerCase()
      const query = `${fold(city)} ${fold(title.split(/\s+/)[0]!)}`
      await page.getByRole('searchbox', { name: 'Buscar por vaga, cidade, bairro ou empresa' }).fill(query)
      await expect.poll(() => new URL(page.url()).searchParams.get('busca')).toBe(query)
      await expect.poll(() => page.getByRole('heading', { name: title, level: 2 }).first().isVisible()).toBe(true)
      const found = await cards.locator('h2').allTextContents()
      await page.reload()
      await page.getByRole('region', { name: /Notifications/ }).waitFor({ state: 'attached' })
      expect(await cards.locator('h2').allTextContents()).toEqual(found)
      expect(await page.getByRole('searchbox', { name: 'Buscar por vaga, cidade, bairro ou empresa' }).inputValue()).toBe(query)
    })
  })

  it('filters the list, opens a vacancy, applies, and the candidate is in the legacy database', async () => {
    const email = `e2e.${Date.now()}@example.com`
    await withPage(async (page) => {
      await page.goto('/')
      await expect.poll(() => page.getByRole('heading', { name: 'Vagas Disponíveis' }).isVisible()).toBe(true)
      const cards = page.locator('article.vacancy-card')
      await expect.poll(() => cards.count()).toBeGreaterThan(1)
      const total = await cards.count()
      await page.getByPlaceholder('Buscar por vaga, cidade, bairro ou empresa...').fill('fortaleza')
      await expect.poll(() => cards.count()).toBeLessThan(total)
      const filtered = await cards.count()
      expect(filtered).toBeGreaterThan(0)
      for (const card of await cards.all()) {
        const text = `${await card.locator('.place').textContent()} ${await card.locator('.company').textContent()}`
        expect(text.toLowerCase()).toContain('fortaleza')
      }
      // One vacancy, found by its title from here on.
      const title = (await cards.first().locator('h2').textContent())!
      await page
        .getByRole('article', { name: title })
        .first()
        .getByRole('link', { name: /Candidatar-se/ })
        .click()
      await expect.poll(() => page.getByRole('heading', { name: title!, level: 1 }).isVisible()).toBe(true)

      await page.getByLabel(/Nome completo/).fill('Joana Teste Ponta a Ponta')
      await page.getByLabel(/Idade/).fill('24')
      await page.getByLabel(/Gênero/).selectOption('feminino')
      await page.getByLabel(/WhatsApp/).fill('(85) 98877-6655')
      await page.getByLabel(/E-mail/).fill(email)
      await page.getByRole('radio', { name: 'Não', exact: true }).check()
      await page.getByLabel(/CEP/).fill('60055-400')
      await expect.poll(() => page.getByLabel(/Rua/).inputValue()).toBe('Avenida Aguanambi')
      expect(await page.getByLabel(/Bairro/).inputValue()).toBe('José Bonifácio')
      expect(await page.getByLabel(/Estado/).inputValue()).toBe('CE')
      await page.getByLabel(/Escolaridade/).selectOption('ensino médio completo')
      await page.getByRole('radio', { name: 'Sim, trabalhei em supermercado' }).check()
      await page.getByLabel(/Última experiência/).fill('Repositora no Mercadinho São Luiz')
      await page.getByLabel(/Como soube da vaga/).selectOption('instagram')
      // The privacy notice is read and consent given explicitly; without it nothing is sent.
      await page
        .getByRole('region', { name: 'Aviso de privacidade' })
        .getByText(/ferramentas automatizadas/)
        .waitFor()
      await page.getByRole('button', { name: 'Enviar candidatura' }).click()
      await page.getByText('Para se candidatar, leia e aceite o aviso de privacidade.').waitFor()
      await page.getByRole('checkbox', { name: /Li o aviso de privacidade/ }).check()
      await page.getByRole('button', { name: 'Enviar candidatura' }).click()
      await expect.poll(() => page.getByText('Candidatura enviada com sucesso! Boa sorte, se você for um dos selecionados, entraremos em contato.').isVisible()).toBe(true)
      expect(new URL(page.url()).pathname).toBe('/')
    })
    // Straight to the stand-in, as the legacy's own admin would look.
    const login = await fetch(`${product.legacyUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cnpj: '11222333000181', password: 'demo-admin-2026' }),
    })
    const token = ((await login.json()) as { data: { token: string } }).data.token
    const found = await fetch(`${product.legacyUrl}/api/candidatos/busca-avancada?nome=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${token}` } })
    const rows = ((await found.json()) as { data: Record<string, unknown>[] }).data
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      full_name: 'Joana Teste Ponta a Ponta',
      age: 24,
      address_street: 'Avenida Aguanambi',
      cep: '60055400',
      experience_1: 'sim trabalhei em supermercado',
      experience_2: 'Repositora no Mercadinho São Luiz',
      veiopor: 'instagram',
      is_pcd: false,
    })
  })

  it('shows field messages for an incomplete form, in a phone-sized window', async () => {
    await withPage(
      async (page) => {
        await openFirstApplyForm(page)
        await page.getByRole('button', { name: 'Enviar candidatura' }).click()
        await expect.poll(() => page.getByRole('alert').textContent()).toBe('Confira os campos destacados.')
        expect(await page.getByLabel(/Nome completo/).getAttribute('aria-invalid')).toBe('true')
        // The first invalid field gets the focus.
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('fullName')
        const width = await page.evaluate(() => document.documentElement.scrollWidth)
        expect(width).toBeLessThanOrEqual(390)
      },
      { mobile: true },
    )
  })
})

describe('staff and companies', () => {
  it('an admin logs in, lands on the home page with the admin links, holds no token in the page, and logs out', async () => {
    await withPage(async (page, context) => {
      await loginAs(page, '11.222.333/0001-81', 'demo-admin-2026')
      await page.waitForURL('**/inicio')
      const nav = page.getByRole('navigation', { name: 'Principal' })
      expect(await nav.getByRole('link').allTextContents()).toEqual(ADMIN_NAV.map((entry) => entry.label))
      await page.getByText('admin@minivagas.com.br').waitFor()

      const [cookie] = await context.cookies()
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' })
      const token = createSealer([E2E_SECRET]).open(cookie!.value)!.token
      const secret = token.split('|')[1]!
      const visible = await page.evaluate(() => ({
        cookie: document.cookie,
        local: JSON.stringify({ ...localStorage }),
        session: JSON.stringify({ ...sessionStorage }),
        html: document.documentElement.outerHTML,
      }))
      expect(visible.cookie).toBe('')
      for (const value of Object.values(visible)) expect(value).not.toContain(secret)

      await page.getByRole('button', { name: 'Sair' }).click()
      await page.waitForURL('**/login')
      expect(await context.cookies()).toEqual([])
      await page.goto('/painel_de_controle_mini_vagas')
      await page.waitForURL('**/login')
    })
  })

  it('company A logs in and lands on /vaga-empresa with only “Minhas Vagas” and its reports', async () => {
    await withPage(async (page) => {
      await loginAs(page, '45.723.618/0001-18', 'demo-empresa-a')
      await page.waitForURL('**/vaga-empresa')
      expect(await page.getByRole('navigation', { name: 'Principal' }).getByRole('link').allTextContents()).toEqual(['Minhas Vagas', 'Relatórios'])
      await page.goto('/todos-candidatos')
      await page.waitForURL('**/vaga-empresa')
    })
  })

  it('a wrong password shows the message and stays on /login', async () => {
    await withPage(
      async (page) => {
        await loginAs(page, '11.222.333/0001-81', 'senha-errada')
        await expect.poll(() => page.getByRole('alert').textContent()).toBe('CNPJ ou senha inválidos.')
        expect(new URL(page.url()).pathname).toBe('/login')
      },
      { expectConsole: [/\/login: Failed to load resource: the server responded with a status of 401/] },
    )
  })

  it('a guest on a staff route is sent to /login', async () => {
    await withPage(async (page) => {
      await page.goto('/administracao_de_vagas')
      await page.waitForURL('**/login')
      await page.getByRole('heading', { name: 'Mini Vagas' }).waitFor()
    })
  })
})

describe('accessibility (axe-core)', () => {
  for (const [name, path, ready] of [
    ['login', '/login', 'Entrar'],
    ['public list', '/', 'Vagas Disponíveis'],
    ['apply form', '/candidato/1', 'Enviar candidatura'],
  ] as const) {
    it(`finds no serious or critical violation on the ${name} screen`, async () => {
      await withPage(async (page) => {
        await page.goto(path)
        await page.getByText(ready, { exact: true }).first().waitFor()
        expect(await seriousViolations(page)).toEqual([])
      })
    })
  }
})
