import type { FastifyInstance } from 'fastify'
import { foldText } from '@mini-vagas/shared/domain/text'
import { timestamp } from '../db.ts'
import { requireAuth } from '../http/auth.ts'
import { createdAtFilter, isFailure } from '../http/dates.ts'
import { CANDIDATE_SELECT, candidateJson } from '../http/serialize.ts'
import { validate, type Rules } from '../http/validation.ts'
import { asBody, modelNotFound, parseId, unprocessable, type Body, type LegacyContext } from './context.ts'
import { LEGACY_CANDIDATE_STATUSES } from '../statuses.ts'

type Row = Record<string, unknown>
type Query = Record<string, unknown>

/** POST /api/candidatos: the payload (docs/product.md, Application) of the apply form and of forwarding. */
const APPLICATION_RULES: Rules = {
  fullName: ['required', 'string', { max: 255 }],
  age: ['required', 'numeric', { min: 0 }, { max: 150 }],
  genero: ['required', 'string', { max: 60 }],
  whatsapp: ['required', 'string', { max: 40 }],
  email: ['required', 'email', { max: 255 }],
  isPCD: ['required', 'boolean'],
  address: ['required', 'array'],
  'address.street': ['required', 'string', { max: 255 }],
  'address.neighborhood': ['required', 'string', { max: 255 }],
  'address.city': ['required', 'string', { max: 255 }],
  'address.state': ['required', 'string', { max: 60 }],
  'address.cep': ['required', 'string', { max: 20 }],
  education: ['required', 'string', { max: 120 }],
  curso: ['nullable', 'string', { max: 255 }],
  veiopor: ['required', 'string', { max: 120 }],
  experience: ['required', 'array', { max: 3 }],
  'experience.*': ['nullable', 'string', { max: 2000 }],
  jobId: ['required', 'integer'],
  status: ['nullable', { in: LEGACY_CANDIDATE_STATUSES }],
  obs: ['nullable', 'string', { max: 5000 }],
}
const APPLICATION_ATTRIBUTES: Record<string, string> = {
  fullName: 'nome completo',
  age: 'idade',
  genero: 'gênero',
  email: 'e-mail',
  isPCD: 'PCD',
  address: 'endereço',
  'address.street': 'rua',
  'address.neighborhood': 'bairro',
  'address.city': 'cidade',
  'address.state': 'estado',
  'address.cep': 'CEP',
  education: 'escolaridade',
  veiopor: 'como soube da vaga',
  experience: 'experiência',
  'experience.*': 'experiência',
  jobId: 'vaga',
}

/** PUT /api/candidatos/:id: the fields (docs/product.md, Candidate edit), each optional. */
const UPDATE_RULES: Rules = {
  full_name: ['sometimes', 'required', 'string', { max: 255 }],
  age: ['sometimes', 'nullable', 'integer', { min: 0 }, { max: 150 }],
  genero: ['sometimes', 'nullable', 'string', { max: 60 }],
  is_pcd: ['sometimes', 'nullable', 'boolean'],
  email: ['sometimes', 'required', 'email', { max: 255 }],
  whatsapp: ['sometimes', 'required', 'string', { max: 40 }],
  address_street: ['sometimes', 'nullable', 'string', { max: 255 }],
  address_neighborhood: ['sometimes', 'nullable', 'string', { max: 255 }],
  address_city: ['sometimes', 'nullable', 'string', { max: 255 }],
  address_state: ['sometimes', 'nullable', 'string', { max: 60 }],
  cep: ['sometimes', 'nullable', 'string', { max: 20 }],
  education: ['sometimes', 'nullable', 'string', { max: 120 }],
  curso: ['sometimes', 'nullable', 'string', { max: 255 }],
  experience_1: ['sometimes', 'nullable', 'string', { max: 2000 }],
  experience_2: ['sometimes', 'nullable', 'string', { max: 2000 }],
  experience_3: ['sometimes', 'nullable', 'string', { max: 2000 }],
  veiopor: ['sometimes', 'nullable', 'string', { max: 120 }],
  status: ['sometimes', 'nullable', { in: LEGACY_CANDIDATE_STATUSES }],
  obs: ['sometimes', 'nullable', 'string', { max: 5000 }],
}
const UPDATE_FIELDS = Object.keys(UPDATE_RULES)

