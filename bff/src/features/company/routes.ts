import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ErrorBody } from '@mini-vagas/shared/schemas/common'
import { CompanyVacancyInput, Vacancy } from '@mini-vagas/shared/schemas/vacancy'
import { sessionOf } from '../../lib/access.ts'
import { readOne } from '../../lib/legacy-readers.ts'
import { isSuccess, upstreamFailure } from '../../lib/upstream.ts'
import type { HttpClient } from '../../plugins/legacy-client.ts'

const failures = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 415: ErrorBody, 422: ErrorBody, 429: ErrorBody, 502: ErrorBody, 504: ErrorBody }

/**
 * A company creates its own vacancy (issue 7): the company's name and CNPJ come from the session,
 * never from the body, and the vacancy stays hidden ('nao mostrar') until staff publish it.
 */
export async function companyRoutes(app: FastifyInstance, { legacy, onWrite }: { legacy: HttpClient; onWrite: () => void }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  api.post(
    '/bff/company/vacancies',
    { schema: { tags: ['company'], body: CompanyVacancyInput, response: { 201: Type.Object({ vacancy: Type.Partial(Vacancy) }), ...failures } } },
    async (request, reply) => {
      const session = sessionOf(request, 'company')
      const body = {
        ...request.body,
        company_name: session.user.name,
        cnpj: session.user.cnpj,
        obs: 'nao mostrar',
        status: 'aberta',
        vagas_preenchidas: 0,
      }
      const response = await legacy.request({ method: 'POST', path: '/processos_seletivos', body, token: session.token, requestId: request.id })
      if (!isSuccess(response)) throw upstreamFailure(response)
      onWrite()
      return reply.code(201).send({ vacancy: readOne(response.body) ?? {} })
    },
  )
}
