import type { DatabaseSync } from 'node:sqlite'
import type { FastifyReply } from 'fastify'
import type { LegacyConfig } from '../config.ts'
import type { Tokens } from '../http/auth.ts'
import type { Traffic } from '../http/traffic.ts'
import type { ValidationFailure } from '../http/validation.ts'

/** What every route module gets from buildLegacyApi. */
export interface LegacyContext {
  db: DatabaseSync
  config: LegacyConfig
  tokens: Tokens
  traffic: Traffic
  now: () => Date
}

export function unprocessable(reply: FastifyReply, failure: ValidationFailure) {
  return reply.code(422).send(failure)
}

/** Laravel's ModelNotFoundException answer (it names the model: the BFF must not pass this on). */
export function modelNotFound(reply: FastifyReply, model: string, id: string) {
  return reply.code(404).send({ message: `No query results for model [App\\Models\\${model}] ${id}` })
}

/** Route ids are positive integers; anything else is a missing record, as with implicit binding. */
export function parseId(raw: string): number | null {
  return /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null
}

export type Body = Record<string, unknown>
export const asBody = (value: unknown): Body => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {})
