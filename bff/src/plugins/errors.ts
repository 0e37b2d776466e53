import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { textProblem } from '@mini-vagas/shared/domain/text'
import { textRuleOf } from '@mini-vagas/shared/schemas/text'
import { HttpError, MESSAGES } from '../lib/http-error.ts'
import { UpstreamError } from '../legacy/client.ts'
import { StoreDownError } from './store-backends.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a body over the route's `bodyLimit` is told (413), when the general text says too little. */
    tooLargeMessage?: string
  }
}

interface AjvError {
  instancePath: string
  keyword: string
  params: Record<string, unknown>
}

/** The value an error's instancePath (a JSON pointer) names in `data`. */
function valueAt(data: unknown, pointer: string): unknown {
  let at = data
  for (const part of pointer.split('/').slice(1)) {
    if (at === null || typeof at !== 'object') return undefined
    at = (at as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')]
  }
  return at
}

/** Portuguese text for a schema violation (the product speaks Portuguese). */
function describe(error: AjvError, data: unknown): string {
  const p = error.params
  const textRule = error.keyword === 'pattern' ? textRuleOf(p.pattern) : null
  if (textRule) {
    const value = valueAt(data, error.instancePath)
    return (typeof value === 'string' && textProblem(value, textRule.kind, textRule.required)) || MESSAGES.badInput
  }
  switch (error.keyword) {
    case 'required':
      return 'Campo obrigatório.'
    case 'minLength':
      return Number(p.limit) <= 1 ? 'Campo obrigatório.' : `Use pelo menos ${p.limit} caracteres.`
    case 'maxLength':
      return `Use no máximo ${p.limit} caracteres.`
    case 'pattern':
      return p.pattern === '\\S' ? 'Campo obrigatório.' : 'Formato inválido.'
    case 'format':
      return p.format === 'email' ? 'Informe um e-mail válido.' : 'Formato inválido.'
    case 'minimum':
      return `Informe um valor a partir de ${p.limit}.`
    case 'maximum':
      return `Informe um valor até ${p.limit}.`
    case 'minItems':
      return `Informe pelo menos ${p.limit} item(ns).`
    case 'maxItems':
      return `Informe no máximo ${p.limit} itens.`
    default:
      return 'Valor inválido.'
  }
}

/** Field errors by dotted path; `data` is what was validated, so a text field's message can say what is wrong with it. */
export function fieldErrors(validation: readonly AjvError[], data?: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const error of validation) {
    if (error.keyword === 'anyOf' || error.keyword === 'if') continue
    const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.')
    // ajv names one missing property; TypeBox lists them.
    const missing = error.keyword === 'required' ? [error.params.missingProperty ?? error.params.requiredProperties].flat() : [undefined]
    for (const property of missing) {
      const field = [path, property === undefined ? '' : String(property)].filter(Boolean).join('.') || '_'
      const message = describe(error, data)
      const list = (errors[field] ??= [])
      if (!list.includes(message)) list.push(message)
    }
  }
  return errors
}

/**
 * The one error handler (fastify/demo's pattern): every error leaves as `{message}` in Portuguese
 * (plus field `errors` on 422) with the right status; 5xx are logged with the request id and never
 * expose a stack, an upstream URL or an upstream body.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | HttpError | UpstreamError | StoreDownError, request, reply) => {
      if (error instanceof HttpError) {
        if (error.clearSession) app.sessions.clear(reply)
        if (error.headers) reply.headers(error.headers)
        return reply.code(error.statusCode).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message })
      }
      if (error instanceof StoreDownError) {
        request.log.error({ err: { message: error.message } }, 'store unavailable')
        return reply.code(503).header('retry-after', '5').send({ message: MESSAGES.storeDown })
      }
      if (error instanceof UpstreamError) {
        request.log.warn({ err: { message: error.message, kind: error.kind } }, 'legacy API failed')
        return error.kind === 'timeout' ? reply.code(504).send({ message: MESSAGES.upstreamSlow }) : reply.code(502).send({ message: MESSAGES.upstreamDown })
      }
      const fastifyError = error as FastifyError
      if (fastifyError.validation) {
        const validated = { body: request.body, querystring: request.query, params: request.params, headers: request.headers }[fastifyError.validationContext ?? 'body']
        const errors = fieldErrors(fastifyError.validation as unknown as AjvError[], validated)
        return fastifyError.validationContext === 'body'
          ? reply.code(422).send({ message: MESSAGES.badInput, errors })
          : reply.code(400).send({ message: MESSAGES.badInput, errors })
      }
      const status = fastifyError.statusCode ?? 500
      if (status === 413) return reply.code(413).send({ message: request.routeOptions.config.tooLargeMessage ?? MESSAGES.tooLarge })
      if (status === 415) return reply.code(415).send({ message: MESSAGES.json })
      if (status === 429) return reply.code(429).send({ message: MESSAGES.tooMany })
      if (status >= 400 && status < 500) return reply.code(status === 404 ? 404 : 400).send({ message: status === 404 ? MESSAGES.notFound : MESSAGES.badInput })
      request.log.error({ err: error }, 'unexpected error')
      return reply.code(500).send({ message: MESSAGES.internal })
    })
  },
  { name: 'errors', dependencies: ['session'] },
)
