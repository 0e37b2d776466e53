import type { FastifyInstance } from 'fastify'
import { cnpjDigits } from '@mini-vagas/shared/domain/cnpj'
import { timestamp } from '../db.ts'
import { requireAuth } from '../http/auth.ts'
import { hashPassword, verifyPassword } from '../passwords.ts'
import { validate } from '../http/validation.ts'
import { asBody, unprocessable, type LegacyContext } from './context.ts'

const userJson = (row: Record<string, unknown>) => ({
  id: Number(row.id),
  name: String(row.name),
  email: String(row.email),
  role: String(row.role),
  cnpj: String(row.cnpj),
})

/** POST /api/auth/login, POST /api/auth/logout, GET /api/auth/me, POST /api/auth/register. */
export async function authRoutes(app: FastifyInstance, { db, tokens, now }: LegacyContext) {
  const byCnpj = db.prepare('SELECT * FROM users WHERE cnpj = ?')
  const auth = requireAuth(tokens)

  app.post('/api/auth/login', async (request, reply) => {
    const body = asBody(request.body)
    const failure = validate(body, { cnpj: ['required', 'string'], password: ['required', 'string'] }, { password: 'senha' })
    if (failure) return unprocessable(reply, failure)
    const user = byCnpj.get(cnpjDigits(String(body.cnpj))) as Record<string, unknown> | undefined
    if (!user || !verifyPassword(String(body.password), String(user.password_hash))) {
      return reply.code(401).send({ message: 'CNPJ ou senha inválidos.' })
    }
    const { token, expiresAt } = tokens.issue(Number(user.id))
    return { message: 'Login realizado com sucesso.', data: { token, token_type: 'Bearer', expires_at: expiresAt, user: userJson(user) } }
  })

  app.post('/api/auth/logout', { preHandler: auth }, async (request) => {
    tokens.revoke(request.user!.tokenId)
    return { message: 'Logout realizado com sucesso.' }
  })

  app.get('/api/auth/me', { preHandler: auth }, async (request) => {
    const { tokenId: _, ...user } = request.user!
    return { data: user }
  })

  // Not in the legacy's known contract (assumed, see infra/legacy-api/README.md): admins register users.
  const insert = db.prepare('INSERT INTO users (name, email, role, cnpj, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
  const emailTaken = db.prepare('SELECT 1 FROM users WHERE lower(email) = lower(?)')
  app.post('/api/auth/register', { preHandler: auth }, async (request, reply) => {
    if (request.user!.role !== 'admin') return reply.code(403).send({ message: 'This action is unauthorized.' })
    const body = asBody(request.body)
    const failure = validate(
      body,
      {
        name: ['required', 'string', { max: 255 }],
        email: ['required', 'email', { max: 255 }, { custom: (v) => (emailTaken.get(String(v)) ? 'O campo :attribute já está sendo utilizado.' : null) }],
        password: [
          'required',
          'string',
          { min: 8 },
          { max: 255 },
          {
            custom: (v, data) => (data.password_confirmation !== v ? 'O campo :attribute de confirmação não confere.' : null),
          },
        ],
        role: ['required', { in: ['admin', 'company'] }],
        cnpj: [
          'required',
          'string',
          {
            custom: (v) => {
              const digits = cnpjDigits(String(v))
              if (digits.length !== 14) return 'O campo :attribute deve ter 14 caracteres.'
              return byCnpj.get(digits) ? 'O campo :attribute já está sendo utilizado.' : null
            },
          },
        ],
      },
      { name: 'nome', password: 'senha', role: 'perfil', cnpj: 'CNPJ', email: 'e-mail' },
    )
    if (failure) return unprocessable(reply, failure)
    const at = timestamp(now())
    const { lastInsertRowid } = insert.run(
      String(body.name).trim(),
      String(body.email).trim(),
      String(body.role),
      cnpjDigits(String(body.cnpj)),
      hashPassword(String(body.password)),
      at,
      at,
    )
    const created = db.prepare('SELECT * FROM users WHERE id = ?').get(lastInsertRowid) as Record<string, unknown>
    return reply.code(201).send({ message: 'Usuário cadastrado com sucesso.', data: userJson(created) })
  })
}
