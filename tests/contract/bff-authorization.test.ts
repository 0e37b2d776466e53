import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withCheckDigits } from '../../shared/src/domain/cnpj.ts'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { PASS_THROUGH_RULES } from '../../bff/src/features/pass-through/policy.ts'
import type { RouteAccess } from '../../bff/src/plugins/route-access.ts'
import { testApp } from '../../bff/src/testing.ts'
import { DEMO_ACCOUNTS } from '../../infra/legacy-api/src/seed/demo-accounts.ts'
import { UNSAFE_HEADERS, cookieFrom, startStack, type Stack } from '../support/stack.ts'

// SECURITY.md 14: every route × every role (public, admin, company A, company B, and a recruiter
// of the agency's team signed in with their own account) from one table; company A never sees
// company B's vacancies or candidates by any path or id.
const A_CNPJ = '45723618000118'
const B_CNPJ = '07654012000189'

/** Each route's declared access (`config.access`), read from a BFF built for that purpose. */
const declared = await (async () => {
  const app = await testApp()
  await app.ready()
  const table = new Map(app.routeAccess)
  await app.close()
  return table
})()

let stack: Stack
const cookies: Record<string, string | undefined> = {}
const ids = { vA: 0, vB: 0, cA: 0, cB: 0 }
const slugs = { vA: '' }
const LABELS: Record<Role, string> = { public: '', admin: 'admin', A: 'empresa A', B: 'empresa B', recruiter: '' }
const team = { invited: '', binding: '' }
let recruiterAgain: () => Promise<string>
const ADMIN = DEMO_ACCOUNTS.find((a) => a.label === 'admin')!

beforeAll(async () => {
  stack = await startStack({}, { candidates: 300 })
  cookies.admin = await stack.login('admin')
  cookies.A = await stack.login('empresa A')
  cookies.B = await stack.login('empresa B')
  cookies.public = undefined
  const rita = await stack.person({ name: 'Rita Recrutadora', email: 'rita@agencia.com.br', role: 'recruiter' })
  cookies.recruiter = rita.cookie
  recruiterAgain = async () =>
    cookieFrom(
      await stack.app.inject({ method: 'POST', url: '/bff/auth/people/login', headers: UNSAFE_HEADERS, payload: { email: 'rita@agencia.com.br', password: rita.password } }),
    )
  team.invited = (await stack.person({ name: 'Caio Convidado', email: 'caio@agencia.com.br', role: 'recruiter' })).id
  team.binding = (await stack.app.inject({ method: 'GET', url: '/bff/team', headers: { cookie: cookies.admin } })).json().bindings[0].id
  const vacancies = JSON.parse((await stack.app.inject({ method: 'GET', url: '/api/processos_seletivos', headers: { cookie: cookies.admin } })).body).data
  const withCandidates = vacancies.filter((v: { candidates_count: number }) => v.candidates_count > 0)
  ids.vA = withCandidates.find((v: { cnpj: string }) => v.cnpj === A_CNPJ).id
  ids.vB = withCandidates.find((v: { cnpj: string }) => v.cnpj === B_CNPJ).id
  slugs.vA = vacancySlug(withCandidates.find((v: { id: number }) => v.id === ids.vA))
  for (const key of ['A', 'B'] as const) {
    const vacancy = key === 'A' ? ids.vA : ids.vB
    const list = JSON.parse((await stack.app.inject({ method: 'GET', url: `/api/processos_seletivos/${vacancy}/candidatos`, headers: { cookie: cookies.admin } })).body).data
    ids[`c${key}`] = list[0].id
  }
})
afterAll(() => stack.close())

type Role = 'public' | 'admin' | 'A' | 'B' | 'recruiter'
const ROLES: readonly Role[] = ['public', 'admin', 'A', 'B', 'recruiter']
/**
 * One case of the matrix. `route` names its row in the access tables: a `ROUTE_ACCESS` key, or
 * `api: <rule name>` for the pass-through policy (`api: none` for paths with no rule). The
 * expected status of each role is derived from that row's rule; `ok` is the status of an allowed
 * caller (200 by default), `owner` the company whose data an 'own' route touches, `except` the
 * few answers that are not the rule's (an unknown id, a body a company may not send).
 */