const toBool = (v: unknown) => (v === null || v === undefined ? null : v === true || v === 1 || v === '1' ? 1 : 0)
const searchText = (c: { full_name?: unknown; email?: unknown; whatsapp?: unknown }) => {
  const whatsapp = String(c.whatsapp ?? '')
  return foldText(`${c.full_name ?? ''} ${c.email ?? ''} ${whatsapp} ${whatsapp.replace(/\D/g, '')}`)
}
/** LIKE pattern for a contains-search, with LIKE's own wildcards escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (m) => '\\' + m)}%`

/**
 * Candidate endpoints of docs/product.md, Legacy calls. GET /api/candidatos pages (`data` + `pagination`); the other lists
 * answer `{data: [...]}`; one candidate is `{data: {...}}`. Lists are newest first.
 */
export async function candidateRoutes(app: FastifyInstance, { db, config, tokens, now }: LegacyContext) {
  const auth = requireAuth(tokens)
  const one = db.prepare(`${CANDIDATE_SELECT} WHERE c.id = ?`)
  const vacancyExists = db.prepare('SELECT 1 FROM job_postings WHERE id = ?')
  const ORDER = 'ORDER BY c.created_at DESC, c.id DESC'

  /** Runs a candidate list with an optional created_at range and extra conditions. */
  function list(query: Query, where: string[], params: (string | number)[]) {
    const range = createdAtFilter(query, 'c.created_at')
    if (isFailure(range)) return range
    const clauses = [...where, ...(range.sql ? [range.sql] : [])]
    const sql = `${CANDIDATE_SELECT} ${clauses.length ? 'WHERE ' + clauses.join(' AND ') : ''} ${ORDER}`
    return { data: (db.prepare(sql).all(...params, ...range.params) as Row[]).map(candidateJson) }
  }

  app.get<{ Querystring: Query }>('/api/candidatos', { preHandler: auth }, async (request, reply) => {
    const range = createdAtFilter(request.query, 'c.created_at')
    if (isFailure(range)) return unprocessable(reply, range)
    // Laravel reads an unreadable page as page 1.
    const rawPage = Number(request.query.page)
    const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1
    const where = range.sql ? `WHERE ${range.sql.replaceAll('c.created_at', 'created_at')}` : ''
    const { total } = db.prepare(`SELECT COUNT(*) AS total FROM candidates ${where}`).get(...range.params) as { total: number }
    const perPage = config.pageSize
    // Two steps: page over the covering (created_at, id) index, then fetch only those rows by
    // primary key. One LIMIT/OFFSET query over the join reads every skipped row instead, and
    // SQLite's plans for a joined subquery were 4–5× slower than this (measured on 100k rows).
    const ids = (
      db.prepare(`SELECT id FROM candidates ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`).all(...range.params, perPage, (page - 1) * perPage) as { id: number }[]
    ).map((r) => r.id)
    const rows = ids.length ? (db.prepare(`${CANDIDATE_SELECT} WHERE c.id IN (${ids.map(() => '?').join(', ')}) ${ORDER}`).all(...ids) as Row[]) : []
    return {
      data: rows.map(candidateJson),
      pagination: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
    }
  })

  app.get<{ Querystring: Query }>('/api/candidatos/status-quantidades', { preHandler: auth }, async (request, reply) => {
    const range = createdAtFilter(request.query, 'created_at')
    if (isFailure(range)) return unprocessable(reply, range)
    // Grouped by the stored value, as a GROUP BY would: null, '' and 'pendente' are separate rows.
    const rows = db
      .prepare(`SELECT status, COUNT(*) AS total FROM candidates ${range.sql ? 'WHERE ' + range.sql : ''} GROUP BY status ORDER BY total DESC`)
      .all(...range.params) as { status: string | null; total: number }[]
    return { data: rows.map((r) => ({ status: r.status, total: Number(r.total) })) }
  })

  app.get<{ Querystring: Query }>('/api/candidatos/sem-status', { preHandler: auth }, async (request, reply) => {
    const result = list(request.query, ["(c.status IS NULL OR c.status = '' OR c.status = 'pendente')"], [])
    return 'errors' in result ? unprocessable(reply, result) : result
  })

  app.get<{ Params: { status: string }; Querystring: Query }>('/api/candidatos/status/:status', { preHandler: auth }, async (request, reply) => {
    const result = list(request.query, ['c.status = ?'], [request.params.status])
    return 'errors' in result ? unprocessable(reply, result) : result
  })

  app.get<{ Querystring: Query }>('/api/candidatos/busca-avancada', { preHandler: auth }, async (request, reply) => {
    const failure = validate(request.query, { nome: ['required', 'string', { max: 255 }] }, { nome: 'nome' })
    if (failure) return unprocessable(reply, failure)
    // Accent- and case-insensitive, like MySQL's utf8mb4_unicode_ci: name, e-mail, WhatsApp or company.
    const pattern = contains(foldText(String(request.query.nome)))
    const result = list(request.query, ["(c.search_text LIKE ? ESCAPE '\\' OR j.company_search LIKE ? ESCAPE '\\')"], [pattern, pattern])
    return 'errors' in result ? unprocessable(reply, result) : result
  })

  app.get<{ Params: { id: string } }>('/api/candidatos/:id', { preHandler: auth }, async (request, reply) => {
    const id = parseId(request.params.id)
    const row = id === null ? undefined : (one.get(id) as Row | undefined)
    if (!row) return modelNotFound(reply, 'Candidato', request.params.id)
    return { data: candidateJson(row) }
  })

  const insert = db.prepare(`INSERT INTO candidates
    (full_name, age, genero, is_pcd, email, whatsapp, address_street, address_neighborhood, address_city, address_state,
     cep, education, curso, experience_1, experience_2, experience_3, veiopor, status, obs, job_posting_id, search_text,
     created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)

  // Public: the apply form posts here without a token.
  app.post('/api/candidatos', async (request, reply) => {
    const body = asBody(request.body)
    const failure = validate(
      body,
      {
        ...APPLICATION_RULES,
        jobId: [...APPLICATION_RULES.jobId!, { custom: (v) => (vacancyExists.get(Number(v)) ? null : 'O :attribute selecionado é inválido.') }],
      },
      APPLICATION_ATTRIBUTES,
    )
    if (failure) return unprocessable(reply, failure)
    const address = body.address as Body
    const experience = (body.experience as unknown[]).map((e) => (e === null || e === undefined ? null : String(e)))
    const at = timestamp(now())
    const text = (v: unknown) => (v === null || v === undefined ? null : String(v).trim())
    const { lastInsertRowid } = insert.run(
      text(body.fullName),
      Number(body.age),
      text(body.genero),
      toBool(body.isPCD),
      text(body.email),
      text(body.whatsapp),
      text(address.street),
      text(address.neighborhood),
      text(address.city),
      text(address.state),
      text(address.cep),
      text(body.education),
      text(body.curso),
      experience[0] ?? null,
      experience[1] ?? null,
      experience[2] ?? null,
      text(body.veiopor),
      text(body.status),
      text(body.obs),
      Number(body.jobId),
      searchText({ full_name: body.fullName, email: body.email, whatsapp: body.whatsapp }),
      at,
      at,
    )
    return reply.code(201).send({ message: 'Candidatura registrada com sucesso.', data: candidateJson(one.get(lastInsertRowid) as Row) })
  })

  app.put<{ Params: { id: string } }>('/api/candidatos/:id', { preHandler: auth }, async (request, reply) => {
    const id = parseId(request.params.id)
    const current = id === null ? undefined : (one.get(id) as Row | undefined)
    if (!current) return modelNotFound(reply, 'Candidato', request.params.id)
    const body = asBody(request.body)
    const failure = validate(body, UPDATE_RULES, { full_name: 'nome completo', age: 'idade', email: 'e-mail' })
    if (failure) return unprocessable(reply, failure)
    const columns: Record<string, string | number | null> = {}
    for (const field of UPDATE_FIELDS) {
      if (!(field in body)) continue
      const value = body[field]
      columns[field] = field === 'is_pcd' ? toBool(value) : field === 'age' ? (value === null ? null : Number(value)) : value === null || value === undefined ? null : String(value)
    }
    const merged = { ...current, ...columns }
    columns.search_text = searchText(merged)
    columns.updated_at = timestamp(now())
    db.prepare(
      `UPDATE candidates SET ${Object.keys(columns)
        .map((c) => `${c} = ?`)
        .join(', ')} WHERE id = ?`,
    ).run(...Object.values(columns), id!)
    return { message: 'Candidato atualizado com sucesso.', data: candidateJson(one.get(id!) as Row) }
  })

  app.post<{ Params: { id: string } }>('/api/candidatos/:id/observacao', { preHandler: auth }, async (request, reply) => {
    const id = parseId(request.params.id)
    if (id === null || !one.get(id)) return modelNotFound(reply, 'Candidato', request.params.id)
    const body = asBody(request.body)
    const failure = validate(body, { observacao: ['present', 'nullable', 'string', { max: 5000 }] }, { observacao: 'observação' })
    if (failure) return unprocessable(reply, failure)
    db.prepare('UPDATE candidates SET obs = ?, updated_at = ? WHERE id = ?').run(body.observacao === null ? null : String(body.observacao), timestamp(now()), id)
    return { message: 'Observação salva com sucesso.', data: candidateJson(one.get(id) as Row) }
  })
}
