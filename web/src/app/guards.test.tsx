import { ADMIN_NAV } from '@mini-vagas/shared/constants/navigation'
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, COMPANY, guest, mockBff, renderRoute } from '../testing/render.tsx'
import { decide } from './guards.tsx'

afterEach(() => vi.unstubAllGlobals())

describe('guard rules', () => {
  it.each([
    ['guest-only', null, 'pass'],
    ['guest-only', 'admin', '/inicio'],
    ['guest-only', 'company', '/vaga-empresa'],
    ['admin-only', 'admin', 'pass'],
    ['admin-only', 'company', '/login'],
    ['admin-only', null, '/login'],
    ['admin-or-redirect', 'admin', 'pass'],
    ['admin-or-redirect', 'company', '/vaga-empresa'],
    ['admin-or-redirect', null, '/login'],
    ['company-only', 'company', 'pass'],
    ['company-only', 'admin', '/login'],
    ['company-only', null, '/login'],
  ] as const)('%s with %s → %s', (rule, role, outcome) => {
    expect(decide(rule, role)).toBe(outcome)
  })
  it.each([
    ['agency-admin', 'admin', undefined, 'pass'],
    ['agency-admin', 'admin', 'admin', 'pass'],
    ['agency-admin', 'admin', 'recruiter', '/inicio'],
    ['agency-admin', 'company', undefined, '/vaga-empresa'],
    ['agency-admin', null, undefined, '/login'],
    ['person', 'admin', 'recruiter', 'pass'],
    ['person', 'admin', undefined, '/inicio'],
    ['person', null, undefined, '/login'],
  ] as const)('%s with %s (a person: %s) → %s', (rule, role, person, outcome) => {
    expect(decide(rule, role, person)).toBe(outcome)
  })
})

describe('routes behind guards', () => {
  it('sends a guest on a staff route to /login', async () => {
    mockBff({ 'GET /bff/auth/session': guest })
    const { router } = renderRoute('/todos-candidatos')
    expect(await screen.findByRole('heading', { name: 'Mini Vagas' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
  })
  it('sends a company on a staff route to /vaga-empresa, and shows its only link', async () => {
    mockBff({ 'GET /bff/auth/session': () => ({ status: 200, body: { user: COMPANY } }) })
    const { router } = renderRoute('/painel_de_controle_mini_vagas')
    expect(await screen.findByRole('heading', { name: 'Minhas Vagas' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/vaga-empresa')
    const nav = screen.getByRole('navigation', { name: 'Principal' })
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Minhas Vagas', 'Relatórios'])
  })
  it('shows an admin the staff screens with every admin link, the name and the e-mail', async () => {
    mockBff({ 'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }) })
    renderRoute('/excel')
    expect(await screen.findByRole('heading', { name: 'Exportar Planilha' })).toBeTruthy()
    const nav = screen.getByRole('navigation', { name: 'Principal' })
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual(ADMIN_NAV.map((entry) => entry.label))
    expect(screen.getByText(ADMIN.email)).toBeTruthy()
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Excel')
  })
  it("marks the entry a screen was reached through (Administração for a vacancy's candidates, not the public Vagas); the menu button opens and Escape closes", async () => {
    mockBff({ 'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }), 'GET /bff/vacancies': () => ({ status: 200, body: { vacancies: [] } }) })
    renderRoute('/vagas/repositor-5/lista-candidatos')
    await screen.findByRole('button', { name: 'Sair' })
    const nav = screen.getByRole('navigation', { name: 'Principal' })
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Administração')
    const menu = screen.getByRole('button', { name: 'Menu' })
    expect(menu.getAttribute('aria-expanded')).toBe('false')
    menu.click()
    await vi.waitFor(() => expect(menu.getAttribute('aria-expanded')).toBe('true'))
    menu.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await vi.waitFor(() => expect(menu.getAttribute('aria-expanded')).toBe('false'))
  })
  it('keeps /cadastrar-usuario for admins only (a company ends on its own landing)', async () => {
    mockBff({ 'GET /bff/auth/session': () => ({ status: 200, body: { user: COMPANY } }) })
    const { router } = renderRoute('/cadastrar-usuario')
    await screen.findByRole('heading', { name: 'Minhas Vagas' })
    expect(router.state.location.pathname).toBe('/vaga-empresa')
    expect(screen.queryByRole('heading', { name: 'Cadastrar Usuário' })).toBeNull()
  })
  it('sends a signed-in admin away from /login to the home page', async () => {
    mockBff({ 'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }) })
    const { router } = renderRoute('/login')
    await screen.findByRole('heading', { name: 'Início' })
    expect(router.state.location.pathname).toBe('/inicio')
  })
  it('shows a not-found page for unknown paths', async () => {
    mockBff({ 'GET /bff/auth/session': guest })
    renderRoute('/nada-aqui')
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy()
  })
})
