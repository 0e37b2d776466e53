import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { cnpjDigits } from '@mini-vagas/shared/domain/cnpj'
import { registrationErrors } from '@mini-vagas/shared/domain/user-registration'
import { Failures, MessageAnswer } from '@mini-vagas/shared/schemas/common'
import { RegisterUserBody } from '@mini-vagas/shared/schemas/user'
import { refuseFieldErrors } from '../../lib/http-error.ts'

/**
 * User registration (the agency's administrators: a recruiter does not create logins): the form's rules are checked here too (the browser's
 * check is a convenience), then the legacy's registration endpoint — its path is configurable,
 * as the legacy's known contract does not name it (LEGACY_REGISTER_PATH) — creates the user. Its 422 field errors reach the form.
 */
export async function usersFeature(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  api.post(
    '/bff/users',
    {
      config: { access: 'agency-admin' },
      schema: { tags: ['users'], body: RegisterUserBody, response: { 201: MessageAnswer, ...Failures } },
    },
    async (request, reply) => {
      const form = { ...request.body, role: request.body.role as 'admin' | 'company' | '' }
      const errors = registrationErrors(form)
      refuseFieldErrors(errors)
      const body = {
        name: form.name.trim(),
        email: form.email.trim(),
        role: form.role,
        cnpj: cnpjDigits(form.cnpj),
        password: form.password,
        password_confirmation: form.password_confirmation,
      }
      await request.legacy.users.register(body)
      return reply.code(201).send({ message: 'Usuário cadastrado com sucesso!' })
    },
  )
}