interface Case {
  route: string
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: () => string
  body?: unknown
  ok?: number
  owner?: 'A' | 'B'
  /** A company that is not the owner: 403 by default, 404 where the path itself is unknown to it. */
  foreign?: number
  except?: Partial<Record<Role, number>>
  /** Sends a freshly logged-in cookie (the request ends its session). */
  fresh?: boolean
}
const today = '2026-11-22'
const UNKNOWN_RUN = '00000000-0000-0000-0000-000000000000'
const SCREEN = { mode: 'empresa', vacancyId: 1, start_date: '2020-01-01', end_date: today }
const forward = () => ({
  fullName: 'Teste Encaminhado',
  age: 30,
  genero: 'feminino',
  whatsapp: '85999990000',
  email: 't@example.com',
  isPCD: false,
  address: { street: 'Rua A', neighborhood: 'Centro', city: 'Fortaleza', state: 'CE', cep: '60000000' },
  education: 'ensino médio completo',
  veiopor: 'instagram',
  experience: ['nao informado', '', ''],
  jobId: ids.vA,
})
let registered = 0
const registration = () => {
  registered++
  const cnpj = withCheckDigits(`9${String(Date.now()).slice(-7)}${String(registered).padStart(4, '0')}`)
  return { name: `Empresa ${cnpj}`, email: `rh${cnpj}@example.com`, role: 'company', cnpj, password: 'senha-forte-2026', password_confirmation: 'senha-forte-2026' }
}

