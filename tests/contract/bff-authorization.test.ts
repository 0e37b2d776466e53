import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import { UNSAFE_HEADERS, startStack, type Stack } from '../support/stack.ts'

// SECURITY.md 14: every route × every role (public, admin, company A, company B) from one table;
// company A never sees company B's vacancies or candidates by any path or id.
const A_CNPJ = '45723618000118'
const B_CNPJ = '07654012000189'

let stack: Stack
const cookies: Record<string, string | undefined> = {}
const ids = { vA: 0, vB: 0, cA: 0, cB: 0 }
const slugs = { vA: '' }

beforeAll(async () => {
  stack = await startStack({}, { candidates: 300 })
  cookies.admin = await stack.login('admin')
  cookies.A = await stack.login('empresa A')
  cookies.B = await stack.login('empresa B')
  cookies.public = undefined
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

type Role = 'public' | 'admin' | 'A' | 'B'
interface Row {
  method: 'GET' | 'POST' | 'PUT'
  url: () => string
  body?: unknown
  expect: Record<Role, number>
}
const staffOnly = { public: 401, admin: 200, A: 403, B: 403 }
const today = '2026-11-22'
const forward = () => ({
  fullName: 'Teste Encaminhado', age: 30, genero: 'feminino', whatsapp: '85999990000', email: 't@example.com', isPCD: false,
  address: { street: 'Rua A', neighborhood: 'Centro', city: 'Fortaleza', state: 'CE', cep: '60000000' },
  education: 'ensino médio completo', veiopor: 'instagram', experience: ['nao informado', '', ''], jobId: ids.vA,
})

const TABLE: Row[] = [
  { method: 'GET', url: () => '/api/vagas-publicas', expect: { public: 200, admin: 200, A: 200, B: 200 } },
  { method: 'GET', url: () => '/bff/public/vacancies', expect: { public: 200, admin: 200, A: 200, B: 200 } },
  { method: 'GET', url: () => '/bff/auth/me', expect: { public: 401, admin: 200, A: 200, B: 200 } },
  { method: 'GET', url: () => '/api/processos_seletivos', expect: { public: 401, admin: 200, A: 200, B: 200 } },
  { method: 'GET', url: () => `/api/processos_seletivos/${ids.vA}`, expect: { public: 401, admin: 200, A: 200, B: 403 } },
  { method: 'GET', url: () => `/api/processos_seletivos/${ids.vB}`, expect: { public: 401, admin: 200, A: 403, B: 200 } },
  { method: 'GET', url: () => `/api/processos_seletivos/${ids.vA}/candidatos`, expect: { public: 401, admin: 200, A: 200, B: 403 } },
  { method: 'GET', url: () => `/api/processos_seletivos/${ids.vB}/candidatos`, expect: { public: 401, admin: 200, A: 403, B: 200 } },
  { method: 'POST', url: () => '/api/processos_seletivos', body: { description: 'Nova vaga' }, expect: { public: 401, admin: 201, A: 403, B: 403 } },
  { method: 'PUT', url: () => `/api/processos_seletivos/${ids.vA}`, body: { redes_sociais: 'instagram' }, expect: { public: 401, admin: 200, A: 403, B: 403 } },
  { method: 'GET', url: () => '/api/candidatos?page=1', expect: staffOnly },
  { method: 'GET', url: () => `/api/candidatos/status-quantidades?start_date=2026-01-01&end_date=${today}`, expect: staffOnly },
  { method: 'GET', url: () => `/api/candidatos/sem-status?start_date=2026-11-01&end_date=${today}`, expect: staffOnly },
  { method: 'GET', url: () => '/api/candidatos/busca-avancada?nome=maria', expect: staffOnly },
  { method: 'GET', url: () => '/api/candidatos/status/contratado', expect: staffOnly },
  { method: 'GET', url: () => `/api/excel_relatorio?start_date=2026-11-01&end_date=${today}`, expect: staffOnly },
  { method: 'GET', url: () => `/api/candidatos/${ids.cA}`, expect: { public: 401, admin: 200, A: 200, B: 403 } },
  { method: 'GET', url: () => `/api/candidatos/${ids.cB}`, expect: { public: 401, admin: 200, A: 403, B: 200 } },
  { method: 'PUT', url: () => `/api/candidatos/${ids.cA}`, body: { status: 'aprovado' }, expect: { public: 401, admin: 200, A: 200, B: 403 } },
  { method: 'PUT', url: () => `/api/candidatos/${ids.cB}`, body: { status: 'reprovado_empresa' }, expect: { public: 401, admin: 200, A: 403, B: 200 } },
  // Companies set only the company-side statuses and notes (issue 7's rule, enforced here already).
  { method: 'PUT', url: () => `/api/candidatos/${ids.cA}`, body: { full_name: 'Outro Nome' }, expect: { public: 401, admin: 200, A: 422, B: 403 } },
  { method: 'PUT', url: () => `/api/candidatos/${ids.cA}`, body: { status: 'triado' }, expect: { public: 401, admin: 200, A: 422, B: 403 } },
  { method: 'POST', url: () => `/api/candidatos/${ids.cA}/observacao`, body: { observacao: 'Nota' }, expect: { public: 401, admin: 200, A: 200, B: 403 } },
  { method: 'POST', url: () => `/api/candidatos/${ids.cB}/observacao`, body: { observacao: 'Nota' }, expect: { public: 401, admin: 200, A: 403, B: 200 } },
  { method: 'POST', url: () => '/api/candidatos', body: 'forward', expect: { public: 401, admin: 201, A: 403, B: 403 } },
  { method: 'GET', url: () => `/bff/vacancies/${ids.vA}/candidates?page=1`, expect: { public: 401, admin: 200, A: 200, B: 403 } },
  { method: 'GET', url: () => `/bff/vacancies/${ids.vB}/candidates?status=triado`, expect: { public: 401, admin: 200, A: 403, B: 200 } },
  { method: 'GET', url: () => `/bff/vacancies/by-slug/${slugs.vA}`, expect: { public: 401, admin: 200, A: 200, B: 404 } },
  { method: 'GET', url: () => '/bff/candidates?q=maria', expect: staffOnly },
  { method: 'GET', url: () => '/bff/vacancies', expect: { public: 401, admin: 200, A: 200, B: 200 } },
  { method: 'GET', url: () => '/bff/dashboard', expect: staffOnly },
  { method: 'POST', url: () => '/bff/screening/candidates', body: { mode: 'empresa', vacancyId: 1, start_date: '2020-01-01', end_date: '2026-11-22' }, expect: staffOnly },
  { method: 'POST', url: () => '/bff/screening/test-connection', body: {}, expect: staffOnly },
  { method: 'GET', url: () => '/bff/screening/provider', expect: staffOnly },
  { method: 'GET', url: () => '/bff/screening/runs/00000000-0000-0000-0000-000000000000', expect: { public: 401, admin: 404, A: 403, B: 403 } },
  { method: 'GET', url: () => '/bff/screening/runs/00000000-0000-0000-0000-000000000000/events', expect: { public: 401, admin: 404, A: 403, B: 403 } },
  { method: 'POST', url: () => '/bff/screening/runs', body: { mode: 'empresa', vacancyId: 1, start_date: '2020-01-01', end_date: '2026-11-22' }, expect: { public: 401, admin: 202, A: 403, B: 403 } },
  { method: 'POST', url: () => '/bff/screening/runs/00000000-0000-0000-0000-000000000000/apply', body: {}, expect: { public: 401, admin: 404, A: 403, B: 403 } },
  { method: 'GET', url: () => '/bff/candidates.csv?q=maria', expect: staffOnly },
  { method: 'GET', url: () => `/bff/vacancies/${ids.vA}/candidates.csv`, expect: { public: 401, admin: 200, A: 200, B: 403 } },
  { method: 'GET', url: () => `/bff/vacancies/${ids.vA}`, expect: { public: 401, admin: 200, A: 200, B: 403 } },
  { method: 'GET', url: () => `/bff/candidates/${ids.cA}`, expect: { public: 401, admin: 200, A: 200, B: 403 } },
  { method: 'GET', url: () => `/bff/candidates/${ids.cB}`, expect: { public: 401, admin: 200, A: 403, B: 200 } },
  { method: 'GET', url: () => '/api/auth/me', expect: { public: 404, admin: 404, A: 404, B: 404 } },
  { method: 'POST', url: () => '/api/auth/register', body: {}, expect: { public: 404, admin: 404, A: 404, B: 404 } },
]

describe('every route × every role', () => {
  for (const row of TABLE) {
    for (const role of ['public', 'admin', 'A', 'B'] as const) {
      it(`${row.method} ${row.url.toString().replace(/^\(\) => /, '')} as ${role} → ${row.expect[role]}`, async () => {
        const cookie = cookies[role]
        const payload = row.body === 'forward' ? forward() : row.body
        const response = await stack.app.inject({
          method: row.method,
          url: row.url(),
          headers: { ...(row.method === 'GET' ? {} : UNSAFE_HEADERS), ...(cookie ? { cookie } : {}) },
          ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
        })
        expect(response.statusCode, response.body.slice(0, 300)).toBe(row.expect[role])
      })
    }
  }
})

describe('company lists and ids', () => {
  it('a company’s vacancy list holds only its own vacancies, through /api and /bff', async () => {
    for (const [role, cnpj] of [['A', A_CNPJ], ['B', B_CNPJ]] as const) {
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
