import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CONSENT_MESSAGES, PRIVACY_NOTICE } from '@mini-vagas/shared/constants/privacy'
import { guest, mockBff, renderRoute, type Handler } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())

const vacancy = {
  id: 7,
  description: 'Repositor',
  company_name: 'Supermercado Bom Preço',
  city: 'Fortaleza',
  bairro: 'Centro',
  requirements: ['Ensino médio completo'],
  benefits: ['Vale-transporte'],
}
const base = (extra: Record<string, Handler> = {}) =>
  mockBff({
    'GET /bff/auth/session': guest,
    'GET /bff/public/vacancies/7': () => ({ status: 200, body: { vacancy } }),
    'GET /bff/cep/60055400': () => ({ status: 200, body: { cep: '60055-400', street: 'Avenida Aguanambi', neighborhood: 'José Bonifácio', city: 'Fortaleza', state: 'CE' } }),
    ...extra,
  })

async function fillValidForm() {
  const user = userEvent.setup()
  await user.type(screen.getByLabelText(/Nome completo/), 'Maria Aparecida')
  await user.type(screen.getByLabelText(/Idade/), '27')
  await user.selectOptions(screen.getByLabelText(/Gênero/), 'feminino')
  await user.type(screen.getByLabelText(/WhatsApp/), '(85) 98877-6655')
  await user.type(screen.getByLabelText(/E-mail/), 'maria@example.com')
  await user.click(screen.getByRole('radio', { name: 'Não' }))
  await user.type(screen.getByLabelText(/CEP/), '60055-400')
  await waitFor(() => expect((screen.getByLabelText(/Rua/) as HTMLInputElement).value).toBe('Avenida Aguanambi'))
  await user.selectOptions(screen.getByLabelText(/Escolaridade/), 'ensino médio completo')
  await user.click(screen.getByRole('radio', { name: 'Sim, trabalhei em supermercado' }))
  await user.selectOptions(screen.getByLabelText(/Como soube da vaga/), 'instagram')
  await user.click(screen.getByRole('checkbox', { name: /Li o aviso de privacidade/ }))
  return user
}