const CASES: Case[] = [
  { route: 'GET /healthz', method: 'GET', url: () => '/healthz' },
  { route: 'GET /readyz', method: 'GET', url: () => '/readyz' },
  // Without METRICS_TOKEN the main listener does not serve /metrics to anyone, loopback included.
  { route: 'GET /metrics', method: 'GET', url: () => '/metrics', ok: 404 },
  { route: 'GET /bff/openapi.json', method: 'GET', url: () => '/bff/openapi.json' },
  { route: 'GET /bff/auth/session', method: 'GET', url: () => '/bff/auth/session' },
  { route: 'POST /bff/auth/login', method: 'POST', url: () => '/bff/auth/login', body: { cnpj: '00000000000000', password: 'errada' }, ok: 401 },
  { route: 'POST /bff/auth/logout', method: 'POST', url: () => '/bff/auth/logout', ok: 204, fresh: true },
  // The team's own accounts: signing in and links are public (and refuse what they do not know);
  // "Minha conta" is a person's (the legacy's own logins have none: 403); the team is its admins'.
  { route: 'POST /bff/auth/people/login', method: 'POST', url: () => '/bff/auth/people/login', body: { email: 'ninguem@agencia.com.br', password: 'errada-123' }, ok: 401 },
  { route: 'POST /bff/auth/people/link', method: 'POST', url: () => '/bff/auth/people/link', body: { token: 'inventado' }, ok: 410 },
  {
    route: 'POST /bff/auth/people/password',
    method: 'POST',
    url: () => '/bff/auth/people/password',
    body: { token: 'inventado', password: 'girassol-azul-42', confirmation: 'girassol-azul-42' },
    ok: 410,
  },
  { route: 'GET /bff/account', method: 'GET', url: () => '/bff/account', except: { admin: 403, A: 403, B: 403 } },
  {
    route: 'PUT /bff/account/password',
    method: 'PUT',
    url: () => '/bff/account/password',
    body: { current: 'errada', password: 'nova-senha-forte-8', confirmation: 'nova-senha-forte-8' },
    except: { admin: 403, A: 403, B: 403, recruiter: 422 },
  },
  { route: 'POST /bff/account/totp', method: 'POST', url: () => '/bff/account/totp', except: { admin: 403, A: 403, B: 403 } },
  { route: 'PUT /bff/account/totp', method: 'PUT', url: () => '/bff/account/totp', body: { code: 'abcdef' }, except: { admin: 403, A: 403, B: 403, recruiter: 422 } },
  { route: 'POST /bff/account/totp/off', method: 'POST', url: () => '/bff/account/totp/off', body: { password: 'errada' }, except: { admin: 403, A: 403, B: 403, recruiter: 422 } },
  { route: 'GET /bff/team', method: 'GET', url: () => '/bff/team' },
  {
    route: 'POST /bff/team/people',
    method: 'POST',
    url: () => '/bff/team/people',
    body: () => ({ name: 'Nova Pessoa', email: `nova-${Math.random().toString(36).slice(2)}@agencia.com.br`, role: 'recruiter', bindingId: team.binding }),
    ok: 201,
  },
  { route: 'PATCH /bff/team/people/:person', method: 'PATCH', url: () => `/bff/team/people/${team.invited}`, body: { name: 'Caio C. Convidado' } },
  { route: 'POST /bff/team/people/:person/link', method: 'POST', url: () => `/bff/team/people/${team.invited}/link` },
  {
    route: 'POST /bff/team/bindings',
    method: 'POST',
    url: () => '/bff/team/bindings',
    body: () => ({ label: 'Administração', cnpj: ADMIN.cnpj, password: ADMIN.password }),
    ok: 201,
  },
  { route: 'GET /bff/auth/me', method: 'GET', url: () => '/bff/auth/me' },
  { route: 'GET /bff/public/vacancies', method: 'GET', url: () => '/bff/public/vacancies' },
  { route: 'GET /bff/public/vacancies/:id', method: 'GET', url: () => '/bff/public/vacancies/1' },
  { route: 'POST /bff/public/applications', method: 'POST', url: () => '/bff/public/applications', body: {}, ok: 422 },
  { route: 'GET /bff/cep/:cep', method: 'GET', url: () => '/bff/cep/60055400' },
  { route: 'GET /bff/vacancies', method: 'GET', url: () => '/bff/vacancies' },
  { route: 'GET /bff/vacancies/:id', method: 'GET', url: () => `/bff/vacancies/${ids.vA}`, owner: 'A' },
  { route: 'GET /bff/vacancies/by-slug/:slug', method: 'GET', url: () => `/bff/vacancies/by-slug/${slugs.vA}`, owner: 'A', foreign: 404 },
  { route: 'GET /bff/vacancies/:id/candidates', method: 'GET', url: () => `/bff/vacancies/${ids.vA}/candidates?page=1`, owner: 'A' },
  { route: 'GET /bff/vacancies/:id/candidates', method: 'GET', url: () => `/bff/vacancies/${ids.vB}/candidates?status=triado`, owner: 'B' },
  { route: 'GET /bff/vacancies/:id/candidates/counts', method: 'GET', url: () => `/bff/vacancies/${ids.vA}/candidates/counts?q=maria`, owner: 'A' },
  { route: 'GET /bff/vacancies/:id/candidates/counts', method: 'GET', url: () => `/bff/vacancies/${ids.vB}/candidates/counts`, owner: 'B' },
  { route: 'GET /bff/vacancies/:id/candidates.csv', method: 'GET', url: () => `/bff/vacancies/${ids.vA}/candidates.csv`, owner: 'A' },
  { route: 'GET /bff/vacancies/:id/candidates.csv', method: 'GET', url: () => `/bff/vacancies/${ids.vB}/candidates.csv`, owner: 'B' },
  { route: 'GET /bff/candidates/:id', method: 'GET', url: () => `/bff/candidates/${ids.cA}`, owner: 'A' },
  { route: 'GET /bff/candidates/:id', method: 'GET', url: () => `/bff/candidates/${ids.cB}`, owner: 'B' },
  { route: 'GET /bff/candidates', method: 'GET', url: () => '/bff/candidates?q=maria' },
  { route: 'GET /bff/candidates.csv', method: 'GET', url: () => '/bff/candidates.csv?q=maria' },
  { route: 'GET /bff/candidates/counts', method: 'GET', url: () => '/bff/candidates/counts?q=maria' },
  // The talent pool: staff only (tags, like the agency's notes, are never a company's).
  { route: 'GET /bff/tags', method: 'GET', url: () => '/bff/tags' },
  { route: 'PUT /bff/candidates/:id/tags', method: 'PUT', url: () => `/bff/candidates/${ids.cA}/tags`, body: { tags: ['Matriz'] } },
  // The timeline and the team's notes are the agency's: no company reads them, even of its own candidates.
  { route: 'GET /bff/candidates/:id/timeline', method: 'GET', url: () => `/bff/candidates/${ids.cA}/timeline` },
  { route: 'POST /bff/candidates/:id/notes', method: 'POST', url: () => `/bff/candidates/${ids.cA}/notes`, body: { text: 'Ligar amanhã' }, ok: 201 },
  // Messages: staff read the templates, admins edit them; this stack has no SMTP server (503 for e-mail).
  { route: 'GET /bff/messages/templates', method: 'GET', url: () => '/bff/messages/templates' },
  { route: 'PUT /bff/messages/templates/:purpose', method: 'PUT', url: () => '/bff/messages/templates/livre', body: { subject: 'Mini Vagas — {vaga}', body: 'Olá, {nome}!' } },
  { route: 'DELETE /bff/messages/templates/:purpose', method: 'DELETE', url: () => '/bff/messages/templates/livre' },
  { route: 'GET /bff/candidates/:id/contact', method: 'GET', url: () => `/bff/candidates/${ids.cA}/contact` },
  { route: 'PUT /bff/candidates/:id/contact', method: 'PUT', url: () => `/bff/candidates/${ids.cA}/contact`, body: { optedOut: false } },
  { route: 'POST /bff/candidates/:id/messages', method: 'POST', url: () => `/bff/candidates/${ids.cA}/messages`, body: { purpose: 'livre', channel: 'email' }, ok: 503 },
  { route: 'POST /bff/public/unsubscribe', method: 'POST', url: () => '/bff/public/unsubscribe', body: { token: 'inventado' }, ok: 410 },
  // Interviews: staff propose and manage them; a company reads its own vacancies' (the list's own test); the candidate answers by link.
  {
    route: 'POST /bff/candidates/:id/interviews',
    method: 'POST',
    url: () => `/bff/candidates/${ids.cA}/interviews`,
    body: { slots: [], durationMinutes: 30, mode: 'online', place: 'https://meet.example.com/x', interviewer: 'Ana', channel: 'email' },
    ok: 422,
  },
  { route: 'GET /bff/candidates/:id/interviews', method: 'GET', url: () => `/bff/candidates/${ids.cA}/interviews` },
  { route: 'GET /bff/interviews', method: 'GET', url: () => '/bff/interviews?from=2026-11-01T00:00:00.000Z&to=2026-11-30T00:00:00.000Z' },
  { route: 'GET /bff/interviews/today', method: 'GET', url: () => '/bff/interviews/today' },
  { route: 'POST /bff/interviews/:id/no-show', method: 'POST', url: () => `/bff/interviews/${UNKNOWN_RUN}/no-show`, body: {}, ok: 404 },
  { route: 'POST /bff/interviews/:id/cancel', method: 'POST', url: () => `/bff/interviews/${UNKNOWN_RUN}/cancel`, body: {}, ok: 404 },
  { route: 'POST /bff/public/interview', method: 'POST', url: () => '/bff/public/interview', body: { token: 'inventado' }, ok: 410 },
  { route: 'POST /bff/public/interview/answer', method: 'POST', url: () => '/bff/public/interview/answer', body: { token: 'inventado', action: 'cancelar' }, ok: 410 },
  // The board and bulk actions are the agency's. A filter that matches nobody is refused past the access check: no job runs.
  { route: 'GET /bff/vacancies/:id/board', method: 'GET', url: () => `/bff/vacancies/${ids.vA}/board` },
  { route: 'GET /bff/vacancies/:id/bulk', method: 'GET', url: () => `/bff/vacancies/${ids.vA}/bulk` },
  {
    route: 'POST /bff/bulk',
    method: 'POST',
    url: () => '/bff/bulk',
    body: () => ({ action: 'status', vacancyId: ids.vA, filter: { q: 'zzzz ninguém assim' }, status: 'triado' }),
    ok: 422,
  },
  { route: 'GET /bff/bulk/:id', method: 'GET', url: () => `/bff/bulk/${UNKNOWN_RUN}`, ok: 404 },
  { route: 'POST /bff/bulk/:id/resume', method: 'POST', url: () => `/bff/bulk/${UNKNOWN_RUN}/resume`, ok: 404 },
  { route: 'POST /bff/bulk/:id/undo', method: 'POST', url: () => `/bff/bulk/${UNKNOWN_RUN}/undo`, ok: 404 },
  { route: 'POST /bff/vacancies/:id/candidates/selection.csv', method: 'POST', url: () => `/bff/vacancies/${ids.vA}/candidates/selection.csv`, body: () => ({ ids: [ids.cA] }) },
  { route: 'GET /bff/home', method: 'GET', url: () => '/bff/home' },
  { route: 'GET /bff/saved-searches', method: 'GET', url: () => '/bff/saved-searches' },
  { route: 'POST /bff/saved-searches', method: 'POST', url: () => '/bff/saved-searches', body: { name: `Busca ${Date.now()}`, query: {} }, ok: 201 },
  { route: 'DELETE /bff/saved-searches/:id', method: 'DELETE', url: () => '/bff/saved-searches/00000000-0000-4000-8000-000000000000', ok: 404 },
  // Without the candidate index (off in this stack), suggestions answer 503 to whoever may ask.
  { route: 'GET /bff/vacancies/:id/suggestions', method: 'GET', url: () => `/bff/vacancies/${ids.vA}/suggestions`, ok: 503 },
  { route: 'GET /bff/dashboard', method: 'GET', url: () => '/bff/dashboard' },
  // Reports come from the candidate index, off in this stack: an allowed caller gets its 503;
  // which vacancies a company sees is tests/contract/bff-reports.test.ts's.
  { route: 'GET /bff/reports/recruiting', method: 'GET', url: () => '/bff/reports/recruiting', ok: 503 },
  { route: 'GET /bff/reports/recruiting.xlsx', method: 'GET', url: () => '/bff/reports/recruiting.xlsx', ok: 503 },
  { route: 'GET /bff/exports/relatorio.xlsx', method: 'GET', url: () => `/bff/exports/relatorio.xlsx?start_date=2026-11-01&end_date=${today}` },
  { route: 'POST /bff/exports/render', method: 'POST', url: () => '/bff/exports/render', body: { rows: [{ a: 1 }], type: 'csv' } },
  { route: 'POST /bff/screening/candidates', method: 'POST', url: () => '/bff/screening/candidates', body: SCREEN },
  { route: 'GET /bff/screening/provider', method: 'GET', url: () => '/bff/screening/provider' },
  { route: 'GET /bff/screening/fit', method: 'GET', url: () => '/bff/screening/fit?mode=global&kind=last-7-days' },
  { route: 'POST /bff/screening/test-connection', method: 'POST', url: () => '/bff/screening/test-connection', body: {} },
  { route: 'POST /bff/screening/runs', method: 'POST', url: () => '/bff/screening/runs', body: { draftId: UNKNOWN_RUN }, ok: 409 },
  { route: 'GET /bff/screening/runs/:id', method: 'GET', url: () => `/bff/screening/runs/${UNKNOWN_RUN}`, ok: 404 },
  { route: 'GET /bff/screening/runs/:id/events', method: 'GET', url: () => `/bff/screening/runs/${UNKNOWN_RUN}/events`, ok: 404 },
  { route: 'GET /bff/screening/runs/:id/apply-preview', method: 'GET', url: () => `/bff/screening/runs/${UNKNOWN_RUN}/apply-preview`, ok: 404 },
  { route: 'POST /bff/screening/runs/:id/apply', method: 'POST', url: () => `/bff/screening/runs/${UNKNOWN_RUN}/apply`, body: {}, ok: 404 },
  { route: 'POST /bff/screening/runs/:id/undo', method: 'POST', url: () => `/bff/screening/runs/${UNKNOWN_RUN}/undo`, body: {}, ok: 409 },
  { route: 'GET /bff/screening/runs/:id/bias.csv', method: 'GET', url: () => `/bff/screening/runs/${UNKNOWN_RUN}/bias.csv`, ok: 404 },
  {
    route: 'PUT /bff/screening/runs/:id/results/:candidateId/review',
    method: 'PUT',
    url: () => `/bff/screening/runs/${UNKNOWN_RUN}/results/1/review`,
    body: { decision: 'revisao', reason: 'Conferir CNH' },
    ok: 404,
  },
  { route: 'POST /bff/public/privacy-requests', method: 'POST', url: () => '/bff/public/privacy-requests', body: {}, ok: 422 },
  // "Minhas candidaturas": public, and a link opens only what it was sent for.
  { route: 'GET /bff/public/my-applications/channels', method: 'GET', url: () => '/bff/public/my-applications/channels' },
  { route: 'POST /bff/public/my-applications/link', method: 'POST', url: () => '/bff/public/my-applications/link', body: { email: 'sem-arroba' }, ok: 422 },
  { route: 'POST /bff/public/my-applications', method: 'POST', url: () => '/bff/public/my-applications', body: { token: 'inventado' }, ok: 410 },
  { route: 'POST /bff/public/my-applications/withdraw', method: 'POST', url: () => '/bff/public/my-applications/withdraw', body: { token: 'inventado', id: 1 }, ok: 410 },
  {
    route: 'POST /bff/public/my-applications/interview',
    method: 'POST',
    url: () => '/bff/public/my-applications/interview',
    body: { token: 'inventado', id: 1, action: 'cancelar' },
    ok: 410,
  },
  { route: 'POST /bff/public/my-applications/screening', method: 'POST', url: () => '/bff/public/my-applications/screening', body: { token: 'inventado' }, ok: 410 },
  { route: 'GET /bff/privacy-requests', method: 'GET', url: () => '/bff/privacy-requests' },
  { route: 'POST /bff/privacy-requests/:id/anonymise', method: 'POST', url: () => `/bff/privacy-requests/${UNKNOWN_RUN}/anonymise`, body: {}, ok: 404 },
  {
    route: 'PUT /bff/privacy-requests/:id/answer',
    method: 'PUT',
    url: () => `/bff/privacy-requests/${UNKNOWN_RUN}/answer`,
    body: { answer: 'Respondido por e-mail.' },
    ok: 404,
  },
  { route: 'GET /bff/audit.csv', method: 'GET', url: () => '/bff/audit.csv?start_date=2026-11-01&end_date=2026-11-30' },
  { route: 'POST /bff/vacancies', method: 'POST', url: () => '/bff/vacancies', body: { description: 'Nova vaga', company_name: 'Mercado' }, ok: 201 },
  { route: 'PUT /bff/vacancies/:id', method: 'PUT', url: () => `/bff/vacancies/${ids.vA}`, body: { redes_sociais: 'instagram' } },
  { route: 'PUT /bff/candidates/:id/status', method: 'PUT', url: () => `/bff/candidates/${ids.cA}/status`, body: { status: 'aprovado' }, owner: 'A' },
  { route: 'PUT /bff/candidates/:id/status', method: 'PUT', url: () => `/bff/candidates/${ids.cB}/status`, body: { status: 'reprovado_empresa' }, owner: 'B' },
  // Companies set only the company-side statuses.
  { route: 'PUT /bff/candidates/:id/status', method: 'PUT', url: () => `/bff/candidates/${ids.cA}/status`, body: { status: 'triado' }, owner: 'A', except: { A: 422 } },
  { route: 'PUT /bff/candidates/:id/note', method: 'PUT', url: () => `/bff/candidates/${ids.cA}/note`, body: { obs: 'Nota' }, owner: 'A' },
  { route: 'PUT /bff/candidates/:id/note', method: 'PUT', url: () => `/bff/candidates/${ids.cB}/note`, body: { obs: 'Nota' }, owner: 'B' },
  { route: 'PUT /bff/candidates/:id', method: 'PUT', url: () => `/bff/candidates/${ids.cA}`, body: { status: 'aprovado', obs: 'Nota' } },
  // The recruiter comes after the admin, who already forwarded that person there: past the access check, a duplicate.
  {
    route: 'POST /bff/candidates/:id/forwards',
    method: 'POST',
    url: () => `/bff/candidates/${ids.cA}/forwards`,
    body: () => ({ vacancyId: ids.vB }),
    ok: 201,
    except: { recruiter: 409 },
  },
  { route: 'POST /bff/company/vacancies', method: 'POST', url: () => '/bff/company/vacancies', body: { description: 'Vaga da matriz', city: 'Fortaleza' }, ok: 201 },
  { route: 'POST /bff/users', method: 'POST', url: () => '/bff/users', body: registration, ok: 201 },

  { route: 'api: public vacancy list', method: 'GET', url: () => '/api/vagas-publicas' },
  { route: 'api: vacancy list', method: 'GET', url: () => '/api/processos_seletivos' },
  { route: 'api: one vacancy', method: 'GET', url: () => `/api/processos_seletivos/${ids.vA}`, owner: 'A' },
  { route: 'api: one vacancy', method: 'GET', url: () => `/api/processos_seletivos/${ids.vB}`, owner: 'B' },
  { route: 'api: candidates of a vacancy', method: 'GET', url: () => `/api/processos_seletivos/${ids.vA}/candidatos`, owner: 'A' },
  { route: 'api: candidates of a vacancy', method: 'GET', url: () => `/api/processos_seletivos/${ids.vB}/candidatos`, owner: 'B' },
  { route: 'api: create vacancy', method: 'POST', url: () => '/api/processos_seletivos', body: { description: 'Nova vaga' }, ok: 201 },
  { route: 'api: update vacancy', method: 'PUT', url: () => `/api/processos_seletivos/${ids.vA}`, body: { redes_sociais: 'instagram' } },
  { route: 'api: candidate pages', method: 'GET', url: () => '/api/candidatos?page=1' },
  { route: 'api: status counts', method: 'GET', url: () => `/api/candidatos/status-quantidades?start_date=2026-01-01&end_date=${today}` },
  { route: 'api: candidates without status', method: 'GET', url: () => `/api/candidatos/sem-status?start_date=2026-11-01&end_date=${today}` },
  { route: 'api: advanced search', method: 'GET', url: () => '/api/candidatos/busca-avancada?nome=maria' },
  { route: 'api: candidates by status', method: 'GET', url: () => '/api/candidatos/status/contratado' },
  { route: 'api: spreadsheet report', method: 'GET', url: () => `/api/excel_relatorio?start_date=2026-11-01&end_date=${today}` },
  { route: 'api: one candidate', method: 'GET', url: () => `/api/candidatos/${ids.cA}`, owner: 'A' },
  { route: 'api: one candidate', method: 'GET', url: () => `/api/candidatos/${ids.cB}`, owner: 'B' },
  { route: 'api: update candidate', method: 'PUT', url: () => `/api/candidatos/${ids.cA}`, body: { status: 'aprovado' }, owner: 'A' },
  { route: 'api: update candidate', method: 'PUT', url: () => `/api/candidatos/${ids.cB}`, body: { status: 'reprovado_empresa' }, owner: 'B' },
  // Companies set only the company-side statuses and notes.
  { route: 'api: update candidate', method: 'PUT', url: () => `/api/candidatos/${ids.cA}`, body: { full_name: 'Outro Nome' }, owner: 'A', except: { A: 422 } },
  { route: 'api: update candidate', method: 'PUT', url: () => `/api/candidatos/${ids.cA}`, body: { status: 'triado' }, owner: 'A', except: { A: 422 } },
  { route: 'api: candidate observation', method: 'POST', url: () => `/api/candidatos/${ids.cA}/observacao`, body: { observacao: 'Nota' }, owner: 'A' },
  { route: 'api: candidate observation', method: 'POST', url: () => `/api/candidatos/${ids.cB}/observacao`, body: { observacao: 'Nota' }, owner: 'B' },
  { route: 'api: forward candidate', method: 'POST', url: () => '/api/candidatos', body: 'forward', ok: 201 },
  { route: 'api: none', method: 'GET', url: () => '/api/auth/me' },
  { route: 'api: none', method: 'POST', url: () => '/api/auth/register', body: {} },
]

