import type { FastifyInstance } from 'fastify'
import { foldText } from '@mini-vagas/shared/domain/text'
import { timestamp } from '../db.ts'
import { requireAuth } from '../http/auth.ts'
import { CANDIDATE_SELECT, VACANCY_COLUMNS, candidateJson, vacancyJson } from '../http/serialize.ts'
import { validate, type Rules } from '../http/validation.ts'
import { asBody, modelNotFound, parseId, unprocessable, type Body, type LegacyContext } from './context.ts'
import { LEGACY_VACANCY_STATUSES, LEGACY_VISIBILITIES } from '../statuses.ts'

const TEXT_FIELDS = ['recrutador', 'description', 'company_name', 'cnpj', 'city', 'bairro', 'estado', 'obs', 'status', 'redes_sociais'] as const
const LIST_FIELDS = ['requirements', 'benefits', 'criterios'] as const

// The legacy form has no required fields (docs/product.md, Validation); types and ranges are still checked.
const VACANCY_RULES: Rules = {
  recrutador: ['nullable', 'string', { max: 255 }],
  description: ['nullable', 'string', { max: 255 }],
  company_name: ['nullable', 'string', { max: 255 }],
  cnpj: ['nullable', 'string', { max: 18 }],
  city: ['nullable', 'string', { max: 255 }],
  bairro: ['nullable', 'string', { max: 255 }],
  neighborhood: ['nullable', 'string', { max: 255 }],
  estado: ['nullable', 'string', { max: 50 }],
  requirements: ['nullable', 'array'],
  'requirements.*': ['nullable', 'string', { max: 1000 }],
  benefits: ['nullable', 'array'],
  'benefits.*': ['nullable', 'string', { max: 1000 }],
  criterios: ['nullable', 'array'],
  'criterios.*': ['nullable', 'string', { max: 1000 }],
  obs: ['nullable', { in: LEGACY_VISIBILITIES }],
  vagas_abertas: ['nullable', 'integer', { min: 0 }],
  vagas_preenchidas: ['nullable', 'integer', { min: 0 }],
  status: ['nullable', { in: LEGACY_VACANCY_STATUSES }],
  redes_sociais: ['nullable', 'string', { max: 1000 }],
}
const ATTRIBUTES = { vagas_abertas: 'vagas solicitadas', vagas_preenchidas: 'vagas preenchidas', obs: 'visibilidade' }

/** The columns a create or update writes: only fields present in the body (one place reads neighborhood). */
function vacancyColumns(body: Body): Record<string, string | number | null> {
  const columns: Record<string, string | number | null> = {}
  if (!('bairro' in body) && 'neighborhood' in body) body = { ...body, bairro: body.neighborhood }
  for (const field of TEXT_FIELDS) if (field in body) columns[field] = body[field] === null ? null : String(body[field])
  for (const field of LIST_FIELDS) {
    if (field in body) {
      const list = Array.isArray(body[field]) ? (body[field] as unknown[]) : []
      columns[field] = JSON.stringify(list.filter((v) => typeof v === 'string' && v.trim() !== '').map((v) => (v as string).trim()))
    }
  }
  for (const field of ['vagas_abertas', 'vagas_preenchidas'] as const) {
    if (field in body) columns[field] = body[field] === null || body[field] === '' ? null : Number(body[field])
  }
  if ('company_name' in columns) columns.company_search = foldText(String(columns.company_name ?? ''))
  return columns
}

/**
 * GET /api/vagas-publicas (public), GET/POST /api/processos_seletivos, GET/PUT
 * /api/processos_seletivos/:id, GET /api/processos_seletivos/:id/candidatos.
 */
export async function vacancyRoutes(app: FastifyInstance, { db, tokens, now }: LegacyContext) {
  const auth = requireAuth(tokens)
  const one = db.prepare(`SELECT ${VACANCY_COLUMNS}, (SELECT COUNT(*) FROM candidates c WHERE c.job_posting_id = j.id) AS candidates_count FROM job_postings j WHERE j.id = ?`)
  const all = db.prepare(
    `SELECT ${VACANCY_COLUMNS}, (SELECT COUNT(*) FROM candidates c WHERE c.job_posting_id = j.id) AS candidates_count FROM job_postings j ORDER BY j.created_at DESC, j.id DESC`,
  )
  const publicList = db.prepare('SELECT id, description, company_name, city, bairro, requirements, benefits, obs FROM job_postings ORDER BY city, id')
  const candidatesOf = db.prepare(`${CANDIDATE_SELECT} WHERE c.job_posting_id = ? ORDER BY c.created_at DESC, c.id DESC`)

  // Bare array of every vacancy, visibility included: the legacy app filtered on the client (docs/product.md, Legacy calls).
  app.get('/api/vagas-publicas', async () =>
    (publicList.all() as Record<string, unknown>[]).map((row) => {
      const v = vacancyJson(row)
      return { id: v.id, description: v.description, company_name: v.company_name, city: v.city, bairro: v.bairro, requirements: v.requirements, benefits: v.benefits, obs: v.obs }
    }),
  )

  app.get('/api/processos_seletivos', { preHandler: auth }, async () => ({
    data: (all.all() as Record<string, unknown>[]).map(vacancyJson),
  }))

  app.get<{ Params: { id: string } }>('/api/processos_seletivos/:id', { preHandler: auth }, async (request, reply) => {
    const id = parseId(request.params.id)
    const row = id === null ? undefined : (one.get(id) as Record<string, unknown> | undefined)
    if (!row) return modelNotFound(reply, 'ProcessoSeletivo', request.params.id)
    return { data: vacancyJson(row) }
  })

  app.post('/api/processos_seletivos', { preHandler: auth }, async (request, reply) => {
    const body = asBody(request.body)
    const failure = validate(body, VACANCY_RULES, ATTRIBUTES)
    if (failure) return unprocessable(reply, failure)
    const at = timestamp(now())
    const columns = { requirements: '[]', benefits: '[]', criterios: '[]', ...vacancyColumns(body), created_at: at, updated_at: at }
    const names = Object.keys(columns)
    const { lastInsertRowid } = db.prepare(`INSERT INTO job_postings (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).run(...Object.values(columns))
    return reply.code(201).send({ message: 'Processo seletivo criado com sucesso.', data: vacancyJson(one.get(lastInsertRowid) as Record<string, unknown>) })
  })

  app.put<{ Params: { id: string } }>('/api/processos_seletivos/:id', { preHandler: auth }, async (request, reply) => {
    const id = parseId(request.params.id)
    if (id === null || !one.get(id)) return modelNotFound(reply, 'ProcessoSeletivo', request.params.id)
    const body = asBody(request.body)
    const failure = validate(body, VACANCY_RULES, ATTRIBUTES)
    if (failure) return unprocessable(reply, failure)
    const columns = { ...vacancyColumns(body), updated_at: timestamp(now()) }
    db.prepare(
      `UPDATE job_postings SET ${Object.keys(columns)
        .map((c) => `${c} = ?`)
        .join(', ')} WHERE id = ?`,
    ).run(...Object.values(columns), id)
    return { message: 'Processo seletivo atualizado com sucesso.', data: vacancyJson(one.get(id) as Record<string, unknown>) }
  })

  app.get<{ Params: { id: string } }>('/api/processos_seletivos/:id/candidatos', { preHandler: auth }, async (request, reply) => {
    const id = parseId(request.params.id)
    if (id === null || !one.get(id)) return modelNotFound(reply, 'ProcessoSeletivo', request.params.id)
    return { data: (candidatesOf.all(id) as Record<string, unknown>[]).map(candidateJson) }
  })
}
