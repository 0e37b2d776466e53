import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import type { BoardCard } from '@mini-vagas/shared/schemas/pipeline'
import { DEMO_TEAM, setUpDemoTeam } from '../../infra/demo/team.ts'
import { seriousViolations, signInByEmail } from '../support/browser.ts'
import { startJourney, type Journey } from '../support/journey.ts'

// A recruiter's board, by a real browser against the real processes: Bruno (a recruiter, 1366 px)
// chooses 50 cards with the keyboard and moves them with one drag; Ana (an admin, on a phone)
// sees the move in a candidate's history with Bruno's name; Bruno takes it all back.
let journey: Journey
beforeAll(async () => {
  journey = await startJourney(2000)
  await setUpDemoTeam(journey.product.url, journey.product.url)
}, 180_000)
afterAll(() => journey?.close())

const DESKTOP = { viewport: { width: 1366, height: 768 } }
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const [ana, bruno] = DEMO_TEAM
const MOVED = 50

const signIn = (page: Page, person: (typeof DEMO_TEAM)[number]) => signInByEmail(page, person.email, person.password)

describe('the pipeline board', () => {
  it('one recruiter moves 50 candidates in one action from the board; the other sees it in the history with his name; undo puts them back', async () => {
    const vacancies = await journey.legacy<{ id: number; description: string; company_name: string; city: string; candidates_count: number }[]>('/processos_seletivos')
    const vacancy = [...vacancies].sort((a, b) => b.candidates_count - a.candidates_count)[0]!
    const page = await journey.guestPage(DESKTOP)
    await signIn(page, bruno)
    await page.goto(`/vagas/${vacancySlug(vacancy)}/lista-candidatos`)
    await page.getByRole('button', { name: 'Quadro' }).click()
    await page.waitForURL('**?visao=quadro')
    // The busiest stage that no card will be moved to.
    const board = (await (await page.request.get(`/bff/vacancies/${vacancy.id}/board`)).json()) as { cards: BoardCard[] }
    const columns = page.locator('.board-column')
    await expect.poll(() => columns.count()).toBe(6)
    const sizes = await Promise.all([0, 1, 2, 3, 4, 5].map(async (i) => Number((await columns.nth(i).locator('.board-count').innerText()).replace(/\D/g, ''))))
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(board.cards.length)
    const from = sizes.findIndex((n, i) => i !== 2 && n === Math.max(...sizes.filter((_, j) => j !== 2)))
    expect(sizes[from]).toBeGreaterThanOrEqual(MOVED)
    expect(await seriousViolations(page)).toEqual([])

    // Space chooses, the down arrow goes to the next card (the column renders only what is in view).
    const source = columns.nth(from)
    await source.getByRole('checkbox').first().focus()
    for (let i = 0; i < MOVED; i++) {
      await page.keyboard.press('Space')
      if (i < MOVED - 1) await page.keyboard.press('ArrowDown')
    }
    await page.getByText(`${MOVED} candidatos selecionados`).waitFor()
    const chosen = source.locator('.board-card-chosen').last()
    const chosenName = (await chosen.locator('.board-card-name span').innerText()).trim()

    // One drag of a chosen card onto "Entrevistas" moves all of them, once the status is picked.
    await chosen.dragTo(columns.nth(2))
    const dialog = page.getByRole('dialog', { name: `Mover ${MOVED} candidatos para Entrevistas` })
    await dialog.getByRole('button', { name: 'Segunda Fase' }).click()
    await page.getByText(`${MOVED} candidatos movidos para "Segunda Fase".`).waitFor()
    await expect.poll(async () => Number((await columns.nth(2).locator('.board-count').innerText()).replace(/\D/g, ''))).toBe(sizes[2]! + MOVED)
    const moved = board.cards.find((c) => c.name === chosenName)!
    expect((await journey.legacy<{ status: string }>(`/candidatos/${moved.id}`)).status).toBe('segunda_fase')
    expect(await seriousViolations(page)).toEqual([])

    // Ana, on her phone, finds the person and reads the move in the history, with Bruno's name.
    const phone = await journey.guestPage(PHONE)
    await signIn(phone, ana)
    await phone.goto(`/vagas/${vacancySlug(vacancy)}/lista-candidatos`)
    await phone.getByLabel('Buscar candidato').fill(moved.name)
    await phone
      .getByRole('button', { name: `Detalhes de ${moved.name}` })
      .first()
      .click()
    const details = phone.getByRole('dialog', { name: moved.name })
    await details.locator('.timeline-entry', { hasText: 'Bruno Lima' }).first().waitFor()
    expect(await details.locator('.timeline-entry').first().innerText()).toMatch(/Status · Bruno Lima[\s\S]*para Segunda Fase \(ação em massa\)\./)
    expect(await seriousViolations(phone)).toEqual([])
    await phone.keyboard.press('Escape')
    await phone.getByRole('button', { name: 'Quadro' }).click()
    await phone.locator('.board-column').first().waitFor()
    expect(await seriousViolations(phone)).toEqual([])
    await phone.context().close()

    // Bruno takes it back: every one of the 50 returns to where they were.
    await page.getByRole('button', { name: 'Desfazer' }).click()
    await page.getByText(`Desfeito: ${MOVED} candidatos voltaram ao status anterior.`).waitFor()
    expect((await journey.legacy<{ status: string }>(`/candidatos/${moved.id}`)).status ?? '').toBe(moved.status)
    await expect.poll(async () => Number((await columns.nth(2).locator('.board-count').innerText()).replace(/\D/g, ''))).toBe(sizes[2]!)
    await page.context().close()
    expect(journey.consoleProblems).toEqual([])
  })
})