type Rule = Exclude<RouteAccess, 'staff' | 'own-vacancy' | 'own-candidate' | 'policy'> | 'own' | 'none'
function ruleOf(route: string): Rule {
  if (route === 'api: none') return 'none'
  if (route.startsWith('api: ')) {
    const rule = PASS_THROUGH_RULES.find((r) => r.name === route.slice(5))
    if (!rule) throw new Error(`no pass-through rule named ${route}`)
    return rule.access === 'public' ? 'public' : rule.access.company ? 'own' : 'admin'
  }
  const access = declared.get(route)
  if (!access) throw new Error(`no route declares ${route}`)
  if (access === 'policy') throw new Error(`${route} is ruled by the pass-through policy`)
  return access === 'staff' || access === 'own-vacancy' || access === 'own-candidate' ? 'own' : access
}

/** What each role gets, from the route's rule alone. */
function expected(c: Case): Record<Role, number> {
  const ok = c.ok ?? 200
  const byRule: Record<Rule, Record<Role, number>> = {
    none: { public: 404, admin: 404, A: 404, B: 404, recruiter: 404 },
    public: { public: ok, admin: ok, A: ok, B: ok, recruiter: ok },
    session: { public: 401, admin: ok, A: ok, B: ok, recruiter: ok },
    admin: { public: 401, admin: ok, A: 403, B: 403, recruiter: ok },
    'agency-admin': { public: 401, admin: ok, A: 403, B: 403, recruiter: 403 },
    company: { public: 401, admin: 403, A: ok, B: ok, recruiter: 403 },
    own: {
      public: 401,
      admin: ok,
      A: !c.owner || c.owner === 'A' ? ok : (c.foreign ?? 403),
      B: !c.owner || c.owner === 'B' ? ok : (c.foreign ?? 403),
      recruiter: ok,
    },
  }
  return { ...byRule[ruleOf(c.route)], ...c.except }
}

