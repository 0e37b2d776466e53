import { createHash, randomBytes } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { timestamp } from '../db.ts'

/** Bearer tokens as Laravel Sanctum issues them: `<id>|<40 random chars>`, stored hashed, with expiry. */
export interface AuthUser {
  id: number
  name: string
  email: string
  role: 'admin' | 'company'
  cnpj: string
  tokenId: number
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null
  }
}

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex')

export interface Tokens {
  issue(userId: number): { token: string; expiresAt: string }
  find(bearer: string | undefined): AuthUser | null
  revoke(tokenId: number): void
}

export function createTokens(db: DatabaseSync, ttlMinutes: number, now: () => Date): Tokens {
  const insert = db.prepare('INSERT INTO personal_access_tokens (user_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?)')
  const lookup = db.prepare(`SELECT t.id AS token_id, t.token_hash, t.expires_at, u.id, u.name, u.email, u.role, u.cnpj
    FROM personal_access_tokens t JOIN users u ON u.id = t.user_id WHERE t.id = ?`)
  const remove = db.prepare('DELETE FROM personal_access_tokens WHERE id = ?')
  return {
    issue(userId) {
      const secret = randomBytes(30).toString('base64url').slice(0, 40)
      const expiresAt = timestamp(new Date(now().getTime() + ttlMinutes * 60_000))
      const { lastInsertRowid } = insert.run(userId, hash(secret), expiresAt, timestamp(now()))
      return { token: `${lastInsertRowid}|${secret}`, expiresAt }
    },
    find(bearer) {
      const match = /^Bearer\s+(\d+)\|(\S+)$/i.exec(bearer ?? '')
      if (!match) return null
      const row = lookup.get(Number(match[1])) as Record<string, string | number> | undefined
      if (!row || row.token_hash !== hash(match[2]!)) return null
      if (String(row.expires_at) <= timestamp(now())) return null
      return {
        id: Number(row.id),
        name: String(row.name),
        email: String(row.email),
        role: row.role === 'admin' ? 'admin' : 'company',
        cnpj: String(row.cnpj),
        tokenId: Number(row.token_id),
      }
    },
    revoke(tokenId) {
      remove.run(tokenId)
    },
  }
}

/** preHandler for protected routes: 401 `Unauthenticated.` as Laravel answers without a valid token. */
export function requireAuth(tokens: Tokens) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    request.user = tokens.find(request.headers.authorization)
    if (!request.user) await reply.code(401).send({ message: 'Unauthenticated.' })
  }
}