describe('apply form', () => {
  it('shows the vacancy and fills the address from the CEP', async () => {
    base()
    renderRoute('/candidato/7')
    expect(await screen.findByRole('heading', { name: 'Repositor', level: 1 })).toBeTruthy()
    expect(screen.getByText('Vale-transporte')).toBeTruthy()
    await userEvent.type(screen.getByLabelText(/CEP/), '60055400')
    await waitFor(() => expect((screen.getByLabelText(/Bairro/) as HTMLInputElement).value).toBe('José Bonifácio'))
    expect((screen.getByLabelText(/Cidade/) as HTMLInputElement).value).toBe('Fortaleza')
    expect((screen.getByLabelText(/Estado/) as HTMLSelectElement).value).toBe('CE')
  })
  it('marks every missing required field and sends nothing', async () => {
    const { calls } = base()
    renderRoute('/candidato/7')
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar candidatura' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Confira os campos destacados.')
    expect(screen.getByLabelText(/Nome completo/).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Preencha o campo Nome completo.')).toBeTruthy()
    expect(screen.queryByLabelText(/Curso/)).toBeNull()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })
  it('masks WhatsApp and CEP as they are typed or pasted, and sends digits', async () => {
    base()
    renderRoute('/candidato/7')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/WhatsApp/), '85988776655')
    expect((screen.getByLabelText(/WhatsApp/) as HTMLInputElement).value).toBe('(85) 98877-6655')
    await user.click(screen.getByLabelText(/CEP/))
    await user.paste('60.055-400')
    expect((screen.getByLabelText(/CEP/) as HTMLInputElement).value).toBe('60055-400')
    await waitFor(() => expect((screen.getByLabelText(/Rua/) as HTMLInputElement).value).toBe('Avenida Aguanambi'))
  })
  it('asks for the course only with higher education', async () => {
    base()
    renderRoute('/candidato/7')
    await userEvent.selectOptions(await screen.findByLabelText(/Escolaridade/), 'ensino superior incompleto')
    expect(screen.getByLabelText(/Curso/)).toBeTruthy()
  })
  it('sends the payload (docs/product.md, Application) and returns to the list with the success message', async () => {
    const { calls } = base({
      'POST /bff/public/applications': () => ({
        status: 201,
        body: { message: 'Candidatura enviada com sucesso! Boa sorte, se você for um dos selecionados, entraremos em contato.', id: 1 },
      }),
    })
    const { router } = renderRoute('/candidato/7')
    await screen.findByRole('heading', { name: 'Repositor', level: 1 })
    const user = await fillValidForm()
    await user.click(screen.getByRole('button', { name: 'Enviar candidatura' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    const sent = calls.find((c) => c.method === 'POST')!.body
    expect(sent).toMatchObject({
      fullName: 'Maria Aparecida',
      age: 27,
      isPCD: false,
      jobId: 7,
      address: { cep: '60055400', street: 'Avenida Aguanambi', state: 'CE' },
      experience: ['sim trabalhei em supermercado', '', ''],
      consent: { version: PRIVACY_NOTICE.version, accepted: true },
    })
  })
  it('shows the privacy notice and sends nothing without explicit consent', async () => {
    const { calls } = base()
    renderRoute('/candidato/7')
    await screen.findByRole('heading', { name: 'Repositor', level: 1 })
    const notice = screen.getByRole('region', { name: 'Aviso de privacidade' })
    expect(notice.textContent).toContain('ferramentas automatizadas')
    expect(notice.textContent).toContain('até 12 meses')
    expect(
      within(notice)
        .getByRole('link', { name: /Meus dados/ })
        .getAttribute('href'),
    ).toBe('/meus-dados')
    const user = await fillValidForm()
    const consent = screen.getByRole('checkbox', { name: /Li o aviso de privacidade/ })
    await user.click(consent) // untick: consent is never assumed
    await user.click(screen.getByRole('button', { name: 'Enviar candidatura' }))
    expect(await screen.findByText(CONSENT_MESSAGES.required)).toBeTruthy()
    expect(consent.getAttribute('aria-invalid')).toBe('true')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })
  it('shows the BFF’s 422 field errors at the fields and keeps what was typed', async () => {
    base({
      'POST /bff/public/applications': () => ({
        status: 422,
        body: { message: 'Dados inválidos.', errors: { email: ['O campo e-mail já está sendo utilizado.'], 'address.cep': ['CEP inválido.'] } },
      }),
    })
    renderRoute('/candidato/7')
    await screen.findByRole('heading', { name: 'Repositor', level: 1 })
    const user = await fillValidForm()
    await user.click(screen.getByRole('button', { name: 'Enviar candidatura' }))
    expect(await screen.findByText('O campo e-mail já está sendo utilizado.')).toBeTruthy()
    expect(screen.getByText('CEP inválido.')).toBeTruthy()
    expect((screen.getByLabelText(/Nome completo/) as HTMLInputElement).value).toBe('Maria Aparecida')
  })
  it('says the application failed when the BFF does, keeping the form', async () => {
    base({ 'POST /bff/public/applications': () => ({ status: 502, body: { message: 'O sistema de vagas está indisponível no momento.' } }) })
    renderRoute('/candidato/7')
    await screen.findByRole('heading', { name: 'Repositor', level: 1 })
    const user = await fillValidForm()
    await user.click(screen.getByRole('button', { name: 'Enviar candidatura' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Falha ao enviar a candidatura\./)
    expect((screen.getByLabelText(/E-mail/) as HTMLInputElement).value).toBe('maria@example.com')
  })
  it('says plainly when the person already applied to this vacancy', async () => {
    const message = 'Você já se candidatou a esta vaga com este e-mail ou WhatsApp. Para corrigir algum dado, use a página Meus dados.'
    base({ 'POST /bff/public/applications': () => ({ status: 409, body: { message } }) })
    renderRoute('/candidato/7')
    await screen.findByRole('heading', { name: 'Repositor', level: 1 })
    const user = await fillValidForm()
    await user.click(screen.getByRole('button', { name: 'Enviar candidatura' }))
    expect((await screen.findByRole('alert')).textContent).toBe(message)
  })
  it('says when the vacancy is gone', async () => {
    mockBff({ 'GET /bff/auth/session': guest, 'GET /bff/public/vacancies/9': () => ({ status: 404, body: { message: 'Vaga não encontrada.' } }) })
    renderRoute('/candidato/9')
    expect((await screen.findByRole('alert')).textContent).toContain('Vaga não encontrada')
  })
})
