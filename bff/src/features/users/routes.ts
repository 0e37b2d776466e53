import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { cnpjDigits } from '@mini-vagas/shared/domain/cnpj'
import { registrationErrors } from '@mini-vagas/shared/domain/user-registration'
import { ErrorBody } from '@mini-vagas/shared/schemas/common'
import { sessionOf } from '../../lib/access.ts'
import { HttpError, MESSAGES } from '../../lib/http-error.ts'
import { isSuccess, upstreamFailure } from '../../lib/upstream.ts'
import type { HttpClient } from '../../plugins/legacy-client.ts'

const failures = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 415: ErrorBody, 422: ErrorBody, 429: ErrorBody, 502: ErrorBody, 504: ErrorBody }
const Field = (max: number) => Type.String({ maxLength: max })

/**
 * User registration (issue 7, admin only): the form's rules are checked here too (the browser's
 * check is a convenience), then the legacy's registration endpoint — its path is configurable,
 * as the spec does not show it — creates the user. Its 422 field errors reach the form.
 */
export async function userRoutes(app: FastifyInstance, { legacy, registerPath }: { legacy: HttpClient; registerPath: string }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  api.post(
    '/bff/users',
    {
      schema: {
        tags: ['users'],
        body: Type.Object(
          { name: Field(255), email: Field(255), role: Field(20), cnpj: Field(30), password: Field(255), password_confirmation: Field(255) },
          { additionalProperties: false },
        ),
        response: { 201: Type.Object({ message: Type.String() }), ...failures },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request, 'admin')
      const form = { ...request.body, role: request.body.role as 'admin' | 'company' | '' }
      const errors = registrationErrors(form)
      if (Object.keys(errors).length > 0) {
        throw new HttpError(422, MESSAGES.badInput, { errors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])) })
      }
      const body = { name: form.name.trim(), email: form.email.trim(), role: form.role, cnpj: cnpjDigits(form.cnpj), password: form.password, password_confirmation: form.password_confirmation }
      const response = await legacy.request({ method: 'POST', path: registerPath, body, token: session.token, requestId: request.id })
      if (!isSuccess(response)) throw upstreamFailure(response)
      return reply.code(201).send({ message: 'Usuário cadastrado com sucesso!' })
    },
  )
}