describe('the matrix covers both access tables', () => {
  it('has a case for every declared route and every pass-through rule', () => {
    const covered = new Set(CASES.map((c) => c.route))
    expect([...declared.keys()].filter((r) => !covered.has(r) && !r.endsWith(' /api/*'))).toEqual([])
    expect(PASS_THROUGH_RULES.map((r) => `api: ${r.name}`).filter((r) => !covered.has(r))).toEqual([])
  })
})

describe('every route × every role (SECURITY.md 14)', () => {
  for (const c of CASES) {
    const want = expected(c)
    for (const role of ROLES) {
      it(`${c.route}: ${c.method} ${c.url.toString().replace(/^\(\) => /, '')} as ${role} → ${want[role]}`, async () => {
        const cookie = c.fresh && role !== 'public' ? (role === 'recruiter' ? await recruiterAgain() : await stack.login(LABELS[role])) : cookies[role]
        const payload = c.body === 'forward' ? forward() : typeof c.body === 'function' ? (c.body as () => unknown)() : c.body
        const response = await stack.app.inject({
          method: c.method,
          url: c.url(),
          headers: { ...(c.method === 'GET' ? {} : payload === undefined ? { 'x-csrf': '1', origin: UNSAFE_HEADERS.origin } : UNSAFE_HEADERS), ...(cookie ? { cookie } : {}) },
          ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
        })
        expect(response.statusCode, response.body.slice(0, 300)).toBe(want[role])
      })
    }
  }
})

