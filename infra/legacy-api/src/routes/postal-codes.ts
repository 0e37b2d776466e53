import type { FastifyInstance } from 'fastify'
import { POSTAL_CODES } from '../seed/reference-data.ts'

const byDigits = new Map(POSTAL_CODES.map((p) => [p.cep.replace(/\D/g, ''), p]))

/**
 * GET /ws/:cep/json/ in ViaCEP's shape, from a small table of real CE/RN postal codes. An unknown
 * 8-digit CEP answers 200 {"erro": "true"}; a malformed one 400, as ViaCEP does.
 */
export async function postalCodeRoutes(app: FastifyInstance) {
  const handler = async (request: { params: { cep: string } }, reply: { code(n: number): { send(b: unknown): unknown } }) => {
    const { cep } = request.params
    if (!/^\d{8}$/.test(cep)) return reply.code(400).send({ erro: true, message: 'CEP inválido' })
    const found = byDigits.get(cep)
    return found ? { ...found, gia: '', siafi: '' } : { erro: 'true' }
  }
  app.get<{ Params: { cep: string } }>('/ws/:cep/json/', handler)
  app.get<{ Params: { cep: string } }>('/ws/:cep/json', handler)
}