describe('company lists and ids', () => {
  it('a company’s vacancy list holds only its own vacancies, through /api and /bff', async () => {
    for (const [role, cnpj] of [
      ['A', A_CNPJ],
      ['B', B_CNPJ],
    ] as const) {
      const list = JSON.parse((await stack.app.inject({ method: 'GET', url: '/api/processos_seletivos', headers: { cookie: cookies[role] } })).body).data
      expect(list.length).toBeGreaterThan(0)
      expect(list.every((v: { cnpj: string }) => v.cnpj === cnpj)).toBe(true)
      const bff = JSON.parse((await stack.app.inject({ method: 'GET', url: '/bff/vacancies', headers: { cookie: cookies[role] } })).body).vacancies
      expect(bff.map((v: { id: number }) => v.id)).toEqual(list.map((v: { id: number }) => v.id))
    }
  })
  it('company A reaches none of company B’s candidates by any id', async () => {
    const list = JSON.parse((await stack.app.inject({ method: 'GET', url: `/api/processos_seletivos/${ids.vB}/candidatos`, headers: { cookie: cookies.admin } })).body).data
    for (const candidate of list.slice(0, 10)) {
      const response = await stack.app.inject({ method: 'GET', url: `/api/candidatos/${candidate.id}`, headers: { cookie: cookies.A } })
      expect(response.statusCode).toBe(403)
      expect(response.body).not.toContain(candidate.email)
    }
  })
})
